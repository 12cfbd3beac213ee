"""manage.py load_samples: every sample shipped in ``games/*/samples/`` is imported from its file
as it is (no sample is simulated again: the files are the archive) and replayed; a second run
changes nothing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.core.management import call_command

from archive.services import load_archive
from replay.models import Match, ReplayRun

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = sorted(ROOT.glob("games/*/samples/*.json"))


@pytest.mark.django_db
def test_every_shipped_sample_is_imported_as_it_is_and_replayed(capsys):
    load_archive()
    call_command("load_samples")
    assert len(SAMPLES) == 10  # two simulated a game, and two written by hand
    for path in SAMPLES:
        document = json.loads(path.read_text(encoding="utf-8"))
        match = Match.objects.get(game__slug=document["game"], title=document["title"])
        stored = list(match.events.order_by("seq").values("seq", "type", "actor", "data"))
        assert stored == [{key: event[key] for key in ("seq", "type", "actor", "data")}
                          for event in document["events"]], path.name
        assert ReplayRun.objects.filter(match=match, status=ReplayRun.DONE).exists(), path.name
    first = capsys.readouterr().out
    assert first.count("imported: ") == len(SAMPLES)
    runs = ReplayRun.objects.count()
    call_command("load_samples")
    again = capsys.readouterr().out
    assert again.count("unchanged: ") == len(SAMPLES) and "imported: " not in again
    assert ReplayRun.objects.count() == runs
