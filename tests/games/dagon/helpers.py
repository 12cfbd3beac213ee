"""Shared helpers for the Dagon engine tests: states built from the real initial state."""

from __future__ import annotations

import copy
import re

from games.dagon.rules import ENGINE
from tests import paths

RULEBOOK = paths.RULEBOOKS / "dagon.en.txt"
HEADINGS = [
    "Components", "Object of the Game", "How to Play", "Starting the Game", "Weapons",
    "The Dagon Symbol (Ark)", "The Spells", "The Wizard Card", "The Lagoon",
    "The Cities of the Thrones", "The Black Tower", "The Whistle", "Attack Between Heroes",
    "End of the Game",
]
PLAYERS = [{"id": "p1", "name": "Ana"}, {"id": "p2", "name": "Luis"}, {"id": "p3", "name": "Carla"}]


def slug(heading: str) -> str:
    return "dagon/" + re.sub(r"[^a-z0-9]+", "-", heading.lower()).strip("-")


def passages() -> dict[str, str]:
    """The transcription cut at its headings, keyed by passage slug."""
    lines = RULEBOOK.read_text(encoding="utf-8").splitlines()
    found: dict[str, list[str]] = {}
    current = None
    for line in lines:
        if line.strip() in HEADINGS:
            current = slug(line.strip())
            found[current] = []
        elif current:
            found[current].append(line)
    return {key: "\n".join(text) for key, text in found.items()}


def fresh(players=PLAYERS[:2], **setup) -> dict:
    return ENGINE.initial_state(players, setup)


def put(state: dict, **changes) -> dict:
    """A deep copy of ``state`` with top-level keys and per-Hero fields changed:
    ``put(s, p1={"space": "r4"}, phase="move", roll=2)``."""
    new = copy.deepcopy(state)
    for key, value in changes.items():
        if key in new["heroes"]:
            new["heroes"][key].update(value)
        else:
            new[key] = value
    return new


def ev(type_, actor, **data) -> dict:
    return {"type": type_, "actor": actor, "data": data}


def apply(state, event, **choices):
    return ENGINE.apply(state, event, ENGINE.interpretation(choices))


def run(state, events, **choices):
    steps = []
    for event in events:
        step = apply(state, event, **choices)
        steps.append(step)
        state = step.state
    return state, steps


def violations(step) -> list:
    return [f for f in step.flags if f.kind == "violation"]


def consulted(step) -> list[str]:
    return [f.point for f in step.flags if f.kind == "consulted"]
