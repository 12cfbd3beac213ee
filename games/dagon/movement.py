"""Moving along the route (dagon/starting-the-game): paths, obstacles, where a move may end,
and whether a Hero has any move open (the only case in which it may pass).

``apply`` and ``legal_events`` ask the same questions here. Where the answer depends on an
interpretation point, the caller's ``read(point)`` gives the option: ``Referee.consult`` in
``apply`` (so the step is flagged), the reading itself in ``legal_events``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from itertools import pairwise
from typing import Any

from games.core.points import InterpretationPoint
from games.dagon.board import BLOCKING_KINDS, Board
from games.dagon.points import DUEL_PASS_OVER, MOVE_LENGTH, OCCUPIED_CITY, UNARMED_ON_SPELL
from games.dagon.state import EXTRA_MOVE, START

Read = Callable[[InterpretationPoint], str]
# The most circles a move may have under any reading: the die's highest face, under the
# conjectures that roll it for the move (a recorded path holds at most 7 spaces).
LONGEST_MOVE = 6


def path_report(
    board: Board, state: Mapping[str, Any], pid: str, path: Sequence[str]
) -> tuple[list[str], list[str], bool, list[str]]:
    """Check a recorded path for one Hero.

    Returns (problems, obstacles, ends_on_tower, cities_passed): ``problems`` are breaks of the
    route itself (wrong first space, unknown space, a jump, a return to the starting point);
    ``obstacles`` the spaces passed over that only the bearer or a duel winner may pass;
    ``ends_on_tower`` whether the move stops on a Black Tower; ``cities_passed`` the cities
    the move goes through without stopping.
    """
    problems: list[str] = []
    start = state["heroes"][pid]["space"]
    if path[0] != start:
        problems.append(f"the path starts at {path[0]!r} but the Hero stands on {start!r}")
    kind = board.kind
    for space in path:
        if space not in kind:
            problems.append(f"{space!r} is not a space of the board")
            return problems, [], False, []
    for a, b in pairwise(path):
        if not board.adjacent(a, b):
            problems.append(f"{a!r} and {b!r} are not joined by the route line")
    if path[0] in path[1:]:
        problems.append("the move returns to the point from which it started")
    towers = state["towers"]["spaces"]
    others = {h["space"] for p, h in state["heroes"].items() if p != pid}
    obstacles = [space for space in path[1:-1]
                 if kind[space] in BLOCKING_KINDS or space in towers or space in others]
    cities = [space for space in path[1:-1] if kind[space] == "city"]
    return problems, obstacles, path[-1] in towers, cities


def route_paths(board: Board, state: Mapping[str, Any], pid: str, longest: int, *,
                can_pass: bool, bearer: bool) -> list[tuple[str, ...]]:
    """Every path along the route line from the Hero's space, of 1 to ``longest`` circles, that
    never returns to its starting point and passes over only what may be passed (``can_pass``:
    every obstacle); the bearer of the Symbol never goes on past a city ("The Hero stops in
    the city"). Where a path may end is the caller's to judge."""
    start = state["heroes"][pid]["space"]
    if start not in board.kind:
        return []
    blocked: set[str] = set()
    if not can_pass:
        blocked = {s for s in board.ids if board.kind[s] in BLOCKING_KINDS}
        blocked.update(state["towers"]["spaces"])
        blocked.update(h["space"] for p, h in state["heroes"].items() if p != pid)
    if bearer:
        blocked.update(board.cities)
    neighbours = board.neighbours
    found: list[tuple[str, ...]] = []
    frontier = [(start,)]
    for step in range(1, longest + 1):
        grown = []
        for path in frontier:
            for space in neighbours[path[-1]]:
                if space != start:
                    found.append(path + (space,))
                    if step < longest and space not in blocked:
                        grown.append(path + (space,))
        frontier = grown
    return found


def stop_verdict(board: Board, state: Mapping[str, Any], pid: str, space: str, *,
                 tower_right: bool) -> tuple[bool, InterpretationPoint | None]:
    """Whether a move may end on ``space`` under the strict reading of every point, and the
    point whose other option would allow it when it may not (None: no reading allows it).

    ``tower_right``: the Hero may stop on a Black Tower (the bearer, a duel winner)."""
    hero = state["heroes"][pid]
    if space in state["towers"]["spaces"] and not tower_right:
        return False, None
    kind = board.kind[space]
    if any(h["space"] == space for p, h in state["heroes"].items() if p != pid):
        if kind == "city":
            return False, OCCUPIED_CITY
        if hero["weapons"] < 1 or (kind == "spell" and hero["weapons"] < 2):
            return False, None
        return True, None
    if kind == "spell" and hero["weapons"] < 1:
        return False, UNARMED_ON_SPELL
    return True, None


def move_lengths(state: Mapping[str, Any], read: Read) -> tuple[int, int, bool]:
    """(shortest, longest, exact_roll) for the move the Hero makes now: one circle at the turn's
    start (a longer move there is judged by the move itself), one more space after a duel, and
    after a recorded roll what dagon.move-length makes of it (exact_roll: only the bearer
    may stop short, in a city)."""
    phase = state["phase"]
    if phase in (START, EXTRA_MOVE):
        return 1, 1, False
    option = read(MOVE_LENGTH)
    roll = state["roll"]
    if option == "one-circle":
        return 1, 1, False
    if option == "roll-up-to":
        return 1, roll, False
    return roll, roll, True


def move_open(board: Board, state: Mapping[str, Any], pid: str, read: Read) -> bool:
    """Whether the Hero has a move open now: "The player whose turn it is must move", so a pass
    is legal only when this is False. At the turn's start a Hero that cannot take one circle
    is blocked under every reading (under the roll conjectures, as on an unrecorded roll of
    1). A point is read only when its other option would open a move the strict reading
    does not."""
    hero = state["heroes"][pid]
    if hero["space"] not in board.kind:
        return True
    bearer = state["symbol"]["bearer"] == pid
    shortest, longest, exact_roll = move_lengths(state, read)
    duel_right = hero["pass_right"] and not bearer and state["phase"] != EXTRA_MOVE
    lenient: set[InterpretationPoint] = set()

    def ends(can_pass: bool, tower_right: bool) -> bool:
        for path in route_paths(board, state, pid, longest, can_pass=can_pass, bearer=bearer):
            steps = len(path) - 1
            if steps < shortest and not (exact_roll and bearer and board.kind[path[-1]] == "city"):
                continue
            allowed, point = stop_verdict(board, state, pid, path[-1], tower_right=tower_right)
            if allowed:
                return True
            if point is not None:
                lenient.add(point)
        return False

    strict_pass = bearer or state["phase"] == EXTRA_MOVE
    if ends(strict_pass, strict_pass):
        return True
    if duel_right and ends(True, True) and read(DUEL_PASS_OVER) == "next-move":
        return True
    if OCCUPIED_CITY in lenient and read(OCCUPIED_CITY) == "share":
        return True
    return UNARMED_ON_SPELL in lenient and read(UNARMED_ON_SPELL) == "no-duel"
