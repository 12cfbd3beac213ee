"""Builders for Gothic Game test positions: a state mid-game, events, and applying them."""

from __future__ import annotations

import copy
import re

from games.core.playable import default_players
from games.gothic.rules import ENGINE
from tests import paths

RULEBOOK = paths.RULEBOOKS / "the-gothic-game.en.txt"


def passages() -> dict[str, str]:
    """The transcription's passages by slug (``gothic/<heading slug>``)."""
    found: dict[str, list[str]] = {}
    current = None
    for line in RULEBOOK.read_text(encoding="utf-8").splitlines():
        heading = re.match(r"^\d+\.\s+(.+)$", line)
        if heading:
            slug = re.sub(r"[^a-z0-9]+", "-", heading.group(1).lower()).strip("-")
            current = f"gothic/{slug}"
            found[current] = []
        elif current:
            found[current].append(line)
    return {k: "\n".join(v) for k, v in found.items()}


def position(n=3, *, turn="p1", stage="throw", throw=None, at=None, go=None, **players):
    """A state in play: ``at`` places pawns; ``players`` maps pid -> dict of player fields."""
    state = copy.deepcopy(ENGINE.initial_state(default_players(n), {}))
    state.update(stage=stage, turn=turn, actor=turn, throw=throw, goes=1, contenders=[])
    spots = iter(["x1y0", "x11y12", "x12y11", "x0y12", "x12y0"])
    for pid in state["players"]:
        state["players"][pid]["at"] = next(spots)
    for pid, place in (at or {}).items():
        state["players"][pid]["at"] = place
    for pid, fields in players.items():
        state["players"][pid].update(fields)
    state["go"].update(go or {})
    return state


def card(name, kind="other", room="kitchen", number=None, numbered=False, stamina=0):
    return {
        "name": name,
        "room": room,
        "kind": kind,
        "number": number,
        "numbered": numbered or number is not None,
        "stamina": stamina,
    }


def ev(event_type, actor, **data):
    return {"type": event_type, "actor": actor, "data": data}


def interp(**choices):
    return ENGINE.interpretation({f"gothic.{k.replace('_', '-')}": v for k, v in choices.items()})


def apply(state, event, **choices):
    return ENGINE.apply(state, event, interp(**choices))


def run(state, events, **choices):
    steps = []
    for event in events:
        step = apply(state, event, **choices)
        steps.append(step)
        state = step.state
    return state, steps


def violations(step):
    return [f for f in step.flags if f.kind == "violation"]


def kinds(step, kind):
    return [f for f in step.flags if f.kind == kind]


def consulted(step):
    return [f.point for f in step.flags if f.kind == "consulted"]
