"""The moves a document allows: a race along a track by the throw, a step to a neighbouring
space, a jump over a piece (once or several times), an entry from a region. ``apply`` and
the offers ask the same function, each with its own way of reading the points (see
``clauses``), so what is offered is exactly what is legal."""

from __future__ import annotations

from bisect import insort
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from games.rules.clauses import Fixed, Read, agreed
from games.rules.geometry import beyond_of, heading, neighbours_of, walk
from games.rules.model import Action, RulesGame, Stage
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

    def neighbours_toward(self, allowed: frozenset[str] | None) -> dict[str, tuple[str, ...]]:
        found = self.toward.get(allowed)
        if found is None:
            headings = self.headings
            found = self.toward[allowed] = self.neighbours if allowed is None else {
                here: tuple(space for space in others if headings[here, space] in allowed)
                for here, others in self.neighbours.items()}
        return found


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


class Occupancy:
    """Where the pieces of one state stand: ``at`` (space -> the pieces on it), ``owned``
    (player -> that player's pieces on the board), and, asked for, the kinds each player
    has there."""

    __slots__ = ("at", "counts", "kinds", "owned", "pieces")

    def __init__(self, pieces: list) -> None:
        at: dict[str, list[int]] = {}
        owned: dict[str, list[int]] = {}
        index = -1
        for piece in pieces:  # counted by hand, not enumerate: done for every new state
            index += 1
            space = piece[SPACE]
            if space is None:
                continue
            if space in at:
                at[space].append(index)
            else:
                at[space] = [index]
            owner = piece[OWNER]
            if owner in owned:
                owned[owner].append(index)
            else:
                owned[owner] = [index]
        self.at, self.owned, self.pieces = at, owned, pieces
        # Asked for, then kept: player -> the kinds of that player's pieces on the board
        # (``kinds_of``), kinds -> how many pieces of them are on the board (``count``).
        self.kinds: dict[str, frozenset[str]] = {}
        self.counts: dict[frozenset[str], int] = {}

    def moved(self, pieces: list, changed: Iterable) -> Occupancy:
        """The occupancy of ``pieces``, a copy of this one's pieces list where an event
        changed the pieces at the indexes ``changed`` (and no other), made from this one's
        rather than by counting every piece again."""
        before = self.pieces
        at = dict(self.at)  # its lists are replaced, never changed
        owned = self.owned
        kinds, counts = self.kinds, self.counts  # the same while no piece enters or leaves
        for index in changed:
            piece = pieces[index]
            was, now = before[index][SPACE], piece[SPACE]
            if was == now:
                continue
            if was is not None:
                held = at[was]
                if len(held) == 1:
                    del at[was]
                else:
                    at[was] = [other for other in held if other != index]
            if now is not None:
                there = at.get(now)
                at[now] = [index] if there is None else sorted((*there, index))
            if (was is None) != (now is None):  # on or off the board: whose pieces changes
                if owned is self.owned:
                    owned = {owner: list(held) for owner, held in owned.items()}
                    kinds, counts = {}, {}
                mine = owned.setdefault(piece[OWNER], [])
                if now is None:
                    mine.remove(index)
                    if not mine:
                        del owned[piece[OWNER]]
                else:
                    insort(mine, index)
        found = Occupancy.__new__(Occupancy)
        found.at, found.owned, found.pieces = at, owned, pieces
        found.kinds, found.counts = kinds, counts
        return found

    def count(self, kinds: frozenset[str]) -> int:
        """How many pieces of ``kinds`` are on the board."""
        found = self.counts.get(kinds)
        if found is None:
            pieces = self.pieces
            found = self.counts[kinds] = sum(
                1 for held in self.owned.values() for index in held
                if pieces[index][KIND] in kinds)
        return found

    def kinds_of(self, actor: str) -> frozenset[str]:
        """The kinds of the actor's pieces on the board."""
        kinds = self.kinds.get(actor)
        if kinds is None:
            kinds = self.kinds[actor] = frozenset(
                self.pieces[index][KIND] for index in self.owned.get(actor, ()))
        return kinds

    def may_move(self, actor: str, action: Action) -> bool:
        """Whether the actor has a piece of a kind the action moves (else it offers nothing)."""
        return action.kinds is None or not action.kinds.isdisjoint(self.kinds_of(actor))


# The last pieces lists asked about and their occupancy, newest last: a tuple replaced whole,
# so a thread reading it never sees it half-written.
_RECENT: tuple[tuple[list, Occupancy], ...] = ()
KEPT = 4


def occupancy(state: Mapping[str, Any]) -> Occupancy:
    """Where the pieces stand, by index. A state's pieces list is never changed in place
    (copy on write), so the answers for the last few are kept (an event asks about the state
    before it and the one after, under several readings)."""
    global _RECENT
    pieces = state["pieces"]
    recent = _RECENT
    if recent and recent[-1][0] is pieces:  # most often the newest: said before any loop
        return recent[-1][1]
    for known, found in reversed(recent):
        if known is pieces:
            return found
    found = Occupancy(pieces)
    _RECENT = (*recent[1 - KEPT:], (pieces, found))
    return found


def carry_occupancy(before: list, after: list, changed: Iterable) -> None:
    """Keep the occupancy of ``after``, the pieces list an event made from ``before`` by
    changing the pieces at ``changed``, made from ``before``'s when that one is kept (see
    ``Occupancy.moved``)."""
    global _RECENT
    recent = _RECENT
    for known, found in reversed(recent):
        if known is before:
            _RECENT = (*recent[1 - KEPT:], (after, found.moved(after, changed)))
            return


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


def recorded_move(game: RulesGame, state: Mapping[str, Any], actor: str, stage: Stage,
                  read: Read, path: tuple[str, ...]) -> Move | None:
    """The move of ``stage_moves`` whose path is ``path``, or None: judged alone, each action
    asked only for that path (what a recorded move's legality depends on, found after every
    event without listing every other move)."""
    at = occupancy(state)
    kinds = at.kinds.get(actor) or at.kinds_of(actor)
    judges, compulsory = stage.judges.get(kinds) or _judges(stage, kinds)
    first = None
    for action, judge in judges:
        move = judge(game, state, actor, action, stage.index, read, at, path)
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


def _judges(stage: Stage, kinds: frozenset[str]) -> tuple[tuple, tuple[Action, ...]]:
    """For a player with pieces of ``kinds``: the stage's actions that can move one, each
    with its judge of a recorded path, and those of them that may make capturing
    compulsory (made once per set of kinds)."""
    movers = [action for action in stage.actions if action.kind in RECORDED and (
        action.kinds is None or not action.kinds.isdisjoint(kinds))]
    found = stage.judges[kinds] = (
        tuple((action, RECORDED[action.kind]) for action in movers),
        tuple(action for action in stage.compulsory_jumps if action in movers))
    return found


def _jump_compulsory(game: RulesGame, state: Mapping[str, Any], actor: str,
                     compulsory: tuple[Action, ...], read: Read, at: Occupancy) -> bool:
    """Whether the actor can jump under one of the ``compulsory`` actions that says capturing
    is compulsory (under the reading)."""
    for action in compulsory:
        if _can_jump(game, state, actor, action, read, at) and \
                agreed(action.params["must"], bool, read):
            return True
    return False


def _must_jump(game, state, actor, stage, read, at, found, origin) -> bool:
    """Whether a jump is possible (by any piece) under an action that makes it compulsory."""
    for action in stage.compulsory_jumps:
        if not at.may_move(actor, action):
            continue
        if origin is None:
            possible = any(move.action is action for move in found)
        else:
            possible = _can_jump(game, state, actor, action, read, at)
        if possible and agreed(action.params["must"], bool, read):
            return True
    return False


def any_move(game: RulesGame, state: Mapping[str, Any], actor: str, stage: Stage,
             read: Read) -> bool:
    """Whether the stage allows ``actor`` any move at all (stops at the first found)."""
    at = occupancy(state)
    kinds = at.kinds.get(actor) or at.kinds_of(actor)
    for action, _judge in (stage.judges.get(kinds) or _judges(stage, kinds))[0]:
        if action.kind == "step":
            if _can_step(game, state, actor, action, read, at):
                return True
            continue
        if action.kind == "jump":
            if _can_jump(game, state, actor, action, read, at):
                return True
            continue
        if next(MAKERS[action.kind](game, state, actor, action, stage.index, read, at, None,
                                    None), None) is not None:
            return True
    return False


def _can_step(game: RulesGame, state, actor: str, action: Action, read: Read,
              places: Occupancy) -> bool:
    """``step``'s question, asked only whether there is an answer (the end of a game when a
    player cannot move asks it after every event, so it stops at the first move found)."""
    owned = places.owned.get(actor)
    if not owned:
        return False
    pieces = state["pieces"]
    kinds = action.kinds
    shape = game.shapes.get(action.id) or shape_of(game, action, read)
    taken = places.at
    clause = action.params.get("headings")
    landable = game.landable_when_taken[action.id]
    # A step every reading allows answers without reading the point; else the reading's.
    ways = (action.headings_everyone, None) if clause is not None and type(
        clause) is not Fixed else (None,)
    for everyone in ways:
        allowed = everyone if everyone is not None else (
            clause.pick(read) if clause is not None else None)
        reach = shape.toward.get(allowed) or shape.neighbours_toward(allowed)
        for index in owned:  # ``_movable``'s pieces, without making their list
            piece = pieces[index]
            if piece[WAITING] or (kinds is not None and piece[KIND] not in kinds):
                continue
            for space in reach.get(piece[SPACE], ()):
                if space not in taken or (space in landable and _may_land(
                        game, state, actor, index, space, action, read, places)):
                    return True
    return False


def _can_jump(game: RulesGame, state, actor: str, action: Action, read: Read,
              places: Occupancy) -> bool:
    """``jump``'s question asked only whether there is an answer: the first jump of the
    first piece that has one, judged as ``jump`` judges it, without making the move."""
    owned = places.owned.get(actor)
    if not owned:
        return False
    shape = game.shapes.get(action.id) or shape_of(game, action, read)
    allowed = action.params["headings"].pick(read) if "headings" in action.params else None
    pieces = state["pieces"]
    kinds = action.kinds
    taken, headings = places.at, shape.headings
    others_only = action.over == "others"
    for index in owned:  # ``_movable``'s pieces, without making their list
        piece = pieces[index]
        if piece[WAITING] or (kinds is not None and piece[KIND] not in kinds):
            continue
        here = piece[SPACE]
        for over, landing in shape.jumps.get(here, ()):
            victims = taken.get(over)
            if not victims or index in victims:
                continue
            if allowed is not None and headings[here, over] not in allowed:
                continue
            if others_only and (pieces[victims[0]][OWNER] == actor if len(victims) == 1 else
                                any(pieces[other][OWNER] == actor for other in victims)):
                continue
            standing = taken.get(landing)
            if standing and (len(standing) > 1 or standing[0] != index):
                continue
            return True
    return False


def _movable(state: Mapping[str, Any], actor: str, action: Action, origin: str | None,
             places: Occupancy) -> list[tuple[int, list]]:
    kinds = action.kinds
    pieces = state["pieces"]
    indexes = places.owned.get(actor, ()) if origin is None else places.at.get(origin, ())
    return [(index, pieces[index]) for index in indexes
            if pieces[index][OWNER] == actor and not pieces[index][WAITING]
            and (kinds is None or pieces[index][KIND] in kinds)]


def _may_land(game: RulesGame, state, actor: str, piece: int, space: str, action: Action,
              read: Read, places: Occupancy) -> bool:
    """Whether a move may end on ``space``: blocked by another's piece or one's own only when
    the action says so."""
    there = places.at.get(space)
    if not there or game.spaces[space].shared:
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
    for index, piece in _movable(state, actor, action, origin, places):
        here = piece[SPACE]
        position = track.index.get(here)
        if position is None:
            continue
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
                if to not in places.at or _may_land(game, state, actor, index, to, action,
                                                    read, places):
                    yield Move(index, (here, to), action, stage, (), 1, (), count)
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
        if end not in places.at or _may_land(game, state, actor, index, end, action, read,
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
    for index, piece in _movable(state, actor, action, origin, places):
        here = piece[SPACE]
        for space in neighbours.get(here, ()):
            if allowed is not None and headings[here, space] not in allowed:
                continue
            if space not in places.at or _may_land(game, state, actor, index, space, action,
                                                   read, places):
                yield Move(index, (here, space), action, stage)


def jump(game: RulesGame, state, actor: str, action: Action, stage: int, read: Read,
         places: Occupancy, origin: str | None, target: tuple[str, ...] | None
         ) -> Iterator[Move]:
    shape = game.shapes.get(action.id) or shape_of(game, action, read)
    allowed = action.params["headings"].pick(read) if "headings" in action.params else None
    pieces = state["pieces"]
    several = None

    def onward(index: int, path: list[str], taken: list[int]) -> Iterator[Move]:
        nonlocal several
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
            move = Move(index, (*path, landing), action, stage, captures=(*taken, *victims))
            yield move
            if len(move.captures) >= MOST_JUMPS:
                continue
            if several is None:
                several = bool(action.params["multiple"].pick(read))
            if several:
                yield from onward(index, [*path, landing], [*taken, *victims])

    for index, piece in _movable(state, actor, action, origin, places):
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
    for index, piece in _movable(state, actor, action, origin, places):
        if piece[SPACE] not in region:
            continue
        for space in targets:
            if target is not None and space != target[1]:
                continue
            if space != piece[SPACE] and _may_land(game, state, actor, index, space, action,
                                                   read, places):
                yield Move(index, (piece[SPACE], space), action, stage)


MAKERS = {"race": race, "step": step, "jump": jump, "enter": enter}


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
    for index in taken.get(here, ()):  # ``_movable``'s pieces, asked of one space
        piece = pieces[index]
        if piece[OWNER] == actor and not piece[WAITING] and (
                kinds is None or piece[KIND] in kinds) and (
                there not in taken or _may_land(game, state, actor, index, there, action, read,
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
    allowed = action.params["headings"].pick(read) if "headings" in action.params else None
    pieces = state["pieces"]
    taken = places.at
    kinds = action.kinds
    others_only = action.over == "others"
    several = None

    def hop(index: int, reached: int, captured: tuple[int, ...]) -> Move | None:
        nonlocal several
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
            captures = (*captured, *victims)
            if reached + 2 == len(path):
                return Move(index, path, action, stage, captures=captures)
            if len(captures) >= MOST_JUMPS:
                continue
            if several is None:
                several = bool(action.params["multiple"].pick(read))
            if several:
                found = hop(index, reached + 1, captures)
                if found is not None:
                    return found
        return None

    for index in taken.get(path[0], ()):  # ``_movable``'s pieces, asked of one space
        piece = pieces[index]
        if piece[OWNER] == actor and not piece[WAITING] and (
                kinds is None or piece[KIND] in kinds):
            move = hop(index, 0, ())
            if move is not None:
                return move
    return None


def _recorded_by_maker(game: RulesGame, state, actor: str, action: Action, stage: int,
                       read: Read, places: Occupancy, path: tuple[str, ...]) -> Move | None:
    """The first move an action's maker makes along ``path`` (a race's are not narrowed by
    the path, only by its first space; an entry's by its first and last)."""
    made = MAKERS[action.kind](game, state, actor, action, stage, read, places, path[0], path)
    return next((move for move in made if move.path == path), None)


RECORDED = {"race": _recorded_by_maker, "step": _recorded_step, "jump": _recorded_jump,
            "enter": _recorded_by_maker}
