"""Appending through append_events into PostgreSQL, hash chain included, in batches of 100 and
one event at a time; beside each figure, the eventsourcing library's PostgreSQL recorder
appending the same events to the same server in the same run. Head states are kept in the
background (embedded mode: a thread of this process); each phase waits until they are kept
and says how long after its last append that was.

The two alternate, round after round (ours batched, the reference batched, ours one at a
time, the reference one at a time), each round on a new match and a new originator: the
machine is shared, and a figure taken once, ours first and the reference a minute later,
swung by a quarter between runs. Each round's share is printed, and the median share is
the figure.

Usage: python bench/append_speed.py [--events 20000] [--single 2000] [--rounds 3]
Target: batched at least the reference's rate, one at a time at least 0.8 of it.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))


class Reference:
    """eventsourcing's PostgreSQL recorder on the benchmark's server, one table for all rounds."""

    def __init__(self, server) -> None:
        from eventsourcing.postgres import PostgresAggregateRecorder, PostgresDatastore

        self.datastore = PostgresDatastore(
            dbname="ludoteca_bench", host=server.host, port=server.port, user=server.user,
            password=server.password, pool_size=2,
        )
        self.recorder = PostgresAggregateRecorder(self.datastore,
                                                  events_table_name="es_reference_events")
        self.recorder.create_table()

    def stored(self, events: list[dict]) -> list:
        """The events as one new aggregate's stored events (a new originator each call)."""
        from eventsourcing.persistence import StoredEvent

        from games.core.canonical import canonical_bytes

        originator = uuid.uuid4()
        return [StoredEvent(originator_id=originator, originator_version=i + 1,
                            topic=event["type"], state=canonical_bytes(event))
                for i, event in enumerate(events)]

    def batched(self, events: list[dict], batch: int) -> float:
        stored = self.stored(events)
        started = time.perf_counter()
        for start in range(0, len(stored), batch):
            self.recorder.insert_events(stored[start : start + batch])
        return len(stored) / (time.perf_counter() - started)

    def one_at_a_time(self, events: list[dict]) -> float:
        stored = self.stored(events)
        started = time.perf_counter()
        for event in stored:
            self.recorder.insert_events([event])
        return len(stored) / (time.perf_counter() - started)


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


def new_match():
    from archive.models import Game
    from replay.models import Match

    return Match.objects.create(
        game=Game.objects.get(slug="dagon"), title="append bench",
        players=[{"id": "p1", "name": "Ana"}, {"id": "p2", "name": "Luis"}],
    )


def ludoteca_batched(events: list[dict], batch: int) -> float:
    from replay.log.append import append_events

    match = new_match()
    started = time.perf_counter()
    for start in range(0, len(events), batch):
        append_events(match=match, events=events[start : start + batch], expected_seq=start)
    rate = len(events) / (time.perf_counter() - started)
    print(f"  head states kept {head_states_kept_after(match):.2f} s after the last batch")
    return rate


def ludoteca_one_at_a_time(events: list[dict]) -> float:
    from replay.log.append import append_events

    match = new_match()
    started = time.perf_counter()
    for index, event in enumerate(events):
        append_events(match=match, events=[event], expected_seq=index)
    rate = len(events) / (time.perf_counter() - started)
    print(f"  head states kept {head_states_kept_after(match):.2f} s after the last single")
    return rate


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--events", type=int, default=20_000)
    parser.add_argument("--single", type=int, default=2_000)
    parser.add_argument("--batch", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=3)
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
    reference = Reference(server)
    shares: dict[str, list[float]] = {"batched": [], "single": []}
    for round_number in range(1, args.rounds + 1):
        load = os.getloadavg()[0]
        ours_batched = ludoteca_batched(events, args.batch)
        theirs_batched = reference.batched(events, args.batch)
        ours_single = ludoteca_one_at_a_time(events[: args.single])
        theirs_single = reference.one_at_a_time(events[: args.single])
        shares["batched"].append(ours_batched / theirs_batched)
        shares["single"].append(ours_single / theirs_single)
        print(f"round {round_number} (load {load:.2f}): batches of {args.batch} "
              f"{ours_batched:,.0f} against {theirs_batched:,.0f} events/s "
              f"({ours_batched / theirs_batched:.0%}); one at a time {ours_single:,.0f} "
              f"against {theirs_single:,.0f} ({ours_single / theirs_single:.0%})", flush=True)
    reference.datastore.close()
    status = 0
    for mode, key, target in ((f"batches of {args.batch}", "batched", 1.0),
                              ("one at a time", "single", 0.8)):
        share = statistics.median(shares[key])
        verdict = "ok" if share >= target else f"BELOW {target:.0%}"
        status |= share < target
        print(f"append_events, {mode:16s}: median {share:.0%} of eventsourcing's "
              f"PostgresAggregateRecorder over {args.rounds} rounds "
              f"({', '.join(f'{x:.0%}' for x in shares[key])})  {verdict}")
    return status


if __name__ == "__main__":
    raise SystemExit(main())
