"""A recorded move judged alone: whether the path a record names is a move the document
allows now, and which, asked of each action only for that path (after every event) rather
than found among every move listed (``movement.stage_moves``, which the offers ask). Steps
are looked up in a table made once per action, jumps hop by hop along the lines that land on
the path's next space."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.rules.clauses import Clause, Fixed, Read
from games.rules.model import Action, RulesGame, Stage
from games.rules.movement import (
    MAKERS,
    MOST_JUMPS,
    Move,
    can_jump,
    kept_in,
    may_land,
    moving,
    shape_of,
)
from games.rules.occupancy import Occupancy, occupancy
from games.rules.state import KIND, OWNER, WAITING


def recorded_move(game: RulesGame, state: Mapping[str, Any], actor: str, stage: Stage,
                  read: Read, path: tuple[str, ...]) -> Move | None:
    """The move of ``movement.stage_moves`` whose path is ``path``, or None: judged alone, each
    action asked only for that path (what a recorded move's legality depends on, found after
    every event without listing every other move)."""
    at = occupancy(state)
    kinds = at.kinds.get(actor) or at.kinds_of(actor)
    movers, compulsory = stage.movers.get(kinds) or moving(stage, kinds)
    first = None
    for action in movers:
        move = RECORDED[action.kind](game, state, actor, action, stage.index, read, at, path)
        if move is None:
            continue
        if first is None:
            if move.action.kind == "jump" or not compulsory or \
                    not _jump_compulsory(game, state, actor, compulsory, read, at):
                return move
            first = move
        elif move.action.kind == "jump":
            return move  # a capture is compulsory: the path's first jump, not its step
    return None


def _jump_compulsory(game: RulesGame, state: Mapping[str, Any], actor: str,
                     compulsory: tuple[Action, ...], read: Read, at: Occupancy) -> bool:
    """Whether the actor can jump under one of the ``compulsory`` actions that says capturing
    is compulsory (under the reading)."""
    for action in compulsory:
        if not can_jump(game, state, actor, action, read, at):
            continue
        must = action.must_always  # the point read only where its readings differ (agreed)
        if must is None:
            must = bool(action.params["must"].pick(read))
        if must:
            return True
    return False


def _recorded_step(game: RulesGame, state, actor: str, action: Action, stage: int, read: Read,
                   places: Occupancy, path: tuple[str, ...]) -> Move | None:
    """``step``'s move along ``path``, looked up in the action's table of steps."""
    steps = game.step_tables.get(action.id) or step_table(game, action, read)
    heading = steps.get(path, NO_STEP)
    if heading is NO_STEP or (heading is not None and
                              heading not in action.params["headings"].pick(read)):
        return None
    here, there = path
    taken = places.at
    pieces = state["pieces"]
    kinds = action.kinds
    stay = action.params.get("stay_in")
    for index in taken.get(here, ()):  # the movable pieces, asked of one space
        piece = pieces[index]
        if piece[OWNER] == actor and not piece[WAITING] and (
                kinds is None or piece[KIND] in kinds) and (
                stay is None or _stays(stay, piece, path, read)) and (
                there not in taken or may_land(game, state, actor, index, there, action, read,
                                               places)):
            return Move(index, path, action, stage)
    return None


NO_STEP = "no step"  # a path that is no step of the action under any reading


def step_table(game: RulesGame, action: Action, read: Read) -> dict[tuple[str, ...], str | None]:
    """A step action's steps, (from, to) -> None where every reading of its ``headings``
    allows it, else the heading some readings allow (a path no reading allows is left out);
    kept per action when its ``along`` is no point."""
    shape = game.shapes.get(action.id) or shape_of(game, action, read)
    clause = action.params.get("headings")
    steps: dict[tuple[str, ...], str | None] = {}
    for here, others in shape.neighbours.items():
        for there in others:
            heading = shape.headings[here, there]
            if clause is None or heading in action.headings_everyone:
                steps[here, there] = None
            elif heading in action.headings_anyone:
                steps[here, there] = heading
    if type(action.params["along"]) is Fixed:
        game.step_tables[action.id] = steps
    return steps


def _recorded_jump(game: RulesGame, state, actor: str, action: Action, stage: int, read: Read,
                   places: Occupancy, path: tuple[str, ...]) -> Move | None:
    """``jump``'s move along ``path``: each hop asked only of the lines that land on the
    path's next space, the first chain of captures ``jump`` would make there."""
    if len(path) < 2:
        return None
    shape = game.shapes.get(action.id) or shape_of(game, action, read)
    if (path[0], path[1]) not in shape.over:  # most recorded moves: no line lands there
        return None
    allowed = action.params["headings"].pick(read) if "headings" in action.params else None
    pieces = state["pieces"]
    taken = places.at
    kinds = action.kinds
    others_only = action.over == "others"
    several = keeps = None
    stay = action.params.get("stay_in")

    def hop(index: int, reached: int, captured: tuple[int, ...]) -> Move | None:
        nonlocal several, keeps
        here = path[reached]
        for over in shape.over.get((here, path[reached + 1]), ()):
            if allowed is not None and shape.headings[here, over] not in allowed:
                continue
            standing = taken.get(over)
            if not standing:
                continue
            victims = [other for other in standing if other not in captured]
            if not victims or index in victims:
                continue
            if others_only and any(pieces[victim][OWNER] == actor for victim in victims):
                continue
            landing = path[reached + 1]  # beyond ``over``, as the table of lines says
            if any(other != index for other in taken.get(landing, ())):
                continue
            if keeps is None:
                keeps = action.params["capture"].pick(read) == "none"
            if keeps and landing in path[:reached + 1]:
                continue  # a chain that takes nothing never comes back to a space (``jump``)
            captures = captured if keeps else (*captured, *victims)
            if reached + 2 == len(path):
                return Move(index, path, action, stage, captures=captures)
            if (reached + 2 > MOST_JUMPS) if keeps else (len(captures) >= MOST_JUMPS):
                continue
            if several is None:
                several = bool(action.params["multiple"].pick(read))
            if several:
                found = hop(index, reached + 1, captures)
                if found is not None:
                    return found
        return None

    for index in taken.get(path[0], ()):  # the movable pieces, asked of one space
        piece = pieces[index]
        if piece[OWNER] == actor and not piece[WAITING] and (
                kinds is None or piece[KIND] in kinds) and (
                stay is None or _stays(stay, piece, path, read)):
            move = hop(index, 0, ())
            if move is not None:
                return move
    return None


def _stays(stay: Clause, piece: list, path: tuple[str, ...], read: Read) -> bool:
    """Whether every space the path lands on is one an action's ``stay_in`` lets the piece
    land on (``movement.kept_in``), as the makers judge each landing."""
    inside = kept_in(stay, piece, read)
    return inside is None or all(space in inside for space in path[1:])


def _recorded_by_maker(game: RulesGame, state, actor: str, action: Action, stage: int,
                       read: Read, places: Occupancy, path: tuple[str, ...]) -> Move | None:
    """The first move an action's maker makes along ``path`` (a race's are not narrowed by
    the path, only by its first space; an entry's by its first and last)."""
    made = MAKERS[action.kind](game, state, actor, action, stage, read, places, path[0], path)
    return next((move for move in made if move.path == path), None)


RECORDED = {"race": _recorded_by_maker, "step": _recorded_step, "jump": _recorded_jump,
            "enter": _recorded_by_maker}
