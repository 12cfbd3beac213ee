"""The sweep computes each distinct state once: branches that reach equal states at the same
seq are merged, so the work follows the distinct states, not the combinations. Prints, for
each sample and frozen record: combinations, distinct lines of play computed, the most
distinct states at one seq, events applied against replaying every combination from the
start, and the time; replaying every combination is also timed where there are few enough.

Usage: python bench/sweep_saving.py [--naive-up-to 256] [FILE ...]
Target: the Dylan Dog seed-2 match (205 events, a record since the engine's version 2;
the forking sweep could not reach it) and today's seed-2 sample sweep completely.
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import games  # noqa: E402
from games.core.replay import replay_document  # noqa: E402
from games.core.sweep import SweepTooLarge, sweep  # noqa: E402

DYLAN_DOG_SEED_2 = {ROOT / "tests" / "games" / "records" / "dylan-dog-pre-fidelity-seed-2.json",
                    ROOT / "games" / "dylan_dog" / "samples" / "simulated-seed-2.json"}


def naive(engine, document, result) -> float:
    started = time.perf_counter()
    for combination in itertools.product(*(result.options[p] for p in result.points)):
        interpretation = engine.interpretation(dict(zip(result.points, combination,
                                                        strict=True)))
        for _ in replay_document(engine, document, interpretation):
            pass
    return time.perf_counter() - started


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--naive-up-to", type=int, default=256,
                        help="time the replay of every combination when there are at most this many")
    parser.add_argument("files", nargs="*", type=lambda name: Path(name).resolve())
    args = parser.parse_args()
    files = args.files or sorted([*ROOT.glob("games/*/samples/*.json"),
                                  *ROOT.glob("tests/games/records/*.json")])
    status = 0
    for path in files:
        document = json.loads(path.read_text(encoding="utf-8"))
        engine = games.get(document["game"])
        started = time.perf_counter()
        try:
            result = sweep(engine, players=document["players"], setup=document["setup"],
                           events=document["events"])
        except SweepTooLarge as error:
            print(f"{path.relative_to(ROOT)}: {error}")
            status |= path in DYLAN_DOG_SEED_2
            continue
        elapsed = time.perf_counter() - started
        line = (f"{path.relative_to(ROOT)!s:48s} {len(document['events']):4d} events, "
                f"{len(result.points):2d} points: {result.combinations:7,d} combinations, "
                f"{result.lines:4d} lines of play, peak {result.peak_states:3d} states; "
                f"events applied {result.events_applied:7,d} vs {result.naive_events:11,d} "
                f"({1 - result.events_applied / result.naive_events:.1%} saved); "
                f"{elapsed:.2f} s")
        if result.combinations <= args.naive_up_to:
            line += f" vs {naive(engine, document, result):.2f} s replaying each"
        print(line)
    return status


if __name__ == "__main__":
    raise SystemExit(main())
