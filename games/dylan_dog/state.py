"""The state of a Dylan Dog match as plain JSON data (every key is documented in README.md).

Handlers never change the state they are given: they edit a ``games.core.draft.Draft`` of the
next one, which copies only what changes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.core.draft import Draft
from games.dylan_dog.board import CRYPT_NAMES, NIGHTMARE_DECK_SIZE, WHITE

CARDS_PER_CRYPT = 9
MYSTERY_CARDS = 24
HORROR_CARDS_TOTAL = 12
DYLAN_DOG_CARDS = 6


def new_player(pid: str, name: str, seat: int, square: str) -> dict:
    return {
        "id": pid,
        "name": name,
        "seat": seat,
        "square": square,
        "story": None,
        "mystery": [],
        "mystery_hidden": [],
        "horror": [],
        "shadow": [],
        "shown_shadows": [],
        "dylan_dog": 0,
        "turns": 0,
        "sent_to_crypt": False,
    }


def initial_state(players: Sequence[Mapping[str, str]], setup: Mapping[str, Any]) -> dict:
    """Pawns on the white squares in seat order; the rotating plane lined up with 'via'."""
    order = [p["id"] for p in players]
    starts = list(setup.get("start_squares") or [])
    table = {}
    for seat, p in enumerate(players):
        square = starts[seat] if seat < len(starts) else WHITE[seat % len(WHITE)]
        table[p["id"]] = new_player(p["id"], p.get("name") or p["id"], seat, square)
    return {
        "game": "dylan-dog",
        "players": table,
        "order": order,
        "rotation": 0,
        "turn": {"player": order[0] if order else None, "number": 1, "phase": "setup", "die": None},
        "pending": [],
        "fight": None,
        "crypts": dict.fromkeys(CRYPT_NAMES, CARDS_PER_CRYPT),
        "horror_drawn": [],
        "dylan_dog_deck": DYLAN_DOG_CARDS,
        "nightmare_deck": NIGHTMARE_DECK_SIZE,
        "finished": False,
        "winner": None,
        "reason": "",
    }


def mystery_in_hands(state: Mapping[str, Any]) -> int:
    return sum(len(p["mystery"]) for p in state["players"].values())


def holder_of(state: Mapping[str, Any], element: str) -> str | None:
    for pid, p in state["players"].items():
        if element in p["mystery"]:
            return pid
    return None


def story_complete(player: Mapping[str, Any]) -> bool:
    story = player["story"]
    if not story:
        return False
    held = player["mystery"]
    return all(element in held for element in story)


def name(state: Mapping[str, Any], pid: str | None) -> str:
    if pid is None or pid not in state["players"]:
        return str(pid)
    return state["players"][pid]["name"]


# -- the turn and what is pending ---------------------------------------------------------

# what a square dictates that the player must carry out before the turn ends (the rest,
# crypt-entry, forced-exchange and dylan-dog-card, are rights that lapse with it)
OBLIGATIONS = ("place", "forfeit", "nightmare-card", "crypt-draw", "shadow-trap")


def duties(state: Mapping[str, Any]) -> list[dict]:
    """The obligations still to carry out. A mystery card owed by a player who no longer holds
    one (two lost at once, or cards exchanged away since) is not: there is none to hand over
    (dylan-dog/horror-cards: "they must hand over a mystery card")."""
    return [item for item in state["pending"] if item["kind"] in OBLIGATIONS
            and not (item["kind"] == "forfeit" and not state["players"][item["player"]]["mystery"])]


def find_pending(state: Mapping[str, Any], pid: str, kind: str) -> int:
    for index, item in enumerate(state["pending"]):
        if item["player"] == pid and item["kind"] == kind:
            return index
    return -1


def first_pending(state: Mapping[str, Any], kind: str) -> dict[str, dict]:
    """Each player's first pending item of ``kind`` (the one their next such event uses), in
    the order they became pending."""
    found: dict[str, dict] = {}
    for item in state["pending"]:
        if item["kind"] == kind:
            found.setdefault(item["player"], item)
    return found


def drop_pending(draft: Draft, index: int) -> None:
    pending = draft.state["pending"]
    draft.state["pending"] = pending[:index] + pending[index + 1 :]


def add_pending(draft: Draft, *items: dict) -> None:
    draft.state["pending"] = draft.state["pending"] + list(items)
