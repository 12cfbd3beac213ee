"""dagon/the-black-tower and dagon/the-whistle: Black Towers introduced and moved."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.core.referee import Referee
from games.dagon.board import Board, board_for
from games.dagon.passages import TOWER, WHISTLE
from games.dagon.state import end_turn, free_white, player_name


def tower_problem(board: Board, state: Mapping[str, Any], space: str) -> str | None:
    """Why a Black Tower may not stand on ``space``: "Black Towers may be placed on all free
    white spaces (never on symbolic spaces)", and never where the Symbol lies."""
    problem = free_white(board, state, space)
    if problem is None and space == state["symbol"]["space"]:
        problem = "the Dagon Symbol lies there"
    return problem


def place_tower(state: dict, pid: str, data, ref: Referee) -> tuple[dict, str]:
    """dagon/the-black-tower: "A player who stops on a Tower space must introduce a Black
    Tower into the game." """
    new = dict(state)
    board = board_for(new["board_id"])
    space = data["space"]
    name = player_name(new, pid)
    problem = tower_problem(board, new, space)
    if problem:
        ref.violation(TOWER, f"a Black Tower may not go there: {problem}")
    towers = new["towers"]
    if space in board.kind and space not in towers["spaces"]:
        new["towers"] = {"reserve": towers["reserve"] - 1,
                         "spaces": sorted(towers["spaces"] + [space])}
        ref.effect("place_tower", player=pid, space=space)
    end_turn(new)
    return new, f"{name} places a Black Tower on {board.name.get(space, space)}"


def move_tower(state: dict, pid: str, data, ref: Referee) -> tuple[dict, str]:
    """dagon/the-whistle: "A player who reaches this space must move a Black Tower that is
    already on the board to a free space of its choice (except a symbolic space)." """
    new = dict(state)
    board = board_for(new["board_id"])
    origin, space = data["from"], data["to"]
    name = player_name(new, pid)
    towers = new["towers"]
    if origin not in towers["spaces"]:
        ref.violation(WHISTLE, f"there is no Black Tower on {board.name.get(origin, origin)}")
        end_turn(new)
        return new, f"{name} moves a Black Tower that is not there"
    problem = tower_problem(board, new, space)
    if problem:
        ref.violation(WHISTLE, f"the Black Tower may not go there: {problem}")
    if space in board.kind and space not in towers["spaces"]:
        rest = [s for s in towers["spaces"] if s != origin]
        new["towers"] = {"reserve": towers["reserve"], "spaces": sorted(rest + [space])}
        ref.effect("move_tower", player=pid, origin=origin, space=space)
    end_turn(new)
    return new, (f"{name} moves the Black Tower from {board.name[origin]} to "
                 f"{board.name.get(space, space)}")
