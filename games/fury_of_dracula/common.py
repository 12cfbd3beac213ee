"""Small helpers every rule module of this game shares: names, the unchecked mark, the parts of
the next state a handler edits (through the core's ``Draft``), and the hand arithmetic of seen
and unseen cards."""

from __future__ import annotations

from games.core.draft import Draft
from games.core.referee import Referee
from games.fury_of_dracula import points as P
from games.fury_of_dracula.board import BOARD
from games.fury_of_dracula.state import HIDDEN

__all__ = ["HIDDEN", "TWILIGHT", "able_hunters", "add_discards", "fighting_hunters", "leave_hideout",
           "name", "place", "take", "takeable", "target", "trail_entry", "unchecked", "within"]

TWILIGHT = ("dawn", "dusk")


def unchecked(ref: Referee, note: str) -> None:
    """A part of the full game the excerpts do not give: applied as recorded, marked as such."""
    ref.effects.append({"kind": "unchecked", "note": note})


def name(state, pid) -> str:
    """A player's name as the match gives it (his id if he is not a player)."""
    return state["names"].get(pid, str(pid))


def place(space) -> str:
    """A space by its name on the board (its id if the board does not have it)."""
    return BOARD.name(space)


def target(state, data, ref: Referee, rule: str, what: str) -> str | None:
    """The hunter named in ``data.hunter`` if he is a hunter not defeated, else a violation."""
    pid = data.get("hunter")
    hunter = state["hunters"].get(pid)
    if hunter is None:
        ref.violation(rule, f"{pid!r} is not a hunter of this match, so cannot {what}")
        return None
    if hunter["defeated"]:
        ref.violation(
            P.BITES,
            f"{name(state, pid)} is defeated (out until the hospital at dawn), so cannot {what}",
            citations=(P.C_HOSPITAL,),
        )
        return None
    return pid


def able_hunters(state) -> list[str]:
    """The hunters who are not defeated, in seat order."""
    return [pid for pid in state["hunter_order"] if not state["hunters"][pid]["defeated"]]


def fighting_hunters(state) -> list[str]:
    """The hunters involved in the combat under way and not out of it (bitten, defeated or
    fled), in the order the combat lists them."""
    combat = state["combat"]
    if combat is None:
        return []
    return [pid for pid in combat["hunters"] if pid not in combat["out"]]


def trail_entry(state, space) -> int | None:
    for n, entry in enumerate(state["dracula"]["trail"]):
        if entry["space"] == space:
            return n
    return None


def leave_hideout(draft: Draft, pid: str) -> None:
    """``pid`` no longer waits in a hideout (he moved, was ambushed, searched, was defeated)."""
    hideouts = draft.state["hideouts"]
    if pid in hideouts:
        draft.state["hideouts"] = {k: v for k, v in hideouts.items() if k != pid}


def add_discards(draft: Draft, **more: int) -> None:
    """Cards put on the discard piles, counted by kind (the piles' cards are not kept)."""
    piles = draft.edit("discards")
    for kind, count in more.items():
        piles[kind] += count


def take(cards: list, card: str) -> list | None:
    """``cards`` without one copy of ``card`` (an unseen '?' stands for any), or None."""
    if card in cards:
        i = cards.index(card)
    elif HIDDEN in cards:
        i = cards.index(HIDDEN)
    elif card == HIDDEN and cards:
        i = 0
    else:
        return None
    return cards[:i] + cards[i + 1 :]


def takeable(cards: list) -> tuple[list[str], bool]:
    """What :func:`take` accepts from ``cards``: the names it holds (with '?' if it holds
    any card), and whether any name at all is accepted (an unseen '?' is among them)."""
    if not cards:
        return [], False
    names = sorted(set(cards) | {HIDDEN})
    return names, HIDDEN in cards


def within(hand: list, shown: list) -> list:
    """The revealed cards that are still in ``hand`` (a revealed card discarded is no longer shown)."""
    left, kept = list(hand), []
    for card in shown:
        if card in left:
            left.remove(card)
            kept.append(card)
    return kept
