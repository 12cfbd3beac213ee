"""The sweep forks the replay where a point is first consulted instead of replaying every
combination from the start (issue 4). Prints events applied both ways, and wall time both ways.

Usage: python bench/sweep_saving.py [--matches 3] [GAME ...]
"""

from __future__ import annotations

import argparse
import itertools
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import games  # noqa: E402
from games.core.replay import replay_document  # noqa: E402
from games.core.sweep import SweepTooLarge, sweep  # noqa: E402


def naive(engine, document, points) -> float:
    started = time.perf_counter()
    for combination in itertools.product(*(engine.point(p).option_ids for p in points)):
        interpretation = engine.interpretation(dict(zip(points, combination)))
        for _ in replay_document(engine, document, interpretation):
            pass
    return time.perf_counter() - started


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--matches", type=int, default=3)
    parser.add_argument("games", nargs="*")
    args = parser.parse_args()
    for slug in args.games or games.available():
        engine = games.get(slug)
        for seed in range(1, args.matches + 1):
            document = engine.simulate(seed=seed, max_events=300)
            started = time.perf_counter()
            try:
                result = sweep(engine, players=document["players"], setup=document["setup"],
                               events=document["events"], max_branches=4096)
            except SweepTooLarge as error:
                print(f"{slug} seed {seed}: {error}")
                continue
            forked = time.perf_counter() - started
            full = naive(engine, document, result.points)
            print(
                f"{slug:16s} seed {seed}: {len(result.points)} points consulted, "
                f"{len(result.rows):4d} combinations; events applied {result.events_applied:8,d} "
                f"forking vs {result.naive_events:9,d} naive ({result.saving:.0%} saved); "
                f"{forked:.2f} s vs {full:.2f} s"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
