"""dagon/the-black-tower and dagon/the-whistle: Black Towers introduced and moved."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.core.choices import Choice, OpenField, event, one_of
from games.core.draft import Draft
from games.core.event_rules import Offering
from games.core.referee import Referee
from games.dagon.board import Board, board_for
from games.dagon.passages import TOWER, WHISTLE
from games.dagon.state import MOVE_TOWER, PLACE_TOWER, end_turn, free_white, player_name


def tower_problem(board: Board, state: Mapping[str, Any], space: str) -> str | None:
    """Why a Black Tower may not stand on ``space``: "Black Towers may be placed on all free
    white spaces (never on symbolic spaces)", and never where the Symbol lies."""
    problem = free_white(board, state, space)
    if problem is None and space == state["symbol"]["space"]:
        problem = "the Dagon Symbol lies there"
    return problem


def tower_places(board: Board, state: Mapping[str, Any]) -> list[str]:
    """The white circles a Black Tower may go to now."""
    return [space for space in board.white if tower_problem(board, state, space) is None]


def place_tower(state: dict, pid: str, data, ref: Referee) -> tuple[dict, str]:
    """dagon/the-black-tower: "A player who stops on a Tower space must introduce a Black
    Tower into the game." """
    draft = Draft(state)
    board = board_for(state["board_id"])
    space = data["space"]
    name = player_name(state, pid)
    problem = tower_problem(board, state, space)
    if problem:
        ref.violation(TOWER, f"a Black Tower may not go there: {problem}")
    towers = state["towers"]
    if space in board.kind and space not in towers["spaces"]:
        draft.state["towers"] = {"reserve": towers["reserve"] - 1,
                                 "spaces": sorted(towers["spaces"] + [space])}
        ref.effect("place_tower", player=pid, space=space)
    end_turn(draft)
    return draft.state, f"{name} places a Black Tower on {board.name.get(space, space)}"


def move_tower(state: dict, pid: str, data, ref: Referee) -> tuple[dict, str]:
    """dagon/the-whistle: "A player who reaches this space must move a Black Tower that is
    already on the board to a free space of its choice (except a symbolic space)." """
    draft = Draft(state)
    board = board_for(state["board_id"])
    origin, space = data["from"], data["to"]
    name = player_name(state, pid)
    towers = state["towers"]
    if origin not in towers["spaces"]:
        ref.violation(WHISTLE, f"there is no Black Tower on {board.name.get(origin, origin)}")
        end_turn(draft)
        return draft.state, f"{name} moves a Black Tower that is not there"
    problem = tower_problem(board, state, space)
    if problem:
        ref.violation(WHISTLE, f"the Black Tower may not go there: {problem}")
    if space in board.kind and space not in towers["spaces"]:
        rest = [s for s in towers["spaces"] if s != origin]
        draft.state["towers"] = {"reserve": towers["reserve"], "spaces": sorted(rest + [space])}
        ref.effect("move_tower", player=pid, origin=origin, space=space)
    end_turn(draft)
    return draft.state, (f"{name} moves the Black Tower from {board.name[origin]} to "
                         f"{board.name.get(space, space)}")


def _circle_field(name: str, board: Board, places: list[str], prompt: str) -> OpenField:
    return OpenField(name, one_of(places, label=board.name.__getitem__, space=str),
                     prompt=prompt)


def offer_place_tower(at: Offering) -> list[Choice]:
    """Stopped on a Tower space: a Black Tower on one of the free white circles (when none is
    free, the Hero passes, dagon/starting-the-game)."""
    state = at.state
    if state["phase"] != PLACE_TOWER:
        return []
    board = board_for(state["board_id"])
    places = tower_places(board, state)
    if not places:
        return []
    pid = state["turn"]
    return [Choice(event("place_tower", pid), f"{player_name(state, pid)} places a Black Tower",
                   fields=(_circle_field("space", board, places, "Where the Black Tower goes"),),
                   spaces=tuple(places))]


def offer_move_tower(at: Offering) -> list[Choice]:
    """On the Whistle: each Black Tower on the board (a piece to pick) may go to any free white
    circle."""
    state = at.state
    if state["phase"] != MOVE_TOWER:
        return []
    board = board_for(state["board_id"])
    places = tower_places(board, state)
    if not places:
        return []
    pid = state["turn"]
    name = player_name(state, pid)
    return [Choice(event("move_tower", pid, **{"from": origin}),
                   f"{name} moves the Black Tower on {board.name[origin]}",
                   fields=(_circle_field("to", board, places, "The free circle it goes to"),),
                   spaces=(origin, *places), origin=origin)
            for origin in state["towers"]["spaces"]]


RULES = {
    "place_tower": (place_tower, offer_place_tower),
    "move_tower": (move_tower, offer_move_tower),
}
