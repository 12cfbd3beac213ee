"""Small helpers to referee a few events of a data game from a chosen position."""

from __future__ import annotations

import copy

from games.core.flags import CONSULTED, VIOLATION

TWO = [{"id": "p1", "name": "Ana"}, {"id": "p2", "name": "Luis"}]


def throw(actor: str, *dice: int) -> dict:
    return {"type": "throw", "actor": actor, "data": {"dice": list(dice)}}


def move(actor: str, *path: str) -> dict:
    return {"type": "move", "actor": actor, "data": {"path": list(path)}}


def pass_turn(actor: str) -> dict:
    return {"type": "pass", "actor": actor, "data": {}}


def start(engine, players=TWO, **placed) -> dict:
    """The initial state with some pieces moved: ``p1=["s60"]`` puts p1's pieces (in order)
    on those spaces (None: captured)."""
    state = copy.deepcopy(engine.initial_state(players, {}))
    for owner, spaces in placed.items():
        mine = [piece for piece in state["pieces"] if piece[0] == owner]
        for piece, space in zip(mine, spaces, strict=False):
            piece[2] = space
    return state


def referee(engine, state, events, reading=None):
    """Every step of ``events`` from ``state``: (step, violations, consulted points)."""
    reading = engine.reading(reading)
    found = []
    for event in events:
        step = engine.apply(state, event, reading)
        found.append(step)
        state = step.state
    return found


def violations(step) -> list[str]:
    return [flag.message for flag in step.flags if flag.kind == VIOLATION]


def consulted(step) -> list[str]:
    return [flag.point for flag in step.flags if flag.kind == CONSULTED]


def spaces_of(state, owner: str) -> list:
    return [piece[2] for piece in state["pieces"] if piece[0] == owner]
