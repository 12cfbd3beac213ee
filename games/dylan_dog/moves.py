"""Pawn paths across the three planes (dylan-dog/moving-between-planes, final-notes-before-starting).

One source of truth for adjacency: ``next_squares`` lists the legal next squares of a walk;
``walk`` checks a recorded path against it; ``enumerate_moves`` (for the bots) expands it.
"""

from __future__ import annotations

from games.dylan_dog.board import (
    ACCESS_SLOT,
    CRYPT_OF_SQUARE,
    MYSTERY_NEIGHBOURS,
    NIGHTMARE_KIND,
    PLANE,
    REALITY_AT_SLOT,
    REALITY_SLOT,
    RING_NEXT,
    WHITE_SET,
    aligned_access,
    beneath,
    nightmare_at_slot,
    nightmare_slot,
)

# a step's kind: 0 = along a plane, 1 = a change of plane that is free under
# "only-dimensional-passage", 2 = the dimensional passage nightmare -> mystery (always one step)
ALONG, FREE_PASSAGE, DIMENSIONAL = 0, 1, 2


def next_squares(prev: str, before: str | None, direction: int, rotation: int) -> list[tuple]:
    """(square, new_direction, kind) for every square a pawn on ``prev`` may step to next.

    ``direction`` is +1/-1 along the current ring (0 = not yet chosen); ``before`` the square
    the pawn came from, so a mystery-plane walk cannot turn back.
    """
    plane = PLANE[prev]
    out = []
    if plane == "mystery":
        for sq in MYSTERY_NEIGHBOURS[prev]:
            if sq != before:
                out.append((sq, 0, ALONG))
        up = _nightmare_over_access(prev, rotation)
        if up is not None:
            out.append((up, 0, FREE_PASSAGE))
        return out
    forward, backward = RING_NEXT[prev]
    if direction >= 0:
        out.append((forward, 1, ALONG))
    if direction <= 0:
        out.append((backward, -1, ALONG))
    if plane == "reality":
        if prev not in WHITE_SET:
            out.append((beneath(prev, rotation), 0, FREE_PASSAGE))
    else:
        up = _reality_over(prev, rotation)
        if up is not None and up not in WHITE_SET:
            out.append((up, 0, FREE_PASSAGE))
        down = aligned_access(prev, rotation)
        if down is not None:
            out.append((down, 0, DIMENSIONAL))
    return out


def _reality_over(nightmare_square: str, rotation: int) -> str | None:
    return REALITY_AT_SLOT.get(nightmare_slot(nightmare_square, rotation))


def _nightmare_over_access(square: str, rotation: int) -> str | None:
    slot = ACCESS_SLOT.get(square)
    if slot is None:
        return None
    above = nightmare_at_slot(slot, rotation)
    return above if NIGHTMARE_KIND[above] == "passaggio" else None


def diagnose(prev: str, before: str | None, direction: int, sq: str, rotation: int) -> str:
    """Why ``sq`` cannot follow ``prev``, in a collector's words."""
    a, b = PLANE[prev], PLANE[sq]
    if a == b:
        if a == "mystery":
            if sq == before:
                return f"the pawn turns back from {prev} to {sq} within one move"
            return f"{sq} is not next to {prev} on the mystery plane"
        forward, backward = RING_NEXT[prev]
        if sq in (forward, backward):
            return f"the pawn reverses direction at {prev} within one move"
        return f"{sq} is not next to {prev} on the {a} plane"
    if {a, b} == {"reality", "nightmare"}:
        real = prev if a == "reality" else sq
        if real in WHITE_SET:
            return f"no passage between reality and the nightmare through the white square {real}"
        return f"{sq} is not lined up with {prev} (plane rotated {rotation})"
    if {a, b} == {"nightmare", "mystery"}:
        return f"no PASSAGGIO DIMENSIONALE lines up {prev} with {sq} (plane rotated {rotation})"
    return f"a pawn cannot pass directly between {a} and {b} ({prev} to {sq})"


def walk(start: str, path: list[str], rotation: int) -> tuple[str | None, int, int, bool]:
    """Check a recorded pawn path: (error or None, squares entered, free passages, ends in crypt)."""
    prev, before, direction, free = start, None, 0, 0
    for index, sq in enumerate(path):
        if index > 0 and prev in CRYPT_OF_SQUARE:
            return f"the move goes on after arriving at {prev}", len(path), free, False
        if sq not in PLANE:
            return f"{sq} is not a square of this board", len(path), free, False
        found = None
        for cand, new_dir, kind in next_squares(prev, before, direction, rotation):
            if cand == sq:
                found = (new_dir, kind)
                break
        if found is None:
            return diagnose(prev, before, direction, sq, rotation), len(path), free, False
        new_dir, kind = found
        if kind == FREE_PASSAGE:
            free += 1
        direction = new_dir
        before, prev = prev, sq
    return None, len(path), free, bool(path) and path[-1] in CRYPT_OF_SQUARE


def enumerate_paths(start: str, rotation: int, max_steps: int) -> list[tuple[list[str], int]]:
    """Every legal path of 1..max_steps squares from ``start`` (with its free-passage count)."""
    found: list[tuple[list[str], int]] = []

    def grow(prev, before, direction, path, free):
        if path:
            found.append((list(path), free))
            if prev in CRYPT_OF_SQUARE or len(path) == max_steps:
                return
        for sq, new_dir, kind in next_squares(prev, before, direction, rotation):
            path.append(sq)
            grow(sq, prev, new_dir, path, free + (kind == FREE_PASSAGE))
            path.pop()

    if max_steps > 0:
        grow(start, None, 0, [], 0)
    return found


def is_reality_square(square: str) -> bool:
    return square in REALITY_SLOT
