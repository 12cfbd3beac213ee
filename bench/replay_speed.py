"""End-to-end replay speed: events read from the database, engine, steps, snapshots and flags
written, for a 100,000-event simulated match, on SQLite and on PostgreSQL, printed beside the
pure engine replaying the same match in the same process (flags on, nothing stored); and the
cost of reading step 100,000 against step 10 of the same run.

Usage: python bench/replay_speed.py [--database sqlite|postgres|both] [--events 100000] [--game dagon]
Targets: >= 20,000 events/s and at least a third of the pure engine's rate; reading step
100,000 <= 1.5 x reading step 10.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))


def measure(database: str, events: int, game: str) -> int:
    import _django

    _django.setup(database)
    import games
    from games.core.replay import replay_document
    from replay.log.interchange import import_match
    from replay.runs.replaying import replay_match
    from replay.runs.steps import read_step

    document = games.get(game).simulate(seed=7, min_events=events)
    count = len(document["events"])
    started = time.perf_counter()
    match = import_match(raw=document)
    imported = time.perf_counter() - started
    started = time.perf_counter()
    for _ in replay_document(games.get(game), document):
        pass
    pure = count / (time.perf_counter() - started)
    del document
    started = time.perf_counter()
    run = replay_match(match=match)
    elapsed = time.perf_counter() - started
    assert run.status == "done", run.error
    rate = count / elapsed
    share = rate / pure
    print(f"[{database}] {game}: {count:,} events imported in {imported:.1f} s "
          f"({count / imported:,.0f} events/s through append_events)")
    print(f"[{database}] pure engine on the same match: {pure:,.0f} events/s")
    print(f"[{database}] replay end to end: {count:,} events in {elapsed:.2f} s = "
          f"{rate:,.0f} events/s ({'ok' if rate >= 20_000 else 'BELOW 20,000'}), "
          f"{share:.2f} of the pure engine ({'ok' if share >= 1 / 3 else 'BELOW 1/3'})")

    chain_check(match, elapsed)

    def timed(seq: int) -> float:
        samples = []
        for _ in range(30):
            t = time.perf_counter()
            read_step(run=run, seq=seq)
            samples.append(time.perf_counter() - t)
        return statistics.median(samples)

    late = min(100_000, count)
    # Steps that sit the same distance after a snapshot, so the comparison is like for like,
    # and the worst case (K-1 applies after the snapshot) for each.
    early_cost, late_cost = timed(10), timed(late)
    worst_early, worst_late = timed(99), timed(late - 1)
    ratio = late_cost / early_cost
    print(f"[{database}] read step 10: {early_cost * 1000:.2f} ms; step {late:,}: "
          f"{late_cost * 1000:.2f} ms; ratio {ratio:.2f}  {'ok' if ratio <= 1.5 else 'ABOVE 1.5'}")
    print(f"[{database}] worst case after a snapshot: step 99 {worst_early * 1000:.2f} ms, "
          f"step {late - 1:,} {worst_late * 1000:.2f} ms")
    return 0 if rate >= 20_000 and share >= 1 / 3 and ratio <= 1.5 else 1


def chain_check(match, replay_seconds: float) -> None:
    """What checking the chain costs on every read: the whole log read with the check
    (trust.reader) against the same rows read without it."""
    from django.db import connection

    from trust.reader import verified_events

    started = time.perf_counter()
    count = sum(1 for _ in verified_events(match.pk))
    checked = time.perf_counter() - started
    started = time.perf_counter()
    with connection.cursor() as cursor:
        cursor.execute("SELECT seq, type, actor, data, prev_hash, hash FROM replay_event "
                       "WHERE match_id = %s ORDER BY seq", [match.pk])
        plain_rows = len(cursor.fetchall())
    plain = time.perf_counter() - started
    assert plain_rows == count
    per_event = (checked - plain) / count * 1e6
    print(f"[{connection.vendor}] chain check on read: {count:,} events in {checked:.2f} s "
          f"checked vs {plain:.2f} s unchecked = {per_event:.1f} µs an event, "
          f"{(checked - plain) / replay_seconds:.0%} of the end-to-end replay time")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--database", default="both", choices=("sqlite", "postgres", "both"))
    parser.add_argument("--events", type=int, default=100_000)
    parser.add_argument("--game", default="dagon")
    args = parser.parse_args()
    if args.database != "both":
        return measure(args.database, args.events, args.game)
    status = 0
    for database in ("sqlite", "postgres"):
        status |= subprocess.call([sys.executable, __file__, "--database", database,
                                   "--events", str(args.events), "--game", args.game])
    return status


if __name__ == "__main__":
    raise SystemExit(main())
