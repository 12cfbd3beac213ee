"""The step page, the match page and the compare page make a bounded number of queries,
whatever the match's length and its number of notes, flags and runs."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

import games
from replay.interchange import import_match
from replay.models import ReplayFlag, ReplayRun
from replay.runs import SNAPSHOT_INTERVAL, replay_match
from replay.services import append_events, note_add, note_revise
from tests.factories import make_curator

MOST = 10


def rich_match(seed: int, max_events: int, *, notes: int):
    """A Dylan Dog match with a run under every option of every point it consults,
    ``notes`` notes on its steps (every third one revised) and a few moves after its runs."""
    engine = games.get("dylan-dog")
    match = import_match(raw=engine.simulate(seed=seed, max_events=max_events))
    runs = [replay_match(match=match)]
    for point in engine.points[:3]:
        for option in point.option_ids:
            if option != point.default:
                runs.append(replay_match(match=match, choices={point.id: option}))
    for index in range(notes):
        match.refresh_from_db()
        step = 1 + index * (match.last_seq - 1) // max(notes, 1)
        added = note_add(match=match, step=step, text=f"note {index}", expected_seq=match.last_seq)
        if index % 3 == 0:
            note_revise(match=match, note_seq=added.first_seq, text=f"note {index}, revised",
                        expected_seq=added.last_seq)
    assert all(run.status == ReplayRun.DONE for run in runs)
    return match, runs


@pytest.fixture
def short(archive):
    return rich_match(seed=2, max_events=12, notes=1)


@pytest.fixture
def long(archive):
    match, runs = rich_match(seed=3, max_events=3000, notes=60)
    assert match.last_seq > 2 * SNAPSHOT_INTERVAL
    assert ReplayFlag.objects.filter(run=runs[0]).count() > 40
    return match, runs


def queries(client, path: str, **headers) -> int:
    with CaptureQueriesContext(connection) as captured:
        assert client.get(path, **headers).status_code == 200
    return len(captured.captured_queries)


def flagged_step(run) -> int:
    """A step late in the run whose flags cite rulebook passages (its last step on a short
    run with none)."""
    cited = ReplayFlag.objects.filter(run=run).exclude(citations=[]).order_by("-seq").first()
    return cited.seq if cited else run.progress


def readers():
    curator = Client()
    curator.force_login(make_curator("curator"))
    return {"signed out": Client(), "curator": curator}


@pytest.mark.parametrize("which", ["short", "long"])
def test_a_step_page_makes_at_most_ten_queries(request, which):
    match, runs = request.getfixturevalue(which)
    run = runs[0]
    for name, client in readers().items():
        for seq in (0, 1, flagged_step(run), run.progress):
            path = reverse("replay-step", args=[match.pk, run.pk, seq])
            for headers in ({}, {"HTTP_HX_REQUEST": "true"}):
                cache.clear()
                cold = queries(client, path, **headers)
                warm = queries(client, path, **headers)
                assert cold <= MOST, (name, seq, cold)
                assert warm <= 4, (name, seq, warm)


@pytest.mark.parametrize("which", ["short", "long"])
def test_the_match_and_compare_pages_make_at_most_ten_queries(request, which):
    match, runs = request.getfixturevalue(which)
    pages = [reverse("match-detail", args=[match.pk])]
    base = reverse("compare", args=[match.pk]) + f"?a={runs[0].pk}&b={runs[-1].pk}"
    pages += [base, base + "&seq=0", base + f"&seq={flagged_step(runs[0])}"]
    for name, client in readers().items():
        for path in pages:
            cache.clear()
            assert queries(client, path) <= MOST, (name, path)


def test_more_runs_notes_and_moves_add_no_query(long):
    match, runs = long
    client = Client()
    step = reverse("replay-step", args=[match.pk, runs[0].pk, 5])
    pages = [step, reverse("match-detail", args=[match.pk]),
             reverse("compare", args=[match.pk]) + f"?a={runs[0].pk}&b={runs[1].pk}&seq=5"]

    def counts():
        found = []
        for path in pages:
            cache.clear()
            found.append(queries(client, path))
        return found

    before = counts()
    match.refresh_from_db()
    for seq in range(1, 40):
        match.refresh_from_db()
        note_add(match=match, step=seq, text=f"more {seq}", expected_seq=match.last_seq)
    match.refresh_from_db()
    append_events(match=match, expected_seq=match.last_seq,
                  events=[{"type": "annotation", "data": {"text": "a last word"}}])
    point = games.get("dylan-dog").points[3]
    for option in point.option_ids:
        replay_match(match=match, choices={point.id: option})
    assert counts() == before
