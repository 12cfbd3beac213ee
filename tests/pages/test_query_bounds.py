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
from archive.models import Game
from archive.services import import_transcription
from replay.log.append import append_events
from replay.log.interchange import import_match
from replay.log.notes import note_add, note_revise
from replay.models import ReplayFlag, ReplayRun
from replay.runs.replaying import SNAPSHOT_INTERVAL, replay_match
from studies.services import study_sweep
from tests.factories import GameFactory, MatchFactory, RulebookFactory, make_curator

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
                runs.append(replay_match(match=match, reading={point.id: option}))
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
        replay_match(match=match, reading={point.id: option})
    assert counts() == before


# -- every main page, with little and with more data ------------------------------------------

PAGE_MOST = 12


def transcription_text(sections: int) -> str:
    """A rulebook text of ``sections`` numbered sections, each with a page citation and a
    legibility note."""
    return "\n\n".join(
        f"{n}. Section {n}\n\nThe Hero moves six spaces (p. {n}). "
        f'[Legibility: "six" is partly obscured in the photo, section {n}.]'
        for n in range(1, sections + 1))


def grown_archive(size: int) -> dict[str, str]:
    """``size`` more games, rulebooks of one game (each transcribed in ``size`` sections),
    matches with a note that a search finds, and a played match with ``size`` notes, runs
    under two readings and a sweep: the main pages' addresses."""
    dagon = Game.objects.get(slug="dagon")
    for _ in range(size):
        GameFactory()
    transcription = None
    for _ in range(size):
        transcription = import_transcription(
            rulebook=RulebookFactory(game=dagon), text=transcription_text(size),
            language="en", transcriber="t", published_without_review="readers read it").transcription
    matches = [MatchFactory(game=dagon, players=[{"id": "p1", "name": "Ana"},
                                                 {"id": "p2", "name": "Luis"}])
               for _ in range(size)]
    for match in matches:
        append_events(match=match, expected_seq=0, events=[
            {"type": "annotation", "actor": "p1", "data": {"text": "a lantern in the fog"}}])
    played = import_match(raw=games.get("dagon").simulate(seed=size, max_events=40))
    for step in range(1, size + 1):
        played.refresh_from_db()
        note_add(match=played, step=step, text=f"note {step}", expected_seq=played.last_seq)
    run = replay_match(match=played)
    point = games.get("dagon").points[0]
    other = replay_match(match=played, reading={
        point.id: next(o for o in point.option_ids if o != point.default)})
    study = study_sweep(match=played, points=[point.id])
    assert study.status == study.DONE
    return {
        "game list": reverse("home"),
        "game detail": reverse("game-detail", args=["dagon"]),
        "transcription": reverse("transcription-detail", args=[transcription.pk]),
        "interpretation points": reverse("game-points", args=["dagon"]),
        "match list": reverse("match-list"),
        "match list of a game": reverse("match-list") + "?game=dagon",
        "match detail": reverse("match-detail", args=[played.pk]),
        "step": reverse("replay-step", args=[played.pk, run.pk, 1]),
        "compare": reverse("compare", args=[played.pk]) + f"?a={run.pk}&b={other.pk}&seq=1",
        "search results": reverse("search") + "?q=lantern",
        "game studies": reverse("game-studies", args=["dagon"]),
        "study": reverse("study-detail", args=[study.pk]),
    }


def page_queries(paths: dict[str, str]) -> dict[str, int]:
    counts = {}
    for name, client in readers().items():
        for page, path in paths.items():
            cache.clear()
            counts[(name, page)] = queries(client, path)
    return counts


@pytest.mark.parametrize("small, large", [(2, 12)])
def test_each_main_page_makes_as_many_queries_with_more_data(archive, small, large):
    """Tries: every main page, signed out and as a curator, over an archive grown by
    ``small`` games, rulebooks, sections, notes and matches, then by ``large`` more. Proves:
    no page's count of queries grows with the data, and each stays within PAGE_MOST."""
    before = page_queries(grown_archive(small))
    after = page_queries(grown_archive(large))
    assert after == before
    assert max(after.values()) <= PAGE_MOST, after


def test_the_points_page_reads_every_cited_passage_at_once(archive):
    """Tries: the interpretation points of games whose points cite few or many passages.
    Proves: one count of queries for all, however many passages their points cite."""
    cited = {slug: len({c.passage for p in games.get(slug).points for c in p.citations})
             for slug in ("dagon", "gothic", "dylan-dog")}
    assert len(set(cited.values())) > 1, cited
    client = Client()
    counts = {slug: queries(client, reverse("game-points", args=[slug])) for slug in cited}
    assert len(set(counts.values())) == 1, counts
