"""The engine protocol every game keeps (DESIGN.md, "Engines and interpretations"): one dispatch
with its guards, ``legal_events`` that offers exactly what a correct record could hold next,
``pieces`` and a labelled ``layout`` that a page can draw from. Checked the same way for all
four engines, on their simulated matches and on events generated from their schemas."""

from __future__ import annotations

import copy
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import games
from games.core.choices import matching_choice
from games.core.flags import VIOLATION
from games.core.replay import replay_document
from games.core.simulate import fill
from tests.games import replay_baseline

SLUGS = ["dagon", "gothic", "dylan-dog", "fury-of-dracula"]
SEEDS = [1, 2, 3, 7]


def test_every_engine_is_on_the_protocol():
    assert sorted(games.available()) == sorted(SLUGS)
    assert all(games.get(slug).handlers for slug in SLUGS)


def violations(step):
    return [flag for flag in step.flags if flag.kind == VIOLATION]


def states_of(engine, document, interpretation=None):
    """(state before, event, step) for every event of a match."""
    interpretation = interpretation or engine.interpretation()
    state = engine.initial_state(document["players"], document.get("setup", {}))
    for event, step in replay_document(engine, document, interpretation):
        yield state, event, step
        state = step.state


def simulated(slug, seed):
    return games.get(slug).simulate(seed=seed, max_events=400)


@pytest.mark.parametrize("slug", SLUGS)
def test_an_unknown_event_type_is_a_violation_that_changes_nothing(slug):
    engine = games.get(slug)
    document = simulated(slug, 1)
    state = engine.initial_state(document["players"], document.get("setup", {}))
    before = copy.deepcopy(state)
    step = engine.apply(state, {"type": "juggle", "actor": "p1", "data": {}},
                        engine.interpretation())
    assert [flag.message for flag in violations(step)] and "juggle" in violations(step)[0].message
    assert step.state == before and state == before


@pytest.mark.parametrize("slug", SLUGS)
def test_an_event_after_the_end_is_a_violation_that_changes_nothing(slug):
    engine = games.get(slug)
    document = engine.simulate(seed=1)
    *_, (_last_state, last_event, last_step) = states_of(engine, document)
    final = last_step.state
    assert engine.outcome(final).finished
    assert engine.legal_events(final, engine.interpretation()) == []
    step = engine.apply(final, last_event, engine.interpretation())
    assert violations(step)
    assert step.state == final


@pytest.mark.parametrize("slug", SLUGS)
@pytest.mark.parametrize("seed", SEEDS)
def test_every_recorded_event_is_among_the_choices_offered_at_its_state(slug, seed):
    """Simulated matches: every event is legal, so the engine must have offered it."""
    engine = games.get(slug)
    interpretation = engine.interpretation()
    for state, event, step in states_of(engine, simulated(slug, seed)):
        assert not violations(step), (event, violations(step))
        choices = engine.legal_events(state, interpretation)
        assert matching_choice(choices, event) is not None, (
            f"seq {event['seq']}: {event} is legal but not offered; offered: "
            f"{[c.event for c in choices][:12]}"
        )


@pytest.mark.parametrize("slug", SLUGS)
def test_every_legal_event_of_the_stored_records_is_offered(slug):
    """The samples and frozen records, under every single-option reading: an event that
    applies without a violation under a reading is offered under that reading."""
    for path in replay_baseline.record_paths():
        document = json.loads(path.read_text(encoding="utf-8"))
        if document["game"] != slug:
            continue
        engine = games.get(slug)
        for _name, choices in replay_baseline.readings(engine):
            interpretation = engine.interpretation(choices)
            for state, event, step in states_of(engine, document, interpretation):
                if event["type"] in ("annotation", "correction") or violations(step):
                    continue
                offered = engine.legal_events(state, interpretation)
                assert matching_choice(offered, event) is not None, (
                    f"{path.name}, {_name}, seq {event['seq']}: {event} applies without a "
                    "violation but is not offered"
                )


@pytest.mark.parametrize("slug", SLUGS)
@pytest.mark.parametrize("seed", SEEDS[:2])
def test_every_choice_offered_applies_without_a_violation(slug, seed):
    """Each choice, open fields filled from the event schema, is legal under its reading;
    each names only spaces of the board, and chance choices come as whole sets of outcomes."""
    engine = games.get(slug)
    rng = random.Random(seed)
    document = simulated(slug, seed)
    interpretation = engine.interpretation()
    for state, _event, _step in states_of(engine, document):
        choices = engine.legal_events(state, interpretation)
        assert choices or engine.outcome(state).finished
        spaces = {space.id for space in engine.layout(state).spaces}
        for choice in choices:
            assert choice.label and choice.label[0].isupper(), choice
            assert set(choice.spaces) <= spaces, choice
            filled = fill(engine, choice, rng, document.get("setup", {}))
            engine.validate_event(filled, [p["id"] for p in document["players"]],
                                  setup=document.get("setup", {}))
            step = engine.apply(state, filled, interpretation)
            assert not violations(step), (choice, violations(step))
        # A player may decide something else first (an exchange before the throw), but the
        # outcomes of one throw or draw are all chance, and a decision is never one.
        kinds: dict[tuple, set] = {}
        for choice in choices:
            kinds.setdefault((choice.event["type"], choice.event.get("actor")), set()).add(
                choice.chance)
        assert all(len(found) == 1 for found in kinds.values()), "chance and decisions mixed"


@pytest.mark.parametrize("slug", SLUGS)
def test_a_match_simulated_under_a_reading_is_legal_under_it(slug):
    """``simulate(interpretation=...)`` takes a reading or its choices alike, and its bots play
    that reading: each point's other options give records with no violation under them."""
    engine = games.get(slug)
    for point in engine.points:
        for option in point.option_ids:
            if option == point.default:
                continue
            reading = engine.interpretation({point.id: option})
            document = engine.simulate(seed=3, max_events=300, interpretation=reading)
            assert document == engine.simulate(seed=3, max_events=300,
                                               interpretation={point.id: option})
            assert f"{point.id}={option}" in document["source"]
            broken = [(event["seq"], violations(step)) for event, step
                      in replay_document(engine, document, reading) if violations(step)]
            assert broken == [], f"{point.id}={option}"


@pytest.mark.parametrize("slug", SLUGS)
def test_pieces_stand_on_spaces_of_the_labelled_board(slug):
    engine = games.get(slug)
    for state, _event, step in states_of(engine, simulated(slug, 2)):
        layout = engine.layout(step.state)
        names = layout.names()
        assert all(names.values()), "every space has a name"
        for piece in engine.pieces(step.state):
            assert piece.label
            assert piece.space is None or piece.space in names, piece
        assert layout.provenance, "the board says where its geometry comes from"


@pytest.mark.parametrize("slug", SLUGS)
def test_apply_never_mutates_its_input(slug):
    engine = games.get(slug)
    interpretation = engine.interpretation()
    for state, event, _step in states_of(engine, simulated(slug, 3)):
        before = copy.deepcopy(state)
        engine.apply(state, event, interpretation)
        assert state == before, f"seq {event['seq']} mutated its input"


def schema_event(engine, players, setup):
    """Events drawn from an engine's own schema, naming only what the game has."""

    def field_value(field):
        known = sorted(engine.referents(field.refers, setup) or []) if field.refers else []
        if field.refers == "player":
            known = players
        names = known or list(field.choices or []) or ["x"]
        if field.kind == "int":
            low = field.low if field.low is not None else -2
            high = field.high if field.high is not None else 12
            return st.integers(low, high)
        if field.kind == "bool":
            return st.booleans()
        if field.kind == "str":
            return st.sampled_from(names)
        if field.kind == "list[str]":
            return st.lists(st.sampled_from(names), min_size=max(field.min_items, 1),
                            max_size=field.max_items or 6)
        if field.kind == "list[int]":
            return st.lists(st.integers(field.low or 0, field.high or 12),
                            min_size=field.min_items, max_size=field.max_items or 4)
        return st.just({})

    def for_spec(spec):
        required = {name: field_value(f) for name, f in spec.fields.items() if f.required}
        optional = {name: field_value(f) for name, f in spec.fields.items() if not f.required}
        return st.builds(
            lambda actor, data: {"type": spec.type, "actor": actor, "data": data},
            st.sampled_from(players),
            st.fixed_dictionaries(required, optional=optional),
        )

    specs = [spec for spec in engine.event_schema.values()
             if spec.type not in ("annotation", "correction")]
    return st.one_of([for_spec(spec) for spec in specs])


@pytest.mark.parametrize("slug", SLUGS)
@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_a_well_formed_event_that_applies_without_a_violation_is_offered(slug, data):
    engine = games.get(slug)
    document = simulated(slug, data.draw(st.integers(1, 40), label="seed"))
    states = [state for state, _e, _s in states_of(engine, document)]
    state = data.draw(st.sampled_from(states), label="state")
    players = [p["id"] for p in document["players"]]
    event = data.draw(schema_event(engine, players, document.get("setup", {})), label="event")
    interpretation = engine.interpretation()
    step = engine.apply(state, event, interpretation)
    if not violations(step):
        assert matching_choice(engine.legal_events(state, interpretation), event) is not None, (
            f"{event} applies without a violation but is not offered"
        )
