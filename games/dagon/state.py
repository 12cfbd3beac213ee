"""Dagon's state as plain JSON data (every key is documented in README.md)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.core.draft import Draft
from games.dagon.board import Board

WEAPONS_MAX = 3
TOWERS_IN_BOX = 12

# Turn phases: what the record must show next.
START = "start"                  # turn start: roll (or return the Wizard card, or sit out)
MOVE = "move"                    # after the roll: the move
ATTACK = "attack"                # the move ended on another Hero: the attack
SPELL_CARD = "spell_card"        # stopped on a Spell: turn over the top Spell card
DUEL_ROLL = "duel_roll"          # the fetish die against the Spell
EXTRA_MOVE = "extra_move"        # duel won: one more space (or pass)
TAKE_SYMBOL = "take_symbol"      # stopped where the Symbol lies: take it (or pass)
PLACE_SYMBOL = "place_symbol"    # delivered or lost the Symbol: place it
PLACE_TOWER = "place_tower"      # stopped on a Black Tower space: introduce a tower
MOVE_TOWER = "move_tower"        # stopped on the Whistle: move a tower
OVER = "over"                    # a Hero has won
PHASES = (START, MOVE, ATTACK, SPELL_CARD, DUEL_ROLL, EXTRA_MOVE, TAKE_SYMBOL, PLACE_SYMBOL,
          PLACE_TOWER, MOVE_TOWER, OVER)


def new_state(players: Sequence[Mapping[str, str]], setup: Mapping[str, Any], board: Board) -> dict:
    """dagon/how-to-play: every Hero on Zharot with three weapons; the Symbol on the tail."""
    seats = [{"id": str(p["id"]), "name": str(p.get("name") or p["id"]), "seat": i}
             for i, p in enumerate(players)]
    thrones = setup.get("thrones_to_win", 3)
    if len(seats) < 2 or len(seats) > 4:
        raise ValueError("Dagon is played by 2 to 4 players (4 Heroes in the box)")
    if len({s["id"] for s in seats}) != len(seats):
        raise ValueError("player ids must be distinct")
    if isinstance(thrones, bool) or not isinstance(thrones, int) or not 1 <= thrones <= len(board.cities):
        raise ValueError(f"thrones_to_win must be a whole number from 1 to {len(board.cities)}")
    return {
        "game": "dagon",
        "board_id": board.id,
        "thrones_to_win": thrones,
        "players": seats,
        "order": [s["id"] for s in seats],
        "heroes": {
            s["id"]: {
                "space": board.start,
                "weapons": WEAPONS_MAX,
                "wizard_card": False,
                "sit_out": 0,
                "symbol_penalty": 0,
                "knighted": [],
                "pass_right": False,
            }
            for s in seats
        },
        "turn": seats[0]["id"],
        "turn_number": 1,
        "phase": START,
        "roll": None,
        "pending": None,
        "symbol": {"space": board.tail, "bearer": None},
        "towers": {"reserve": TOWERS_IN_BOX, "spaces": []},
        "deliveries": 0,
        "winner": None,
    }


def player_name(state: Mapping[str, Any], pid: str | None) -> str:
    for seat in state["players"]:
        if seat["id"] == pid:
            return seat["name"]
    return str(pid)


def occupants(state: Mapping[str, Any], space: str, exclude: str | None = None) -> list[str]:
    """Heroes on ``space`` in seat order."""
    heroes = state["heroes"]
    return [pid for pid in state["order"] if pid != exclude and heroes[pid]["space"] == space]


def with_hero(draft: Draft, pid: str, **changes: Any) -> None:
    """One Hero's record in the next state changed, the old state untouched."""
    draft.update("heroes", pid, **changes)


def end_turn(draft: Draft) -> None:
    """dagon/starting-the-game: "The players begin one after another": the next seat plays."""
    new = draft.state
    order = new["order"]
    new["turn"] = order[(order.index(new["turn"]) + 1) % len(order)]
    new["turn_number"] = new["turn_number"] + 1
    new["phase"] = START
    new["roll"] = None
    new["pending"] = None


def free_white(board: Board, state: Mapping[str, Any], space: str) -> str | None:
    """Why ``space`` cannot take a Black Tower or the Symbol, or None if it can."""
    if space not in board.kind:
        return f"{space!r} is not a space of the board"
    if board.kind[space] != "white":
        return f"{board.name[space]} is a symbolic space, not a free white space"
    if space in state["towers"]["spaces"]:
        return f"{board.name[space]} already holds a Black Tower"
    if any(h["space"] == space for h in state["heroes"].values()):
        return f"a Hero stands on {board.name[space]}"
    return None


def free_whites(board: Board, state: Mapping[str, Any]) -> list[str]:
    """The white circles a Black Tower could take now (never the Symbol's space)."""
    symbol_space = state["symbol"]["space"]
    return [s for s in board.white if s != symbol_space and free_white(board, state, s) is None]
