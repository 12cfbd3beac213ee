"""History is never rewritten (docs/DESIGN.md): the database refuses UPDATE and DELETE on events,
and TRUNCATE on PostgreSQL; verify_log names a link broken behind the triggers' back."""

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import DatabaseError, IntegrityError, connection, transaction

from replay.log.append import append_events
from replay.log.db_guards import install_event_guards, remove_event_guards
from replay.models import Event, Match
from tests.replay.conftest import notes
from trust.audit import verify_log
from trust.chain import GENESIS_HASH


@pytest.fixture
def logged(match):
    append_events(match=match, events=notes("a", "b", "c"), expected_seq=0)
    return match


def test_raw_sql_update_is_refused(logged):
    with (pytest.raises(DatabaseError, match="append-only"), transaction.atomic(),
          connection.cursor() as cursor):
        cursor.execute("UPDATE replay_event SET type = 'x' WHERE match_id = %s", [logged.pk])
    assert set(Event.objects.values_list("type", flat=True)) == {"annotation"}


def test_raw_sql_delete_is_refused(logged):
    with (pytest.raises(DatabaseError, match="append-only"), transaction.atomic(),
          connection.cursor() as cursor):
        cursor.execute("DELETE FROM replay_event WHERE match_id = %s", [logged.pk])
    assert Event.objects.filter(match=logged).count() == 3


def test_orm_update_and_delete_are_refused(logged):
    with pytest.raises(DatabaseError), transaction.atomic():
        Event.objects.filter(match=logged).update(actor="p2")
    with pytest.raises(DatabaseError), transaction.atomic():
        Event.objects.filter(match=logged, seq=3).delete()
    event = Event.objects.get(match=logged, seq=2)
    event.data = {"text": "rewritten"}
    with pytest.raises(DatabaseError), transaction.atomic():
        event.save()
    assert Event.objects.get(match=logged, seq=2).data == {"text": "b"}


@pytest.mark.django_db(transaction=True)  # committed rows: no pending FK checks in the way
def test_truncate_is_refused_on_postgresql(logged):
    if connection.vendor != "postgresql":
        pytest.skip("TRUNCATE exists only on PostgreSQL; this runs in the --database=postgres pass")
    with (pytest.raises(DatabaseError, match="append-only"), transaction.atomic(),
          connection.cursor() as cursor):
        cursor.execute("TRUNCATE replay_event CASCADE")
    assert Event.objects.filter(match=logged).count() == 3


@pytest.mark.django_db(transaction=True)  # the foreign key is checked as the commit happens
def test_an_event_naming_a_missing_match_is_refused(logged):
    """Whatever path writes it: the database's foreign key, not only the append, keeps every
    event's match in existence, and a match with events from being deleted."""
    missing = Match.objects.order_by("-pk").values_list("pk", flat=True)[0] + 1000
    with (pytest.raises(IntegrityError), transaction.atomic(),
          connection.cursor() as cursor):
        cursor.execute(
            "INSERT INTO replay_event (match_id, seq, type, actor, data, recorded_at, prev_hash,"
            " hash) VALUES (%s, 1, 'annotation', 'p1', '{}', '2026-01-01 00:00:00+00:00', %s,"
            " %s)", [missing, GENESIS_HASH, GENESIS_HASH])
    with (pytest.raises(IntegrityError), transaction.atomic(),
          connection.cursor() as cursor):
        cursor.execute("DELETE FROM replay_match WHERE id = %s", [logged.pk])
    assert not Event.objects.filter(match_id=missing).exists()
    assert Event.objects.filter(match=logged).count() == 3


def test_verify_log_names_the_seq_changed_with_the_triggers_disabled(logged):
    assert verify_log(match=logged) is None
    remove_event_guards(connection)
    with connection.cursor() as cursor:
        cursor.execute(
            "UPDATE replay_event SET data = %s WHERE match_id = %s AND seq = 2",
            ['{"text": "forged"}', logged.pk],
        )
    install_event_guards(connection)
    broken = verify_log(match=logged)
    assert broken is not None and broken.seq == 2
    with pytest.raises(CommandError, match="seq 2"):
        call_command("verify_log", str(logged.pk))


def test_verify_log_finds_a_deleted_tail(logged):
    remove_event_guards(connection)
    with connection.cursor() as cursor:
        cursor.execute("DELETE FROM replay_event WHERE match_id = %s AND seq = 3", [logged.pk])
    install_event_guards(connection)
    broken = verify_log(match=logged)
    assert broken is not None and broken.seq == 3
