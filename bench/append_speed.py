"""Appending through append_events into PostgreSQL, hash chain included, in batches of 100 and
one event at a time; beside each figure, the eventsourcing library's PostgreSQL recorder
appending the same events to the same server in the same run. Head states are kept in the
background (embedded mode: a thread of this process); each phase waits until they are kept
and says how long after its last append that was.

Usage: python bench/append_speed.py [--events 20000] [--single 2000]
Target: batched at least the reference's rate, one at a time at least 0.8 of it.
"""

from __future__ import annotations

import argparse
import sys
import time
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))


def reference_rates(server, events: list[dict], batch: int, single: int) -> tuple[float, float]:
    from eventsourcing.persistence import StoredEvent
    from eventsourcing.postgres import PostgresAggregateRecorder, PostgresDatastore

    from games.core.canonical import canonical_bytes

    datastore = PostgresDatastore(
        dbname="ludoteca_bench", host=server.host, port=server.port, user=server.user,
        password=server.password, pool_size=2,
    )
    recorder = PostgresAggregateRecorder(datastore, events_table_name="es_reference_events")
    recorder.create_table()
    originator = uuid.uuid4()
    stored = [
        StoredEvent(originator_id=originator, originator_version=i + 1, topic=event["type"],
                    state=canonical_bytes(event))
        for i, event in enumerate(events)
    ]
    started = time.perf_counter()
    for start in range(0, len(stored), batch):
        recorder.insert_events(stored[start : start + batch])
    batched = len(stored) / (time.perf_counter() - started)
    originator = uuid.uuid4()
    singles = [
        StoredEvent(originator_id=originator, originator_version=i + 1, topic=e.topic,
                    state=e.state)
        for i, e in enumerate(stored[:single])
    ]
    started = time.perf_counter()
    for event in singles:
        recorder.insert_events([event])
    one_by_one = len(singles) / (time.perf_counter() - started)
    datastore.close()
    return batched, one_by_one


def head_states_kept_after(match, timeout: float = 60.0) -> float:
    """Seconds from now until the background keeping has kept the match's state at the last
    multiple of KEEP_EVERY: the next phase (and the reference) starts with it done, so no
    keeping left over runs beside them."""
    from replay.models import HeadState
    from replay.runs.head_states import KEEP_EVERY

    target = match.last_seq // KEEP_EVERY * KEEP_EVERY
    started = time.perf_counter()
    while time.perf_counter() - started < timeout:
        if not target or HeadState.objects.filter(match=match, seq=target).exists():
            return time.perf_counter() - started
        time.sleep(0.01)
    raise SystemExit(f"the head states of match {match.pk} were not kept in {timeout:.0f} s")


def ludoteca_rates(events: list[dict], batch: int, single: int) -> tuple[float, float]:
    from archive.models import Game
    from replay.log.append import append_events
    from replay.models import Match

    def new_match() -> Match:
        return Match.objects.create(
            game=Game.objects.get(slug="dagon"), title="append bench",
            players=[{"id": "p1", "name": "Ana"}, {"id": "p2", "name": "Luis"}],
        )

    match = new_match()
    started = time.perf_counter()
    for start in range(0, len(events), batch):
        append_events(match=match, events=events[start : start + batch], expected_seq=start)
    batched = len(events) / (time.perf_counter() - started)
    print(f"head states kept {head_states_kept_after(match):.2f} s after the last batch")
    match = new_match()
    started = time.perf_counter()
    for index, event in enumerate(events[:single]):
        append_events(match=match, events=[event], expected_seq=index)
    one_by_one = single / (time.perf_counter() - started)
    print(f"head states kept {head_states_kept_after(match):.2f} s after the last single")
    return batched, one_by_one


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--events", type=int, default=20_000)
    parser.add_argument("--single", type=int, default=2_000)
    parser.add_argument("--batch", type=int, default=100)
    args = parser.parse_args()
    import _django

    server = _django.setup("postgres")
    import games

    document = games.get("dagon").simulate(
        seed=3, players=[{"id": "p1", "name": "Ana"}, {"id": "p2", "name": "Luis"}],
        min_events=args.events,
    )
    events = [{k: e[k] for k in ("type", "actor", "data")} for e in document["events"]]
    events = events[: args.events]
    ours = ludoteca_rates(events, args.batch, args.single)
    reference = reference_rates(server, events, args.batch, args.single)
    status = 0
    for mode, mine, theirs, target in (
        (f"batches of {args.batch}", ours[0], reference[0], 1.0),
        ("one at a time", ours[1], reference[1], 0.8),
    ):
        share = mine / theirs
        verdict = "ok" if share >= target else f"BELOW {target:.0%}"
        status |= share < target
        print(f"append_events, {mode:16s}: {mine:9,.0f} events/s   eventsourcing "
              f"PostgresAggregateRecorder: {theirs:9,.0f} events/s   ({share:.0%} of it)  {verdict}")
    return status


if __name__ == "__main__":
    raise SystemExit(main())
