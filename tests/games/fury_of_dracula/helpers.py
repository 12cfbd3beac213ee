"""Shared helpers for the La Furia di Dracula tests: a small match, events, flag readers."""

from __future__ import annotations

from games.core.playable import default_players
from games.fury_of_dracula.rules import ENGINE
from tests import paths

PLAYERS = default_players(3)  # Ana (p1) and Luis (p2) hunt, Carla (p3) is Dracula
SETUP = {"dracula": "p3", "starts": {"p1": "paris", "p2": "london"}}
RULEBOOK = paths.RULEBOOKS / "la-furia-di-dracula.it.txt"


def start(**setup):
    return ENGINE.initial_state(PLAYERS, {**SETUP, **setup})


def ev(etype, actor=None, **data):
    return {"type": etype, "actor": actor, "data": data}


def interp(**choices):
    return ENGINE.interpretation({f"fury-of-dracula.{k.replace('_', '-')}": v for k, v in choices.items()})


def run(state, *events, choices=None):
    """Apply events in order; returns the final state and the list of steps."""
    interpretation = interp(**(choices or {}))
    steps = []
    for event in events:
        ENGINE.validate_event(event, [p["id"] for p in PLAYERS])
        step = ENGINE.apply(state, event, interpretation)
        steps.append(step)
        state = step.state
    return state, steps


def violations(step):
    return [f for f in step.flags if f.kind == "violation"]


def consulted(step):
    return [f.point for f in step.flags if f.kind == "consulted"]


def unchecked(step):
    return [e["note"] for e in step.effects if e["kind"] == "unchecked"]


def effects(step, kind):
    return [e for e in step.effects if e["kind"] == kind]


def passages():
    """The six paragraphs of the transcription, in order (the heading line dropped)."""
    text = RULEBOOK.read_text(encoding="utf-8")
    return [p.strip() for p in text.split("\n\n")[1:] if p.strip()]



def to_time(state, name, choices=None):
    """Let time pass until it is ``name``."""
    steps = []
    while state["time"] != name:
        state, more = run(state, ev("time_passes"), choices=choices)
        steps.extend(more)
    return state, steps
