"""Simulated matches for the tests, each played once per process: ``Engine.simulate`` gives the
same document for the same arguments, so a test that only reads a match may share it (a copy
is handed out, so no test sees another's edits)."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from functools import cache
from typing import Any

from games.core.replay import replay_document
from tests.games.rules.seeds import engine_for


def simulated(slug: str, seed: int, *, max_events: int | None = None,
              min_events: int | None = None,
              reading: Mapping[str, str] | None = None) -> dict[str, Any]:
    engine = engine_for(slug)
    choices = tuple(sorted(engine.reading(reading).options.items()))
    return copy.deepcopy(_played(slug, seed, max_events, min_events, choices))


def final_state(slug: str, document: Mapping[str, Any],
                reading: Mapping[str, str] | None = None) -> dict[str, Any]:
    engine = engine_for(slug)
    state = engine.initial_state(document["players"], document.get("setup", {}))
    for _event, step in replay_document(engine, document, engine.reading(reading)):
        state = step.state
    return state


@cache
def _played(slug: str, seed: int, max_events: int | None, min_events: int | None,
            choices: tuple[tuple[str, str], ...]) -> dict[str, Any]:
    return engine_for(slug).simulate(seed=seed, max_events=max_events, min_events=min_events,
                                    interpretation=dict(choices))
