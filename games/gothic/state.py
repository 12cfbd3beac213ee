"""The Gothic Game's state as plain JSON data, the castle board the engine reads, and how the
game names players and places.

Every key is documented in README.md ("State"). The state never holds tuples or sets, so
``json.loads(canonical_json(state)) == state``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path

BOARD_PATH = Path(__file__).parent / "board.json"
BOARD: dict = json.loads(BOARD_PATH.read_text(encoding="utf-8"))

START_STAMINA = 100
SQUARES: dict[str, dict] = BOARD["squares"]
ROOMS: dict[str, dict] = BOARD["rooms"]
GATES: dict[str, dict] = BOARD["gates"]
ADJ: dict[str, tuple[str, ...]] = {k: tuple(v) for k, v in BOARD["adjacent"].items()}
# square -> neighbouring *squares* only (rooms and gates are not squares)
SQUARE_ADJ: dict[str, frozenset[str]] = {
    k: frozenset(n for n in v if n in SQUARES) for k, v in ADJ.items() if k in SQUARES
}
MOAT = "moat"
WEST_GATE = "west-gate"
SOUTH_GATE = "south-gate"
VAULT = "vault"
TOWER = "tower"
LAVATORY = "lavatory"
STAIRCASE = "great-spiral-staircase"
KITCHEN = "kitchen"
TORTURE_CHAMBER = "torture-chamber"
WEAPON_ROOMS = ("torture-chamber", "trophy-room", "kitchen")
PILE_ROOMS = tuple(sorted(r for r, d in ROOMS.items() if d["pile"]))
VAULT_WEST_STEPS = ROOMS[VAULT]["west_steps"]
STAIRCASE_STEPS = ROOMS[STAIRCASE]["steps"]
TOWER_BELOW = frozenset(ROOMS[TOWER]["below"])
GREEN_SQUARES = tuple(sorted(k for k, v in SQUARES.items() if v["kind"] == "green"))
ALL_PLACES = tuple(sorted([*SQUARES, *ROOMS, *GATES, MOAT]))
CARD_KINDS = ("weapon", "protection", "stake", "nasty", "blow-pipe", "detain", "other")
WEAPON_KINDS = ("weapon", "blow-pipe")
PILE_MEMORY = 10  # how many returned cards each room's pile remembers (bottom of the pile)
# On a player, under gothic.advantage's for-good only: the players who used the Power of
# Adjacency on them, whom they may never attack (absent under the other reading).
ADVANTAGE_OF = "advantage_of"


def new_go() -> dict:
    """The bookkeeping of the go being played (reset at every go)."""
    return {
        "six": False,  # the throw being moved was a six
        "bonus": 0,  # optional second throws taken this go
        "moved": False,  # the pawn landed somewhere this go (adjacency power needs it)
        "power": False,  # the Power of Adjacency was used this go
        "green": False,  # landed on a green square, passage not yet taken
        "tower": False,  # arrived in the Tower this go: the oil may be poured
        "passed": [],  # players passed this go (a stake needs it)
        "segment": 1,  # a Vampire's first or second throw of the go
        "stairs": None,  # direction chosen on the Great Spiral Staircase after a six
    }


def initial_state(players: Sequence[Mapping[str, str]]) -> dict:
    """gothic/preparation, gothic/stamina: everyone outside the West Gate with 100 stamina."""
    seats = [str(p["id"]) for p in players]
    return {
        "game": "gothic",
        "players": {
            str(p["id"]): {
                "id": str(p["id"]),
                "name": str(p.get("name") or p["id"]),
                "seat": i,
                "at": WEST_GATE,
                "depth": None,
                "stamina": START_STAMINA,
                "status": "alive",
                "cause": None,
                "cards": [],
                "vampire": None,
                "held_by": None,
                "controlled_by": None,
                "detained": 0,
                "oil_used": False,
            }
            for i, p in enumerate(players)
        },
        "seats": seats,
        "stage": "order",
        "turn": None,
        "actor": None,
        "throw": None,
        "go": new_go(),
        "goes": 0,
        "order_throws": {},
        "contenders": list(seats),
        "dracula": None,
        "piles": {room: [] for room in PILE_ROOMS},
        "interrupt": None,
        "winner": None,
        "reason": "",
    }


def name_of(state, pid) -> str:
    player = state["players"].get(pid)
    return player["name"] if player else str(pid)


def place_name(node) -> str:
    """A place in the game's words: "the Den", "outside the West Gate", "the moat", or the
    square's name on the board ("the door of the Kitchen")."""
    if node in ROOMS:
        return f"the {ROOMS[node]['name']}"
    if node in GATES:
        return f"outside the {GATES[node]['name']}"
    if node == MOAT:
        return "the moat"
    if node in SQUARES and SQUARES[node].get("name"):
        return SQUARES[node]["name"]
    return str(node)


def adjacent(state, a: str, b: str) -> bool:
    """gothic/adjacency: "the square next to another player": ``a`` and ``b`` on squares that
    share a side (what every reading of gothic.next-to counts)."""
    pa, pb = state["players"][a]["at"], state["players"][b]["at"]
    return pa in SQUARE_ADJ and pb in SQUARE_ADJ[pa]


def joined(state, a: str, b: str) -> bool:
    """``a`` on a square, ``b`` in a room or at a gate joined to it (its door square, the
    gate's battlement square): next to each other only as gothic.next-to's places-joined
    reads "next to"."""
    pa, pb = state["players"][a]["at"], state["players"][b]["at"]
    return pa in SQUARES and pb not in SQUARES and pb in ADJ[pa]


def alive(state, pid) -> bool:
    return state["players"][pid]["status"] == "alive"


def others_alive(state, pid) -> list[str]:
    """The other living players, in seat order."""
    return [other for other in state["seats"] if other != pid and alive(state, other)]
