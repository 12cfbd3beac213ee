"""Seeded bots that play random legal Dagon matches (under the default interpretation).

Dice and Spell cards are drawn here, by the bots' ``random.Random(seed)``, and written into
the log as events: a replay never draws anything. With ``min_events`` the bots leave the
Symbol where it lies until the log is that long, then play to win.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from games.core.engine import default_players
from games.dagon.board import Board
from games.dagon.movement import legal_ends, path_to
from games.dagon.state import (
    ATTACK,
    DUEL_ROLL,
    EXTRA_MOVE,
    MOVE,
    MOVE_TOWER,
    OVER,
    PLACE_SYMBOL,
    PLACE_TOWER,
    SPELL_CARD,
    START,
    TAKE_SYMBOL,
    occupants,
)

SAFETY_EVENTS = 200_000  # a match that will not end is cut here (unless max/min say more)


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


def _spells(board: Board) -> set[str]:
    return {s for s in board.ids if board.kind[s] == "spell"}


def _connected_without(board: Board, walls: set[str]) -> bool:
    """Every space not walled off by a Black Tower or a Spell can still be reached (bots keep
    the board open when they can, so that matches end)."""
    return len(_largest_open_part(board, walls)) == len(set(board.ids) - walls - _spells(board))


_DISTANCES: dict[tuple, dict[str, int]] = {}


def _route_distances(board: Board, goals: tuple[str, ...], walls: frozenset[str]) -> dict[str, int]:
    """Steps to the nearest goal around ``walls`` (Black Towers, and Spells for a Hero that
    must not fight); cached, since towers seldom move."""
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


class Bot:
    def __init__(self, engine, rng: random.Random) -> None:
        self.engine = engine
        self.rng = rng

    def choose(self, state: Mapping[str, Any], board: Board, ambitious: bool) -> dict:
        pid = state["turn"]
        phase = state["phase"]
        hero = state["heroes"][pid]
        rng = self.rng
        if phase == START:
            if hero["wizard_card"]:
                return {"type": "return_wizard_card", "actor": pid, "data": {}}
            if hero["sit_out"] > 0:
                return {"type": "pass", "actor": pid, "data": {"reason": "sits out"}}
            return {"type": "roll", "actor": pid, "data": {"value": rng.randint(1, 6)}}
        if phase in (MOVE, EXTRA_MOVE):
            return self.move(state, board, pid, ambitious)
        if phase == ATTACK:
            target = state["pending"]["target"]
            free = [s for s in board.lagoons if not occupants(state, s, exclude=target)]
            return {"type": "attack", "actor": pid,
                    "data": {"target": target, "lagoon": rng.choice(free), "lagoon_chosen_by": pid}}
        if phase == SPELL_CARD:
            return {"type": "spell_card", "actor": pid, "data": {"strength": rng.randint(1, 6)}}
        if phase == DUEL_ROLL:
            return {"type": "duel_roll", "actor": pid, "data": {"value": rng.randint(1, 6)}}
        if phase == TAKE_SYMBOL:
            if ambitious:
                return {"type": "take_symbol", "actor": pid, "data": {}}
            return {"type": "pass", "actor": pid, "data": {"reason": "leaves the Symbol"}}
        if phase == PLACE_SYMBOL:
            return {"type": "place_symbol", "actor": pid,
                    "data": {"space": rng.choice(self.symbol_spaces(state, board))}}
        if phase == PLACE_TOWER:
            spaces = self.tower_spaces(state, board, None)
            if not spaces:
                legal = self.tower_spaces(state, board, None, keep_open=False)
                walls = set(state["towers"]["spaces"])
                sizes = {s: len(_largest_open_part(board, walls | {s})) for s in legal}
                spaces = [s for s in legal if sizes[s] == max(sizes.values())]
            if not spaces:
                return {"type": "pass", "actor": pid, "data": {"reason": "no room for a tower"}}
            return {"type": "place_tower", "actor": pid, "data": {"space": rng.choice(spaces)}}
        if phase == MOVE_TOWER:
            best, best_size = None, -1
            towers = state["towers"]["spaces"]
            for origin in rng.sample(towers, len(towers)):
                for space in self.tower_spaces(state, board, origin, keep_open=False):
                    walls = (set(towers) - {origin}) | {space}
                    size = len(_largest_open_part(board, walls))
                    if size > best_size:
                        best, best_size = (origin, space), size
            if best:
                return {"type": "move_tower", "actor": pid,
                        "data": {"from": best[0], "to": best[1]}}
            return {"type": "pass", "actor": pid, "data": {"reason": "no tower can move"}}
        raise AssertionError(f"no bot move for phase {phase}")  # pragma: no cover

    def move(self, state, board, pid, ambitious) -> dict:
        bearer = state["symbol"]["bearer"] == pid
        extra = state["phase"] == EXTRA_MOVE
        steps = 1 if extra else state["roll"]
        passable, ends = legal_ends(board, state, pid, steps, can_pass=bearer or extra,
                                    exact=True, early_city=bearer)
        if not ends or (extra and self.rng.random() < 0.3):
            return {"type": "pass", "actor": pid, "data": {"reason": "blocked" if not ends else "declines"}}
        length, end = self.pick_end(state, board, pid, ends, ambitious)
        return {"type": "move", "actor": pid,
                "data": {"path": path_to(board, passable, length, end, self.rng.choice)}}

    def pick_end(self, state, board, pid, ends, ambitious):
        rng = self.rng
        if state["heroes"][pid]["weapons"] <= 1:
            # keep the last weapon: without it a Hero may not stop on a Spell and can be
            # shut in between two Spells for good
            others = {h["space"] for p, h in state["heroes"].items() if p != pid}
            safe = [(k, s) for k, s in ends if board.kind[s] != "spell" and s not in others]
            ends = safe or ends
        elif state["heroes"][pid]["weapons"] == 2:
            # attacking a Hero on a Spell costs a weapon and then a duel
            on_spell = {h["space"] for p, h in state["heroes"].items()
                        if p != pid and board.kind[h["space"]] == "spell"}
            ends = [(k, s) for k, s in ends if s not in on_spell] or ends
        hero = state["heroes"][pid]
        symbol = state["symbol"]
        if hero["weapons"] <= 1 and symbol["bearer"] != pid and rng.random() < 0.6:
            goals = board.cities  # recover strength first
        elif not ambitious or rng.random() < 0.15:
            return rng.choice(ends)
        elif symbol["bearer"] == pid:
            fresh = tuple(c for c in board.cities if c not in hero["knighted"])
            goals = fresh or board.cities
        elif symbol["bearer"] is not None and hero["weapons"] >= 1:
            goals = (state["heroes"][symbol["bearer"]]["space"],)
        elif symbol["space"] is not None:
            goals = (symbol["space"],)
        else:
            return rng.choice(ends)
        walls = set(state["towers"]["spaces"])
        if hero["weapons"] == 0 and symbol["bearer"] != pid:
            walls.update(s for s in board.ids if board.kind[s] == "spell")
        goals = tuple(sorted(goals))
        dist = _route_distances(board, goals, frozenset(walls - set(goals)))
        best = min(dist.get(space, 999) for _k, space in ends)
        return rng.choice([(k, s) for k, s in ends if dist.get(s, 999) == best])

    def symbol_spaces(self, state, board) -> list[str]:
        pending = state["pending"]
        forbidden = pending.get("kingdom") if pending["reason"] == "lost" else pending["city"]
        heroes = {h["space"] for h in state["heroes"].values()}
        towers = state["towers"]["spaces"]
        legal = [s for s in board.white
                 if board.kingdom[s] is not None and board.kingdom[s] != forbidden
                 and s not in heroes and s not in towers]
        open_part = _largest_open_part(board, set(towers))
        return [s for s in legal if s in open_part] or legal

    def tower_spaces(self, state, board, origin, keep_open=True) -> list[str]:
        heroes = {h["space"] for h in state["heroes"].values()}
        walls = set(state["towers"]["spaces"])
        walls.discard(origin)
        found = []
        for s in board.white:
            if s in walls or s in heroes or s == state["symbol"]["space"] or s == origin:
                continue
            if not keep_open or _connected_without(board, walls | {s}):
                found.append(s)
        return found


def simulate_match(engine, *, seed: int, players: Sequence[Mapping[str, str]] | None = None,
                   setup: Mapping[str, Any] | None = None, max_events: int | None = None,
                   min_events: int | None = None) -> dict:
    rng = random.Random(seed)
    players = [dict(p) for p in players] if players else default_players(2 + seed % 3)
    setup = engine.setup_with_defaults(setup)
    state = engine.initial_state(players, setup)
    board = engine.board_of(state)
    interpretation = engine.interpretation()
    bot = Bot(engine, rng)
    floor = min_events or 0
    cap = max_events if max_events is not None else max(SAFETY_EVENTS, floor * 2)
    events: list[dict] = []
    while state["phase"] != OVER and len(events) < cap:
        event = bot.choose(state, board, ambitious=len(events) >= floor)
        state = engine.apply(state, event, interpretation).state
        events.append(event)
    return engine.match_document(
        title=f"Simulated match (seed {seed})",
        players=players,
        setup=setup,
        events=events,
        source=f"simulated by games.dagon.simulate (seed {seed}, min_events {min_events}, "
        f"max_events {max_events})",
    )
