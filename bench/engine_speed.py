"""Events per second through each pure engine, flags on, one core (issues 3 and 6: >= 50,000).

Usage: python bench/engine_speed.py [--events N] [GAME ...]
Simulates matches (outside the timing), then times replaying them through ``engine.apply``.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import games  # noqa: E402
from games.core.replay import replay_document  # noqa: E402

TARGET = 50_000


def measure(slug: str, total_events: int) -> tuple[int, float, int]:
    engine = games.get(slug)
    documents, count, seed = [], 0, 0
    while count < total_events:
        document = engine.simulate(seed=seed, min_events=min(total_events - count, 20_000))
        documents.append(document)
        count += len(document["events"])
        seed += 1
    flags = 0
    started = time.perf_counter()
    for document in documents:
        for _event, step in replay_document(engine, document):
            flags += len(step.flags)
    elapsed = time.perf_counter() - started
    return count, elapsed, flags


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--events", type=int, default=200_000)
    parser.add_argument("games", nargs="*")
    args = parser.parse_args()
    slugs = args.games or games.available()
    worst = None
    for slug in slugs:
        count, elapsed, flags = measure(slug, args.events)
        rate = count / elapsed
        worst = rate if worst is None else min(worst, rate)
        verdict = "ok" if rate >= TARGET else f"BELOW {TARGET:,}"
        print(
            f"{slug:16s} {count:>9,d} events in {elapsed:6.2f} s = {rate:>9,.0f} events/s "
            f"({flags:,} flags)  {verdict}"
        )
    return 0 if worst is not None and worst >= TARGET else 1


if __name__ == "__main__":
    raise SystemExit(main())
