"""Whether a player can move at all: asked after every event (the ends of a game when a player
cannot move) and for a pass, so answered by checks made once per stage and set of the
player's piece kinds (one per action that can move them), each stopping at the first move
found without making it.

A step that no piece ever lands on and that keeps no piece in a region (the usual board-game
step) is checked against a table of free neighbours made once per heading it may take;
every other action asks the general question (``can_step``, ``movement.can_jump``, the
first move of its maker). Each check reads the points the lists would read, in the same
order (an ``along`` that is a point, then the headings only when some reading's decide), so
the points a step consults are the same as before."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Set
from typing import Any

from games.rules.clauses import Fixed, Read, Switch
from games.rules.model import Action, RulesGame, Stage
from games.rules.movement import (
    MAKERS,
    NOWHERE,
    can_jump,
    geometry,
    kept_in,
    may_land,
    moving,
    shape_of,
)
from games.rules.occupancy import Occupancy, occupancy
from games.rules.state import KIND, OWNER, SPACE, WAITING

MOST_HINTS = 64  # players whose last free piece a step's check keeps

# (game, state, actor, read, occupancy) -> whether the actor has a move under the action.
Check = Callable[[RulesGame, Mapping[str, Any], str, Read, Occupancy], bool]
# (state, actor, occupancy) -> whether the actor has a move every reading allows (no read).
Sure = Callable[[Mapping[str, Any], str, Occupancy], bool]


def any_move(game: RulesGame, state: Mapping[str, Any], actor: str, stage: Stage,
             read: Read) -> bool:
    """Whether the stage allows ``actor`` any move at all (stops at the first found)."""
    at = occupancy(state)
    kinds = at.kinds.get(actor) or at.kinds_of(actor)
    _sure, checks = stage.mobility.get(kinds) or checks_of(game, stage, kinds)
    for check in checks:  # a plain loop, not any(): asked after every event
        if check(game, state, actor, read, at):
            break
    else:
        return False
    return True


def checks_of(game: RulesGame, stage: Stage, kinds: frozenset[str]
              ) -> tuple[Sure | None, tuple[Check, ...]]:
    """The stage's checks for a player with pieces of ``kinds``, made once; and, when the
    first of them is a free step's, its question that reads no point (``free_step``): a
    step it finds, every reading allows, so no other check is asked and no point read."""
    found = stage.mobility.get(kinds)
    if found is None:
        sure = None
        checks: list[Check] = []
        for action in (stage.movers.get(kinds) or moving(stage, kinds))[0]:
            if is_free_step(game, action):
                sure_step, check = free_step(game, action)
                if not checks:
                    sure = sure_step
            else:
                check = check_of(game, stage, action)
            checks.append(check)
        found = stage.mobility[kinds] = (sure, tuple(checks))
    return found


def is_free_step(game: RulesGame, action: Action) -> bool:
    """A step along lines that are no point, onto empty spaces only, kept in no region."""
    return action.kind == "step" and type(action.params["along"]) is Fixed and \
        "stay_in" not in action.params and not game.landable_when_taken[action.id]


def check_of(game: RulesGame, stage: Stage, action: Action) -> Check:
    """The question whether the actor can move under ``action`` (no free step), made once."""
    if action.kind == "step":
        return lambda game, state, actor, read, places: can_step(
            game, state, actor, action, read, places)
    if action.kind == "jump":
        return lambda game, state, actor, read, places: can_jump(
            game, state, actor, action, read, places)
    make, index = MAKERS[action.kind], stage.index
    return lambda game, state, actor, read, places: next(
        make(game, state, actor, action, index, read, places, None, None), None) is not None


def free_step(game: RulesGame, action: Action) -> tuple[Sure, Check]:
    """A step along fixed lines onto empty spaces only: a piece can step when one of its
    neighbours (toward the headings allowed) is empty. The neighbours every reading allows
    are asked first (``sure``), without reading the point; only when none is free is the
    reading's headings read (``check``), as ``can_step`` reads it."""
    along = action.params["along"]
    assert isinstance(along, Fixed)  # as check_of asks
    shape = geometry(game, along.value)
    clause = action.params.get("headings")
    kinds = action.kinds
    switch = clause if isinstance(clause, Switch) else None
    by_option = None
    if switch is None:
        everyone = shape.neighbour_sets_toward(
            clause.value if isinstance(clause, Fixed) else None)
    else:
        everyone = shape.neighbour_sets_toward(action.headings_everyone)
        by_option = {allowed: shape.neighbour_sets_toward(allowed)
                     for allowed in switch.values()}
    # The piece found free last time, per player: most often still free (a hint only: it
    # changes nothing but the time).
    hints: dict[str, int] = {}

    def sure(state: Mapping[str, Any], actor: str, places: Occupancy) -> bool:
        owned = places.owned.get(actor)
        if not owned:
            return False
        pieces = state["pieces"]
        hint = hints.get(actor)
        if hint is not None and hint < len(pieces):
            piece = pieces[hint]  # the player's piece on the board: one of ``owned``
            if piece[OWNER] == actor and piece[SPACE] is not None and not piece[WAITING] and (
                    kinds is None or piece[KIND] in kinds) and \
                    not places.at.keys() >= everyone.get(piece[SPACE], NOWHERE):
                return True
        free = free_neighbour(pieces, owned, places.at.keys(), everyone, kinds)
        if free is None:
            return False
        if len(hints) >= MOST_HINTS:  # players of many matches: kept few, as hints
            hints.clear()
        hints[actor] = free
        return True

    def check(game: RulesGame, state: Mapping[str, Any], actor: str, read: Read,
              places: Occupancy) -> bool:
        if sure(state, actor, places):
            return True
        if by_option is None or switch is None or not places.owned.get(actor):
            return False
        around = by_option[switch.pick(read)]  # read as the lists read it: no step found
        return around is not everyone and free_neighbour(
            state["pieces"], places.owned[actor], places.at.keys(), around, kinds) is not None

    return sure, check


def free_neighbour(pieces: list, owned: list[int], occupied: Set[str],
                   around: Mapping[str, frozenset[str]], kinds: frozenset[str] | None
                   ) -> int | None:
    """The first of the ``owned`` pieces (of ``kinds``, not waiting) with a neighbour in
    ``around`` that is not ``occupied``, or None."""
    for index in owned:
        piece = pieces[index]
        if piece[WAITING] or (kinds is not None and piece[KIND] not in kinds):
            continue
        if not occupied >= around.get(piece[SPACE], NOWHERE):
            return index
    return None


def can_step(game: RulesGame, state, actor: str, action: Action, read: Read,
             places: Occupancy) -> bool:
    """``step``'s question, asked only whether there is an answer, for any step (lines that
    are a point, regions a piece keeps to, spaces a piece may land on while taken)."""
    owned = places.owned.get(actor)
    if not owned:
        return False
    pieces = state["pieces"]
    kinds = action.kinds
    shape = game.shapes.get(action.id) or shape_of(game, action, read)
    taken = places.at
    clause = action.params.get("headings")
    landable = game.landable_when_taken[action.id]
    stay = action.params.get("stay_in")
    # A step every reading allows answers without reading the point; else the reading's.
    ways = (action.headings_everyone, None) if clause is not None and type(
        clause) is not Fixed else (None,)
    for everyone in ways:
        allowed = everyone if everyone is not None else (
            clause.pick(read) if clause is not None else None)
        if not landable and stay is None:  # no piece is ever landed on: a free neighbour is a step
            if free_neighbour(pieces, owned, taken.keys(), shape.neighbour_sets_toward(allowed),
                              kinds) is not None:
                return True
            continue
        reach = shape.neighbours_toward(allowed)
        for index in owned:
            piece = pieces[index]
            if piece[WAITING] or (kinds is not None and piece[KIND] not in kinds):
                continue
            inside = None if stay is None else kept_in(stay, piece, read)
            for space in reach.get(piece[SPACE], ()):
                if inside is not None and space not in inside:
                    continue
                if space not in taken or (space in landable and may_land(
                        game, state, actor, index, space, action, read, places)):
                    return True
    return False
