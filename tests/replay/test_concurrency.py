"""Two writers, one expected_seq: exactly one wins, the other gets a conflict, and the log
never holds a duplicate seq. Runs on SQLite and on PostgreSQL."""

import threading

import pytest
from django.db import connection

from replay.log.append import append_events
from replay.log.errors import AppendConflict
from replay.models import Event, Match
from tests.replay.conftest import notes
from trust.audit import verify_log


@pytest.mark.django_db(transaction=True)
def test_two_concurrent_appends_with_the_same_expected_seq(match):
    append_events(match=match, events=notes("opening"), expected_seq=0)
    barrier = threading.Barrier(2)
    outcomes: list[str] = []
    lock = threading.Lock()

    def writer(text: str) -> None:
        try:
            barrier.wait(timeout=10)
            append_events(match=Match.objects.get(pk=match.pk), events=notes(text), expected_seq=1)
            result = "ok"
        except AppendConflict:
            result = "conflict"
        finally:
            connection.close()
        with lock:
            outcomes.append(result)

    threads = [threading.Thread(target=writer, args=(name,)) for name in ("left", "right")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert sorted(outcomes) == ["conflict", "ok"]
    seqs = list(Event.objects.filter(match=match).order_by("seq").values_list("seq", flat=True))
    assert seqs == [1, 2]
    assert verify_log(match=Match.objects.get(pk=match.pk)) is None


@pytest.mark.django_db(transaction=True)
def test_many_writers_retrying_lose_nothing(match):
    """Four threads, each appending ten events with retry on conflict: every acknowledged
    append is present, seqs are contiguous and the chain verifies."""
    acknowledged: list[int] = []
    lock = threading.Lock()

    def writer(name: str) -> None:
        try:
            for index in range(10):
                while True:
                    current = Match.objects.get(pk=match.pk)
                    try:
                        result = append_events(
                            match=current, events=notes(f"{name}-{index}"),
                            expected_seq=current.last_seq,
                        )
                    except AppendConflict:
                        continue
                    with lock:
                        acknowledged.append(result.last_seq)
                    break
        finally:
            connection.close()

    threads = [threading.Thread(target=writer, args=(f"w{i}",)) for i in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    texts = list(Event.objects.filter(match=match).order_by("seq").values_list("data", flat=True))
    assert len(texts) == 40
    assert sorted(acknowledged) == list(range(1, 41))
    assert len({t["text"] for t in texts}) == 40
    assert verify_log(match=Match.objects.get(pk=match.pk)) is None
