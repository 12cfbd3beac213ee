"""Comparing readings (issue 4): the Dagon Lagoon dispute diverges at the attack step; the
sweep forks where points are consulted; ruleset impact counts consultations and changes."""

import json
from pathlib import Path

import pytest
from django.core.management import call_command

import games
from archive.services import load_archive
from games.core.replay import replay_document
from replay.comparisons import compare_interpretations, ruleset_impact, sweep_match
from replay.interchange import import_match
from replay.models import ReplayFlag
from replay.runs import ReplayError

LAGOON = Path(games.get("dagon").package_dir) / "samples" / "lagoon-dispute.json"
POINT = "dagon.lagoon-chooser"


@pytest.fixture
def lagoon_match(db):
    load_archive()
    return import_match(raw=LAGOON.read_bytes())


def attack_seq() -> int:
    document = json.loads(LAGOON.read_text())
    return next(e["seq"] for e in document["events"] if e["type"] == "attack")


def test_the_two_lagoon_readings_first_diverge_at_the_attack(lagoon_match):
    """dagon/attack-between-heroes: "The attacked player moves its Hero to a symbol (Lagoon)
    of its choice" against dagon/the-lagoon: "moved by the attacking player to a symbol
    (Lagoon) space of the attacker's choice"."""
    comparison = compare_interpretations(
        match=lagoon_match, choices_a={POINT: "attacker"}, choices_b={POINT: "attacked"}
    )
    assert comparison.first_divergence == attack_seq()
    assert comparison.causes == [POINT]
    assert comparison.differences["legality"] == ["False", "True"]
    flags_a = ReplayFlag.objects.filter(run=comparison.run_a, seq=attack_seq())
    flags_b = ReplayFlag.objects.filter(run=comparison.run_b, seq=attack_seq())
    assert {f.kind for f in flags_a} >= {"violation", "consulted"}
    assert {f.kind for f in flags_b} == {"consulted"}
    for flag in [*flags_a, *flags_b]:
        if flag.point == POINT:
            cited = {c["passage"] for c in flag.citations}
            assert cited == {"dagon/the-lagoon", "dagon/attack-between-heroes"}
    violation = flags_a.get(kind="violation")
    assert violation.changing_options == ["attacked"]


def test_identical_readings_do_not_diverge(lagoon_match):
    comparison = compare_interpretations(match=lagoon_match, choices_a={}, choices_b={})
    assert comparison.first_divergence is None and comparison.differing_seqs == []


def test_the_sweep_forks_at_consultations_and_saves_work(lagoon_match):
    result = sweep_match(match=lagoon_match)
    assert POINT in result.points
    engine = games.get("dagon")
    combinations = 1
    for point in result.points:
        combinations *= len(engine.point(point).option_ids)
    assert len(result.rows) == combinations
    assert result.events_applied < result.naive_events
    # Each row equals a full replay under its choices.
    document = json.loads(LAGOON.read_text())
    for row in result.rows:
        steps = list(replay_document(engine, document, engine.interpretation(row.choices)))
        assert row.outcome == engine.outcome(steps[-1][1].state).as_dict()
        assert row.violations == sum(
            1 for _, s in steps for f in s.flags if f.kind == "violation"
        )
    by_reading = {row.choices[POINT]: row for row in result.rows}
    assert by_reading["attacker"].violations > by_reading["attacked"].violations


def test_ruleset_impact_counts_consultations_per_option(db):
    rows = ruleset_impact(game_slug="dagon", point_id=POINT, matches=3)
    assert [row["option"] for row in rows] == ["attacker", "attacked"]
    assert all(row["matches"] == 3 for row in rows)
    assert rows[0]["outcome_changed"] == 0  # the default compared with itself
    with pytest.raises(ReplayError, match="no interpretation point"):
        ruleset_impact(game_slug="dagon", point_id="dagon.nothing", matches=3)
    with pytest.raises(ReplayError, match="1 to 500"):
        ruleset_impact(game_slug="dagon", point_id=POINT, matches=0)


def test_commands_replay_compare_and_sweep(lagoon_match, capsys):
    call_command("replay", str(lagoon_match.pk), "--choose", f"{POINT}=attacked")
    assert "done" in capsys.readouterr().out
    call_command("compare", str(lagoon_match.pk), "--a", f"{POINT}=attacker",
                 "--b", f"{POINT}=attacked")
    report = json.loads(capsys.readouterr().out)
    assert report["first_divergence"] == attack_seq()
    call_command("sweep", str(lagoon_match.pk))
    assert POINT in capsys.readouterr().out


def test_command_arguments_are_checked(lagoon_match):
    from django.core.management.base import CommandError

    with pytest.raises(CommandError, match="POINT=OPTION"):
        call_command("replay", str(lagoon_match.pk), "--choose", "lagoon")
    with pytest.raises(CommandError, match="unknown option"):
        call_command("replay", str(lagoon_match.pk), "--choose", f"{POINT}=nobody")
