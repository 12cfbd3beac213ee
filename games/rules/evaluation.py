"""What agents play a data game for: an evaluation derived from the document's ends
(``games.core.evaluation``), so greedy and MCTS agents, simulated matches and impact studies
play any rules document with no code of its own.

Each end is about one player at a time (who reaches, whose pieces are few, who is blocked) and
says whose win it is (``winner``). How near an end stands for a player, from 0 to 1:

- ``reach``: how far the player's pieces have come towards the space or region, counted in
  moves along the board (tracks forward, links both ways, entries from a region, a space's
  jump taken at once) and measured against the farthest space that leads there; the best
  piece, or all the pieces on average for ``all``; a captured piece has come nowhere;
- ``fewer``: the share taken of the pieces that must go before the end holds, counting half a
  piece for each another player could take in one move now, and a little for how close the
  takers stand to the nearest point a jump over one of them could be made from (so a hunter
  hunts where a capture is made, not beside a piece that no jump can reach);
- ``blocked``: ``0.3 / (1 + moves)²`` for the moves the player's pieces have at the turn's
  act stages (moves by a throw are not counted: they wait for the dice; squared, so that it
  weighs once few are left, not a centre against an edge), plus ``0.7 ×`` the room they
  lack: half the share of the board's empty spaces they could walk to, half the share of
  the spaces within ``NEAR`` links that are empty (so closing in counts before a region is
  closed off).

A seat's standing is the chance that one of the ends whose win is its own holds, taking each
end's nearness for its chance: ``1 − Π(1 − nearness)``.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Mapping
from typing import Any

from games.core.evaluation import Evaluation
from games.core.points import Interpretation
from games.rules.clauses import Reading
from games.rules.model import End, RulesGame
from games.rules.movement import geometry, jump, stage_moves
from games.rules.occupancy import occupancy
from games.rules.state import KIND, OWNER, SPACE, player_of_role, seat_order

THROWN = frozenset({"race"})  # moves that wait for the dice: no part of a player's mobility
THREATENED = 0.5  # of a piece taken, for each piece another player could take in one move now
PINNED_NOW = 0.3  # of being blocked, for having no move now (the rest: no room left)
NEAR = 2  # links around a player's pieces whose emptiness is its room close at hand
CHASED = 0.25  # of a piece taken, for a taker next to the nearest piece (less further away)


def evaluation_of(game: RulesGame) -> Evaluation:
    """The evaluation of ``game``'s document (see the module's docstring)."""
    return Evaluation(evaluate=Judge(game).evaluate)


class Judge:
    """The nearness of every end for a compiled document, its tables made once."""

    def __init__(self, game: RulesGame) -> None:
        self.game = game
        self.graph = _ways_back(game)
        self._distances: dict[str, tuple[dict[str, int], int]] = {}
        self._apart: dict[tuple[tuple[str, ...], str], dict[str, int]] = {}
        # The standings of the last state judged (every seat is asked about the same state).
        self._last: tuple[Mapping[str, Any], Interpretation, dict[str, float]] | None = None

    def evaluate(self, state: Mapping[str, Any], seat: str, reading: Interpretation) -> float:
        last = self._last
        if last is None or last[0] is not state or last[1] is not reading:
            last = self._last = (state, reading, self.standings(state, reading))
        return last[2].get(seat, 0.0)

    def standings(self, state: Mapping[str, Any], reading: Interpretation) -> dict[str, float]:
        read = Reading(reading)
        missing = dict.fromkeys(seat_order(state), 1.0)  # Π(1 − nearness), by seat
        for end in self.game.ends:
            winner = end.winner.pick(read)
            if winner == "none":
                continue
            for player, nearness in self.nearness(end, state, read):
                won_by = _beneficiary(state, winner, player)
                if won_by in missing:
                    missing[won_by] *= 1.0 - min(1.0, max(0.0, nearness))
        return {pid: 1.0 - left for pid, left in missing.items()}

    def nearness(self, end: End, state: Mapping[str, Any], read: Reading
                 ) -> Iterable[tuple[str | None, float]]:
        """(the player the end is about, how near it stands) for each player it may be about."""
        if end.kind == "reach":
            assert end.target is not None
            place = end.target.pick(read)
            for pid in seat_order(state):
                yield pid, self._reached(state, end, place, pid)
        elif end.kind == "fewer":
            assert end.than is not None and end.kinds is not None
            yield self._taken(state, end.kinds, end.than.pick(read), read)
        else:
            for pid in seat_order(state):
                if end.role is None or state["roles"].get(pid) == end.role:
                    yield pid, self._pinned(state, pid, read)

    def distances(self, place: str) -> tuple[dict[str, int], int]:
        """Moves from every space to ``place`` (a space or region), and the most of them."""
        found = self._distances.get(place)
        if found is None:
            steps = _distances_to(self.graph, self.game.spaces_of(place))
            found = self._distances[place] = (steps, max(steps.values(), default=0))
        return found

    def _reached(self, state: Mapping[str, Any], end: End, place: str, pid: str) -> float:
        steps, farthest = self.distances(place)
        near = [_closeness(steps, farthest, piece[SPACE]) for piece in state["pieces"]
                if piece[OWNER] == pid and (end.kinds is None or piece[KIND] in end.kinds)]
        if not near:
            return 0.0
        return sum(near) / len(near) if end.all else max(near)

    def _taken(self, state: Mapping[str, Any], kinds: frozenset[str], than: int, read: Reading
               ) -> tuple[str | None, float]:
        pieces = state["pieces"]
        theirs = [index for index, piece in enumerate(pieces) if piece[KIND] in kinds]
        owner = pieces[theirs[0]][OWNER] if theirs else None
        left = [index for index in theirs if pieces[index][SPACE] is not None]
        to_take = len(theirs) - than + 1  # the end holds once fewer than ``than`` are left
        if to_take <= 0:
            return owner, 1.0
        taken = len(theirs) - len(left)
        if taken >= to_take or not left:
            return owner, 1.0
        threatened, apart = self._hunt(state, owner, frozenset(left), read)
        chased = 1.0 / apart if apart else 0.0
        return owner, (taken + THREATENED * threatened + CHASED * chased) / to_take

    def _hunt(self, state: Mapping[str, Any], owner: str | None, hunted: frozenset[int],
              read: Reading) -> tuple[int, int | None]:
        """The most of the ``hunted`` pieces another player than ``owner`` could take in one
        jump now, and the fewest links between a piece that jumps and a point it could jump
        one of them from (see ``_jumping_points``): a hunter heads for where a jump is made,
        not only next to its prey."""
        pieces = state["pieces"]
        places = occupancy(state)
        most, apart = 0, None
        hunted_at = {pieces[index][SPACE] for index in hunted}
        for stage in self.game.stages:
            for action in stage.actions:
                if action.kind != "jump":
                    continue
                for pid in seat_order(state):
                    if pid == owner or not places.may_move(pid, action):
                        continue
                    for move in jump(self.game, state, pid, action, stage.index, read, places,
                                     None, None):
                        most = max(most, sum(1 for index in move.captures if index in hunted))
                    names = action.params["along"].pick(read)
                    goals = self._jumping_points(names, hunted_at, places.at)
                    for index in places.owned.get(pid, ()):
                        piece = pieces[index]
                        if action.kinds is None or piece[KIND] in action.kinds:
                            found = self._links_apart(names, piece[SPACE], goals)
                            if found is not None and (apart is None or found < apart):
                                apart = found
        return most, apart

    def _jumping_points(self, names: tuple[str, ...], hunted_at: set[str],
                        taken: Mapping[str, list[int]]) -> dict[str, int]:
        """Where a hunter would stand to jump a hunted piece (the landing beyond it empty),
        one link from the prey; when no hunted piece can be jumped from anywhere now, the
        pieces themselves (a piece out of reach is no prey while another is in it)."""
        shape = geometry(self.game, names)
        goals: dict[str, int] = {}
        for space in hunted_at:
            for start in shape.neighbours.get(space, ()):
                landing = shape.beyond.get((start, space))
                if landing is not None and landing not in taken:
                    goals[start] = 1
        return goals or dict.fromkeys(hunted_at, 0)

    def _links_apart(self, names: tuple[str, ...], start: str, goals: Mapping[str, int]
                     ) -> int | None:
        """The fewest links (of the sets ``names``) from ``start`` to one of ``goals``, each
        goal's own count added."""
        key = (names, start)
        steps = self._apart.get(key)
        if steps is None:
            neighbours = geometry(self.game, names).neighbours
            steps = {start: 0}
            frontier = [start]
            while frontier:
                following = []
                for here in frontier:
                    for there in neighbours.get(here, ()):
                        if there not in steps:
                            steps[there] = steps[here] + 1
                            following.append(there)
                frontier = following
            self._apart[key] = steps
        return min((steps[goal] + extra for goal, extra in goals.items() if goal in steps),
                   default=None)

    def _pinned(self, state: Mapping[str, Any], pid: str, read: Reading) -> float:
        moves: set[tuple[str, ...]] = set()
        names: set[str] = set()
        counted = False
        for stage in self.game.stages:
            if stage.kind != "act" or not any(a.moves and a.kind not in THROWN
                                              for a in stage.actions):
                continue
            counted = True
            moves.update(move.path for move in stage_moves(self.game, state, pid, stage, read)
                         if move.action.kind not in THROWN)
            for action in stage.actions:
                along = action.params.get("along")
                if along is not None and action.kind not in THROWN:
                    names.update(along.pick(read))
        if not counted:
            return 0.0
        room = self._room(state, pid, tuple(sorted(names)))
        return PINNED_NOW / (1 + len(moves)) ** 2 + (1 - PINNED_NOW) * (1 - room)

    def _room(self, state: Mapping[str, Any], pid: str, names: tuple[str, ...]) -> float:
        """The room left to pen the player's pieces into, from 0 to 1: half the share of the
        board's empty spaces they could walk to along the links ``names``, half the share of
        the spaces within ``NEAR`` links of them that are empty and reachable (so that
        closing in counts before a region is closed off)."""
        if not names:
            return 0.0
        neighbours = geometry(self.game, names).neighbours
        places = occupancy(state)
        taken = places.at
        starts = {state["pieces"][index][SPACE] for index in places.owned.get(pid, ())}
        frontier = list(starts)
        seen = set(starts)
        while frontier:
            here = frontier.pop()
            for there in neighbours.get(here, ()):
                if there not in seen and there not in taken:
                    seen.add(there)
                    frontier.append(there)
        empty = len(self.game.spaces) - len(taken)
        far = len(seen - starts) / empty if empty > 0 else 0.0
        near_free, near_all = _within(neighbours, starts, NEAR, taken), _within(
            neighbours, starts, NEAR, {})
        near = len(near_free) / len(near_all) if near_all else 0.0
        return (far + near) / 2


def _within(neighbours: Mapping[str, tuple[str, ...]], starts: set[str], links: int,
            taken: Mapping[str, Any]) -> set[str]:
    """The spaces up to ``links`` links from ``starts`` through spaces not ``taken``."""
    found: set[str] = set()
    frontier = list(starts)
    for _ in range(links):
        following = []
        for here in frontier:
            for there in neighbours.get(here, ()):
                if there not in found and there not in starts and there not in taken:
                    found.add(there)
                    following.append(there)
        frontier = following
    return found


def _beneficiary(state: Mapping[str, Any], winner: Any, player: str | None) -> str | None:
    """Whose win an end about ``player`` is (as ``games.rules.ends`` names the winner)."""
    if winner == "player":
        return player
    if winner == "other":
        return next((pid for pid in seat_order(state) if pid != player), None)
    return player_of_role(state, winner[1])


def _closeness(steps: Mapping[str, int], farthest: int, space: str | None) -> float:
    if space is None or space not in steps:
        return 0.0
    return 1.0 - steps[space] / (farthest + 1)


def _ways_back(game: RulesGame) -> dict[str, list[tuple[str, int]]]:
    """The board's ways a piece can go, reversed (space -> the spaces that lead to it, and the
    moves it costs): tracks forward, the link sets any action moves along, entries from a
    region, and a space's jump (taken at once, for nothing)."""
    back: dict[str, list[tuple[str, int]]] = {space: [] for space in game.spaces}

    def way(start: str, end: str, cost: int = 1) -> None:
        if start != end:
            back[end].append((start, cost))

    for track in game.tracks.values():
        for here, there in zip(track.spaces, track.spaces[1:], strict=False):
            way(here, there)
    link_sets: set[str] = set()
    for action in game.actions.values():
        along = action.params.get("along")
        if along is not None:
            link_sets.update(name for names in along.values() for name in names)
        if action.kind == "enter" and action.origin is not None:
            for target in action.params["to"].values():
                for start in game.regions[action.origin].spaces:
                    for end in game.spaces_of(target):
                        way(start, end)
    for name in sorted(link_sets):
        for here, others in game.links.get(name, {}).items():
            for there in others:
                way(here, there)
    for space in game.spaces.values():
        if space.effect is None:
            continue
        for effects in space.effect.values():
            for operation, argument in effects:
                if operation == "jump":
                    way(space.id, argument, 0)
    return back


def _distances_to(back: Mapping[str, list[tuple[str, int]]], goals: Iterable[str]
                  ) -> dict[str, int]:
    """The fewest moves from every space that leads to one of ``goals`` (0-1 breadth first)."""
    found: dict[str, int] = {}
    queue = deque((goal, 0) for goal in sorted(goals))
    while queue:
        here, cost = queue.popleft()
        if here in found and found[here] <= cost:
            continue
        found[here] = cost
        for before, step in back.get(here, ()):
            if before not in found or found[before] > cost + step:
                if step == 0:
                    queue.appendleft((before, cost))
                else:
                    queue.append((before, cost + step))
    return found
