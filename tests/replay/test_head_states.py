"""The state at a log's head (what the recorder and the choices start from) comes from a kept
state plus the events since, never from a replay of the whole log; it is always the state a
replay of the whole log under the recording reading reaches."""

from __future__ import annotations

import json

import pytest
from django.test import Client

import games
from games.core.choices import OneOf
from games.core.replay import replay_document
from replay.log.append import append_events
from replay.log.interchange import export_document, import_match
from replay.models import HeadState, Match
from replay.recorder.head import match_reading_set, recorder_head, undo_last_move
from replay.runs.head_states import KEEP_EVERY, head_state, match_reading
from tests.factories import GameFactory, make_curator


@pytest.fixture
def dagon_game(db):
    return GameFactory(slug="dagon", title="Dagon")


@pytest.fixture
def counted(monkeypatch):
    """How many events the Dagon engine applies."""
    engine = games.get("dagon")
    applied = []
    original = engine.apply

    def apply(state, event, interpretation):
        applied.append(event.get("seq"))
        return original(state, event, interpretation)

    monkeypatch.setattr(engine, "apply", apply)
    return applied


DOCUMENTS = {}


def long_match(dagon_game, events: int = 450) -> Match:
    if events not in DOCUMENTS:
        DOCUMENTS[events] = games.get("dagon").simulate(  # kept open to the end
            seed=2, min_events=events, max_events=events)
    return import_match(raw=DOCUMENTS[events])


def full_replay_state(match: Match) -> dict:
    """The state after the whole log, replayed from the start under the recording reading."""
    match.refresh_from_db()
    engine = games.get(match.game.slug)
    reading = match_reading(match=match, engine=engine)
    state = None
    for _, step in replay_document(engine, export_document(match), reading):
        state = step.state
    return state


def test_the_head_is_read_from_a_kept_state_plus_the_events_since(
        dagon_game, counted, django_capture_on_commit_callbacks):
    """Tries: a 450-event import, then moves appended one at a time, each followed by a read
    of the choices. Proves: the writer keeps the states (one at each multiple of
    KEEP_EVERY), and each read applies fewer than KEEP_EVERY events, whatever the log's
    length; the head is the state a whole replay reaches."""
    with django_capture_on_commit_callbacks(execute=True):
        match = long_match(dagon_game)
    assert set(HeadState.objects.filter(match=match).values_list("seq", flat=True)) == \
        set(range(KEEP_EVERY, match.last_seq + 1, KEEP_EVERY))
    for _ in range(3):
        head = recorder_head(match=match)
        counted.clear()
        # a choice whose every open field is a pick among values, filled with the first
        choice = next(c for c in head.choices
                      if all(isinstance(spec.domain, OneOf) for spec in c.fields))
        event = choice.filled({spec.name: spec.domain.values[0] for spec in choice.fields})
        with django_capture_on_commit_callbacks(execute=True):
            append_events(match=match, events=[event], expected_seq=head.seq)
        counted.clear()
        head = recorder_head(match=match)
        assert len(counted) < KEEP_EVERY, counted
        assert head.state == full_replay_state(match)


def test_the_choices_get_on_an_older_log_computes_once_then_reads(dagon_game, counted):
    """Tries: a log with no kept state (recorded before states were kept, or read under a new
    engine version), its choices asked for twice. Proves: the first read keeps what it
    computes, the second applies fewer than KEEP_EVERY events, and both give the same."""
    match = long_match(dagon_game)
    HeadState.objects.filter(match=match).delete()
    counted.clear()
    first = Client().get(f"/api/matches/{match.pk}/choices/").json()
    assert len(counted) == match.last_seq
    counted.clear()
    second = Client().get(f"/api/matches/{match.pk}/choices/").json()
    assert len(counted) < KEEP_EVERY and second == first


def test_the_recorder_page_says_the_last_events_from_a_kept_state(
        dagon_game, counted, django_capture_on_commit_callbacks):
    """Tries: the recorder's page of a 450-event log no run has replayed, which names its
    last events in the engine's words. Proves: the page applies the events since the kept
    state before them and the head's, never the whole log."""
    with django_capture_on_commit_callbacks(execute=True):
        match = long_match(dagon_game)
    client = Client()
    client.force_login(make_curator("recorder"))
    counted.clear()
    page = client.get(f"/matches/{match.pk}/record/")
    assert page.status_code == 200
    assert 0 < len(counted) < 2 * KEEP_EVERY, len(counted)


def test_a_correction_reaching_back_makes_the_kept_states_after_it_stale(
        dagon_game, django_capture_on_commit_callbacks):
    """Tries: a correction (an undo of an early move, kept states already past it) and an
    undo of the last move. Proves: the head is what a whole replay reaches each time."""
    with django_capture_on_commit_callbacks(execute=True):
        match = long_match(dagon_game, events=250)
    early = next(e for e in match.events.order_by("seq") if e.type != "annotation")
    note = {"type": "annotation", "actor": None, "data": {"text": "struck out"}}
    correction = {"type": "correction", "actor": None,
                  "data": {"supersedes": early.seq, "event": note, "reason": "misread"}}
    with django_capture_on_commit_callbacks(execute=True):
        append_events(match=match, events=[correction], expected_seq=match.last_seq)
    assert recorder_head(match=match).state == full_replay_state(match)
    with django_capture_on_commit_callbacks(execute=True):
        undo_last_move(match=match, expected_seq=match.last_seq)
    assert recorder_head(match=match).state == full_replay_state(match)


def test_another_recording_reading_keeps_its_own_states(dagon_game, counted):
    match = long_match(dagon_game, events=250)
    point = games.get("dagon").points[0]
    other = next(option for option in point.option_ids if option != point.default)
    match_reading_set(match=match, reading={point.id: other})
    counted.clear()
    head = recorder_head(match=match)
    assert len(counted) < KEEP_EVERY
    assert head.reading.option(point.id) == other
    assert head.state == full_replay_state(match)
    engine = games.get("dagon")
    assert head_state(match=match, engine=engine, reading=head.reading) == head.state


def test_an_append_keeps_no_state_itself_and_sends_one_keeping_at_a_time(
        dagon_game, settings, monkeypatch, django_capture_on_commit_callbacks):
    """Tries: three batches of 100 events appended, each passing a multiple of KEEP_EVERY, in
    embedded mode (no broker, tasks not inline). Proves: no append keeps a state itself (its
    process goes on appending), the keeping is sent after the commit, off the request (no
    ``wait``) to start ``KEEP_DELAY`` later, and coalesced: one waits while the others are
    appended; once it has run, the next append sends again, and the states it keeps are those
    of the whole log."""
    from background import send as real_send
    from replay.log import append as append_module

    settings.LUDOTECA_TASKS_INLINE = False
    sent = []
    monkeypatch.setattr(append_module.background, "send",
                        lambda name, *args, wait=False, delay=0: sent.append(
                            (name, args, wait, delay)))
    document = games.get("dagon").simulate(seed=4, max_events=450)  # 450 events long
    events = [{k: e[k] for k in ("type", "actor", "data")} for e in document["events"]]
    assert len(events) >= 400
    match = import_match(raw={**document, "events": []})
    for start in (0, 100, 200):
        with django_capture_on_commit_callbacks(execute=True):
            append_events(match=match, events=events[start:start + 100], expected_seq=start)
    assert not HeadState.objects.filter(match=match).exists()
    assert sent == [(append_module.KEEP_HEAD_STATES, (match.pk,), False,
                     append_module.KEEP_DELAY)]
    assert append_module.KEEP_DELAY > 0
    settings.LUDOTECA_TASKS_INLINE = True
    real_send(*sent[0][0:1], *sent[0][1])  # the waiting one runs
    assert set(HeadState.objects.filter(match=match).values_list("seq", flat=True)) == \
        {100, 200, 300}
    with django_capture_on_commit_callbacks(execute=True):
        append_events(match=match, events=events[300:400], expected_seq=300)
    assert len(sent) == 2


APPEND_AND_EXIT = """
import json, sys
import django
django.setup()
from replay.log.append import append_events
from replay.models import Match
events = json.loads(open(sys.argv[2]).read())
append_events(match=Match.objects.get(pk=int(sys.argv[1])), events=events, expected_seq=0)
"""


@pytest.mark.django_db(transaction=True)
def test_a_process_that_ends_right_after_its_append_still_keeps_the_head_states(
        dagon_game, tmp_path):
    """Tries: a process in embedded mode (no broker, tasks not inline) appends 100 events,
    passing KEEP_EVERY, and ends at once, before the keeping's ``KEEP_DELAY``. Proves: the
    waiting keeping runs before the process exits: the state at seq 100 is kept, as an
    append kept alive would have kept it (docs/recording.md)."""
    import os
    import subprocess
    import sys
    import tempfile
    from pathlib import Path

    from django.conf import settings

    from tests.worker import database_url_from_settings

    document = games.get("dagon").simulate(seed=4, max_events=450)
    events = [{k: e[k] for k in ("type", "actor", "data")} for e in document["events"]][:100]
    match = import_match(raw={**document, "events": []})
    (tmp_path / "events.json").write_text(json.dumps(events))
    database = settings.DATABASES["default"]
    url = (f"sqlite:///{database['NAME']}" if database["ENGINE"].endswith("sqlite3")
           else database_url_from_settings())
    env = {key: value for key, value in os.environ.items()
           if key not in ("LUDOTECA_TASKS_INLINE", "CELERY_BROKER_URL")}
    env.update(DJANGO_SETTINGS_MODULE="config.settings", DATABASE_URL=url,
               LUDOTECA_VAR_DIR=tempfile.mkdtemp(prefix="ludoteca-exit-"))
    done = subprocess.run(
        [sys.executable, "-c", APPEND_AND_EXIT, str(match.pk), str(tmp_path / "events.json")],
        cwd=Path(__file__).resolve().parents[2], env=env, capture_output=True, text=True,
        timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    match.refresh_from_db()
    assert match.last_seq == 100
    assert list(HeadState.objects.filter(match=match).values_list("seq", flat=True)) == [100]
    assert HeadState.objects.get(match=match, seq=100).state == full_replay_state(match)
