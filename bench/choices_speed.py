"""The choices at a log's head, read by anyone: ``GET /api/matches/ID/choices/`` (and the
recorder's page, which draws the board from the same state) on a 100,000-event Dagon match,
after one more move was recorded through the recorder's path, on SQLite and on PostgreSQL.

Usage: python bench/choices_speed.py [--database sqlite|postgres|both] [--events 100000]
Target: the choices GET under 20 ms (median), whatever the log's length.
"""

from __future__ import annotations

import argparse
import gc
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

TARGET_MS = 20


def measure(database: str, events: int) -> int:
    import _django

    _django.setup(database)
    from django.test import Client

    import games
    from replay.log.append import append_events
    from replay.log.interchange import import_match
    from replay.recorder.head import recorder_head
    from tests.factories import make_curator

    def recorded(length: int):
        """A match of ``length`` events, cut in the middle of a game, then one more move
        recorded as the recorder records it."""
        document = games.get("dagon").simulate(seed=7, min_events=length)
        document["events"] = document["events"][:length]  # a game in progress
        document.pop("chain", None)
        started = time.perf_counter()
        match = import_match(raw=document)
        imported = time.perf_counter() - started
        head = recorder_head(match=match)
        choice = next(c for c in head.choices if not c.open_fields)  # a throw or a move
        append_events(match=match, events=[choice.event], expected_seq=head.seq)
        return match, imported

    short, _ = recorded(100)
    match, imported = recorded(events)
    gc.collect()  # a web process does not hold a whole match document while serving
    print(f"[{database}] {match.last_seq - 1:,}-event match imported in {imported:.1f} s "
          "(the importing writer keeps the states at its head), then one move recorded")
    anonymous, curator = Client(), Client()
    curator.force_login(make_curator("bench-curator"))

    def timed(client, url: str, runs: int = 30) -> float:
        samples = []
        for _ in range(runs):
            t = time.perf_counter()
            response = client.get(url)
            samples.append(time.perf_counter() - t)
            assert response.status_code == 200, response.status_code
        return statistics.median(samples) * 1000

    baseline = timed(anonymous, f"/api/matches/{short.pk}/choices/")
    choices = timed(anonymous, f"/api/matches/{match.pk}/choices/")
    page = timed(curator, f"/matches/{match.pk}/record/")
    verdict = "ok" if choices < TARGET_MS else f"ABOVE {TARGET_MS} ms"
    print(f"[{database}] GET choices at seq {match.last_seq:,}: median {choices:.1f} ms  "
          f"{verdict}; the same GET on a {short.last_seq}-event match: {baseline:.1f} ms")
    print(f"[{database}] GET recorder page (board and choices) at seq {match.last_seq:,}: "
          f"median {page:.1f} ms")
    return 0 if choices < TARGET_MS else 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--database", choices=("sqlite", "postgres", "both"), default="both")
    parser.add_argument("--events", type=int, default=100_000)
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        return measure(args.database, args.events)
    databases = ("sqlite", "postgres") if args.database == "both" else (args.database,)
    status = 0
    for database in databases:  # one process each: one Django set-up per database
        status |= subprocess.run([sys.executable, __file__, "--child", "--database", database,
                                  "--events", str(args.events)], check=False).returncode
    return status


if __name__ == "__main__":
    raise SystemExit(main())
