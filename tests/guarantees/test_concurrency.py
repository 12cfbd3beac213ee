"""Nothing lost under concurrency: eight writer processes, each with its own
PostgreSQL connection, append 250 notes each to one match with expected_seq and retry on
conflict. PostgreSQL only: SQLite serialises writers on its file lock, which
tests/replay/test_concurrency.py already covers with threads."""

from __future__ import annotations

import multiprocessing
import time

import pytest

from replay.models import Event, Match
from tests.guarantees.writers import append_with_retry
from tests.worker import database_url_from_settings
from trust.audit import verify_log

WRITERS = 8
APPENDS_EACH = 250

pytestmark = [pytest.mark.postgres, pytest.mark.slow]


def run_writers(match: Match, *, lose_first_response: bool) -> tuple[dict, float]:
    """Start the writer processes together; return each writer's acknowledged pairs."""
    context = multiprocessing.get_context("spawn")
    results = context.Queue()
    start = context.Barrier(WRITERS)
    url = database_url_from_settings()
    processes = [
        context.Process(
            target=append_with_retry,
            kwargs={
                "match_id": match.pk,
                "texts": [f"w{writer}-{index}" for index in range(APPENDS_EACH)],
                "database_url": url,
                "start": start,
                "lose_first_response": lose_first_response,
                "results": results,
                "writer": writer,
            },
        )
        for writer in range(WRITERS)
    ]
    began = time.perf_counter()
    for process in processes:
        process.start()
    reports = {}
    try:
        for _ in processes:
            writer, acknowledged, stats = results.get(timeout=900)
            reports[writer] = (acknowledged, stats)
    finally:
        for process in processes:
            process.join(timeout=60)
            if process.is_alive():
                process.kill()
    elapsed = time.perf_counter() - began
    assert all(p.exitcode == 0 for p in processes), [p.exitcode for p in processes]
    return reports, elapsed


def assert_log_complete(match: Match, reports: dict) -> None:
    total = WRITERS * APPENDS_EACH
    rows = list(Event.objects.filter(match=match).order_by("seq").values_list("seq", "data"))
    seqs = [seq for seq, _ in rows]
    assert seqs == list(range(1, total + 1)), "a gap or a duplicate seq"
    stored = {seq: data["text"] for seq, data in rows}
    assert len(set(stored.values())) == total, "an append was stored twice"
    acknowledged = [pair for acked, _ in reports.values() for pair in acked]
    assert len(acknowledged) == total
    missing = [(seq, text) for seq, text in acknowledged if stored.get(seq) != text]
    assert not missing, f"acknowledged but not in the log: {missing[:5]}"
    match.refresh_from_db()
    assert match.last_seq == total
    assert verify_log(match=match) is None


@pytest.mark.django_db(transaction=True)
def test_eight_writer_processes_lose_nothing(postgres_only, log_match, capsys):
    """Tries: 8 processes × 250 single-event appends to one match, each with the
    expected_seq it last saw, retrying on conflict. Proves: seqs 1..2000 with no gap and no
    duplicate, every acknowledged (seq, text) pair is in the log at that seq, and the hash
    chain verifies."""
    reports, elapsed = run_writers(log_match, lose_first_response=False)
    assert_log_complete(log_match, reports)
    conflicts = sum(stats["conflicts"] for _, stats in reports.values())
    with capsys.disabled():
        print(f"\n  {WRITERS}×{APPENDS_EACH} appends: {elapsed:.1f} s, {conflicts} conflicts")


@pytest.mark.django_db(transaction=True)
def test_retries_after_a_lost_response_store_each_event_once(postgres_only, log_match, capsys):
    """Tries: the same 8 × 250 appends, each with an idempotency key; every writer throws
    away the first successful answer (a response lost on the network) and sends the same
    append again with the same key. Proves: each event is stored exactly once, the retry is
    answered with the original seq (``repeated``), and the log is complete and verifies."""
    reports, elapsed = run_writers(log_match, lose_first_response=True)
    assert_log_complete(log_match, reports)
    assert sum(stats["repeats"] for _, stats in reports.values()) == WRITERS * APPENDS_EACH
    keys = Event.objects.filter(match=log_match).values_list("idempotency_key", flat=True)
    assert len(set(keys)) == WRITERS * APPENDS_EACH
    with capsys.disabled():
        print(f"\n  {WRITERS}×{APPENDS_EACH} keyed appends, lost responses: {elapsed:.1f} s")
