"""Dagon's plain evaluation for the agents (README, "Evaluation"): how far a Hero stands
towards its last throne.

Thrones already won count whole; towards the next one, carrying the Symbol is most of the way
(the nearer a city that has not knighted the Hero, the better), then being near the Symbol
where it lies, or near its bearer with a weapon to attack; weapons in hand help, and the
Wizard card or turns to sit out hold a Hero back. Distances are counted in circles along the
route, around the Black Towers that shut it (and, for the bearer, the cities that knighted it,
where it would stop for nothing). A Spell on the bearer's way is a duel it may lose,
and the Symbol with it: the bearer's standing is priced by the duels still ahead (the chance of
winning them all), so that stepping onto a Spell is no cliff an agent would rather pace beside
for ever; for any other Hero a Spell is a detour of a few circles.

How agents play Dagon's offers (``as_agents_play``): a Black Tower placed or moved, and the
Symbol placed, only where the board stays open. The sheet lets a Hero wall the route shut
("only the Whistle" moves a Tower); a player who shuts the others out of the Symbol shuts the
match out of its end, which no player wants: a Tower goes (or moves) where every Hero can
still step into the largest part of the board joined around the Towers and the Spells, and
that part stays as large as it may; the Symbol within that part.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Collection, Mapping
from dataclasses import replace
from typing import Any

from games.core.choices import Choice, OneOf
from games.core.evaluation import Evaluation
from games.core.points import Interpretation
from games.dagon.board import board_for
from games.dagon.points import SYMBOL_DESTINATION
from games.dagon.state import DUEL_ROLL, SPELL_CARD

HALF_WAY = 12  # circles at which a goal is worth half as much as standing on it
CARRYING = 0.6  # of the way to the next throne, for holding the Symbol at all
LOSING_IT = 0.25  # what is left of that way when a duel takes the Symbol
DUEL_WON = 21 / 36  # the fetish die (1 to 6) reaching a Spell's strength (1 to 6, even odds)
DETOUR = 3  # circles a Spell is worth to a Hero not carrying the Symbol
NEAR_SYMBOL = 0.35  # at most, for standing on the Symbol where it lies
NEAR_BEARER = 0.3  # at most, for standing on its bearer with weapons to attack
WEAPONS = 0.12  # of the way to the next throne: weapons in hand, by the three a Hero may hold
MOST_WEAPONS = 3
HELD_BACK = 0.8  # the Wizard card held, or turns to sit out
SHUT_OUT = 0.2  # what is left of a Hero's way to its next throne with no way to the Symbol
SPELLS_FIRST = 1000  # a Spell's weight when the fewest Spells on the way come first


def evaluate(state: Mapping[str, Any], seat: str, reading: Interpretation) -> float:
    board = board_for(state["board_id"])
    hero = state["heroes"][seat]
    knighted = set(hero["knighted"])
    symbol = state["symbol"]
    bearer = symbol["bearer"] == seat
    # A Hero moves one circle a turn: a Black Tower shuts the way for all but the bearer,
    # and a Spell for a Hero without weapons; the bearer stops in any city it reaches, so a
    # city that would not knight it is no way through.
    fresh = [city for city in board.cities if city not in knighted] or list(board.cities)
    if not state["deliveries"] and reading.option(SYMBOL_DESTINATION.id) == "kromt-first":
        fresh = [board.kromt]
    walls: set[str] = set()
    if bearer:
        walls.update(city for city in board.cities if city not in fresh)
    else:
        walls.update(state["towers"]["spaces"])
    if not hero["weapons"]:  # it may not stop on a Spell, and it moves one circle a turn
        walls.update(s for s in board.ids if board.kind[s] == "spell")
    duel_ahead = state["turn"] == seat and state["phase"] in (SPELL_CARD, DUEL_ROLL)

    def way(goals, spell_weight: int) -> int | None:
        goals = tuple(sorted(goals))
        return _ways(board, goals, frozenset(walls - set(goals)), spell_weight).get(
            hero["space"])

    if bearer:
        cost = way(fresh, SPELLS_FIRST)
        if cost is None:
            # Walled off from every city that would knight it: an unarmed bearer gets a weapon
            # back in a city it was knighted by, and the Spells open again.
            progress = LOSING_IT * (1 + _nearness(way(board.cities, DETOUR))) / 2
        else:
            duels, steps = divmod(cost, SPELLS_FIRST)
            passing = DUEL_WON ** (duels + duel_ahead)
            arriving = CARRYING + (1 - CARRYING) * _nearness(steps)
            progress = passing * arriving + (1 - passing) * LOSING_IT
    elif symbol["space"] is not None:
        progress = NEAR_SYMBOL * _nearness(way([symbol["space"]], DETOUR), duel_ahead)
    elif symbol["bearer"] is not None and hero["weapons"]:
        bearer_at = state["heroes"][symbol["bearer"]]["space"]
        progress = NEAR_BEARER * _nearness(way([bearer_at], DETOUR), duel_ahead)
    else:
        progress = 0.0
    if hero["wizard_card"] or hero["sit_out"]:
        progress *= HELD_BACK
    # Weapons count beside the way, never on top of it: a bearer one circle from its city
    # must still gain by going in.
    progress = (1 - WEAPONS) * progress + WEAPONS * hero["weapons"] / MOST_WEAPONS
    # Thrones won are kept whatever comes: only the way to the next one can be shut.
    if not bearer and _shut_out(state, board, hero):
        progress *= SHUT_OUT
    return (len(knighted) + progress) / state["thrones_to_win"]


def _shut_out(state, board, hero) -> bool:
    """No way to the Symbol (where it lies, or its bearer) around the Black Towers, which only
    the Whistle moves: the Hero can win nothing more. An unarmed Hero is walled by the Spells
    too, until a city it reaches gives it a weapon back."""
    symbol = state["symbol"]
    if symbol["space"] is not None:
        goal = symbol["space"]
    elif symbol["bearer"] is not None:
        goal = state["heroes"][symbol["bearer"]]["space"]
    else:
        return False  # the Symbol waits to be placed: maybe within reach
    towers = frozenset(state["towers"]["spaces"]) - {goal}
    if hero["space"] not in _ways(board, (goal,), towers, DETOUR):
        return True
    if hero["weapons"]:
        return False
    spells = towers | {space for space in board.ids if board.kind[space] == "spell"}
    if hero["space"] in _ways(board, (goal,), spells - {goal}, DETOUR):
        return False
    cities = tuple(sorted(board.cities))
    return hero["space"] not in _ways(board, cities, spells - set(cities), DETOUR)


def _nearness(steps: int | None, duel_ahead: bool = False) -> float:
    """1 on the goal, half at ``HALF_WAY`` circles, never quite 0 (nothing when shut out)."""
    if steps is None:
        return 0.0
    return 1 / (1 + (steps + DETOUR * duel_ahead) / HALF_WAY)


_WAYS: dict[tuple, dict[str, int]] = {}


def _ways(board, goals: tuple[str, ...], walls: frozenset[str], spell_weight: int
          ) -> dict[str, int]:
    """The cost of the cheapest way from every space to the nearest goal around ``walls``:
    one a circle, ``spell_weight`` more for each Spell entered (kept: towers seldom move)."""
    key = (board.id, goals, walls, spell_weight)
    found = _WAYS.get(key)
    if found is None:
        found = {}
        queue = [(0, goal) for goal in goals]
        while queue:
            cost, here = heapq.heappop(queue)
            if here in found:
                continue
            found[here] = cost
            entering = 1 + (spell_weight if board.kind[here] == "spell" else 0)
            for there in board.neighbours[here]:
                if there not in found and there not in walls:
                    heapq.heappush(queue, (cost + entering, there))
        if len(_WAYS) > 4096:
            _WAYS.clear()
        _WAYS[key] = found
    return found


def as_agents_play(state: Mapping[str, Any], choice: Choice) -> Choice | None:
    """The choice as agents play it: Towers and the Symbol placed where the board stays open
    (see the module's docstring)."""
    if choice.type not in ("place_tower", "move_tower", "place_symbol"):
        return choice
    board = board_for(state["board_id"])
    towers = set(state["towers"]["spaces"])
    if choice.type == "place_symbol":
        part = _largest_open_part(board, towers)
        return _narrowed(choice, "space", lambda space: space in part)
    name = "space" if choice.type == "place_tower" else "to"
    if choice.type == "move_tower":
        towers = towers - {choice.event["data"]["from"]}
    heroes = {hero["space"] for hero in state["heroes"].values()}
    worth = {space: _openness(board, towers | {space}, heroes)
             for space in _values(choice, name)}
    best = max(worth.values())
    return _narrowed(choice, name, lambda space: worth[space] == best)


def _openness(board, towers: set[str], heroes: set[str]) -> tuple[bool, int]:
    """How open the board stays around ``towers``, best first: whether every Hero can still
    step into the largest part joined around the Towers and Spells (a Hero on a Spell from a
    neighbouring space), and how large that part is."""
    part = _largest_open_part(board, towers)
    within = all(space in part or not part.isdisjoint(board.neighbours[space])
                 for space in heroes)
    return within, len(part)


def _values(choice: Choice, name: str) -> tuple[Any, ...]:
    """The values an open field lists (none when it lists none)."""
    domain = choice.field(name).domain
    return domain.values if isinstance(domain, OneOf) else ()


def _narrowed(choice: Choice, name: str, keep: Callable[[Any], bool]) -> Choice:
    """``choice`` with the values of its open field ``name`` that ``keep`` keeps (all of them
    when it keeps none)."""
    spec = choice.field(name)
    domain = spec.domain
    if not isinstance(domain, OneOf):
        return choice
    kept = [index for index, value in enumerate(domain.values) if keep(value)]
    if not kept or len(kept) == len(domain.values):
        return choice
    narrowed = OneOf(tuple(domain.values[i] for i in kept),
                     labels=tuple(domain.labels[i] for i in kept) if domain.labels else (),
                     spaces=tuple(domain.spaces[i] for i in kept) if domain.spaces else ())
    fields = tuple(replace(field, domain=narrowed) if field.name == name else field
                   for field in choice.fields)
    return replace(choice, fields=fields)


def _largest_open_part(board, walls: Collection[str]) -> frozenset[str]:
    """The largest set of spaces still joined to each other around ``walls`` and the Spells
    (which a Hero without weapons may neither stop on nor pass)."""
    return _open_part(board, frozenset(walls))


_PARTS: dict[tuple, frozenset[str]] = {}


def _open_part(board, walls: frozenset[str]) -> frozenset[str]:
    key = (board.id, walls)
    found = _PARTS.get(key)
    if found is None:
        shut = walls | {space for space in board.ids if board.kind[space] == "spell"}
        unseen = set(board.ids) - shut
        found = frozenset()
        for first in board.ids:
            if first not in unseen:
                continue
            part, frontier = {first}, [first]
            unseen.discard(first)
            while frontier:
                for there in board.neighbours[frontier.pop()]:
                    if there in unseen:
                        unseen.discard(there)
                        part.add(there)
                        frontier.append(there)
            if len(part) > len(found):
                found = frozenset(part)
        if len(_PARTS) > 4096:
            _PARTS.clear()
        _PARTS[key] = found
    return found


def delaying(state: Mapping[str, Any], seat: str, reading: Interpretation) -> float:
    """While a simulated match keeps its end off: weapons in hand, and far from the Symbol
    (a Hero bearing it next to a city may have no move but the winning one)."""
    board = board_for(state["board_id"])
    hero = state["heroes"][seat]
    symbol = state["symbol"]
    if symbol["bearer"] == seat:
        return 0.0
    where = symbol["space"] if symbol["space"] is not None else (
        state["heroes"][symbol["bearer"]]["space"] if symbol["bearer"] is not None else None)
    near = 0.0
    if where is not None:
        near = _nearness(_ways(board, (where,), frozenset(), DETOUR).get(hero["space"]))
    return 0.5 * hero["weapons"] / MOST_WEAPONS + 0.5 * (1 - near)


EVALUATION = Evaluation(evaluate=evaluate, as_agents_play=as_agents_play, delaying=delaying)
