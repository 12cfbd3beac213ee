"""Time of ``legal_events`` per state, for each game, over the states of simulated matches:
median and 99th percentile (target: median under 1 ms, so a page offers choices at once).

Usage: python bench/legal_events.py [--matches N] [GAME ...]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import games  # noqa: E402
from games.core.replay import replay_document  # noqa: E402

TARGET_MEDIAN_MS = 1.0


def states(engine, matches: int) -> list[dict]:
    found = []
    for seed in range(1, matches + 1):
        document = engine.simulate(seed=seed)
        found.append(engine.initial_state(document["players"], document.get("setup", {})))
        found += [step.state for _event, step in replay_document(engine, document)]
    return found


def measure(slug: str, matches: int) -> tuple[int, float, float, float]:
    engine = games.get(slug)
    interpretation = engine.interpretation()
    timings, offered = [], 0
    for state in states(engine, matches):
        started = time.perf_counter()
        choices = engine.legal_events(state, interpretation)
        timings.append((time.perf_counter() - started) * 1000)
        offered += len(choices)
    timings.sort()
    p99 = timings[min(len(timings) - 1, int(len(timings) * 0.99))]
    return len(timings), statistics.median(timings), p99, offered / len(timings)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--matches", type=int, default=20)
    parser.add_argument("games", nargs="*")
    args = parser.parse_args()
    worst = 0.0
    for slug in args.games or games.available():
        count, median, p99, mean_choices = measure(slug, args.matches)
        worst = max(worst, median)
        verdict = "ok" if median < TARGET_MEDIAN_MS else f"ABOVE {TARGET_MEDIAN_MS} ms"
        print(f"{slug:16s} {count:>7,d} states: median {median:6.3f} ms, p99 {p99:6.3f} ms, "
              f"{mean_choices:5.1f} choices a state  {verdict}")
    return 0 if worst < TARGET_MEDIAN_MS else 1


if __name__ == "__main__":
    raise SystemExit(main())
