"""The event log contract (docs/DESIGN.md, "The event log"): append_events is atomic, refuses a
stale expected_seq, honours idempotency keys, and chains hashes."""

import itertools

import pytest
from django.db import connection

from replay.log.append import append_events
from replay.log.errors import AppendConflict, IdempotencyMismatch, MalformedEvent
from replay.models import Event
from tests.replay.conftest import notes
from trust.audit import verify_log
from trust.chain import GENESIS_HASH, event_hash


def test_append_numbers_events_from_one_and_chains_hashes(match):
    result = append_events(match=match, events=notes("a", "b", "c"), expected_seq=0)
    assert (result.first_seq, result.last_seq) == (1, 3)
    events = list(Event.objects.filter(match=match).order_by("seq"))
    assert [e.seq for e in events] == [1, 2, 3]
    assert events[0].prev_hash == GENESIS_HASH
    for previous, event in itertools.pairwise(events):
        assert event.prev_hash == previous.hash
    assert events[2].hash == event_hash(events[1].hash, events[2].as_record())
    match.refresh_from_db()
    assert (match.last_seq, match.head_hash) == (3, events[2].hash)
    assert verify_log(match=match) is None


def test_stale_expected_seq_is_a_conflict_and_writes_nothing(match):
    append_events(match=match, events=notes("a"), expected_seq=0)
    with pytest.raises(AppendConflict) as raised:
        append_events(match=match, events=notes("b", "c"), expected_seq=0)
    assert raised.value.current_seq == 1
    assert "seq 1" in raised.value.message
    assert Event.objects.filter(match=match).count() == 1


def test_a_malformed_event_names_its_seq_and_field_and_nothing_is_written(match):
    append_events(match=match, events=notes("a"), expected_seq=0)
    bad = notes("b") + [{"type": "annotation", "actor": "p1", "data": {"text": 5}}]
    with pytest.raises(MalformedEvent) as raised:
        append_events(match=match, events=bad, expected_seq=1)
    assert raised.value.seq == 3
    assert raised.value.field == "data.text"
    assert "event 3" in str(raised.value)
    assert Event.objects.filter(match=match).count() == 1


@pytest.mark.parametrize(
    ("event", "field"),
    [
        ({"type": "shuffle", "actor": "p1", "data": {}}, "type"),
        ({"type": "annotation", "actor": "p9", "data": {"text": "x"}}, "actor"),
        ({"type": "annotation", "actor": "p1", "data": {"text": "x", "colour": "red"}}, "data.colour"),
        ({"type": "annotation", "actor": "p1", "data": []}, "data"),
        ({"type": "correction", "data": {"supersedes": 4, "event": {"type": "annotation"}}},
         "data.supersedes"),
        ({"type": "annotation", "actor": "p1", "data": {"text": "x"}, "when": "now"}, "when"),
    ],
)
def test_each_kind_of_malformed_event_is_refused_with_its_field(match, event, field):
    with pytest.raises(MalformedEvent) as raised:
        append_events(match=match, events=[event], expected_seq=0)
    assert raised.value.field == field
    assert not Event.objects.filter(match=match).exists()


def test_a_given_seq_must_be_the_next_one(match):
    with pytest.raises(MalformedEvent) as raised:
        append_events(match=match, events=[{**notes("a")[0], "seq": 2}], expected_seq=0)
    assert raised.value.field == "seq"


def test_repeated_idempotency_key_returns_the_original_append(match):
    first = append_events(match=match, events=notes("a", "b"), expected_seq=0, idempotency_key="k1")
    # The writer never saw the answer and retries with the expected_seq it had.
    again = append_events(match=match, events=notes("a", "b"), expected_seq=0, idempotency_key="k1")
    assert again.repeated and not first.repeated
    assert (again.first_seq, again.last_seq, again.head_hash) == (1, 2, first.head_hash)
    assert Event.objects.filter(match=match).count() == 2


def test_idempotency_key_reused_for_other_events_is_refused(match):
    append_events(match=match, events=notes("a"), expected_seq=0, idempotency_key="k1")
    with pytest.raises(IdempotencyMismatch):
        append_events(match=match, events=notes("different"), expected_seq=1, idempotency_key="k1")
    assert Event.objects.filter(match=match).count() == 1


@pytest.mark.parametrize("expected", [-1, "3", None, True, 1.5])
def test_expected_seq_must_be_a_whole_number(match, expected):
    with pytest.raises(MalformedEvent) as raised:
        append_events(match=match, events=notes("a"), expected_seq=expected)
    assert raised.value.field == "expected_seq"


def test_a_correction_is_appended_and_names_the_seq_it_supersedes(match):
    append_events(match=match, events=notes("typo"), expected_seq=0)
    correction = {
        "type": "correction",
        "data": {"supersedes": 1, "event": {"type": "annotation", "actor": "p1",
                                             "data": {"text": "fixed"}}},
    }
    append_events(match=match, events=[correction], expected_seq=1)
    stored = list(Event.objects.filter(match=match).order_by("seq").values_list("type", flat=True))
    assert stored == ["annotation", "correction"]
    assert Event.objects.get(match=match, seq=1).data == {"text": "typo"}  # history kept


@pytest.mark.parametrize(
    ("event", "field"),
    [
        ({"type": "teleport", "actor": "p1", "data": {}}, "type"),
        ({"type": "roll", "actor": "p1", "data": {"value": 9}}, "data.value"),
        ({"type": "roll", "actor": "p1", "data": {"value": "four"}}, "data.value"),
        ({"type": "roll", "actor": "p1", "data": {}}, "data.value"),
    ],
)
def test_an_engine_game_refuses_events_its_schema_does_not_know(db, event, field):
    """append_events refuses, naming the seq and field, an event the game's event
    schema does not know; a well-formed illegal event is stored (replays flag it)."""
    from archive.models import Game
    from archive.services import load_archive
    from tests.factories import MatchFactory

    load_archive()
    match = MatchFactory(game=Game.objects.get(slug="dagon"), title="schema")
    with pytest.raises(MalformedEvent) as raised:
        append_events(match=match, events=[event], expected_seq=0)
    assert raised.value.field == field and raised.value.seq == 1
    # Well-formed but out of turn: stored as played.
    append_events(match=match, events=[{"type": "roll", "actor": "p2", "data": {"value": 3}}],
                  expected_seq=0)
    assert Event.objects.filter(match=match).count() == 1


def test_postgres_plans_the_append_statements_once_per_connection(match):
    """The append's statements are prepared on the server (Django turns psycopg's preparing
    off unless the settings give a threshold), so an append does not plan its CTE again."""
    if connection.vendor != "postgresql":
        pytest.skip("prepared statements are PostgreSQL's")
    append_events(match=match, events=notes("one"), expected_seq=0)
    append_events(match=match, events=notes("two", "three"), expected_seq=1)
    with connection.cursor() as cursor:
        cursor.execute("SELECT statement FROM pg_prepared_statements")
        prepared = [row[0] for row in cursor.fetchall()]
    appends = [statement for statement in prepared if "INSERT INTO replay_event" in statement]
    assert len(appends) == 2  # one event, and a batch
