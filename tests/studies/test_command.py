"""manage.py study sweep|impact|archive: starts the study (or finds the identical one), and
prints a summary when it is done; a bad argument is an error that names it."""

from __future__ import annotations

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from studies.models import Study


def test_study_sweep_prints_combinations_beside_lines_of_play(dylan_dog, capsys):
    call_command("study", "sweep", str(dylan_dog.pk))
    out = capsys.readouterr().out
    study = Study.objects.get()
    sweep = study.result["sweep"]
    assert f"{sweep['combinations']:,} combinations" in out
    assert f"computed as {sweep['lines']:,} distinct lines of play" in out
    assert "default reading: Ana wins" in out
    assert "points that change the outcome alone:" in out
    call_command("study", "sweep", str(dylan_dog.pk))  # the same study, found again
    assert Study.objects.count() == 1 and f"study {study.pk}: done" in capsys.readouterr().out


def test_study_archive_prints_the_points_that_change_outcomes(lagoon, capsys):
    call_command("study", "archive", "dagon", "--points", "dagon.lagoon-chooser")
    out = capsys.readouterr().out
    assert "archive-wide study of dagon: 1 matches swept" in out
    assert "dagon.lagoon-chooser=attacked: changes 0 of 1 matches consulting it" in out


@pytest.mark.parametrize(("args", "message"), [
    (["sweep", "x"], "MATCH must be a match id"),
    (["sweep", "999"], "no match with id 999"),
    (["archive", "dagon", "--points", "dagon.nothing"], "no interpretation point 'dagon.nothing'"),
    (["impact", "dagon", "dagon.lagoon-chooser", "--matches", "0"], "matches must be a whole"),
    (["impact", "nowhere", "x", "--matches", "3"], "nowhere has no rule engine"),
])
def test_bad_arguments_are_named(lagoon, args, message):
    with pytest.raises(CommandError, match=message):
        call_command("study", *args)
    assert not Study.objects.exists()
