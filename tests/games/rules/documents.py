"""A small whole rules document and its transcription's passages, for the tests to break in
one place at a time; ``line_of`` finds the line a test expects a problem on."""

from __future__ import annotations

MINI = """\
format: ludoteca.rules/1
game: mini
name: A small race
players: {min: 2, max: 3}
out_of_scope: ["the colours of the pawns"]
board:
  width: 100
  height: 20
  provenance: {source: drawn for the tests}
  spaces:
    - {id: s0, name: Start, kind: start, at: [0, 10], shared: true}
    - {id: s1, name: "1", kind: plain, at: [10, 10]}
    - {id: s2, name: "2", kind: bridge, at: [20, 10], effect: {jump: s5}}
    - {id: s3, name: "3", kind: inn, at: [30, 10], effect: {point: mini.inn}}
    - {id: s4, name: "4", kind: plain, at: [40, 10]}
    - {id: s5, name: "5", kind: goose, at: [50, 10], effect: {repeat: true}}
    - {id: s6, name: "6", kind: well, at: [60, 10], effect: {wait: true}}
    - {id: s7, name: "7", kind: plain, at: [70, 10]}
    - {id: s8, name: "8", kind: skull, at: [80, 10], effect: {back_to_start: true}}
    - {id: s9, name: Goal, kind: goal, at: [90, 10]}
  tracks:
    - {id: main, spaces: [s0, s1, s2, s3, s4, s5, s6, s7, s8, s9]}
pieces:
  - {kind: pawn, name: pawn, start: s0}
dice:
  - {id: die, name: the die, count: 1, faces: [1, 2, 3, 4, 5, 6]}
turn:
  stages:
    - {throw: die}
    - {act: [advance]}
  all_waiting: release
  cite: {passage: mini/play, quote: "Players throw the die in turn"}
actions:
  - id: advance
    kind: race
    track: main
    dice: die
    past_end: bounce
    occupied: swap
    cite: {passage: mini/play, quote: "and move that many spaces"}
end:
  - {reach: s9, winner: player, cite: {passage: mini/end, quote: "The first on the goal wins."}}
points:
  - id: mini.inn
    question: How many turns does the inn take?
    doubt: conflict
    default: two
    default_words: "lose two turns"
    options:
      - {id: two, description: two turns, clause: {lose_turns: 2}}
      - {id: one, description: one turn, clause: {lose_turns: 1}}
    cite: {passage: mini/inn, quote: "At the inn you lose two turns."}
"""

PASSAGES = {
    "mini/play": "Players throw the die in turn, and move that many spaces.",
    "mini/inn": "At the inn you lose two turns. [Editorial note: another sheet says one.]",
    "mini/end": "The first on the goal wins.",
}


def line_of(text: str, marker: str, occurrence: int = 1) -> int:
    """The 1-based line of the ``occurrence``-th line holding ``marker``."""
    seen = 0
    for number, line in enumerate(text.splitlines(), start=1):
        if marker in line:
            seen += 1
            if seen == occurrence:
                return number
    raise AssertionError(f"{marker!r} is not in the document")


def changed(old: str, new: str, text: str = MINI) -> str:
    assert old in text, old
    return text.replace(old, new, 1)
