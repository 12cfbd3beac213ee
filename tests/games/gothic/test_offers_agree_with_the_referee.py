"""What is offered agrees with what the referee accepts, at positions simulated matches seldom
reach (the Tower, the blow pipe, a Vampire passing players, a body to search, the staircase,
the moat, the next player opening a go), under every reading: every candidate event that
applies with no violation is covered by exactly one choice, and every value of every open
field applies with no violation (gothic/moves: "Players proceed in turn")."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from games.core.choices import covering
from games.gothic.movement import walks
from games.gothic.rules import ENGINE
from games.gothic.state import GREEN_SQUARES
from tests.games import contract, replay_baseline
from tests.games.gothic.helpers import card, ev, position

READINGS = list(replay_baseline.readings(ENGINE))
AXE = card("Axe", "weapon", "torture-chamber")
PIPE = card("Congolese Blow pipe", "blow-pipe", "trophy-room")
STAKE = card("Ashwood Stake", "stake", "torture-chamber")
VAMPIRE = {"vampire": {"goes": 2, "kills": 0, "fresh": False}}


def _tower():
    return position(4, at={"p1": "tower", "p2": "x11y3", "p3": "lavatory", "p4": "x12y5"},
                    stage="act", go={"moved": True, "tower": True},
                    p1={"cards": [PIPE, card("Brandy", number=5)]},
                    p3={"cards": [card("Crucifix", "protection", "great-hall")]})


def _body():
    state = position(at={"p1": "x5y6", "p2": "x6y6"}, stage="act", go={"moved": True},
                     p1={"cards": [AXE]}, p2={"cards": [card("Knife", "weapon"),
                                                        card("Ghost", numbered=True)]})
    return ENGINE.apply(state, ev("attack", "p1", target="p2", weapon="Axe"),
                        ENGINE.interpretation()).state


def _next_detained():
    return position(at={"p1": "x3y5", "p2": "den"}, stage="act", go={"moved": True},
                    p2={"detained": 1, "cards": [card("Locked Door", "detain", "den")]})


def _next_in_the_tower():
    return position(at={"p1": "x3y5", "p2": "tower", "p3": "x12y4"}, stage="act",
                    go={"moved": True}, p2={"cards": [PIPE], "oil_used": True})


POSITIONS = {
    "the Tower on arrival": _tower,
    "the blow pipe at the throw": lambda: {**_tower(), "stage": "throw",
                                           "go": {**_tower()["go"], "moved": False}},
    "a Vampire passing players": lambda: position(
        4, at={"p1": "x3y4", "p2": "x3y5", "p3": "x4y6", "p4": "x0y6"}, stage="move",
        throw=4, p1=VAMPIRE),
    "a Vampire beside a staker": lambda: position(
        at={"p1": "x3y5", "p2": "x3y4"}, stage="act",
        go={"moved": True, "passed": ["p2"]}, p1={"cards": [STAKE, AXE]}, p2=VAMPIRE),
    "a body to search": _body,
    "the staircase six": lambda: position(at={"p1": "great-spiral-staircase"}, stage="stairs",
                                          throw=6, p1={"depth": 3}),
    "the moat": lambda: position(at={"p1": "moat"}, stage="throw"),
    "a second throw": lambda: position(at={"p1": "x3y5"}, stage="act",
                                       go={"moved": True, "six": True}),
    "a green square": lambda: position(at={"p1": "x1y3", "p2": "x3y1"}, stage="act",
                                       go={"moved": True, "green": True}),
    "the next player detained": _next_detained,
    "the next player in the Tower": _next_in_the_tower,
    "a nasty card beside a player": lambda: position(
        at={"p1": "x5y6", "p2": "x6y6"}, stage="act", go={"moved": True},
        p1={"cards": [card("Asp", "nasty", "den"), card("Wet Rat", "nasty")]}),
}


def candidates(state):
    """Every event a record could hold here, legal or not, from a brute list of values."""
    seats = state["seats"]
    held = sorted({c["name"] for p in seats for c in state["players"][p]["cards"]} | {"x"})
    for pid in seats:
        yield from (ev("throw", pid, value=v) for v in range(1, 7))
        for kind in ("stay", "end_turn", "miss_turn"):
            yield ev(kind, pid)
        yield from (ev("staircase", pid, direction=d) for d in ("up", "down"))
        for name in held:
            yield ev("return_card", pid, card=name)
            yield ev("trade", pid, card=name)
        yield from (ev("passage", pid, to=g) for g in GREEN_SQUARES)
        yield ev("oil", pid)
        for take in ([], *([n] for n in held), held[:2]):
            yield ev("search", pid, take=take)
        for target in seats:
            yield ev("control", pid, target=target)
            yield ev("stake", pid, target=target)
            yield ev("oil", pid, target=target)
            for name in held:
                yield ev("blow_pipe", pid, target=target, card=name)
                yield ev("give", pid, target=target, card=name, loss=5)
                yield ev("attack", pid, target=target, weapon=name)
                yield ev("attack", pid, target=target, weapon=name, take=[])
                yield ev("attack", pid, target=target, weapon=name, take=held[:1])
    if state["stage"] == "move":
        mover = state["actor"]
        start = state["players"][mover]["at"]
        others = [p for p in seats if p != mover]
        kills = [None, *([list(c) for n in (1, 2) for c in combinations(others, n)])]
        for path in walks(start, state["throw"], True):
            for pid in seats:
                for kill in kills:
                    data = {"path": path} if kill is None else {"path": path, "kill": kill}
                    yield {"type": "move", "actor": pid, "data": data}


@pytest.mark.parametrize("where", sorted(POSITIONS))
def test_what_is_offered_is_what_the_referee_accepts(where):
    problems = []
    for name, choices in READINGS:
        reading = ENGINE.interpretation(choices)
        state = POSITIONS[where]()
        offered = ENGINE.legal_events(state, reading)
        for event in candidates(state):
            legal = not contract.violations(ENGINE.apply(state, event, reading))
            found = len(covering(offered, event))
            if found != (1 if legal else 0):
                problems.append(f"{name}: {event} is legal={legal}, covered {found} times")
        for choice in offered:
            for filled in contract.fillings(choice, random.Random(7)):
                broken = contract.violations(ENGINE.apply(state, filled, reading))
                if broken:
                    problems.append(f"{name}: offered {filled} breaks {broken}")
    assert problems == [], "\n".join(problems[:10])
    assert ENGINE.legal_events(POSITIONS[where](), ENGINE.interpretation())
