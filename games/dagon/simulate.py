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


def strategy(state: Mapping[str, Any], choices: Sequence[Choice], rng: random.Random,
             context: PlayContext) -> Choice:
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
        moves = _sensible_moves(state, board, pid, kinds["move"])
        if moves and not (phase == EXTRA_MOVE and rng.random() < 0.3):
            return _pick_move(state, board, pid, moves, ambitious, rng)
        if passes:
            return rng.choice(passes)
        return rng.choice(moves or kinds["move"])
    if "take_symbol" in kinds:
        return kinds["take_symbol"][0] if ambitious else rng.choice(passes)
    if phase == PLACE_SYMBOL:
        return _place_symbol(state, board, choices, rng)
    if phase == PLACE_TOWER and "place_tower" in kinds:
        return _place_tower(state, board, kinds["place_tower"], rng)
    if phase == MOVE_TOWER and "move_tower" in kinds:
        return _move_tower(state, board, kinds["move_tower"], rng)
    decisions = [c for c in choices if not c.open_fields] or list(choices)
    return rng.choice(decisions)


def _sensible_moves(state, board: Board, pid: str, moves: list[Choice]) -> list[Choice]:
    """Moves after which the Hero can go on: never onto a Hero it may not attack (no weapons,
    or one weapon against a Hero on a Spell), never onto a Spell without weapons."""
    weapons = state["heroes"][pid]["weapons"]
    others = {h["space"] for p, h in state["heroes"].items() if p != pid}
    kept = []
    for choice in moves:
        end = choice.event["data"]["path"][-1]
        kind = board.kind[end]
        if end in others and kind != "city" and (weapons < 1 or (kind == "spell" and weapons < 2)):
            continue
        if kind == "spell" and weapons < 1:
            continue
        kept.append(choice)
    return kept


def _pick_move(state, board: Board, pid: str, moves: list[Choice], ambitious: bool,
               rng: random.Random) -> Choice:
    by_end: dict[tuple[int, str], list[Choice]] = {}
    for choice in moves:
        path = choice.event["data"]["path"]
        by_end.setdefault((len(path) - 1, path[-1]), []).append(choice)
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


def _place_symbol(state, board: Board, choices: Sequence[Choice], rng: random.Random) -> Choice:
    open_part = _largest_open_part(board, set(state["towers"]["spaces"]))
    reachable = [c for c in choices if c.event["data"]["space"] in open_part]
    return rng.choice(reachable or list(choices))


def _place_tower(state, board: Board, towers: list[Choice], rng: random.Random) -> Choice:
    walls = set(state["towers"]["spaces"])
    open_ = [c for c in towers if _connected_without(board, walls | {c.event["data"]["space"]})]
    if open_:
        return rng.choice(open_)
    sizes = {c.event["data"]["space"]: len(_largest_open_part(board, walls | {c.event["data"]["space"]}))
             for c in towers}
    largest = max(sizes.values())
    return rng.choice([c for c in towers if sizes[c.event["data"]["space"]] == largest])


def _move_tower(state, board: Board, moves: list[Choice], rng: random.Random) -> Choice:
    towers = set(state["towers"]["spaces"])
    best, best_size = [], -1
    for choice in rng.sample(moves, min(len(moves), 40)):
        data = choice.event["data"]
        size = len(_largest_open_part(board, (towers - {data["from"]}) | {data["to"]}))
        if size > best_size:
            best, best_size = [choice], size
        elif size == best_size:
            best.append(choice)
    return rng.choice(best)
