"""Impact that means something: the simulated matches of an option are played under that
option (by agents in every seat, or the game's bots), so each option's figures describe games
played by its own rules; what the other readings make of those records (outcome changes,
violations) is counted apart; and each reading's measures come with their intervals, the
differences between readings with a test and words.

Each engine's ``simulate(seed=..., interpretation=...)`` and ``legal_events`` under a reading
are what make this possible."""

from __future__ import annotations

import pytest

import games
from games.agents.evaluation import evaluation_for
from games.core.impact import measure_match, summarise
from games.core.replay import replay_document
from studies.models import Study
from studies.plans import played
from studies.services import study_impact

POINTS = {
    "dagon": "dagon.lagoon-chooser",
    "dylan-dog": "dylan-dog.passage-step",
    "gothic": "gothic.pass-occupied",
    "fury-of-dracula": "fury-of-dracula.ticket-partial-use",
}
# Engines on the engine core (the others join when their ports are merged).
ON_THE_CORE = [slug for slug in games.available() if games.get(slug).sections]


@pytest.fixture
def short_matches(monkeypatch):
    """Matches cut at 150 events: enough for what these tests look at, and quick."""
    import studies.plans

    monkeypatch.setattr(studies.plans, "DEFAULT_MAX_EVENTS", 150)


@pytest.mark.parametrize("slug", ON_THE_CORE)
@pytest.mark.parametrize("agent", ["bots", "greedy"])
def test_each_option_is_played_under_itself_and_judged_by_the_others(archive, short_matches,
                                                                     slug, agent):
    engine, point_id = games.get(slug), POINTS[slug]
    study = study_impact(game_slug=slug, point_id=point_id, matches=2, agent=agent)
    assert study.status == Study.DONE, study.error
    point = engine.point(point_id)
    rows = {row["option"]: row for row in study.result["options"]}
    assert set(rows) == set(point.option_ids)
    expected = []
    for option in point.option_ids:
        assert rows[option]["matches"] == 2
        # A match played under an option is legal under it: its players chose from its legal
        # events, so its own reading flags no violation.
        assert rows[option]["violations"] == 0
        reading = engine.interpretation({point_id: option})
        for seed in (1, 2):
            document = played(engine, study.parameters, option=option, seed=seed)
            assert all(step.legal for _, step in replay_document(engine, document, reading))
            expected.append({"seed": seed, **measure_match(
                engine, point_id=point_id, played_under=option, document=document,
                evaluation=evaluation_for(engine))})
    assert study.result["options"] == summarise(point.option_ids, point.default, expected)
    assert set(study.result["measures"]) == set(point.option_ids)


@pytest.fixture
def toy_race(db):
    from tests.factories import GameFactory
    from tests.studies.toy_race import ENGINE

    GameFactory(slug="toy-race", title="Toy race")
    with games.registry.registering(ENGINE):
        yield games.get("toy-race")


def test_the_impact_of_a_rule_counts_outcome_changes_and_violations_apart(toy_race):
    """With sixes rolling again, a record played under that reading holds a second roll
    after a six, which the other reading calls out of turn."""
    study = study_impact(game_slug="toy-race", point_id="toy-race.six-again", matches=25,
                         agent="random")
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
                              document=played(toy_race, study.parameters, option="again",
                                              seed=seed))
                for seed in range(1, 26)]
    with_sixes = [m for m in measured if m["consultations"]]
    assert again["matches_consulting"] == len(with_sixes) > 0
    assert judged["matches_with_violations"] == sum(
        1 for m in measured if m["readings"]["pass"]["violations"])
    assert judged["matches_with_violations"] > 0
    assert judged["outcome_changed"] == sum(
        1 for m in measured if m["readings"]["pass"]["outcome_changed"])
    assert study.result["simulated_matches"] == 50


def test_measures_per_reading_and_their_differences(toy_race):
    """Every seat's share of wins with its interval, completion, duration, decisiveness,
    branching and consultation per reading; each difference with its test and in words."""
    study = study_impact(game_slug="toy-race", point_id="toy-race.six-again", matches=30,
                         agent="greedy")
    assert study.status == Study.DONE, study.error
    measures = study.result["measures"]
    for option in ("again", "pass"):
        m = measures[option]
        assert [b["seat"] for b in m["balance"]] == [1, 2, 3]
        assert sum(b["count"] for b in m["balance"]) == 30
        for b in m["balance"]:
            assert b["low"] <= b["share"] <= b["high"]
        assert m["completion"]["share"] == 1.0
        assert m["events"]["q1"] <= m["events"]["median"] <= m["events"]["q3"]
        assert m["rounds"]["n"] == 30
        assert 0 <= m["clear_after"]["median"] <= 1
        assert m["branching"]["mean"] >= 1
    # A six never consults the point when it passes the turn... it always does: the point is
    # read on every six, under both readings.
    assert measures["again"]["consulted"]["share"] > 0
    [pair] = study.result["differences"]
    assert (pair["base"], pair["option"]) == ("again", "pass")
    said = {m["measure"]: m for m in pair["measures"]}
    assert set(said) == {"completion", "duration", "rounds", "decisiveness", "branching",
                         "consulted", "balance"}
    assert said["completion"]["words"].startswith("No difference in how often matches end "
                                                   "this study can detect at 30 matches")
    for m in said.values():
        assert m["words"].endswith(".")
        if m["detected"]:
            assert "95% CI" in m["words"] and "p " in m["words"]


def test_the_same_seed_gives_the_same_study(toy_race):
    first = study_impact(game_slug="toy-race", point_id="toy-race.knock-chooser", matches=6,
                         agent="mcts", budget=4)
    result = first.result
    Study.objects.all().delete()
    again = study_impact(game_slug="toy-race", point_id="toy-race.knock-chooser", matches=6,
                         agent="mcts", budget=4)
    assert again.pk != first.pk and again.result == result
    other = study_impact(game_slug="toy-race", point_id="toy-race.knock-chooser", matches=6,
                         agent="mcts", budget=5)
    assert other.fingerprint != again.fingerprint


def test_dagon_who_chooses_the_lagoon_shows_in_a_small_study(archive, short_matches):
    """Agents that care: under 'the attacker chooses' the attacker sends the victim to the
    Lagoon worst for it, under 'the attacked chooses' the victim takes the best; the bots'
    choice is the same under both readings."""
    engine = games.get("dagon")
    evaluation = evaluation_for(engine)
    study = study_impact(game_slug="dagon", point_id="dagon.lagoon-chooser", matches=3,
                         agent="greedy")
    assert study.status == Study.DONE, study.error
    assert study.result["measures"]["attacker"]["consulted"]["count"] > 0

    def victims(option):
        """For each attack of the study's matches: the victim's standing after it, and the
        worst and best the free Lagoons would have given it."""
        reading = engine.interpretation({"dagon.lagoon-chooser": option})
        found = []
        for seed in (1, 2, 3):
            document = played(engine, study.parameters, option=option, seed=seed)
            state = engine.initial_state(document["players"], document["setup"])
            for event in document["events"]:
                if event["type"] == "attack":
                    choice = next(c for c in engine.legal_events(state, reading)
                                  if c.type == "attack")
                    target = event["data"]["target"]
                    worth = [evaluation.standings(engine.apply(
                        state, choice.filled({"lagoon": lagoon}), reading).state,
                        [p["id"] for p in document["players"]])[target]
                        for lagoon in choice.field("lagoon").domain.values]
                    state = engine.apply(state, event, reading).state
                    mine = evaluation.standings(state, [target])[target]
                    found.append((mine, min(worth), max(worth)))
                else:
                    state = engine.apply(state, event, reading).state
        return [f for f in found if f[1] != f[2]]

    by_attacker, by_attacked = victims("attacker"), victims("attacked")
    assert by_attacker and by_attacked
    assert all(mine == worst for mine, worst, _ in by_attacker)
    assert all(mine == best for mine, _, best in by_attacked)
