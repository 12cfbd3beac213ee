"""Property tests: simulated matches, determinism, round trips, purity, robustness, invariants."""

from __future__ import annotations

import copy
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.core.canonical import canonical_json
from games.core.replay import replay_document
from games.gothic.rules import ENGINE
from games.gothic.state import SQUARES
from tests.games.simulated import simulated

RELAXED = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def check_invariants(state, step=None):
    """gothic/moves: "Two players may never occupy the same square." and gothic/stamina bookkeeping."""
    squares = [
        p["at"] for p in state["players"].values() if p["status"] == "alive" and p["at"] in SQUARES
    ]
    assert len(squares) == len(set(squares))
    for player in state["players"].values():
        assert player["stamina"] >= 0
        if player["status"] == "alive":
            assert player["stamina"] > 0 and player["at"] is not None
    alive = [p for p in state["players"].values() if p["status"] == "alive"]
    if state["stage"] == "over":
        assert len(alive) <= 1 and state["winner"] in (None, *[p["id"] for p in alive])
    else:
        assert state["winner"] is None
    vampires = [p for p in alive if p["vampire"] is not None]
    assert len(vampires) <= 1
    assert state["dracula"] == (vampires[0]["id"] if vampires else None)
    if step is not None:
        for effect in step.effects:
            if effect["kind"] == "stamina":
                assert effect["after"] == max(0, effect["before"] + effect["change"])
                assert effect["after"] >= 0


@pytest.mark.parametrize("seed", [1, 2])
def test_simulated_matches_are_legal_deterministic_and_keep_the_invariants(seed):
    """gothic/play: "The only survivor is the winner of the game." (agents play legal matches to
    the end)"""
    document = ENGINE.simulate(seed=seed)
    assert document == simulated("gothic", seed)
    assert document["format"] == "ludoteca.match/1" and document["game"] == "gothic"
    tally = {p["id"]: 100 for p in document["players"]}
    state = None
    for event, step in replay_document(ENGINE, document):
        ENGINE.validate_event(event, [p["id"] for p in document["players"]])
        assert step.legal, (event, step.flags)
        check_invariants(step.state, step)
        for effect in step.effects:
            if effect["kind"] == "stamina":
                assert effect["before"] == tally[effect["player"]]
                tally[effect["player"]] = effect["after"]
        state = step.state
    for pid, value in tally.items():
        assert state["players"][pid]["stamina"] == value  # every change was logged
    outcome = ENGINE.outcome(state)
    assert outcome.finished and (outcome.winner is None or outcome.winner not in outcome.eliminated)
    again = list(replay_document(ENGINE, document))
    assert canonical_json(again[-1][1].state) == canonical_json(state)


def test_min_events_stalls_legally_and_max_events_caps():
    """gothic/rooms: "may be traded in for stamina at any stage of the game, thus allowing the player to evade death for a little while longer." """
    long = simulated("gothic", 3, min_events=1500)
    assert len(long["events"]) >= 1500
    last = None
    for _event, step in replay_document(ENGINE, long):
        assert step.legal
        last = step.state
    assert ENGINE.outcome(last).finished
    capped = ENGINE.simulate(seed=3, max_events=50)
    assert len(capped["events"]) == 50


def sample_states():
    states = []
    for seed in (1, 2, 5):
        document = simulated("gothic", seed, max_events=400)
        for i, (_e, step) in enumerate(replay_document(ENGINE, document)):
            if i % 7 == 0:
                states.append(step.state)
    return states


STATES = sample_states()
PLACES = sorted(ENGINE.board["adjacent"])
NAMES = ["Axe", "Asp", "Brandy", "Crucifix", "Congolese Blow pipe", "Ashwood Stake", "Stew"]


def field_value(name, spec):
    if spec.kind == "int":
        return st.integers(
            min_value=spec.low if spec.low is not None else -5,
            max_value=spec.high if spec.high is not None else 20,
        )
    if spec.kind == "bool":
        return st.booleans()
    if spec.kind == "str":
        if spec.allowed:
            return st.sampled_from(list(spec.allowed))
        return st.sampled_from(["p1", "p2", "p3", "p4", *NAMES])
    if spec.kind == "list[str]":
        items = st.sampled_from(list(spec.allowed)) if spec.allowed else st.sampled_from(NAMES)
        if name == "path":
            items = st.sampled_from(PLACES)
        return st.lists(
            items, min_size=max(spec.min_items, 0), max_size=min(spec.max_items or 6, 6)
        )
    return st.just({})


@st.composite
def game_events(draw):
    spec = draw(st.sampled_from(list(ENGINE.event_specs)))
    data = {}
    for name, field in spec.fields.items():
        if field.required or draw(st.booleans()):
            data[name] = draw(field_value(name, field))
    return {
        "type": spec.type,
        "actor": draw(st.sampled_from(["p1", "p2", "p3", "p4"])),
        "data": data,
    }


@settings(max_examples=50, deadline=None)
@given(
    st.sampled_from(range(len(STATES))), st.lists(game_events(), min_size=1, max_size=8), st.data()
)
def test_apply_never_raises_never_mutates_and_round_trips(index, events, data):
    """gothic/moves: "Players proceed in turn" (any well-formed event, legal or not, gets a defined state)."""
    choices = {p.id: data.draw(st.sampled_from(p.option_ids)) for p in ENGINE.points}
    interpretation = ENGINE.interpretation(choices)
    state = STATES[index]
    for event in events:
        ENGINE.validate_event(event)
        before = copy.deepcopy(state)
        step = ENGINE.apply(state, event, interpretation)
        assert state == before  # apply never mutates its input
        assert json.loads(canonical_json(step.state)) == step.state
        squares = [
            p["at"]
            for p in step.state["players"].values()
            if p["status"] == "alive" and p["at"] in SQUARES
        ]
        assert len(squares) == len(set(squares))
        assert all(p["stamina"] >= 0 for p in step.state["players"].values())
        for flag in step.flags:
            assert flag.rule.startswith("gothic/")
        state = step.state


def test_initial_state_round_trips():
    """gothic/stamina: "At the beginning of the game each player has 100 stamina points" """
    state = ENGINE.initial_state([{"id": "a", "name": "Ana"}, {"id": "b", "name": "Luis"}], {})
    assert json.loads(canonical_json(state)) == state
    assert all(p["stamina"] == 100 for p in state["players"].values())
    assert state["dracula"] is None
