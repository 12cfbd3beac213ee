"""Properties: simulated matches replay legally and deterministically, states are JSON, apply is
pure and never raises on a schema-valid event, and the game's invariants hold at every step."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.core.canonical import canonical_json
from games.core.events import EventSchemaError
from games.core.replay import replay_document
from games.fury_of_dracula.board import BOARD
from games.fury_of_dracula.rules import ENGINE
from games.fury_of_dracula.state import TIMES
from tests.games.simulated import simulated

SPACES = sorted(BOARD.spaces) + ["nowhere"]
WORDS = st.sampled_from(["Topi", "Aglio", "Telegramma", "?", "fangs", "dodge", "x"])
PLAYER_IDS = ["p1", "p2", "p3", "p4"]
_SAMPLE_STATES = []


def sample_states():
    """States met in a simulated match (every 40th step), to apply random events to."""
    if not _SAMPLE_STATES:
        doc = ENGINE.simulate(seed=3, min_events=1500)
        for n, (_e, step) in enumerate(replay_document(ENGINE, doc)):
            if n % 40 == 0:
                _SAMPLE_STATES.append(step.state)
    return _SAMPLE_STATES


def field_values(name, spec):
    if spec.kind == "int":
        return st.integers(spec.low if spec.low is not None else -5, spec.high if spec.high is not None else 30)
    if spec.kind == "bool":
        return st.booleans()
    if spec.kind == "str":
        if spec.allowed:
            return st.sampled_from(list(spec.allowed))
        if name in ("hunter", "to"):
            return st.sampled_from(PLAYER_IDS + ["discard", "zz"])
        if name == "space":
            return st.sampled_from(SPACES)
        return WORDS
    if spec.kind == "list[str]":
        items = st.sampled_from(SPACES) if name == "path" else WORDS
        return st.lists(items, min_size=spec.min_items, max_size=spec.max_items or 6)
    return st.just({})


@st.composite
def schema_events(draw):
    spec = draw(st.sampled_from(list(ENGINE.event_specs)))
    data = {}
    for name, field in spec.fields.items():
        if field.required or draw(st.booleans()):
            data[name] = draw(field_values(name, field))
    actor = draw(st.sampled_from(PLAYER_IDS + [None]))
    return {"type": spec.type, "actor": actor, "data": data}


def check_invariants(state):
    assert state["time"] in TIMES
    assert 0 <= state["dracula"]["influence"] <= 13
    assert len(state["dracula"]["trail"]) <= state["trail_length"]
    for h in state["hunters"].values():
        assert 0 <= h["bites"] <= 3
        if h["defeated"]:
            assert h["space"] is None
            assert h["events"] == h["items"] == h["tickets"] == [] and h["bites"] == 0
        for kind in ("events", "items"):
            hand = list(h[kind])
            for card in h[f"shown_{kind}"]:
                assert card in hand
                hand.remove(card)
    combat = state["combat"]
    if combat is not None:
        assert set(combat["hunters"]) <= set(state["hunters"])
        assert set(combat["out"]) <= set(combat["hunters"])
        assert combat["cards"] < 6


def test_simulated_matches_replay_legally_deterministically_and_purely():
    """fury-of-dracula/para-5: "Il combattimento continua round dopo round finché non si verifica una delle varie condizioni di fine" — simulated matches end legally under the full game's victory, the reading duels are played under"""
    for seed in range(4):
        doc = ENGINE.simulate(seed=seed, min_events=600, interpretation=ENGINE.duel_reading)
        assert doc == simulated(ENGINE.slug, seed, min_events=600, reading=ENGINE.duel_reading)
        assert doc["format"] == "ludoteca.match/1" and doc["game"] == "fury-of-dracula"
        assert len(doc["events"]) >= 600
        for event in doc["events"]:
            ENGINE.validate_event(event, [p["id"] for p in doc["players"]], seq=event["seq"])
        state = ENGINE.initial_state(doc["players"], doc["setup"])
        interpretation = ENGINE.interpretation(ENGINE.duel_reading)
        for event in doc["events"]:
            before = canonical_json(state)
            step = ENGINE.apply(state, event, interpretation)
            assert canonical_json(state) == before, f"apply mutated its input at seq {event['seq']}"
            assert step.legal, [f.message for f in step.flags]
            assert json.loads(canonical_json(step.state)) == step.state
            check_invariants(step.state)
            state = step.state
        assert ENGINE.outcome(state).finished


def test_max_events_caps_the_match_and_min_events_lengthens_it():
    """fury-of-dracula/para-5: "Dracula fa avanzare l’influenza fino allo spazio 13" — agents keep below 13 until the end is no longer kept off"""
    assert len(ENGINE.simulate(seed=1, max_events=50)["events"]) == 50
    long = simulated(ENGINE.slug, 1, min_events=2000, reading=ENGINE.duel_reading)
    assert len(long["events"]) >= 2000
    steps = list(replay_document(ENGINE, long, ENGINE.interpretation(ENGINE.duel_reading)))
    assert ENGINE.outcome(steps[-1][1].state).finished
    assert not any(not step.legal for _e, step in steps)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(events=st.lists(schema_events(), min_size=1, max_size=12), which=st.integers(0, 10_000))
def test_apply_never_raises_on_schema_valid_events(events, which):
    """fury-of-dracula/para-3: "Se termini il tuo movimento in un rifugio" — any well-formed record is refereed, never refused"""
    states = sample_states()
    state = states[which % len(states)]
    players = [p["id"] for p in state["players"]]
    for event in events:
        try:
            ENGINE.validate_event(event, players)
        except EventSchemaError:
            continue
        before = canonical_json(state)
        step = ENGINE.apply(state, event, ENGINE.interpretation())
        assert canonical_json(state) == before
        assert json.loads(canonical_json(step.state)) == step.state
        assert isinstance(step.summary, str) and step.summary
        state = step.state


@settings(max_examples=30, deadline=None)
@given(choices=st.fixed_dictionaries({p.id: st.sampled_from(p.option_ids) for p in ENGINE.points}))
def test_any_interpretation_replays_a_match_without_raising(choices):
    """fury-of-dracula/para-1: "usare il valore riportato sulla sua faccia" — every reading can referee a record"""
    doc = ENGINE.simulate(seed=11, min_events=300)
    interpretation = ENGINE.interpretation(choices)
    last = None
    for _event, step in replay_document(ENGINE, doc, interpretation):
        for flag in step.flags:
            if flag.kind == "consulted":
                assert flag.option == choices[flag.point]
        last = step
    assert json.loads(canonical_json(last.state)) == last.state


def test_views_hide_what_each_side_does_not_see():
    """fury-of-dracula/para-2: "le carte con l’icona di Dracula vengono messe a faccia in giù" — hidden cards stay hidden"""
    doc = ENGINE.simulate(seed=5, min_events=400)
    for _event, step in replay_document(ENGINE, doc):
        state = step.state
        hunter_view = ENGINE.view(state, "p1")
        for n, entry in enumerate(hunter_view["dracula"]["trail"]):
            if not (n == 0 and state["dracula"]["revealed"]):
                assert entry["space"] == "?"
            assert set(entry["encounters"]) <= {"?"}
        assert set(hunter_view["dracula"]["events"]) <= {"?"}
        dracula_view = ENGINE.view(state, state["dracula_player"])
        assert dracula_view["dracula"] == state["dracula"]
        for pid, h in dracula_view["hunters"].items():
            assert len(h["events"]) == len(state["hunters"][pid]["events"])
            assert [c for c in h["events"] if c != "?"] == state["hunters"][pid]["shown_events"]
        assert ENGINE.view(state, None) == state
