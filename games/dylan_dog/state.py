"""The state of a Dylan Dog match as plain JSON data (every key is documented in README.md).

Copy-on-write helpers: ``apply`` copies only the dicts it changes, never the whole state.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.dylan_dog.board import (
    CRYPT_NAMES,
    CRYPT_OF_SQUARE,
    NIGHTMARE_DECK_SIZE,
    PLANE,
    WHITE,
)

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
        "crypts": {name: CARDS_PER_CRYPT for name in CRYPT_NAMES},
        "horror_drawn": [],
        "dylan_dog_deck": DYLAN_DOG_CARDS,
        "nightmare_deck": NIGHTMARE_DECK_SIZE,
        "finished": False,
        "winner": None,
        "reason": "",
    }


def with_player(state: dict, pid: str, **changes) -> dict:
    """A new state whose player ``pid`` has ``changes``; nothing else is copied."""
    new = dict(state)
    new["players"] = {**state["players"], pid: {**state["players"][pid], **changes}}
    return new


def plane_of(square: str) -> str:
    return PLANE[square]


def crypt_of(square: str) -> str | None:
    return CRYPT_OF_SQUARE.get(square)


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
