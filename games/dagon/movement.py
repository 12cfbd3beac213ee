"""Moving along the route (dagon/starting-the-game): paths, obstacles and where a move may end."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import pairwise
from typing import Any

from games.dagon.board import BLOCKING_KINDS, Board


def path_report(
    board: Board, state: Mapping[str, Any], pid: str, path: Sequence[str]
) -> tuple[list[str], list[str], bool]:
    """Check a recorded path for one Hero.

    Returns (problems, obstacles, ends_on_tower): ``problems`` are breaks of the route itself
    (wrong first space, unknown space, a jump, a return to the starting point); ``obstacles``
    the spaces passed over that only the bearer or a duel winner may pass; ``ends_on_tower``
    whether the move stops on a Black Tower.
    """
    problems: list[str] = []
    start = state["heroes"][pid]["space"]
    if path[0] != start:
        problems.append(f"the path starts at {path[0]!r} but the Hero stands on {start!r}")
    kind = board.kind
    for space in path:
        if space not in kind:
            problems.append(f"{space!r} is not a space of the board")
            return problems, [], False
    for a, b in pairwise(path):
        if not board.adjacent(a, b):
            problems.append(f"{a!r} and {b!r} are not joined by the route line")
    if path[0] in path[1:]:
        problems.append("the move returns to the point from which it started")
    towers = state["towers"]["spaces"]
    heroes = state["heroes"]
    others = {h["space"] for p, h in heroes.items() if p != pid}
    obstacles = []
    for space in path[1:-1]:
        if kind[space] in BLOCKING_KINDS or space in towers or space in others:
            obstacles.append(space)
    return problems, obstacles, path[-1] in towers


def walk_layers(board: Board, state: Mapping[str, Any], pid: str, steps: int,
                can_pass: bool) -> list[list[set[str]]]:
    """layers[k]: spaces a Hero can be on after k steps with every earlier step passable;
    for k >= 1 only the spaces it may also pass over are kept in ``passable`` (index k)."""
    start = state["heroes"][pid]["space"]
    towers = state["towers"]["spaces"]
    heroes = state["heroes"]
    others = {h["space"] for p, h in heroes.items() if p != pid}
    kind = board.kind
    neighbours = board.neighbours
    layers = [{start}]
    passable = [{start}]
    for _ in range(steps):
        nxt: set[str] = set()
        for space in passable[-1]:
            for n in neighbours[space]:
                if n != start:
                    nxt.add(n)
        layers.append(nxt)
        if can_pass:
            passable.append(nxt)
        else:
            passable.append({s for s in nxt if kind[s] not in BLOCKING_KINDS
                             and s not in towers and s not in others})
    return [layers, passable]


def stoppable(board: Board, state: Mapping[str, Any], pid: str, space: str, can_pass: bool) -> bool:
    """Where a move may end under the strict reading of every point (cities not shared,
    no Spell without weapons)."""
    hero = state["heroes"][pid]
    if space in state["towers"]["spaces"] and not can_pass:
        return False
    kind = board.kind[space]
    occupied = any(h["space"] == space for p, h in state["heroes"].items() if p != pid)
    if occupied:
        if kind == "city" or hero["weapons"] < 1:
            return False
        if kind == "spell" and hero["weapons"] < 2:
            return False
    return not (kind == "spell" and hero["weapons"] < 1)


def legal_ends(board: Board, state: Mapping[str, Any], pid: str, steps: int, *,
               can_pass: bool, exact: bool, early_city: bool) -> tuple[list[set[str]], list[tuple[int, str]]]:
    """(passable layers, ends): every (length, space) a move may end on, sorted."""
    layers, passable = walk_layers(board, state, pid, steps, can_pass)
    ends = []
    for k in range(1, steps + 1):
        if exact and k < steps and not early_city:
            continue
        for space in layers[k]:
            if exact and k < steps and board.kind[space] != "city":
                continue
            if stoppable(board, state, pid, space, can_pass):
                ends.append((k, space))
    ends.sort()
    return passable, ends


def route_paths(board: Board, state: Mapping[str, Any], pid: str, longest: int, *,
                can_pass: bool) -> list[tuple[str, ...]]:
    """Every path along the route line from the Hero's space, of 1 to ``longest`` steps, that
    never returns to its starting point and passes over only what may be passed
    (``can_pass``: everything). Where a path may end is the caller's to judge."""
    start = state["heroes"][pid]["space"]
    if start not in board.kind:
        return []
    if can_pass:
        blocked: set[str] = set()
    else:
        heroes = state["heroes"]
        blocked = {s for s in board.ids if board.kind[s] in BLOCKING_KINDS}
        blocked.update(state["towers"]["spaces"])
        blocked.update(h["space"] for p, h in heroes.items() if p != pid)
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
