"""The data games (rules documents of archive/seed/rules) against the hand-written engines, in
the same run and by the same methods as bench/engine_speed.py and bench/legal_events.py
(matches simulated outside the timing), timed in CPU time of this process, so that other work
on a shared machine weighs less on the comparison:

- replay: events per second through ``engine.apply``, flags on, of matches simulated outside
  the timing, every engine once a round and the best of ``--repeats`` rounds kept; target: a
  data game at least half as fast as the slowest hand-written engine;
- offers: ``legal_events`` per state over every state of simulated matches, for the archivist
  and for a seat; target: median under 0.2 ms.

Usage: .venv/bin/python bench/rules_speed.py [--events N] [--matches N] [--repeats N] [GAME ...]
(the project installed in the virtualenv, ``make setup``).
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from pathlib import Path

import games
from games.core.replay import replay_document
from games.rules.files import engine_from_directory

DATA_GAMES = Path(__file__).resolve().parent.parent / "archive" / "seed" / "rules"
TARGET_SHARE = 0.5
TARGET_MEDIAN_MS = 0.2


def engines() -> dict[str, object]:
    found = {slug: games.get(slug) for slug in games.available()}
    for path in sorted(DATA_GAMES.glob("*/rules.yaml")):
        found[path.parent.name] = engine_from_directory(path.parent)
    return found


def simulated(engine, total_events: int) -> tuple[list[dict], int]:
    """engine_speed.py's matches: simulated (outside the timing) until ``total_events``."""
    documents, count, seed = [], 0, 0
    while count < total_events:
        document = engine.simulate(seed=seed, min_events=min(total_events - count, 20_000))
        documents.append(document)
        count += len(document["events"])
        seed += 1
    return documents, count


def replay_seconds(engine, documents: list[dict]) -> tuple[float, int]:
    flags = 0
    started = time.process_time()
    for document in documents:
        for _event, step in replay_document(engine, document):
            flags += len(step.flags)
    return time.process_time() - started, flags


def offer_times(engine, matches: int) -> dict:
    """legal_events.py's method: every state of ``matches`` simulated matches."""
    interpretation = engine.interpretation()
    timings, seat_timings, counts = [], [], []
    for seed in range(1, matches + 1):
        document = engine.simulate(seed=seed)
        seats = [p["id"] for p in document["players"]]
        states = [engine.initial_state(document["players"], document.get("setup", {}))]
        states += [step.state for _event, step in replay_document(engine, document)]
        for state in states:
            started = time.process_time()
            choices = engine.legal_events(state, interpretation)
            timings.append((time.process_time() - started) * 1000)
            counts.append(len(choices))
            seat = seats[len(timings) % len(seats)]
            started = time.process_time()
            engine.legal_events(state, interpretation, seat)
            seat_timings.append((time.process_time() - started) * 1000)
    timings.sort()
    return {"states": len(timings), "median": statistics.median(timings),
            "p99": timings[min(len(timings) - 1, int(len(timings) * 0.99))],
            "seat_median": statistics.median(seat_timings), "most": max(counts)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--events", type=int, default=100_000)
    parser.add_argument("--matches", type=int, default=20)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("games", nargs="*", help="some games only (all by default)")
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.2f}")
    found = {slug: engine for slug, engine in engines().items()
             if not args.games or slug in args.games}
    data = [slug for slug in found if slug not in games.available()]
    matches = {slug: simulated(engine, args.events) for slug, engine in found.items()}
    # Every engine replayed once a round, the best round kept (as timeit does): the load of
    # a shared machine weighs on all of them alike, and only ever slows a run down.
    best: dict[str, float] = {}
    flags: dict[str, int] = {}
    for _round in range(args.repeats):
        for slug, engine in found.items():
            elapsed, flags[slug] = replay_seconds(engine, matches[slug][0])
            best[slug] = min(best.get(slug, elapsed), elapsed)
    rates = {}
    for slug in found:
        count = matches[slug][1]
        rates[slug] = count / best[slug]
        kind = "rules document" if slug in data else "hand-written"
        print(f"replay {slug:16s} {count:>9,d} events in {best[slug]:6.2f} s = "
              f"{rates[slug]:>9,.0f} events/s ({flags[slug]:,} flags; {kind})")
    slowest = min((rate for slug, rate in rates.items() if slug not in data), default=None)
    ok = True
    for slug in data if slowest else ():
        share = rates[slug] / slowest
        ok = ok and share >= TARGET_SHARE
        print(f"replay {slug:16s} {share:4.2f}x the slowest hand-written engine "
              f"({'ok' if share >= TARGET_SHARE else 'BELOW'} target {TARGET_SHARE}x)")
    for slug, engine in found.items():
        m = offer_times(engine, args.matches)
        fast = m["median"] < TARGET_MEDIAN_MS
        ok = ok and (fast or slug not in data)
        print(f"offers {slug:16s} {m['states']:>7,d} states: median {m['median']:6.3f} ms (a "
              f"seat {m['seat_median']:6.3f} ms), p99 {m['p99']:6.3f} ms, most "
              f"{m['most']} choices {'ok' if fast else 'ABOVE TARGET'}")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
