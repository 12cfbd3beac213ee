"""Tampering is noticed wherever history is read: every read of a log checks its chain as it
goes. A change made behind the database's guards is a banner on the match page naming the
seq; replays, sweeps, exports and appends refuse the log with an error naming it; a chain
recomputed after the change still differs from the heads its runs recorded."""

from __future__ import annotations

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connection
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

import games
import trust.reader
from replay.log.append import append_events
from replay.log.db_guards import install_event_guards, remove_event_guards
from replay.log.interchange import export_match, import_match
from replay.models import ReplayRun
from replay.runs.replaying import replay_match
from tests.factories import make_curator
from tests.guarantees.tampering import tamper
from trust.audit import verify_log
from trust.errors import BrokenChain


@pytest.fixture
def dagon(archive_seed):
    match = import_match(raw=games.get("dagon").simulate(seed=2, max_events=30))
    run = replay_match(match=match)
    assert run.status == ReplayRun.DONE
    return match, run


@pytest.fixture
def curator(db):
    client = APIClient()
    token, _ = Token.objects.get_or_create(user=make_curator("curator"))
    client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    return client


def changed_data(match, seq: int) -> dict:
    """Other data for event ``seq``: a die showing another face, or an extra field."""
    event = match.events.get(seq=seq)
    if event.type == "roll":
        return {**event.data, "value": 1 if event.data.get("value") != 1 else 2}
    return {**event.data, "tampered": True}


def test_a_changed_event_is_named_everywhere_the_log_is_read(dagon, client, curator):
    """Tries: one event's data changed with the triggers off (hashes left alone). Proves:
    the match page shows a banner naming the seq (and lists no event); the page export, the
    API export, the API's event listing (the page holding it, then any page), a new replay,
    the studies' log reads, an API append and a page's step read all refuse, naming it."""
    match, run = dagon
    tamper(match, 12, changed_data(match, 12))

    page = client.get(f"/matches/{match.pk}/")
    assert page.status_code == 200
    assert "This match's log is broken at seq 12" in page.content.decode()
    assert 'id="seq-12"' not in page.content.decode()
    assert "Not listed: the log is broken at seq 12" in page.content.decode()

    assert client.get(f"/matches/{match.pk}/export.json").status_code == 409
    exported = APIClient().get(f"/api/matches/{match.pk}/export/")
    assert exported.status_code == 409 and exported.json()["seq"] == 12
    with pytest.raises(BrokenChain) as raised:
        export_match(match)
    assert raised.value.seq == 12
    listed = APIClient().get(f"/api/matches/{match.pk}/events/")
    assert listed.status_code == 409 and listed.json()["seq"] == 12
    later = APIClient().get(f"/api/matches/{match.pk}/events/?after_seq=12")
    assert later.status_code == 409 and later.json()["seq"] == 12  # found: nothing is read

    point = games.get("dagon").points[0]
    other = next(option for option in point.option_ids if option != point.default)
    with pytest.raises(BrokenChain) as raised:
        replay_match(match=match, reading={point.id: other})
    assert raised.value.seq == 12 and ReplayRun.objects.filter(match=match).count() == 1

    with pytest.raises(BrokenChain) as raised:  # what studies (sweeps, impact) read logs with
        list(trust.reader.verified_events(match.pk, up_to_seq=match.last_seq))
    assert raised.value.seq == 12

    appended = curator.post(f"/api/matches/{match.pk}/events/", {
        "expected_seq": match.last_seq,
        "events": [{"type": "annotation", "data": {"text": "after the change"}}]},
        format="json")
    assert appended.status_code == 409 and appended.json()["error"] == "broken_chain"
    assert appended.json()["seq"] == 12
    assert match.events.count() == match.last_seq

    step = client.get(f"/matches/{match.pk}/runs/{run.pk}/step/14/")
    assert step.status_code == 409 and "broken at seq 12" in step.content.decode()
    assert verify_log(match=match).seq == 12
    with pytest.raises(CommandError, match="seq 12"):
        call_command("verify_log", str(match.pk))


def test_windows_read_together_are_each_the_checked_stretch(dagon):
    """Proves: windows that overlap or touch (a run's first read: each from its snapshot to
    a step) are read and checked as one stretch, each still its own events; a changed event
    inside a stretch is named by every read of it, whichever window holds it."""
    match, _ = dagon
    windows = [(0, 4), (0, 9), (3, 12), (12, 15), (20, 25)]
    found = trust.reader.verified_windows(match.pk, windows)
    for after, upto in windows:
        expected = list(trust.reader.verified_events(match.pk, after_seq=after,
                                                     up_to_seq=upto))
        assert found[(after, upto)] == expected
        assert [event["seq"] for event in expected] == list(range(after + 1, upto + 1))
    tamper(match, 11, changed_data(match, 11))
    for window in ([(0, 4), (3, 12)], [(0, 9), (10, 14)], [(5, 11)]):
        with pytest.raises(BrokenChain) as broken:
            trust.reader.verified_windows(match.pk, window)
        assert broken.value.seq == 11


def test_a_break_found_once_is_kept_and_refuses_appends(dagon):
    """Proves: the first read that finds a break records it on the match, so appends are
    refused from then on without walking the log."""
    match, _ = dagon
    tamper(match, 5, changed_data(match, 5))
    with pytest.raises(BrokenChain):
        export_match(match)
    match.refresh_from_db()
    assert match.chain_broken_seq == 5
    with pytest.raises(BrokenChain) as raised:
        append_events(match=match, expected_seq=match.last_seq,
                      events=[{"type": "annotation", "data": {"text": "x"}}])
    assert raised.value.seq == 5


def test_an_append_checks_the_last_event_itself(dagon):
    """Tries: changing the last event, then appending before anything else read the log.
    Proves: on SQLite (and PostgreSQL's locked path) the append refuses, naming the last
    seq. PostgreSQL's one-statement append checks only the head and the recorded break, so
    there the append goes through, the break stays found at its seq, and once any read has
    found it the next append is refused."""
    match, _ = dagon
    last = match.last_seq
    tamper(match, last, changed_data(match, last))
    note = [{"type": "annotation", "data": {"text": "x"}}]
    if connection.vendor != "postgresql":
        with pytest.raises(BrokenChain) as raised:
            append_events(match=match, expected_seq=last, events=note)
        assert raised.value.seq == last
        return
    append_events(match=match, expected_seq=last, events=note)
    assert verify_log(match=match).seq == last
    with pytest.raises(BrokenChain) as raised:
        append_events(match=match, expected_seq=last + 1, events=note)
    assert raised.value.seq == last


def test_a_recomputed_chain_still_differs_from_its_runs_heads(dagon, client):
    """Tries: an event changed and every later hash and the match's head recomputed, so the
    chain is consistent. Proves: verify_log compares the heads the runs recorded and names
    the run's seq; the run's step pages refuse to replay the rewritten log."""
    match, run = dagon
    tamper(match, 7, changed_data(match, 7), recompute=True)
    found = verify_log(match=match)
    assert found is not None and found.seq == run.log_seq
    assert f"run {run.pk}" in found.problem
    step = client.get(f"/matches/{match.pk}/runs/{run.pk}/step/3/")
    assert step.status_code == 409


def test_a_sound_log_reads_as_before(dagon, client):
    match, run = dagon
    assert verify_log(match=match) is None
    assert "is broken" not in client.get(f"/matches/{match.pk}/").content.decode()
    assert client.get(f"/matches/{match.pk}/runs/{run.pk}/step/5/").status_code == 200
    assert client.get(f"/matches/{match.pk}/export.json").status_code == 200


@pytest.mark.parametrize("removed", [[7], [5, 6, 7, 8, 9, 10, 11, 12, 13]])
def test_a_removed_stretch_is_named_whatever_the_read_window(dagon, monkeypatch, removed):
    """The reader asks for windows of seqs, not "the next N rows"; a gap inside a window or
    longer than one is still found, and named by its first missing seq."""
    match, _ = dagon
    monkeypatch.setattr(trust.reader, "READ_CHUNK", 4)
    events = trust.reader.verified_events(match.pk, up_to_seq=match.last_seq)
    assert [event["seq"] for event in events] == list(range(1, match.last_seq + 1))
    remove_event_guards(connection)
    try:
        with connection.cursor() as cursor:
            cursor.execute("DELETE FROM replay_event WHERE match_id = %s AND seq IN "
                           f"({', '.join(['%s'] * len(removed))})", [match.pk, *removed])
    finally:
        install_event_guards(connection)
    with pytest.raises(BrokenChain) as broken:
        list(trust.reader.verified_events(match.pk))
    assert broken.value.seq == removed[0]
    assert f"seq {removed[0]} is missing (the next stored event is seq {removed[-1] + 1})" \
        in str(broken.value)


# -- a break found once stops every read ---------------------------------------------------------


@pytest.fixture
def found_break(dagon, client):
    """A chain changed at seq 7 and recomputed, so it verifies on its own, then found by
    verify_log against the head its run replayed: kept on the match at the run's seq."""
    match, run = dagon
    tamper(match, 7, changed_data(match, 7), recompute=True)
    assert verify_log(match=match).seq == run.log_seq
    match.refresh_from_db()
    assert match.chain_broken_seq == run.log_seq
    curator_page = client
    curator_page.force_login(make_curator("page-curator"))
    return match, run, curator_page


def _study_api(match):
    return {"kind": "sweep", "match": match.pk}


READS = {
    "page export": lambda match, page, api: page.get(f"/matches/{match.pk}/export.json"),
    "api export": lambda match, page, api: api.get(f"/api/matches/{match.pk}/export/"),
    "event listing": lambda match, page, api: api.get(f"/api/matches/{match.pk}/events/"),
    "event listing after the break": lambda match, page, api: api.get(
        f"/api/matches/{match.pk}/events/?after_seq={match.last_seq - 1}"),
    "new replay (page)": lambda match, page, api: page.post(
        f"/matches/{match.pk}/runs/", {f"point:{games.get('dagon').points[0].id}":
                                       games.get("dagon").points[0].option_ids[-1]}),
    "new replay (api)": lambda match, page, api: api.post("/api/runs/", {
        "match": match.pk, "choices": {games.get("dagon").points[0].id:
                                       games.get("dagon").points[0].option_ids[-1]}},
        format="json"),
    "sweep (page)": lambda match, page, api: page.post(f"/matches/{match.pk}/sweep/"),
    "sweep (api)": lambda match, page, api: api.post("/api/studies/", _study_api(match),
                                                     format="json"),
    "choices (api)": lambda match, page, api: api.get(f"/api/matches/{match.pk}/choices/"),
    "recorder page": lambda match, page, api: page.get(f"/matches/{match.pk}/record/"),
}


@pytest.mark.parametrize("read", READS)
def test_a_break_found_once_stops_every_read_of_history(found_break, curator, read):
    """Tries: each way of reading a log's history (both exports, the event listing, a new
    replay and a sweep from a page and the API, the choices at its head from the API and
    the recorder), after a break was found in a chain that verifies on its own. Proves:
    each answers 409 naming the seq, and nothing is computed from the log."""
    from studies.models import Study

    match, run, page = found_break
    runs, studies = ReplayRun.objects.count(), Study.objects.count()
    response = READS[read](match, page, curator)
    assert response.status_code == 409, (read, response.status_code, response.content[:300])
    if response["Content-Type"].startswith("application/json"):
        assert response.json()["seq"] == run.log_seq
        assert response.json()["error"] == "broken_chain"
    else:
        assert f"This match's log is broken at seq {run.log_seq}" in response.content.decode()
    assert (ReplayRun.objects.count(), Study.objects.count()) == (runs, studies)


def test_an_archive_study_leaves_a_log_found_broken_out(found_break):
    from studies.services import study_archive

    broken, _, _ = found_break
    sound = import_match(raw=games.get("dagon").simulate(seed=5, max_events=20))
    studied = [entry["id"] for entry in study_archive(game_slug="dagon").parameters["matches"]]
    assert studied == [sound.pk] and broken.pk not in studied
