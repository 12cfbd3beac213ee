"""Writer processes for the concurrency and crash tests: each is a fresh interpreter (spawn)
with its own database connection, appending notes to one match with retries, and reporting
the (seq, text) pairs the log acknowledged.

Nothing here imports Django at module level: a spawned child sets DATABASE_URL first."""

from __future__ import annotations

import os
import random
import tempfile
import time


def setup_django(database_url: str) -> None:
    os.environ["DATABASE_URL"] = database_url
    os.environ["DJANGO_SETTINGS_MODULE"] = "config.settings"
    os.environ.setdefault("LUDOTECA_VAR_DIR", tempfile.mkdtemp(prefix="ludoteca-writer-"))
    import django

    django.setup()


def append_with_retry(
    *, match_id: int, texts: list[str], database_url: str | None, start=None,
    lose_first_response: bool = False, idempotent: bool = False, results=None, writer: int = 0,
) -> tuple[list[tuple[int, str]], dict]:
    """Append one note per text after the head this writer last saw, retrying on conflict
    (and, on a database outage, after a short pause). With ``lose_first_response`` every
    append carries an idempotency key and its first successful answer is thrown away, as if
    the network had dropped it: the writer sends the same append again with the same key.
    ``idempotent`` keys every append without losing answers (a writer riding out an outage,
    where an append may have been committed just before the connection died)."""
    if database_url is not None:
        setup_django(database_url)
    from django.db import connection

    from replay.log.append import append_events
    from replay.log.errors import AppendConflict, DatabaseUnavailable
    from replay.models import Match

    if start is not None:
        start.wait(timeout=120)
    match = Match.objects.get(pk=match_id)
    expected = match.last_seq
    acknowledged: list[tuple[int, str]] = []
    stats = {"conflicts": 0, "outages": 0, "repeats": 0}
    try:
        for text in texts:
            key = f"key-{text}" if (idempotent or lose_first_response) else None
            lost = False
            while True:
                try:
                    result = append_events(
                        match=match,
                        events=[{"type": "annotation", "actor": "p1", "data": {"text": text}}],
                        expected_seq=expected,
                        idempotency_key=key,
                    )
                except AppendConflict as error:
                    stats["conflicts"] += 1
                    expected = error.current_seq
                    continue
                except DatabaseUnavailable:
                    stats["outages"] += 1
                    time.sleep(0.05 + random.random() * 0.1)
                    continue
                if lose_first_response and not lost:
                    lost = True  # the answer never reached the writer: send it again
                    continue
                if result.repeated:
                    stats["repeats"] += 1
                acknowledged.append((result.last_seq, text))
                expected = result.last_seq
                break
    finally:
        connection.close()
    if results is not None:
        results.put((writer, acknowledged, stats))
    return acknowledged, stats
