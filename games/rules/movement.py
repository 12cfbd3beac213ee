"""The moves a document allows: a race along a track by the throw, a step to a neighbouring
space, a jump over a piece (once or several times), an entry from a region. ``apply`` and
the offers ask the same function, each with its own way of reading the points (see
``clauses``), so what is offered is exactly what is legal."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from games.rules.clauses import Read, agreed
from games.rules.geometry import beyond_of, heading, neighbours_of, walk
from games.rules.model import Action, RulesGame, Stage
from games.rules.state import KIND, OWNER, SPACE, WAITING

MOST_JUMPS = 32  # captures in one move, whatever the board


@dataclass(frozen=True, slots=True)
class Move:
    """One legal move: the piece (its index), the path a record names, the action and the
    stage it belongs to, and what it does on the way."""

    piece: int
    path: tuple[str, ...]
    action: Action
    stage: int
    captures: tuple[int, ...] = ()
    direction: int = 1
    passed: tuple[str, ...] = ()
    count: int | None = None


@dataclass(frozen=True)
class Geometry:
    neighbours: dict[str, tuple[str, ...]]
    beyond: dict[tuple[str, str], str]
    headings: dict[tuple[str, str], str]


def geometry(game: RulesGame, names: tuple[str, ...]) -> Geometry:
    """The neighbours, jumps and headings along the union of some link sets, made once."""
    found = game.geometry.get(names)
    if found is None:
        position = {space.id: (space.x, space.y) for space in game.spaces.values()}
        neighbours = neighbours_of(game.links, names)
        headings = {(a, b): heading(*position[a], *position[b])
                    for a, others in neighbours.items() for b in others}
        found = game.geometry[names] = Geometry(neighbours, beyond_of(neighbours, position),
                                                headings)
    return found


def stage_moves(game: RulesGame, state: Mapping[str, Any], actor: str, stage: Stage,
                read: Read) -> list[Move]:
    """Every move of the stage's actions for ``actor``, a path said once (the first action
    that allows it); only captures when a jump action says capturing is compulsory."""
    pieces = state["pieces"]
    at: dict[str, list[int]] = {}
    for index, piece in enumerate(pieces):
        if piece[SPACE] is not None:
            at.setdefault(piece[SPACE], []).append(index)
    found: list[Move] = []
    for action in stage.actions:
        make = MAKERS.get(action.kind)
        if make is not None:
            found.extend(make(game, state, actor, action, stage.index, read, at))
    jumps = [move for move in found if move.action.kind == "jump"]
    if jumps and len(jumps) != len(found):
        compulsory = {move.action.id for move in jumps
                      if agreed(move.action.params["must"], bool, read)}
        if compulsory:
            found = jumps
    seen: set[tuple[str, ...]] = set()
    unique = []
    for move in found:
        if move.path not in seen:
            seen.add(move.path)
            unique.append(move)
    return unique


def _movable(state: Mapping[str, Any], actor: str, action: Action):
    kinds = action.kinds
    for index, piece in enumerate(state["pieces"]):
        if piece[OWNER] == actor and not piece[WAITING] and piece[SPACE] is not None and (
                kinds is None or piece[KIND] in kinds):
            yield index, piece


def _may_land(game: RulesGame, state, actor: str, piece: int, space: str, action: Action,
              read: Read, at: Mapping[str, Sequence[int]]) -> bool:
    """Whether a move may end on ``space``: blocked by another's piece or one's own only when
    the action says so."""
    there = [index for index in at.get(space, ()) if index != piece]
    if not there or game.spaces[space].shared:
        return True
    pieces = state["pieces"]
    others = any(pieces[index][OWNER] != actor for index in there)
    own = any(pieces[index][OWNER] == actor for index in there)
    if others and agreed(action.params["occupied"], lambda rule: rule == "block", read):
        return False
    return not (own and agreed(action.params["own"], lambda rule: rule == "block", read))


def race(game: RulesGame, state, actor: str, action: Action, stage: int, read: Read,
         at) -> list[Move]:
    throw = state["throw"]
    if throw is None:
        return []
    dice = game.dice[action.dice]
    count = dice.total(throw)
    track = game.tracks[action.track]
    thrown = tuple(sorted(throw))
    found = []
    for index, piece in _movable(state, actor, action):
        position = track.index.get(piece[SPACE])
        if position is None:
            continue
        first = state["thrown"].get(actor) == 1

        def special_to(specials, space=piece[SPACE], first=first):
            for special in specials:
                if special.dice == thrown and special.origin in (None, space) and (
                        first or not special.first_throw):
                    return special.to
            return None

        to = agreed(action.params["special_throws"], special_to, read)
        if to is not None:
            if _may_land(game, state, actor, index, to, action, read, at):
                found.append(Move(index, (piece[SPACE], to), action, stage, count=count))
            continue
        walked = agreed(action.params["past_end"],
                        lambda past_end, p=position: walk(track.spaces, p, count, 1, past_end),
                        read)
        if walked is None:
            continue
        reached, direction, passed = walked
        for number, space in enumerate(passed):
            if _stops(game, space, read):
                reached, passed = track.index[space], passed[:number]
                break
        if passed and any(at.get(space) for space in passed) and agreed(
                action.params["pass_over"], lambda rule: rule == "free", read):
            continue
        end = track.spaces[reached]
        if _may_land(game, state, actor, index, end, action, read, at):
            found.append(Move(index, (piece[SPACE], end), action, stage, direction=direction,
                              passed=passed, count=count))
    return found


def _stops(game: RulesGame, space: str, read: Read) -> bool:
    passing = game.spaces[space].passing
    return passing is not None and agreed(passing, lambda effects: ("stop", True) in effects,
                                          read)


def step(game: RulesGame, state, actor: str, action: Action, stage: int, read: Read,
         at) -> list[Move]:
    shape = geometry(game, action.params["along"].pick(read))
    allowed = action.params["headings"].pick(read) if "headings" in action.params else None
    found = []
    for index, piece in _movable(state, actor, action):
        origin = piece[SPACE]
        for space in shape.neighbours.get(origin, ()):
            if allowed is not None and shape.headings[(origin, space)] not in allowed:
                continue
            if _may_land(game, state, actor, index, space, action, read, at):
                found.append(Move(index, (origin, space), action, stage))
    return found


def jump(game: RulesGame, state, actor: str, action: Action, stage: int, read: Read,
         at) -> list[Move]:
    shape = geometry(game, action.params["along"].pick(read))
    allowed = action.params["headings"].pick(read) if "headings" in action.params else None
    pieces = state["pieces"]
    found: list[Move] = []
    several = None

    def onward(index: int, path: list[str], taken: list[int]) -> None:
        nonlocal several
        here = path[-1]
        for over in shape.neighbours.get(here, ()):
            if allowed is not None and shape.headings[(here, over)] not in allowed:
                continue
            victims = [other for other in at.get(over, ()) if other not in taken]
            if not victims or any(other == index for other in victims):
                continue
            if action.over == "others" and any(pieces[v][OWNER] == actor for v in victims):
                continue
            landing = shape.beyond.get((here, over))
            if landing is None or any(other != index for other in at.get(landing, ())):
                continue
            move = Move(index, (*path, landing), action, stage, captures=(*taken, *victims))
            found.append(move)
            if len(move.captures) >= MOST_JUMPS:
                continue
            if several is None:
                several = bool(action.params["multiple"].pick(read))
            if several:
                onward(index, [*path, landing], [*taken, *victims])

    for index, piece in _movable(state, actor, action):
        onward(index, [piece[SPACE]], [])
    return found


def enter(game: RulesGame, state, actor: str, action: Action, stage: int, read: Read,
          at) -> list[Move]:
    if "throws" in action.params:
        total = state["total"]
        if total is None or not agreed(action.params["throws"], lambda t: total in t, read):
            return []
    region = game.regions[action.origin].spaces
    to = action.params["to"].pick(read)
    targets = game.regions[to].spaces if to in game.regions else (to,)
    found = []
    for index, piece in _movable(state, actor, action):
        if piece[SPACE] not in region:
            continue
        for space in targets:
            if space != piece[SPACE] and _may_land(game, state, actor, index, space, action,
                                                   read, at):
                found.append(Move(index, (piece[SPACE], space), action, stage))
    return found


MAKERS = {"race": race, "step": step, "jump": jump, "enter": enter}
