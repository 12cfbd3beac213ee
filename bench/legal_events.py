"""What ``legal_events`` offers per state, for each game, over every state of simulated matches:
the time it takes (median and 99th percentile; target: median under 0.2 ms, so a page offers
choices at once) and how many top-level choices it offers (maximum and median; target: at most
40, combinations never enumerated), for the archivist and for each seat.

Usage: python bench/legal_events.py [--matches N] [GAME ...]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import games
from games.core.replay import replay_document

TARGET_MEDIAN_MS = 0.2
TARGET_MOST_CHOICES = 40


def states(engine, matches: int) -> list[tuple[dict, list[str]]]:
    found = []
    for seed in range(1, matches + 1):
        document = engine.simulate(seed=seed)
        seats = [p["id"] for p in document["players"]]
        found.append((engine.initial_state(document["players"], document.get("setup", {})),
                      seats))
        found += [(step.state, seats) for _event, step in replay_document(engine, document)]
    return found


def measure(slug: str, matches: int) -> dict:
    engine = games.get(slug)
    interpretation = engine.interpretation()
    timings, counts, seat_timings = [], [], []
    for state, seats in states(engine, matches):
        started = time.perf_counter()
        choices = engine.legal_events(state, interpretation)
        timings.append((time.perf_counter() - started) * 1000)
        counts.append(len(choices))
        seat = seats[len(timings) % len(seats)]
        started = time.perf_counter()
        engine.legal_events(state, interpretation, seat)
        seat_timings.append((time.perf_counter() - started) * 1000)
    timings.sort()
    return {
        "states": len(timings),
        "median": statistics.median(timings),
        "p99": timings[min(len(timings) - 1, int(len(timings) * 0.99))],
        "seat_median": statistics.median(seat_timings),
        "most": max(counts),
        "median_choices": statistics.median(counts),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--matches", type=int, default=20)
    parser.add_argument("games", nargs="*")
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.2f}; targets: median < {TARGET_MEDIAN_MS} ms, "
          f"at most {TARGET_MOST_CHOICES} top-level choices")
    ok = True
    for slug in args.games or games.available():
        m = measure(slug, args.matches)
        fast = m["median"] < TARGET_MEDIAN_MS
        small = m["most"] <= TARGET_MOST_CHOICES
        ok = ok and fast and small
        print(f"{slug:16s} {m['states']:>7,d} states: median {m['median']:6.3f} ms "
              f"(a seat {m['seat_median']:6.3f} ms), p99 {m['p99']:6.3f} ms "
              f"{'ok' if fast else 'ABOVE TARGET'}; choices: most {m['most']}, median "
              f"{m['median_choices']:g} {'ok' if small else 'ABOVE TARGET'}")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
