"""Seeded bots on top of ``legal_events``: every simulated match is legal by construction.

A game supplies only a strategy that picks among the choices offered (its own weighting of
what a sensible player does); dice and draws are chance choices, picked at random by the
same seeded generator, so a replay never draws anything.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from games.core.choices import Choice
from games.core.events import Field
from games.core.points import Interpretation

SAFETY_EVENTS = 200_000  # a match that will not end is cut here (unless max/min say more)


@dataclass(frozen=True)
class PlayContext:
    """What a strategy may want to know besides the state: how long the log is, whether the
    bots should delay the end (``stalling``: the log is shorter than ``min_events``), and the
    reading the match is played under."""

    events: int
    min_events: int | None
    interpretation: Interpretation

    @property
    def stalling(self) -> bool:
        return self.min_events is not None and self.events < self.min_events


# A strategy returns the choice to record, or the full event when it fills open fields itself.
Strategy = Callable[[Mapping[str, Any], Sequence[Choice], random.Random, PlayContext],
                    "Choice | dict"]


class SimulationError(RuntimeError):
    """A bot recorded something its own engine calls a violation: a bug in the engine."""


def uniform(state, choices: Sequence[Choice], rng: random.Random, context: PlayContext) -> Choice:
    return rng.choice(list(choices))


def open_value(field: Field, rng: random.Random, known: Sequence[str] | None = None) -> Any:
    """A value for an open field, from its schema: an enumerated or referenced name, a whole
    number within its bounds, a boolean, or a short placeholder text."""
    options = list(known) if known else list(field.choices or [])
    if field.kind == "int":
        low = field.low if field.low is not None else 0
        high = field.high if field.high is not None else low + 9
        return rng.randint(low, high)
    if field.kind == "bool":
        return rng.random() < 0.5
    if field.kind == "str":
        return rng.choice(options) if options else f"unrecorded-{rng.randint(1, 999)}"
    if field.kind == "list[str]":
        count = max(field.min_items, 1)
        return [rng.choice(options) if options else f"unrecorded-{rng.randint(1, 999)}"
                for _ in range(count)]
    if field.kind == "list[int]":
        return [open_value(Field("int", low=field.low, high=field.high), rng)
                for _ in range(max(field.min_items, 1))]
    return {}


def fill(engine, choice: Choice, rng: random.Random, setup: Mapping[str, Any]) -> dict:
    """The choice's event with each open field given a value its pick or its schema allows."""
    if not choice.open_fields:
        return {"type": choice.event["type"], "actor": choice.event.get("actor"),
                "data": dict(choice.event.get("data") or {})}
    spec = engine.event_schema[choice.event["type"]]
    values = {}
    for name in choice.open_fields:
        if name in choice.picks:
            values[name] = choice.picks[name].draw(rng)
            continue
        field = spec.fields[name]
        known = engine.referents(field.refers, setup) if field.refers else None
        values[name] = open_value(field, rng, sorted(known) if known else None)
    return choice.filled(values)


def play(
    engine,
    *,
    seed: int,
    players: Sequence[Mapping[str, str]],
    setup: Mapping[str, Any],
    strategy: Strategy = uniform,
    interpretation: Interpretation | None = None,
    max_events: int | None = None,
    min_events: int | None = None,
) -> list[dict]:
    """The events of one match played by ``strategy`` from the game's legal choices, to its
    end or to ``max_events``. Raises :class:`SimulationError` if a recorded event is a
    violation under the reading it was played under."""
    rng = random.Random(seed)
    interpretation = interpretation or engine.interpretation()
    full_setup = engine.setup_with_defaults(setup)
    state = engine.initial_state(players, full_setup)
    limit = max_events if max_events is not None else max(SAFETY_EVENTS, min_events or 0)
    events: list[dict] = []
    while len(events) < limit:
        choices = engine.legal_events(state, interpretation)
        if not choices:
            break
        context = PlayContext(events=len(events), min_events=min_events,
                              interpretation=interpretation)
        picked = strategy(state, choices, rng, context)
        event = fill(engine, picked, rng, full_setup) if isinstance(picked, Choice) else picked
        step = engine.apply(state, event, interpretation)
        if not step.legal:
            broken = [flag.message for flag in step.flags if flag.kind == "violation"]
            raise SimulationError(f"event {len(events) + 1} ({event}) is a violation: {broken}")
        events.append(event)
        state = step.state
    return events
