"""The moves a document allows: a race along a track by the throw, a step to a neighbouring
space, a jump over a piece (once or several times), an entry from a region. ``apply`` and
the offers ask the same function, each with its own way of reading the points (see
``clauses``), so what is offered is exactly what is legal."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from games.rules.clauses import Clause, Fixed, Read, agreed
from games.rules.geometry import beyond_of, heading, neighbours_of, walk
from games.rules.model import Action, Keep, RulesGame, Stage
from games.rules.occupancy import Occupancy, occupancy
from games.rules.state import KIND, OWNER, SPACE, WAITING

MOST_JUMPS = 32  # captures in one move, whatever the board


class Move(NamedTuple):
    """One legal move: the piece (its index), the path a record names, the action and the
    stage it belongs to, and what it does on the way. (A named tuple: offers make many.)"""

    piece: int
    path: tuple[str, ...]
    action: Action
    stage: int
    captures: tuple[int, ...] = ()
    direction: int = 1
    passed: tuple[str, ...] = ()
    steps: int | None = None  # the count a race moved by (a goose repeats it)


@dataclass(frozen=True)
class Geometry:
    neighbours: dict[str, tuple[str, ...]]
    beyond: dict[tuple[str, str], str]
    headings: dict[tuple[str, str], str]
    # (from, landing) -> the spaces jumped over to get there, in the neighbours' order: a
    # recorded jump's legality looks up its one line instead of trying every neighbour.
    over: dict[tuple[str, str], tuple[str, ...]]
    # space -> (the neighbour jumped over, the landing beyond it), in the neighbours' order:
    # whether a jump exists is asked after every event, without making the moves.
    jumps: dict[str, tuple[tuple[str, str], ...]]
    # The neighbours each space has in some headings only (a set of headings -> space ->
    # those neighbours), made the first time those headings are asked about.
    toward: dict[frozenset[str] | None, dict[str, tuple[str, ...]]] = field(
        default_factory=dict)
    toward_sets: dict[frozenset[str] | None, dict[str, frozenset[str]]] = field(
        default_factory=dict)

    # The jumps each space has in some headings only (a set of headings -> space -> those
    # of ``jumps``), made the first time those headings are asked about.
    jumps_toward: dict[frozenset[str] | None, dict[str, tuple[tuple[str, str], ...]]] = field(
        default_factory=dict)

    def jump_lines_toward(self, allowed: frozenset[str] | None
                          ) -> dict[str, tuple[tuple[str, str], ...]]:
        found = self.jumps_toward.get(allowed)
        if found is None:
            headings = self.headings
            found = self.jumps_toward[allowed] = self.jumps if allowed is None else {
                here: tuple((over, landing) for over, landing in lines
                            if headings[here, over] in allowed)
                for here, lines in self.jumps.items()}
        return found

    def neighbours_toward(self, allowed: frozenset[str] | None) -> dict[str, tuple[str, ...]]:
        found = self.toward.get(allowed)
        if found is None:
            headings = self.headings
            found = self.toward[allowed] = self.neighbours if allowed is None else {
                here: tuple(space for space in others if headings[here, space] in allowed)
                for here, others in self.neighbours.items()}
        return found

    def neighbour_sets_toward(self, allowed: frozenset[str] | None
                              ) -> dict[str, frozenset[str]]:
        """``neighbours_toward`` as sets: whether a piece has a free neighbour is then one
        comparison with the spaces taken."""
        found = self.toward_sets.get(allowed)
        if found is None:
            found = self.toward_sets[allowed] = {
                here: frozenset(others)
                for here, others in self.neighbours_toward(allowed).items()}
        return found


NOWHERE: frozenset[str] = frozenset()


def geometry(game: RulesGame, names: tuple[str, ...]) -> Geometry:
    """The neighbours, jumps and headings along the union of some link sets, made once."""
    found = game.geometry.get(names)
    if found is None:
        position = {space.id: (space.x, space.y) for space in game.spaces.values()}
        neighbours = neighbours_of(game.links, names)
        headings = {(a, b): heading(*position[a], *position[b])
                    for a, others in neighbours.items() for b in others}
        beyond = beyond_of(neighbours, position)
        over: dict[tuple[str, str], tuple[str, ...]] = {}
        for (here, jumped), landing in beyond.items():
            over[here, landing] = (*over.get((here, landing), ()), jumped)
        jumps = {here: tuple((jumped, beyond[here, jumped]) for jumped in others
                             if (here, jumped) in beyond)
                 for here, others in neighbours.items()}
        found = game.geometry[names] = Geometry(neighbours, beyond, headings, over, jumps)
    return found


def shape_of(game: RulesGame, action: Action, read: Read) -> Geometry:
    """The geometry an action moves along; kept per action when its ``along`` is no point."""
    found = game.shapes.get(action.id)
    if found is None:
        clause = action.params["along"]
        found = geometry(game, clause.pick(read))
        if type(clause) is Fixed:
            game.shapes[action.id] = found
    return found


def stage_moves(game: RulesGame, state: Mapping[str, Any], actor: str, stage: Stage,
                read: Read, origin: str | None = None) -> list[Move]:
    """Every move of the stage's actions for ``actor``, a path said once (the first action
    that allows it); only captures when a jump action says capturing is compulsory and one
    can be made. ``origin``: only the moves of the pieces there."""
    at = occupancy(state)
    found: list[Move] = []
    kinds = at.kinds.get(actor) or at.kinds_of(actor)
    for action in stage.actions:
        make = MAKERS.get(action.kind)
        if make is not None and (action.kinds is None or not action.kinds.isdisjoint(kinds)):
            found.extend(make(game, state, actor, action, stage.index, read, at, origin, None))
    if stage.compulsory_jumps and any(move.action.kind != "jump" for move in found) and \
            _must_jump(game, state, actor, stage, read, at, found, origin):
        found = [move for move in found if move.action.kind == "jump"]
    if len(found) < 2:
        return found
    seen: set[tuple[str, ...]] = set()
    unique = []
    for move in found:
        if move.path not in seen:
            seen.add(move.path)
            unique.append(move)
    return unique


def moving(stage: Stage, kinds: frozenset[str]) -> tuple[tuple[Action, ...], tuple[Action, ...]]:
    """For a player with pieces of ``kinds``: the stage's actions that can move one, and
    those of them that may make capturing compulsory (made once per set of kinds)."""
    movers = tuple(action for action in stage.actions if action.kind in MAKERS and (
        action.kinds is None or not action.kinds.isdisjoint(kinds)))
    found = stage.movers[kinds] = (
        movers, tuple(action for action in stage.compulsory_jumps if action in movers))
    return found


def _must_jump(game, state, actor, stage, read, at, found, origin) -> bool:
    """Whether a jump is possible (by any piece) under an action that makes it compulsory."""
    for action in stage.compulsory_jumps:
        if not at.may_move(actor, action):
            continue
        if origin is None:
            possible = any(move.action is action for move in found)
        else:
            possible = can_jump(game, state, actor, action, read, at)
        if possible and agreed(action.params["must"], bool, read):
            return True
    return False


def can_jump(game: RulesGame, state, actor: str, action: Action, read: Read,
             places: Occupancy) -> bool:
    """``jump``'s question asked only whether there is an answer: the first jump of the
    first piece that has one, judged as ``jump`` judges it, without making the move."""
    owned = places.owned.get(actor)
    if not owned:
        return False
    shape = game.shapes.get(action.id) or shape_of(game, action, read)
    allowed = action.params["headings"].pick(read) if "headings" in action.params else None
    # The answer depends on the pieces, the lines and the headings only: kept per occupancy,
    # by the shape itself (a point may choose the lines), once the points are read.
    key = (actor, action.id, allowed)
    stay = action.params.get("stay_in")
    known = places.jumps.get(key) if stay is None else None  # a stay_in's answer not kept
    if known is not None and known[0] is shape:
        return known[1]
    found = False
    pieces = state["pieces"]
    kinds = action.kinds
    taken = places.at
    lines = shape.jump_lines_toward(allowed)
    others_only = action.over == "others"
    for index in owned:  # ``_movable``'s pieces, without making their list
        piece = pieces[index]
        if piece[WAITING] or (kinds is not None and piece[KIND] not in kinds):
            continue
        inside = None if stay is None else kept_in(stay, piece, read)
        # Each condition reads no point: asked the most often failing first (a piece to
        # jump, then a free landing), the answer the same in any order.
        for over, landing in lines.get(piece[SPACE], ()):
            victims = taken.get(over)
            if not victims:
                continue
            standing = taken.get(landing)
            if standing and (len(standing) > 1 or standing[0] != index):
                continue
            if index in victims or (inside is not None and landing not in inside):
                continue
            if others_only and (pieces[victims[0]][OWNER] == actor if len(victims) == 1 else
                                any(pieces[other][OWNER] == actor for other in victims)):
                continue
            found = True
            break
        if found:
            break
    if stay is None:
        places.jumps[key] = (shape, found)
    return found


def kept_in(stay: Clause, piece: list, read: Read) -> frozenset[str] | None:
    """The spaces an action's ``stay_in`` lets a piece land on (None: any): those of each
    region it keeps the piece in. The point is read only when its readings disagree here."""
    here, kind = piece[SPACE], piece[KIND]

    def inside(keeps: tuple[Keep, ...]) -> frozenset[str] | None:
        found = None
        for keep in keeps:
            if here in keep.spaces and (keep.kinds is None or kind in keep.kinds):
                found = keep.spaces if found is None else found & keep.spaces
        return found

    return agreed(stay, inside, read)


def _movable(state: Mapping[str, Any], actor: str, action: Action, origin: str | None,
             places: Occupancy) -> list[tuple[int, list]]:
    kinds = action.kinds
    pieces = state["pieces"]
    indexes = places.owned.get(actor, ()) if origin is None else places.at.get(origin, ())
    return [(index, pieces[index]) for index in indexes
            if pieces[index][OWNER] == actor and not pieces[index][WAITING]
            and (kinds is None or pieces[index][KIND] in kinds)]


def may_land(game: RulesGame, state, actor: str, piece: int, space: str, action: Action,
             read: Read, places: Occupancy) -> bool:
    """Whether a move may end on ``space``: blocked by another's piece or one's own only when
    the action says so."""
    there = places.at.get(space)
    if not there:
        return True
    place = game.spaces[space]
    if place.shared_under(read):
        return True
    if piece in there:
        there = [index for index in there if index != piece]
        if not there:
            return True
    if action.blocked_by_pieces:
        return False
    pieces = state["pieces"]
    others = any(pieces[index][OWNER] != actor for index in there)
    own = any(pieces[index][OWNER] == actor for index in there)
    if others and place.safe_under(read):
        return False  # a piece on a safe space keeps it: no other player's piece ends there
    if others and agreed(action.params["occupied"], lambda rule: rule == "block", read):
        return False
    return not (own and agreed(action.params["own"], lambda rule: rule == "block", read))


def race(game: RulesGame, state, actor: str, action: Action, stage: int, read: Read,
         places: Occupancy, origin: str | None, target: tuple[str, ...] | None
         ) -> Iterator[Move]:
    throw = state["throw"]
    if throw is None:
        return
    dice = game.dice[action.race_dice]
    count = dice.total(throw)
    track = game.tracks[action.race_track]
    thrown = tuple(sorted(throw))
    specials = action.params["special_throws"]
    special_throw = thrown in action.special_dice
    past_end = action.params["past_end"]
    free_path = action.free_path
    last = len(track.spaces) - 1
    stay = action.params.get("stay_in")
    for index, piece in _movable(state, actor, action, origin, places):
        here = piece[SPACE]
        position = track.index.get(here)
        # A piece on its track's last space has run its race: no throw moves it out again.
        if position is None or position == last:
            continue
        inside = None if stay is None else kept_in(stay, piece, read)
        if special_throw:
            first = state["thrown"].get(actor) == 1

            def special_to(specials, space=here, first=first):
                for special in specials:
                    if special.dice == thrown and special.origin in (None, space) and (
                            first or not special.first_throw):
                        return special.to
                return None

            to = agreed(specials, special_to, read)
            if to is not None:
                if inside is not None and to not in inside:
                    continue
                if to not in places.at or may_land(game, state, actor, index, to, action,
                                                   read, places):
                    yield Move(index, (here, to), action, stage, (), 1, (), count)
                continue
        if count <= 0:  # a throw that counts nothing moves no piece
            continue
        if isinstance(past_end, Fixed):
            walked = walk(track.spaces, position, count, 1, past_end.value)
        else:
            def walked_by(rule: Any, p: int = position, n: int = count) -> Any:
                return walk(track.spaces, p, n, 1, rule)

            walked = agreed(past_end, walked_by, read)
        if walked is None:
            continue
        reached, direction, passed = walked
        if game.passing_spaces:
            for number, space in enumerate(passed):
                if space in game.passing_spaces and _stops(game, space, read):
                    reached, passed = track.index[space], passed[:number]
                    break
        if free_path and passed and any(places.at.get(space) for space in passed) and agreed(
                action.params["pass_over"], lambda rule: rule == "free", read):
            continue
        end = track.spaces[reached]
        if inside is not None and end not in inside:
            continue
        if end not in places.at or may_land(game, state, actor, index, end, action, read,
                                            places):
            yield Move(index, (here, end), action, stage, (), direction, passed, count)


def _stops(game: RulesGame, space: str, read: Read) -> bool:
    passing = game.spaces[space].passing
    return passing is not None and agreed(passing, lambda effects: ("stop", True) in effects,
                                          read)


def step(game: RulesGame, state, actor: str, action: Action, stage: int, read: Read,
         places: Occupancy, origin: str | None, target: tuple[str, ...] | None
         ) -> Iterator[Move]:
    shape = game.shapes.get(action.id) or shape_of(game, action, read)
    neighbours, headings = shape.neighbours, shape.headings
    clause = action.params.get("headings")
    allowed = clause.pick(read) if clause is not None else None
    stay = action.params.get("stay_in")
    for index, piece in _movable(state, actor, action, origin, places):
        here = piece[SPACE]
        inside = None if stay is None else kept_in(stay, piece, read)
        for space in neighbours.get(here, ()):
            if allowed is not None and headings[here, space] not in allowed:
                continue
            if inside is not None and space not in inside:
                continue
            if space not in places.at or may_land(game, state, actor, index, space, action,
                                                  read, places):
                yield Move(index, (here, space), action, stage)


def jump(game: RulesGame, state, actor: str, action: Action, stage: int, read: Read,
         places: Occupancy, origin: str | None, target: tuple[str, ...] | None
         ) -> Iterator[Move]:
    shape = game.shapes.get(action.id) or shape_of(game, action, read)
    allowed = action.params["headings"].pick(read) if "headings" in action.params else None
    pieces = state["pieces"]
    several = keeps = None
    stay = action.params.get("stay_in")
    inside: frozenset[str] | None = None  # where the piece whose series is made may land

    def onward(index: int, path: list[str], taken: list[int]) -> Iterator[Move]:
        nonlocal several, keeps
        here = path[-1]
        for over in shape.neighbours.get(here, ()):
            if allowed is not None and shape.headings[(here, over)] not in allowed:
                continue
            standing = places.at.get(over)
            if not standing:  # most lines have no piece to jump: said before any list is made
                continue
            victims = [other for other in standing if other not in taken]
            if not victims or any(other == index for other in victims):
                continue
            if action.over == "others" and any(pieces[v][OWNER] == actor for v in victims):
                continue
            landing = shape.beyond.get((here, over))
            if landing is None or any(other != index for other in places.at.get(landing, ())):
                continue
            if inside is not None and landing not in inside:
                continue  # a series never leaves the region it keeps the piece in
            if keeps is None:
                keeps = action.params["capture"].pick(read) == "none"
            if keeps:
                # Nothing is taken, so a chain could go round for ever: it never comes back
                # to a space it has been on, and the same piece may be jumped again.
                if landing in path:
                    continue
                move = Move(index, (*path, landing), action, stage)
            else:
                move = Move(index, (*path, landing), action, stage, captures=(*taken, *victims))
            yield move
            if (len(move.path) > MOST_JUMPS) if keeps else (len(move.captures) >= MOST_JUMPS):
                continue
            if several is None:
                several = bool(action.params["multiple"].pick(read))
            if several:
                yield from onward(index, [*path, landing],
                                  taken if keeps else [*taken, *victims])

    for index, piece in _movable(state, actor, action, origin, places):
        if stay is not None:
            inside = kept_in(stay, piece, read)
        yield from onward(index, [piece[SPACE]], [])


def enter(game: RulesGame, state, actor: str, action: Action, stage: int, read: Read,
          places: Occupancy, origin: str | None, target: tuple[str, ...] | None
         ) -> Iterator[Move]:
    if target is not None and len(target) != 2:
        return
    if "throws" in action.params:
        total = state["total"]
        if total is None or not agreed(action.params["throws"], lambda t: total in t, read):
            return
    region = game.regions[action.entry_region].spaces
    to = action.params["to"].pick(read)
    targets = game.regions[to].spaces if to in game.regions else (to,)
    stay = action.params.get("stay_in")
    for index, piece in _movable(state, actor, action, origin, places):
        if piece[SPACE] not in region:
            continue
        inside = None if stay is None else kept_in(stay, piece, read)
        for space in targets:
            if target is not None and space != target[1]:
                continue
            if inside is not None and space not in inside:
                continue
            if space != piece[SPACE] and may_land(game, state, actor, index, space, action,
                                                  read, places):
                yield Move(index, (piece[SPACE], space), action, stage)


MAKERS = {"race": race, "step": step, "jump": jump, "enter": enter}
