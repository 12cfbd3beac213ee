"""Comparing readings: the Dagon Lagoon dispute diverges at the attack step (the sweep and
the impact of a point are studies: tests/studies, tests/games/test_sweep.py)."""

import json
from pathlib import Path

import pytest
from django.core.management import call_command

import games
from archive.services import load_archive
from replay.log.interchange import import_match
from replay.models import ReplayFlag
from replay.runs.comparisons import compare_interpretations

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
        match=lagoon_match, reading_a={POINT: "attacker"}, reading_b={POINT: "attacked"}
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
    from replay.runs.steps import changing_options

    (violation,) = changing_options(run=comparison.run_a, flags=flags_a.filter(kind="violation"))
    assert violation.changing_options == ["attacked"]


def test_identical_readings_do_not_diverge(lagoon_match):
    comparison = compare_interpretations(match=lagoon_match, reading_a={}, reading_b={})
    assert comparison.first_divergence is None and comparison.differing_seqs == []


def test_commands_replay_and_compare(lagoon_match, capsys):
    call_command("replay", str(lagoon_match.pk), "--choose", f"{POINT}=attacked")
    assert "done" in capsys.readouterr().out
    call_command("compare", str(lagoon_match.pk), "--a", f"{POINT}=attacker",
                 "--b", f"{POINT}=attacked")
    report = json.loads(capsys.readouterr().out)
    assert report["first_divergence"] == attack_seq()


def test_command_arguments_are_checked(lagoon_match):
    from django.core.management.base import CommandError

    with pytest.raises(CommandError, match="POINT=OPTION"):
        call_command("replay", str(lagoon_match.pk), "--choose", "lagoon")
    with pytest.raises(CommandError, match="unknown option"):
        call_command("replay", str(lagoon_match.pk), "--choose", f"{POINT}=nobody")
