"""Impact that means something: the simulated matches of an option are played under that
option, so each option's figures describe games played by its own rules, and what the other
readings make of those records (outcome changes, violations) is counted apart.

Each engine's ``simulate(seed=..., interpretation=...)`` is what makes this possible: part of
the engine contract, taking a reading or its choices alike."""

from __future__ import annotations

import pytest

import games
from games.core.impact import measure_match, summarise
from games.core.replay import replay_document
from studies.models import Study
from studies.services import study_impact

POINTS = {
    "dagon": "dagon.lagoon-chooser",
    "dylan-dog": "dylan-dog.passage-step",
    "gothic": "gothic.pass-occupied",
    "fury-of-dracula": "fury-of-dracula.ticket-partial-use",
}


@pytest.mark.parametrize("slug", sorted(POINTS))
def test_each_option_is_played_under_itself_and_judged_by_the_others(archive, slug):
    engine, point_id = games.get(slug), POINTS[slug]
    study = study_impact(game_slug=slug, point_id=point_id, matches=3)
    assert study.status == Study.DONE, study.error
    point = engine.point(point_id)
    rows = {row["option"]: row for row in study.result["options"]}
    assert set(rows) == set(point.option_ids)
    for option in point.option_ids:
        assert rows[option]["matches"] == 3
        # A match played under an option is legal under it: the bots chose from its legal
        # events, so its own reading flags no violation.
        assert rows[option]["violations"] == 0
        for seed in (1, 2, 3):
            document = engine.simulate(seed=seed, max_events=study.parameters["max_events"],
                                       interpretation=engine.interpretation({point_id: option}))
            steps = [s for _, s in replay_document(
                engine, document, engine.interpretation({point_id: option}))]
            assert all(step.legal for step in steps)
    expected = summarise(point.option_ids, point.default, [
        measure_match(engine, point_id=point_id, played_under=option, seed=seed,
                      max_events=study.parameters["max_events"])
        for option in point.option_ids for seed in (1, 2, 3)
    ])
    assert study.result["options"] == expected


@pytest.fixture
def toy_race(db, monkeypatch):
    from tests.factories import GameFactory

    monkeypatch.setitem(games.ENGINE_MODULES, "toy-race", "tests.studies.toy_race")
    monkeypatch.delitem(games._loaded, "toy-race", raising=False)
    GameFactory(slug="toy-race", title="Toy race")
    return games.get("toy-race")


def test_the_impact_of_a_rule_counts_outcome_changes_and_violations_apart(toy_race):
    """With sixes rolling again, a record played under that reading holds a second roll
    after a six, which the other reading calls out of turn."""
    study = study_impact(game_slug="toy-race", point_id="toy-race.six-again", matches=25)
    assert study.status == Study.DONE and study.parts_total == 6  # 2 options × 3 chunks
    again, passing = study.result["options"]
    assert (again["option"], passing["option"]) == ("again", "pass")
    assert again["default"] and not passing["default"]
    for row in (again, passing):
        assert row["matches"] == 25 and row["violations"] == 0
        assert sum(row["wins_by_player"].values()) == row["finished"] == 25
        assert set(row["wins_by_player"]) <= {"Ana", "Luis", "Carla"}
    judged = again["other_readings"][0]
    assert judged["option"] == "pass"
    measured = [measure_match(toy_race, point_id="toy-race.six-again", played_under="again",
                              seed=seed) for seed in range(1, 26)]
    with_sixes = [m for m in measured if m["consultations"]]
    assert again["matches_consulting"] == len(with_sixes) > 0
    assert judged["matches_with_violations"] == sum(
        1 for m in measured if m["readings"]["pass"]["violations"])
    assert judged["matches_with_violations"] > 0
    assert judged["outcome_changed"] == sum(
        1 for m in measured if m["readings"]["pass"]["outcome_changed"])
    assert study.result["simulated_matches"] == 50
