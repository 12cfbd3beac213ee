"""The engine protocol every game keeps (docs/DESIGN.md, "Engines and interpretations"): one dispatch
with its guards, simulation under a reading, ``pieces`` and a labelled ``layout`` that a page can
draw from, each player's facts, and ``apply`` that never mutates its input. What an engine
offers is held to its contract in ``test_choice_contract.py``."""

from __future__ import annotations

import copy

import pytest

import games
from games.core.flags import VIOLATION
from games.core.replay import replay_document
from tests.games.rules.seeds import DATA_SLUGS, engine_for
from tests.games.simulated import simulated as shared

SLUGS = ["dagon", "gothic", "dylan-dog", "fury-of-dracula"]
ENGINES = SLUGS + DATA_SLUGS  # the data games of the seed archive keep the protocol too
SEEDS = [1, 2, 3, 7]


def test_every_engine_is_on_the_protocol():
    assert sorted(games.available()) == sorted(SLUGS)
    assert all(games.get(slug).handlers for slug in SLUGS)
    assert all(games.get(slug).rulebook is not None for slug in SLUGS)


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
    return shared(slug, seed, max_events=400)


@pytest.mark.parametrize("slug", ENGINES)
def test_an_unknown_event_type_is_a_violation_that_changes_nothing(slug):
    engine = engine_for(slug)
    document = simulated(slug, 1)
    state = engine.initial_state(document["players"], document.get("setup", {}))
    before = copy.deepcopy(state)
    step = engine.apply(state, {"type": "juggle", "actor": "p1", "data": {}},
                        engine.interpretation())
    assert [flag.message for flag in violations(step)] and "juggle" in violations(step)[0].message
    assert step.state == before and state == before


@pytest.mark.parametrize("slug", ENGINES)
def test_an_event_after_the_end_is_a_violation_that_changes_nothing(slug):
    engine = engine_for(slug)
    document = shared(slug, 1, reading=engine.duel_reading)
    *_, (_last_state, last_event, last_step) = states_of(engine, document,
                                                         engine.reading(engine.duel_reading))
    final = last_step.state
    assert engine.outcome(final).finished
    assert engine.legal_events(final, engine.interpretation()) == []
    step = engine.apply(final, last_event, engine.interpretation())
    assert violations(step)
    assert step.state == final


@pytest.mark.parametrize("slug", ENGINES)
def test_a_match_simulated_under_a_reading_is_legal_under_it(slug):
    """``simulate(interpretation=...)`` takes a reading or its choices alike, and its bots play
    that reading: each point's other options give records with no violation under them."""
    engine = engine_for(slug)
    for point in engine.points:
        for option in point.option_ids:
            if option == point.default:
                continue
            reading = engine.interpretation({point.id: option})
            document = engine.simulate(seed=3, max_events=150, interpretation=reading)
            assert document == shared(slug, 3, max_events=150, reading={point.id: option})
            assert f"{point.id}={option}" in document["source"]
            broken = [(event["seq"], violations(step)) for event, step
                      in replay_document(engine, document, reading) if violations(step)]
            assert broken == [], f"{point.id}={option}"


@pytest.mark.parametrize("slug", ENGINES)
def test_pieces_stand_on_spaces_of_the_labelled_board(slug):
    engine = engine_for(slug)
    for _state, _event, step in states_of(engine, simulated(slug, 2)):
        layout = engine.layout(step.state)
        names = layout.names()
        assert all(names.values()), "every space has a name"
        for piece in engine.pieces(step.state):
            assert piece.label
            assert piece.space is None or piece.space in names, piece
        assert layout.provenance, "the board says where its geometry comes from"


@pytest.mark.parametrize("slug", ENGINES)
def test_apply_never_mutates_its_input(slug):
    engine = engine_for(slug)
    interpretation = engine.interpretation()
    for state, event, _step in states_of(engine, simulated(slug, 3)):
        before = copy.deepcopy(state)
        engine.apply(state, event, interpretation)
        assert state == before, f"seq {event['seq']} mutated its input"




@pytest.mark.parametrize("slug", ENGINES)
def test_every_player_has_facts_in_words(slug):
    """The engine says each player's facts (pages never guess them from the state), as the
    viewer may see them: a seat never sees more than the archivist."""
    engine = engine_for(slug)
    document = simulated(slug, 2)
    players = [p["id"] for p in document["players"]]
    for index, (_state, _event, step) in enumerate(states_of(engine, document)):
        if index % 25:
            continue
        everything = engine.player_facts(step.state)
        assert [f.player for f in everything] == players
        for facts in everything:
            assert facts.name and facts.facts
            assert all(what and isinstance(value, str) for what, value in facts.facts)
        for seat in players:
            seen = engine.player_facts(step.state, seat)
            assert [f.player for f in seen] == players
