"""A whole match played by agents, one per seat, as a match document like ``simulate``'s."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from games.agents.decisions import Decision, DecisionTree, Node, Pick
from games.agents.evaluation import evaluation_for
from games.agents.players import AGENTS, Agent, Stopped
from games.core.playable import Playable, default_players
from games.core.points import Interpretation

DEFAULT_PLAYERS = 3  # seats of a match agents play, within the game's range


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


def make_agent(name: str, engine: Playable, *, seed: Any, budget: int | None = None,
               ending: bool = True) -> Agent:
    """A seeded agent of the named kind for ``engine`` (its game's evaluation bound in;
    ``ending`` False: an agent keeping the end off, to whom a finished match is worth nothing)."""
    kind = AGENTS.get(name)
    if kind is None:
        raise UnknownAgent(name)
    evaluation = None if kind.name == "random" else evaluation_for(engine, ending=ending)
    return kind(seed=seed, evaluation=evaluation, budget=budget)


def seats_for(engine: Playable, count: int | None = None) -> list[dict[str, str]]:
    """The players of a match agents play: ``count`` seats (three by default), within the
    numbers the game allows."""
    wanted = DEFAULT_PLAYERS if count is None else count
    return default_players(min(max(wanted, engine.min_players), engine.max_players))


def play_match(engine: Playable, *, agents: Mapping[str, str], seed: int,
               players: Sequence[Mapping[str, str]] | None = None,
               setup: Mapping[str, Any] | None = None,
               reading: Interpretation | Mapping[str, str] | None = None,
               budget: int | None = None, max_events: int = 2000,
               delay_end_until: int | None = None, delaying_agent: str = "random",
               title: str | None = None, source: str | None = None,
               stop: Callable[[], bool] | None = None) -> PlayedMatch:
    """One match under ``reading`` (the default when None), each seat played by the agent
    ``agents`` names for it, to its end or ``max_events``. The same seed gives the same
    match: each agent and the draws nobody decides have their own seeded generators.

    ``delay_end_until``: while the record is shorter, every seat is played by
    ``delaying_agent``, to whom a finished match is worth nothing, and the match is kept from
    ending: an event that would end it is not recorded and the pick is made again (a seat's
    choice struck after a few tries, a throw thrown again), unless nothing else can be
    recorded.

    ``stop`` is asked before each agent's decision and, within a searching agent's decision
    (one may take seconds at a large budget), every few playouts; when it says so,
    :class:`Stopped` is raised."""
    players = [dict(p) for p in players] if players else seats_for(engine)
    reading = engine.reading(reading)
    setup = engine.setup_with_defaults(setup)
    tree = DecisionTree.for_match(engine, reading, players)
    seated = {seat: make_agent(agents[seat], engine, seed=f"{seed}/{seat}/{agents[seat]}",
                               budget=budget)
              for seat in tree.seats}
    for agent in seated.values():
        agent.stop = stop
    delaying = {seat: make_agent(delaying_agent, engine, seed=f"{seed}/{seat}/delaying",
                                 ending=False)
                for seat in tree.seats} if delay_end_until else {}
    thinking = {seat: Thinking() for seat in tree.seats}
    node, events = _played(tree, Node(engine.initial_state(players, setup)),
                           seated, delaying, random.Random(f"{seed}/nature"), thinking,
                           max_events=max_events, delay_end_until=delay_end_until,
                           stop=stop)
    if source is None:
        played_by = ", ".join(f"{p['name']} {agents[p['id']]}" for p in players)
        changed = {point: option for point, option in reading.options.items()
                   if option != engine.point(point).default}
        said = ", ".join(f"{p}={o}" for p, o in sorted(changed.items())) or "the default"
        source = f"played by agents ({played_by}; budget {budget}; seed {seed}) under {said} " \
                 "reading"
    document = engine.match_document(title=title or f"Agents' match (seed {seed})",
                                     players=players, setup=setup, events=events,
                                     source=source)
    return PlayedMatch(document, node.state, thinking)


def _played(tree: DecisionTree, node: Node, seated: Mapping[str, Agent],
            delaying: Mapping[str, Agent], nature: random.Random,
            thinking: Mapping[str, Thinking], *, max_events: int,
            delay_end_until: int | None,
            stop: Callable[[], bool] | None = None) -> tuple[Node, list[dict]]:
    """The match from ``node`` to its end or ``max_events``, and its events (see
    ``play_match``)."""
    events: list[dict] = []
    event: dict | None
    delay = _Delay()
    while len(events) < max_events:
        decision = tree.decision(node)
        if decision is None:
            if delay.refused is None:
                break
            node, event = delay.refused  # nothing but the end could be recorded
        else:
            held = delay_end_until is not None and len(events) < delay_end_until
            if decision.seat is not None and stop is not None and stop():
                raise Stopped
            option = _pick(tree, node, decision, delaying if held else seated, nature,
                           thinking)
            if node.pending is None:
                delay.picking(node, option)
            node, event = tree.advance(node, decision, option, nature)
            if event is None:
                continue
            if held and tree.finished(node) and delay.tries < MOST_TRIES:
                node = delay.again(node, event)
                continue
        delay = _Delay()
        events.append(event)
    return node, events


def _pick(tree: DecisionTree, node: Node, decision: Decision, agents: Mapping[str, Agent],
          nature: random.Random, thinking: Mapping[str, Thinking]) -> Pick:
    """The option picked at ``decision``: drawn for what nobody decides, else the seat's
    agent's, its time counted."""
    if decision.seat is None:
        return nature.choice(decision.options)
    started = time.perf_counter()
    option = agents[decision.seat].decide(tree, node, decision)
    spent = thinking[decision.seat]
    spent.decisions += 1
    spent.seconds += time.perf_counter() - started
    return option


MOST_TRIES = 24  # picks that would end a delayed match made again before its end is let be
STRIKE_AFTER = 4  # tries of a seat's choice that would end it before the choice is struck


class _Delay:
    """Where the last top-level pick was made, and the ends refused since the last event."""

    def __init__(self) -> None:
        self.start: Node | None = None
        self.option: Pick | None = None
        self.tries = 0
        self.refused: tuple[Node, dict] | None = None

    def picking(self, node: Node, option: Pick) -> None:
        self.start, self.option = node, option

    def again(self, ended: Node, event: dict) -> Node:
        """The node to pick again from, after ``event`` would have ended the match."""
        self.tries += 1
        self.refused = (ended, event)
        assert self.start is not None and self.option is not None
        if self.option.choice is not None and self.tries >= STRIKE_AFTER:
            return replace(self.start, struck=self.start.struck | {self.option.key})
        return self.start
