"""dylan-dog/the-die: "the numbers 2, 3, 4, 5 and 6, and the face of Dylan Dog"; thrown to
move, or against a horror card."""

from __future__ import annotations

from functools import lru_cache

from games.core.choices import Choice, OpenField, event, one_of
from games.core.draft import Draft
from games.core.event_rules import Offering
from games.dylan_dog import points as pts
from games.dylan_dog.board import FACES, WHITE_SET, face_words, square_words, threshold_words
from games.dylan_dog.horror_cards import beats, resolve_fight
from games.dylan_dog.passages import BEFORE_PLAYING, STARTING
from games.dylan_dog.state import name


def face_value(face: str) -> int | None:
    """The squares a face moves; None for Dylan Dog's face (any move from 1 to 6)."""
    return None if face == "dylan-dog" else int(face)


def squares_used(option: str, entered: int, free: int, turned: int) -> int:
    """The squares of the throw a move uses, under ``option`` of dylan-dog.passage-step."""
    return entered - (free if option == "only-dimensional-passage" else 0) + turned


def count_verdict(value: int | None, total: int, in_crypt: bool) -> str:
    """``ok``, ``zero``, ``over`` or ``short`` (fewer squares than the throw)."""
    if total < 1:
        return "zero"
    if value is None:
        return "ok" if total <= 6 else "over"
    if total > value:
        return "over"
    if total == value or in_crypt:
        return "ok"
    return "short"


@lru_cache(maxsize=4096)
def move_judgement(value, entered, free, turned, in_crypt, passage_step, partial_move):
    """(legal, points that decided it) for a move using these squares of the throw."""
    verdicts = {
        o: count_verdict(value, squares_used(o, entered, free, turned), in_crypt)
        for o in pts.PASSAGE_STEP.option_ids
    }
    verdict = verdicts[passage_step]
    points = (pts.PASSAGE_STEP.id,) if free and len(set(verdicts.values())) > 1 else ()
    if verdict == "short":
        return partial_move == "up-to", points + (pts.PARTIAL_MOVE.id,)
    return verdict == "ok", points


def on_roll(state, actor, data, ref):
    """dylan-dog/the-die: 2-6 or Dylan Dog; also the throw against a horror card."""
    face = data.get("face")
    draft = Draft(state)
    if state["fight"] is not None:
        won = beats(face, state["fight"]["threshold"])
        return draft.state, resolve_fight(draft, ref, won=won, face=face)
    if state["turn"]["phase"] == "setup":
        missing = [p["name"] for p in state["players"].values() if p["story"] is None]
        if missing:
            ref.violation(BEFORE_PLAYING, "no story cards recorded for " + ", ".join(missing))
        astray = [f"{p['name']} ({square_words(p['square'])})" for p in state["players"].values()
                  if p["square"] not in WHITE_SET]
        if astray:
            ref.violation(STARTING, "the markers start on the white squares of reality, not "
                          + ", ".join(astray))
    ref.effect("roll", player=actor, face=face)
    draft.update("turn", phase="action", die=face)
    return draft.state, f"{name(state, actor)} throws {face_words(face)}"




def offer_roll(at: Offering) -> list[Choice]:
    """The die thrown: one chance choice, its face open (each of the six as likely): the
    fighter's throw against a horror card, or the turn player's once every story is drawn
    (after any exchange or challenge)."""
    state = at.state
    fight, turn = state["fight"], state["turn"]
    if fight is not None:
        pid = fight["fighter"]

        def against(face: str) -> str:
            verdict = "beats" if beats(face, fight["threshold"]) else "does not beat"
            return f"{face_words(face)}: {verdict} {fight['name']}"

        return [Choice(event("roll", pid), f"{name(state, pid)} throws the die against "
                       f"{fight['name']} ({threshold_words(fight['threshold'])})", chance=True,
                       fields=(OpenField("face", one_of(FACES, label=against),
                                         prompt="The die shows"),))]
    if turn["phase"] not in ("setup", "before-roll"):
        return []
    if turn["phase"] == "setup" and any(p["story"] is None and not p.get("story_hidden")
                                        for p in state["players"].values()):
        return []
    pid = turn["player"]
    return [Choice(event("roll", pid), f"{name(state, pid)} throws the die", chance=True,
                   fields=(OpenField("face", one_of(FACES, label=face_words),
                                     prompt="The die shows"),))]


RULES = {"roll": (on_roll, offer_roll)}
