"""Small builders for Dylan Dog tests: a started match, pawns put on squares, events applied."""

from __future__ import annotations

from games.core.draft import Draft
from games.core.playable import default_players
from games.dylan_dog.rules import ENGINE

E = ENGINE
STORIES = {
    "p1": ["I1", "A1", "L1", "F1"],
    "p2": ["I2", "A2", "L2", "F2"],
    "p3": ["I3", "A3", "L3", "F3"],
}


def interp(**choices):
    return E.interpretation({f"dylan-dog.{k.replace('_', '-')}": v for k, v in choices.items()})


def started(n: int = 3) -> dict:
    """Stories drawn, p1 to play its first throw."""
    state = E.initial_state(default_players(n), {})
    for pid, cards in STORIES.items():
        if pid in state["players"]:
            state = E.apply(state, ev("story_cards", pid, cards=cards), E.interpretation()).state
    return state


def ev(kind, actor, /, **data):
    return {"type": kind, "actor": actor, "data": data}


def act(state, kind, actor, interpretation=None, /, **data):
    return E.apply(state, ev(kind, actor, **data), interpretation or E.interpretation())


def put(state, pid, **changes):
    draft = Draft(state)
    draft.update("players", pid, **changes)
    return draft.state


def turn_of(state, pid, phase="before-roll", die=None, turns=1, **player):
    """``pid`` to play, in ``phase``, past their first turn (``turns``), optionally moved."""
    draft = Draft(state)
    draft.update("turn", player=pid, phase=phase, die=die)
    draft.update("players", pid, turns=turns, **player)
    return draft.state


def at(state, rotation):
    new = dict(state)
    new["rotation"] = rotation
    return new


def violations(step):
    return [f for f in step.flags if f.kind == "violation"]


def consulted(step):
    return [f.point for f in step.flags if f.kind == "consulted"]


def pending_kinds(state, pid=None):
    return sorted(i["kind"] for i in state["pending"] if pid is None or i["player"] == pid)
