"""The data games' own random bots (seeded, reproducible): a stand-in until a rules document's
engine declares an evaluation the shared agents play by (``Engine.simulate``)."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from games.core.choices import Choice, Text
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


def fill(choice: Choice, rng: random.Random) -> dict:
    """The choice's event with each open field drawn from its domain (by its odds, for a throw
    or a draw); an optional field is given half the time, except free text, which a bot has
    no words for."""
    values = {}
    for spec in choice.fields:
        if spec.optional and (isinstance(spec.domain, Text) or rng.random() < 0.5):
            continue
        values[spec.name] = spec.domain.sample(rng)
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
        event = fill(picked, rng) if isinstance(picked, Choice) else picked
        step = engine.apply(state, event, interpretation)
        if not step.legal:
            broken = [flag.message for flag in step.flags if flag.kind == "violation"]
            raise SimulationError(f"event {len(events) + 1} ({event}) is a violation: {broken}")
        events.append(event)
        state = step.state
    return events
