"""A whole match played by agents, one per seat, as a match document like ``simulate``'s."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from games.agents.evaluation import evaluation_for
from games.agents.players import AGENTS, Agent
from games.agents.table import Node, Table
from games.core.engine import Engine, default_players
from games.core.points import Interpretation

DEFAULT_PLAYERS = 3  # seats of a match agents play, within the game's range


class Stopped(Exception):
    """The caller's ``stop`` said to stop before the next decision: no match is returned."""


class UnknownAgent(KeyError):
    def __str__(self) -> str:
        return f"unknown agent {self.args[0]!r} (known: {', '.join(AGENTS)})"


@dataclass
class Thinking:
    """How many decisions a seat's agent took, and the time it spent on them."""

    decisions: int = 0
    seconds: float = 0.0


@dataclass
class PlayedMatch:
    """The match document, the state it ends in, and each seat's thinking."""

    document: dict
    state: dict
    thinking: dict[str, Thinking] = field(default_factory=dict)


def make_agent(name: str, engine: Engine, *, seed: Any, budget: int | None = None) -> Agent:
    """A seeded agent of the named kind for ``engine`` (its game's evaluation bound in)."""
    kind = AGENTS.get(name)
    if kind is None:
        raise UnknownAgent(name)
    evaluation = None if kind.name == "random" else evaluation_for(engine)
    return kind(seed=seed, evaluation=evaluation, budget=budget)


def seats_for(engine: Engine, count: int | None = None) -> list[dict[str, str]]:
    """The players of a match agents play: ``count`` seats (three by default), within the
    numbers the game allows."""
    wanted = DEFAULT_PLAYERS if count is None else count
    return default_players(min(max(wanted, engine.min_players), engine.max_players))


def play_match(engine: Engine, *, agents: Mapping[str, str], seed: int,
               players: Sequence[Mapping[str, str]] | None = None,
               setup: Mapping[str, Any] | None = None,
               reading: Interpretation | Mapping[str, str] | None = None,
               budget: int | None = None, max_events: int = 2000,
               stop: Callable[[], bool] | None = None) -> PlayedMatch:
    """One match under ``reading`` (the default when None), each seat played by the agent
    ``agents`` names for it, to its end or ``max_events``. The same seed gives the same
    match: each agent and the draws nobody decides have their own seeded generators.
    ``stop`` is asked before each agent's decision (one may take seconds at a large budget);
    when it says so, :class:`Stopped` is raised."""
    players = [dict(p) for p in players] if players else seats_for(engine)
    reading = engine.reading(reading)
    setup = engine.setup_with_defaults(setup)
    table = Table.for_match(engine, reading, players)
    seated = {seat: make_agent(agents[seat], engine, seed=f"{seed}/{seat}/{agents[seat]}",
                               budget=budget)
              for seat in table.seats}
    thinking = {seat: Thinking() for seat in table.seats}
    nature = random.Random(f"{seed}/nature")
    node = Node(engine.initial_state(players, setup))
    events: list[dict] = []
    while len(events) < max_events:
        decision = table.decision(node)
        if decision is None:
            break
        if decision.seat is None:
            option = nature.choice(decision.options)
        else:
            if stop is not None and stop():
                raise Stopped
            started = time.perf_counter()
            option = seated[decision.seat].decide(table, node, decision)
            spent = thinking[decision.seat]
            spent.decisions += 1
            spent.seconds += time.perf_counter() - started
        node, event = table.advance(node, decision, option, nature)
        if event is not None:
            events.append(event)
    played_by = ", ".join(f"{p['name']} {agents[p['id']]}" for p in players)
    changed = {point: option for point, option in reading.choices.items()
               if option != engine.point(point).default}
    said = ", ".join(f"{p}={o}" for p, o in sorted(changed.items())) or "the default"
    document = engine.match_document(
        title=f"Agents' match (seed {seed})", players=players, setup=setup, events=events,
        source=f"played by agents ({played_by}; budget {budget}; seed {seed}) under {said} "
               "reading")
    return PlayedMatch(document, node.state, thinking)
