"""Nothing half-written when a process or the database dies. PostgreSQL only: a
crash of another process is only observable through a database server.

A Celery worker killed with SIGKILL mid-replay (pool process or whole worker, at several
points of the run) is proved in tests/replay/test_worker.py; not repeated here."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import pytest
from django.db import connection, connections

from replay.log.append import append_events
from replay.log.errors import DatabaseUnavailable
from replay.models import Event, Match
from tests.guarantees.writers import append_with_retry
from tests.worker import database_url_from_settings
from trust.audit import verify_log

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.postgres


def big_document(events: int) -> bytes:
    return json.dumps({
        "format": "ludoteca.match/1",
        "game": "test-log-game",
        "title": "Killed mid-import",
        "players": [{"id": "p1", "name": "Ana"}, {"id": "p2", "name": "Luis"}],
        "events": [
            {"seq": n, "type": "annotation", "actor": "p1", "data": {"text": f"note {n}"}}
            for n in range(1, events + 1)
        ],
    }).encode()


def writing_backends() -> int:
    """Other sessions on the test database whose transaction has written something."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
            "AND pid <> pg_backend_pid() AND backend_xid IS NOT NULL"
        )
        return cursor.fetchone()[0]


@pytest.mark.slow
@pytest.mark.parametrize("delay", [0.0, 0.7], ids=["first-write", "later"])
@pytest.mark.django_db(transaction=True)
def test_an_import_killed_mid_way_leaves_nothing(postgres_only, log_game, tmp_path, delay):
    """Tries: ``manage.py import_match`` of a 100,000-event document in a subprocess, killed
    with SIGKILL once its transaction has started writing (at once, and 0.7 s later).
    Proves: the import is all or nothing: no match row and no event survive the kill, and
    a second import of the same document then succeeds whole."""
    document = tmp_path / "match.json"
    document.write_bytes(big_document(100_000))
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DATABASE_URL": database_url_from_settings(),
        "LUDOTECA_VAR_DIR": tempfile.mkdtemp(prefix="ludoteca-import-"),
    }
    process = subprocess.Popen(
        [sys.executable, "manage.py", "import_match", str(document)],
        cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    )
    deadline = time.monotonic() + 120
    while writing_backends() == 0:
        assert process.poll() is None, process.communicate()
        assert time.monotonic() < deadline, "the import never started writing"
        time.sleep(0.02)
    time.sleep(delay)
    assert process.poll() is None, "the import finished before it could be killed"
    process.send_signal(signal.SIGKILL)
    process.wait(timeout=30)
    assert process.returncode == -signal.SIGKILL
    deadline = time.monotonic() + 30
    while writing_backends():  # the server notices the dead client and rolls back
        assert time.monotonic() < deadline
        time.sleep(0.05)
    assert not Match.objects.filter(title="Killed mid-import").exists()
    assert not Event.objects.exists()
    done = subprocess.run(
        [sys.executable, "manage.py", "import_match", str(document)],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=300, check=False,
    )
    assert done.returncode == 0, done.stderr
    match = Match.objects.get(title="Killed mid-import")
    assert match.last_seq == 100_000 and verify_log(match=match) is None


@pytest.mark.django_db(transaction=True)
def test_a_lost_connection_is_a_clear_retryable_error(postgres_only, log_match):
    """Tries: an append on a connection the server has just terminated. Proves: the writer
    gets ``DatabaseUnavailable`` (503, "retry"), not a driver error, and the very next append
    succeeds on a new connection."""
    append_events(match=log_match, events=[{"type": "annotation", "actor": "p1",
                                            "data": {"text": "before"}}], expected_seq=0)
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        pid = cursor.fetchone()[0]
    other = connections.create_connection("default")
    with other.cursor() as cursor:
        cursor.execute("SELECT pg_terminate_backend(%s)", [pid])
    other.close()
    time.sleep(0.2)
    event = {"type": "annotation", "actor": "p1", "data": {"text": "after"}}
    with pytest.raises(DatabaseUnavailable) as raised:
        append_events(match=log_match, events=[event], expected_seq=1)
    assert raised.value.status == 503 and "retry" in raised.value.message
    result = append_events(match=log_match, events=[event], expected_seq=1,
                           idempotency_key="after")
    assert result.last_seq == 2
    assert verify_log(match=Match.objects.get(pk=log_match.pk)) is None


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_a_postgres_restart_during_appends_loses_nothing(postgres_only, postgres_server,
                                                         log_match):
    """Tries: four writer threads appending 150 keyed notes each while the PostgreSQL server
    is restarted (fast shutdown: every session is cut). Proves: writers see only
    ``DatabaseUnavailable`` (and conflicts) during the outage, their retries succeed once
    the server is back, every acknowledged append is in the log at its seq, no note is
    stored twice, and the chain verifies."""
    writers, each = 4, 150
    outcomes: dict[int, tuple] = {}
    errors: list[BaseException] = []

    def writer(number: int) -> None:
        try:
            outcomes[number] = append_with_retry(
                match_id=log_match.pk, database_url=None, lose_first_response=False,
                texts=[f"w{number}-{i}" for i in range(each)], writer=number,
                idempotent=True,
            )
        except BaseException as error:  # noqa: BLE001 - reported by the main thread
            errors.append(error)

    threads = [threading.Thread(target=writer, args=(n,)) for n in range(writers)]
    for thread in threads:
        thread.start()
    deadline = time.monotonic() + 60
    while Match.objects.get(pk=log_match.pk).last_seq < 100:
        assert time.monotonic() < deadline
        time.sleep(0.02)
    connection.close()
    postgres_server.restart()
    for thread in threads:
        thread.join(timeout=300)
    assert not errors, errors
    connections.close_all()
    rows = dict(Event.objects.filter(match=log_match).values_list("seq", "data"))
    total = writers * each
    assert sorted(rows) == list(range(1, total + 1))
    assert len({data["text"] for data in rows.values()}) == total
    assert sum(stats["outages"] for _, stats in outcomes.values()) > 0, "no outage was seen"
    for acknowledged, _ in outcomes.values():
        for seq, text in acknowledged:
            assert rows[seq]["text"] == text
    assert verify_log(match=Match.objects.get(pk=log_match.pk)) is None
