"""dylan-dog/the-nightmare-plane: what the square a player ends on dictates, and the rights
"acquired only by being on the right squares after one's own move"."""

from __future__ import annotations

from games.core.choices import Choice, event
from games.core.draft import Draft
from games.core.event_rules import Offering
from games.core.referee import Referee
from games.dylan_dog import points as pts
from games.dylan_dog.board import (
    CRYPT_OF_SQUARE,
    NIGHTMARE_KIND,
    PLANE,
    SHADOW_SQUARES,
    WHITE_SET,
    aligned_crypt,
    beneath,
    scambio_aligned,
    window_shows_face,
)
from games.dylan_dog.passages import NIGHTMARE_PLANE
from games.dylan_dog.state import add_pending, drop_pending, find_pending, first_pending, name


def arrive(
    draft: Draft,
    pid: str,
    ref: Referee,
    *,
    pawn_moved: bool,
    first_turn: bool,
    path: list[str] | None = None,
    exact_throw: bool = False,
    by_card: bool = False,
) -> None:
    """Obligations and rights from a player's own move (or a card that moved them).

    dylan-dog/the-nightmare-plane: rights come "only by being on the right squares after
    one's own move"; callers never call this for a pawn another player moved.
    ``exact_throw``: the move used the whole throw; ``by_card``: one's own nightmare card
    moved the pawn (no throw at all).
    """
    state = draft.state
    player = state["players"][pid]
    sq = player["square"]
    rotation = state["rotation"]
    plane = PLANE[sq]
    adds = []
    if path:
        if sq in SHADOW_SQUARES or (
            any(s in SHADOW_SQUARES for s in path[:-1])
            and ref.consult(pts.SHADOW_LANDING, "the pawn passed over a shadow square") == "passing"
        ):
            adds.append({"kind": "shadow-trap", "player": pid})
    elif pawn_moved and sq in SHADOW_SQUARES:
        adds.append({"kind": "shadow-trap", "player": pid})
    crypt = CRYPT_OF_SQUARE.get(sq)
    if crypt is not None:
        if state["crypts"][crypt] > 0:
            adds.append({"kind": "crypt-draw", "player": pid, "crypt": crypt})
    elif plane == "nightmare":
        adds += _nightmare_square(state, pid, sq, rotation, ref, pawn_moved=pawn_moved,
                                  exact_throw=exact_throw, by_card=by_card)
    elif plane == "reality" and sq in WHITE_SET:
        adds += _under_white_square(state, pid, sq, rotation, ref, first_turn=first_turn)
    passed = [s for s in (path or [])[:-1] if NIGHTMARE_KIND.get(s) == "incubo"]
    if passed and ref.consult(
        pts.NIGHTMARE_CARD_LANDING, "the pawn passed over PRENDI UNA CARTA INCUBO"
    ) == "passing":
        adds += [{"kind": "nightmare-card", "player": pid} for _square in passed]
    if adds:
        for item in adds:
            ref.effect(
                item["kind"], player=pid, **({"crypt": item["crypt"]} if "crypt" in item else {})
            )
        add_pending(draft, *adds)


def _nightmare_square(state, pid, sq, rotation, ref, *, pawn_moved, exact_throw, by_card):
    kind = NIGHTMARE_KIND[sq]
    if kind == "incubo":
        if (
            pawn_moved
            or ref.consult(
                pts.NIGHTMARE_CARD_TRIGGER,
                "the move ended on PRENDI UNA CARTA INCUBO without the pawn moving",
            )
            == "end-of-own-move"
        ):
            return [{"kind": "nightmare-card", "player": pid}]
    elif kind == "cripta":
        target = aligned_crypt(sq, rotation)
        if target is not None and _may_enter(ref, pawn_moved, exact_throw, by_card):
            return [{"kind": "crypt-entry", "player": pid, "crypt": target}]
    elif kind == "scambio":
        if scambio_aligned(sq, rotation):
            return [{"kind": "forced-exchange", "player": pid}]
    elif (
        kind == "finestra"
        and window_shows_face(sq, rotation)
        and ref.consult(pts.WINDOW_PLANE, "Dylan Dog's face shows in a nightmare-plane window")
        == "nightmare-window"
        and state["dylan_dog_deck"] > 0
    ):
        return [{"kind": "dylan-dog-card", "player": pid}]
    return []


def _may_enter(ref, pawn_moved, exact_throw, by_card) -> bool:
    """dylan-dog/moving-between-planes: direct entry "only if they stop on the square ... at
    the end of their move (that is, with an exact throw)"."""
    if by_card:
        return ref.consult(
            pts.CARD_ONTO_ENTRA, "a nightmare card moved the pawn onto ENTRA NELLA CRIPTA"
        ) == "enter"
    if not exact_throw:
        return False
    return pawn_moved or ref.consult(
        pts.CRYPT_ENTRY_BY_ROTATION,
        "ENTRA NELLA CRIPTA was lined up by rotating, not by the pawn stopping",
    ) == "allowed"


def _under_white_square(state, pid, sq, rotation, ref, *, first_turn):
    """The nightmare square beneath a pawn's white square, where a reading has the white
    square show it: on the first turn "the square where their pawn now stands" (point
    first-turn-square), where only PRENDI UNA CARTA INCUBO does anything ("In all other cases,
    nothing happens"); later, under the readings of nightmare-card-trigger and window-plane
    that count what comes under a pawn."""
    under = NIGHTMARE_KIND[beneath(sq, rotation)]
    if under == "incubo":
        if first_turn:
            shows = ref.consult(
                pts.FIRST_TURN_SQUARE,
                "the first turn brought PRENDI UNA CARTA INCUBO under the pawn's white square",
            ) == "square-beneath"
        else:
            shows = ref.consult(
                pts.NIGHTMARE_CARD_TRIGGER,
                "PRENDI UNA CARTA INCUBO is under the pawn's white square",
            ) == "end-of-own-move"
        if shows:
            return [{"kind": "nightmare-card", "player": pid}]
    elif (
        under == "finestra"
        and not first_turn
        and ref.consult(
            pts.WINDOW_PLANE, "the nightmare plane's Dylan Dog square is under a white square"
        )
        == "reality-window"
        and state["dylan_dog_deck"] > 0
    ):
        return [{"kind": "dylan-dog-card", "player": pid}]
    return []


def on_take_dylan_dog(state, actor, data, ref):
    """dylan-dog/the-nightmare-plane: Dylan Dog's face in a window, after one's own move."""
    who = name(state, actor)
    index = find_pending(state, actor, "dylan-dog-card")
    if index < 0 or state["dylan_dog_deck"] <= 0:
        ref.violation(
            NIGHTMARE_PLANE,
            f"{who} has not made Dylan Dog's face appear in a window "
            "with their own move (or the Dylan Dog deck is empty)",
        )
        return state, f"{who} takes a Dylan Dog card without the right (ignored)"
    draft = Draft(state)
    drop_pending(draft, index)
    draft.state["dylan_dog_deck"] = state["dylan_dog_deck"] - 1
    draft.update("players", actor, dylan_dog=state["players"][actor]["dylan_dog"] + 1)
    return draft.state, f"{who} takes a Dylan Dog card"


def offer_take_dylan_dog(at: Offering) -> list[Choice]:
    """A player who made Dylan Dog's face appear in a window, while the deck has cards."""
    state = at.state
    if state["dylan_dog_deck"] <= 0:
        return []
    return [Choice(event("take_dylan_dog", pid), f"{name(state, pid)} takes a Dylan Dog card")
            for pid in first_pending(state, "dylan-dog-card") if at.viewer in (None, pid)]


RULES = {"take_dylan_dog": (on_take_dylan_dog, offer_take_dylan_dog)}
