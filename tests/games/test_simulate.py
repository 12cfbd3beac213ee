"""One way to play: ``Engine.simulate`` is one implementation (``games.agents.simulate``), the
shared agents guided by each game's declared evaluation. Its contract: the same seed gives
the same match; every event is one the reading played offers, so the record is legal under
it; matches of a game that can end by play end; ``min_events`` keeps the end off that long
and ``max_events`` cuts it."""

from __future__ import annotations

from pathlib import Path

import pytest

import games
from games.core.engine import Engine
from games.core.replay import replay_document
from tests.games.simulated import final_state, simulated

SLUGS = games.available()
ROOT = Path(__file__).resolve().parents[2]


def test_no_game_keeps_a_simulator_of_its_own():
    assert [p.parent.name for p in ROOT.glob("games/*/simulate.py")] == ["agents"]
    assert not (ROOT / "games" / "core" / "simulate.py").exists()
    for slug in SLUGS:
        assert type(games.get(slug)).simulate is Engine.simulate, slug
        assert games.get(slug).evaluation is not None, slug


@pytest.mark.parametrize("slug", SLUGS)
def test_a_simulated_match_is_reproducible_and_legal_under_its_reading(slug):
    engine = games.get(slug)
    point = engine.points[-1]
    reading = engine.reading({point.id: point.option_ids[-1]})
    document = engine.simulate(seed=5, max_events=150, interpretation=reading)
    assert document == engine.simulate(seed=5, max_events=150,
                                       interpretation=dict(reading.options))
    assert document != engine.simulate(seed=6, max_events=150, interpretation=reading)
    players = [p["id"] for p in document["players"]]
    for event, step in replay_document(engine, document, reading):
        engine.validate_event(event, players, seq=event["seq"])
        assert step.legal, (event, [f.message for f in step.flags])
    assert document["title"] == "Simulated match (seed 5)"
    assert "greedy in every seat" in document["source"]


@pytest.mark.parametrize("slug", SLUGS)
def test_greedy_agents_finish_the_matches_of_a_game(slug):
    """Under the reading its duels are played under, the simulated matches of four seeds end
    (at least three) within the game's duel length (bench/agents_completion.py measures it
    per reading)."""
    engine = games.get(slug)
    reading = engine.reading(engine.duel_reading)
    ended = 0
    for seed in range(1, 5):
        document = simulated(slug, seed, reading=engine.duel_reading)
        assert len(document["events"]) <= engine.duel_length
        ended += engine.finished(final_state(slug, document, reading.options))
    assert ended >= 3, f"{slug}: {ended} of 4 simulated matches ended"


def test_dracula_s_excerpts_cannot_end_a_match_and_say_so():
    """fury-of-dracula/para-5: the excerpts give influence 13 and Dracula's defeat only as ends
    of a combat; under `recorded-only` a match ends by a recorded `game_over`, which no player
    decides: a simulated match runs to the cut, unfinished, and the engine declares it."""
    engine = games.get("fury-of-dracula")
    assert not engine.ends_by_play(engine.reading(None))
    assert engine.ends_by_play(engine.reading(engine.duel_reading))
    document = simulated("fury-of-dracula", 1)
    assert len(document["events"]) == engine.duel_length
    assert not engine.finished(final_state("fury-of-dracula", document))


@pytest.mark.parametrize("slug", SLUGS)
def test_min_events_keeps_the_end_off_and_max_events_cuts(slug):
    engine = games.get(slug)
    reading = engine.reading(engine.duel_reading)
    document = simulated(slug, 2, min_events=400, reading=engine.duel_reading)
    assert len(document["events"]) >= 400
    assert "the end kept off until 400 events" in document["source"]
    for index, (event, step) in enumerate(replay_document(engine, document, reading), 1):
        assert step.legal, event
        if index < 400:
            assert not engine.finished(step.state), f"ended at event {index}"
    assert len(engine.simulate(seed=2, max_events=30)["events"]) == 30
