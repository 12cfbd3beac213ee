"""The Dagon bots' strategy: how a sensible player picks among the legal choices.

``games.core.simulate.play`` offers the choices (``legal_events``) and draws the die and the
Spell cards among the chance choices; the strategy weighs the decisions: head for the Symbol
or its bearer, carry it to a city that has not knighted the Hero, recover strength in a city
when weapons run low, and keep the board open when placing a Black Tower, so matches end.
While the log is shorter than ``min_events`` the bots leave the Symbol where it lies.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from games.core.choices import Choice
from games.core.simulate import PlayContext
from games.dagon.board import Board, board_for
from games.dagon.state import EXTRA_MOVE, MOVE, MOVE_TOWER, PLACE_SYMBOL, PLACE_TOWER, START

_DISTANCES: dict[tuple, dict[str, int]] = {}


def _spells(board: Board) -> set[str]:
    return {s for s in board.ids if board.kind[s] == "spell"}


def _largest_open_part(board: Board, walls: set[str]) -> set[str]:
    """The largest set of spaces still joined to each other around the Black Towers and the
    Spells (a Hero without weapons may neither stop on nor pass a Spell)."""
    walls = walls | _spells(board)
    unseen = set(board.ids) - walls
    best: set[str] = set()
    for first in board.ids:
        if first not in unseen:
            continue
        part = {first}
        frontier = [first]
        unseen.discard(first)
        while frontier:
            here = frontier.pop()
            for n in board.neighbours[here]:
                if n in unseen:
                    unseen.discard(n)
                    part.add(n)
                    frontier.append(n)
        if len(part) > len(best):
            best = part
    return best


def _connected_without(board: Board, walls: set[str]) -> bool:
    """Every space not walled off by a Black Tower or a Spell can still be reached."""
    return len(_largest_open_part(board, walls)) == len(set(board.ids) - walls - _spells(board))


def _route_distances(board: Board, goals: tuple[str, ...], walls: frozenset[str]) -> dict[str, int]:
    """Steps to the nearest goal around ``walls``; cached, since towers seldom move."""
    key = (board.id, goals, walls)
    found = _DISTANCES.get(key)
    if found is None:
        found = {g: 0 for g in goals}
        frontier = list(goals)
        while frontier:
            nxt = []
            for here in frontier:
                for n in board.neighbours[here]:
                    if n not in found and n not in walls:
                        found[n] = found[here] + 1
                        nxt.append(n)
            frontier = nxt
        if len(_DISTANCES) > 5000:
            _DISTANCES.clear()
        _DISTANCES[key] = found
    return found


def _paths(choice: Choice) -> list[list[str]]:
    """The paths a move choice stands for (fixed, or each value of its open path)."""
    if "path" in choice.event["data"]:
        return [list(choice.event["data"]["path"])]
    return [list(path) for path in choice.field("path").domain.values]


def _values(choice: Choice, name: str) -> list[str]:
    return list(choice.field(name).domain.values)


def strategy(state: Mapping[str, Any], choices: Sequence[Choice], rng: random.Random,
             context: PlayContext) -> Choice | dict:
    chance = [choice for choice in choices if choice.chance]
    if chance:  # under the roll conjectures the bots roll for their move
        return rng.choice(chance)
    board = board_for(state["board_id"])
    phase = state["phase"]
    pid = state["turn"]
    ambitious = not context.stalling
    kinds: dict[str, list[Choice]] = {}
    for choice in choices:
        kinds.setdefault(choice.event["type"], []).append(choice)
    passes = kinds.get("pass", [])
    if "move" in kinds and phase in (START, MOVE, EXTRA_MOVE):
        moves = [{"type": "move", "actor": pid, "data": {"path": path}}
                 for choice in kinds["move"] for path in _paths(choice)]
        sensible = _sensible_moves(state, board, pid, moves)
        if sensible and not (phase == EXTRA_MOVE and rng.random() < 0.3):
            return _pick_move(state, board, pid, sensible, ambitious, rng)
        if passes:
            return rng.choice(passes)
        return rng.choice(sensible or moves)
    if "take_symbol" in kinds:
        return kinds["take_symbol"][0] if ambitious else rng.choice(passes)
    if phase == PLACE_SYMBOL and "place_symbol" in kinds:
        return _place_symbol(state, board, kinds["place_symbol"][0], rng)
    if phase == PLACE_TOWER and "place_tower" in kinds:
        return _place_tower(state, board, kinds["place_tower"][0], rng)
    if phase == MOVE_TOWER and "move_tower" in kinds:
        return _move_tower(state, board, kinds["move_tower"], rng)
    return rng.choice(list(choices))


def _sensible_moves(state, board: Board, pid: str, moves: list[dict]) -> list[dict]:
    """Moves after which the Hero can go on: never onto a Spell without weapons."""
    weapons = state["heroes"][pid]["weapons"]
    return [move for move in moves
            if not (board.kind[move["data"]["path"][-1]] == "spell" and weapons < 1)]


def _pick_move(state, board: Board, pid: str, moves: list[dict], ambitious: bool,
               rng: random.Random) -> dict:
    by_end: dict[tuple[int, str], list[dict]] = {}
    for move in moves:
        path = move["data"]["path"]
        by_end.setdefault((len(path) - 1, path[-1]), []).append(move)
    ends = sorted(by_end)
    hero = state["heroes"][pid]
    others = {h["space"] for p, h in state["heroes"].items() if p != pid}
    if hero["weapons"] <= 1:
        # keep the last weapon: without it a Hero may be shut in between two Spells for good
        ends = [(k, s) for k, s in ends if board.kind[s] != "spell" and s not in others] or ends
    elif hero["weapons"] == 2:
        on_spell = {h["space"] for p, h in state["heroes"].items()
                    if p != pid and board.kind[h["space"]] == "spell"}
        ends = [(k, s) for k, s in ends if s not in on_spell] or ends
    symbol = state["symbol"]
    if hero["weapons"] <= 1 and symbol["bearer"] != pid and rng.random() < 0.6:
        goals = board.cities  # recover strength first
    elif not ambitious or rng.random() < 0.15:
        goals = ()
    elif symbol["bearer"] == pid:
        fresh = tuple(c for c in board.cities if c not in hero["knighted"])
        goals = fresh or board.cities
    elif symbol["bearer"] is not None and hero["weapons"] >= 1:
        goals = (state["heroes"][symbol["bearer"]]["space"],)
    elif symbol["space"] is not None:
        goals = (symbol["space"],)
    else:
        goals = ()
    if goals:
        walls = set(state["towers"]["spaces"])
        if hero["weapons"] == 0 and symbol["bearer"] != pid:
            walls.update(_spells(board))
        goals = tuple(sorted(goals))
        dist = _route_distances(board, goals, frozenset(walls - set(goals)))
        best = min(dist.get(space, 999) for _k, space in ends)
        ends = [(k, s) for k, s in ends if dist.get(s, 999) == best]
    return rng.choice(by_end[rng.choice(ends)])


def _place_symbol(state, board: Board, choice: Choice, rng: random.Random) -> dict:
    open_part = _largest_open_part(board, set(state["towers"]["spaces"]))
    places = _values(choice, "space")
    reachable = [space for space in places if space in open_part]
    return choice.filled({"space": rng.choice(reachable or places)})


def _place_tower(state, board: Board, choice: Choice, rng: random.Random) -> dict:
    walls = set(state["towers"]["spaces"])
    places = _values(choice, "space")
    open_ = [space for space in places if _connected_without(board, walls | {space})]
    if open_:
        return choice.filled({"space": rng.choice(open_)})
    sizes = {space: len(_largest_open_part(board, walls | {space})) for space in places}
    largest = max(sizes.values())
    return choice.filled({"space": rng.choice([s for s in places if sizes[s] == largest])})


def _move_tower(state, board: Board, choices: list[Choice], rng: random.Random) -> dict:
    towers = set(state["towers"]["spaces"])
    moves = [(choice, target) for choice in choices for target in _values(choice, "to")]
    best, best_size = [], -1
    for choice, target in rng.sample(moves, min(len(moves), 40)):
        size = len(_largest_open_part(board, (towers - {choice.event["data"]["from"]}) | {target}))
        if size > best_size:
            best, best_size = [(choice, target)], size
        elif size == best_size:
            best.append((choice, target))
    choice, target = rng.choice(best)
    return choice.filled({"to": target})
