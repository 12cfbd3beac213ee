"""An impact study on a game the archive describes as data only: ``manage.py study impact``
plays the Goose (archive/seed/rules/goose) under both readings of a point with the agents and
reports its measures, with no code of the game's own."""

from __future__ import annotations

import re

import pytest
from django.core.management import call_command

from archive.services import load_data_games
from studies.models import Study


@pytest.mark.django_db
def test_an_impact_study_of_the_goose_with_greedy_agents(capsys):
    load_data_games()
    call_command("study", "impact", "goose", "goose.inn", "--matches", "8", "--agent",
                 "greedy")
    out = capsys.readouterr().out
    assert "played by the greedy agent in every seat" in out
    assert "  Matches that end: 8 of 8: 100%" in out
    assert re.search(r"  Seat 1 wins: \d+ of 8: \d+% \(\d+–\d+%\) \| \d+ of 8", out)
    study = Study.objects.get()
    assert study.status == Study.DONE and study.engine == "goose"
