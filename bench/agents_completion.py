"""How often matches played by greedy agents finish, per game and per reading: the matches
``Engine.simulate`` plays (greedy in every seat, three seats or the fewest the game allows, cut
at the game's ``duel_length``), over ``--matches`` seeds under each reading: the game's duel
reading (the default, except where the game declares another), then each other option of each
point with the rest as in it. A reading the game declares endless (``Engine.endless_under``:
no player's decision can end a match) is not played and is said so.

Prints, for each reading, the share of finished matches with its 95% Wilson interval, the
median length of a finished match, and the greedy agents' decisions a second; then, per game,
every reading's matches together, and whether at least ``--target`` of them finished (required
of every game whose matches can end by play); the load average before and after.

The data games of the seed archive (``archive/seed/rules/<slug>/``) join the registry here as
they do in the product, so ``--games goose fox-and-geese`` plays them by slug.

Usage: python bench/agents_completion.py [--games dagon …] [--matches 20] [--seed 1]
       [--target 0.95] [--points POINT …]
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
from games.agents import play_match, seats_for
from games.agents.simulate import SIMULATOR
from games.registry import REGISTRY
from games.rules.files import DirectorySource
from studies.statistics import wilson

SEED_DATA_GAMES = Path(__file__).resolve().parent.parent / "archive" / "seed" / "rules"


def load() -> str:
    return ", ".join(f"{x:.2f}" for x in os.getloadavg())


def percent(value: float | None) -> str:
    return "—" if value is None else f"{value * 100:.1f}%"


def readings(engine, only: list[str] | None):
    """(name, choices) of the duel reading, then of each other option of each point."""
    base = dict(engine.duel_reading)
    yield "the duel reading", base
    for point in engine.points:
        if only and point.id not in only:
            continue
        current = base.get(point.id, point.default)
        for option in point.option_ids:
            if option != current:
                yield f"{point.id}={option}", {**base, point.id: option}


def play(engine, choices: dict, *, matches: int, seed: int) -> dict:
    seated = seats_for(engine)
    finished, lengths, decisions, seconds = 0, [], 0, 0.0
    for number in range(matches):
        played = play_match(engine, agents={p["id"]: SIMULATOR for p in seated},
                            seed=seed + number, players=seated, reading=choices,
                            max_events=engine.duel_length)
        decisions += sum(t.decisions for t in played.thinking.values())
        seconds += sum(t.seconds for t in played.thinking.values())
        if engine.finished(played.state):
            finished += 1
            lengths.append(len(played.document["events"]))
    return {"finished": finished, "matches": matches, "lengths": lengths,
            "decisions": decisions, "seconds": seconds}


def main() -> int:
    REGISTRY.add_source(DirectorySource(SEED_DATA_GAMES))
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", nargs="+", default=[
        slug for slug in games.available() if games.get(slug).evaluation is not None])
    parser.add_argument("--matches", type=int, default=20, help="seeds a reading")
    parser.add_argument("--seed", type=int, default=1, help="the first match's seed")
    parser.add_argument("--target", type=float, default=0.95)
    parser.add_argument("--points", nargs="+", help="only the readings of these points")
    args = parser.parse_args()
    print(f"load average before: {load()} ({os.cpu_count()} cores)", flush=True)
    verdicts = []
    for slug in args.games:
        engine = games.get(slug)
        seats = len(seats_for(engine))
        print(f"{slug}: {SIMULATOR} in {seats} seats, {args.matches} matches a reading (seeds "
              f"{args.seed}–{args.seed + args.matches - 1}), cut at {engine.duel_length} "
              "events", flush=True)
        total = finished = 0
        for name, choices in readings(engine, args.points):
            reading = engine.reading(choices)
            if not engine.ends_by_play(reading):
                print(f"  {name}: not played: no player's decision can end a match under "
                      f"it (declared: {dict(engine.endless_under)})", flush=True)
                continue
            started = time.perf_counter()
            result = play(engine, choices, matches=args.matches, seed=args.seed)
            rate = wilson(result["finished"], result["matches"])
            lengths = result["lengths"]
            median = f"{statistics.median(lengths):.0f}" if lengths else "—"
            speed = result["decisions"] / result["seconds"] if result["seconds"] else 0.0
            print(f"  {name}: finished {rate.count} of {rate.total}, {percent(rate.share)} "
                  f"(95% CI {percent(rate.low)}–{percent(rate.high)}); a finished match "
                  f"{median} events (median); {result['decisions']:,} decisions, "
                  f"{speed:,.0f} a second; {time.perf_counter() - started:.0f} s", flush=True)
            total += result["matches"]
            finished += result["finished"]
        share = finished / total if total else None
        met = share is not None and share >= args.target
        said = (f"{slug}: {finished} of {total} matches finished over every reading played, "
                f"{percent(share)} (target {percent(args.target)}): "
                f"{'met' if met else 'MISSED'}")
        verdicts.append((said, met))
        print(f"  {said}", flush=True)
    print("summary:")
    for said, _ in verdicts:
        print(f"  {said}")
    print(f"load average after: {load()}")
    return 0 if all(met for _, met in verdicts) else 1


if __name__ == "__main__":
    raise SystemExit(main())
