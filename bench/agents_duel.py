"""Agents against the random agent, in every game on the engine core: ``mcts`` (at its default
budget unless ``--budget`` says otherwise) and ``greedy``, each in one seat of matches whose
other seats ``random`` plays (two seats, or the fewest the game allows), the seat going round
from match to match. Prints, for each game, the reading its duels are played under, and for
each agent the share of the seats it played that won with its 95% Wilson interval (the lower
bound says whether the target is met beyond noise), random's share, draws, unfinished matches (cut at
``--max-events``, by default the game's duel length: never a win), the median length of a
finished match, and decisions per second per agent; the load average before and after.

Usage: python bench/agents_duel.py [--games dagon …] [--agents mcts greedy] [--matches 60]
       [--budget B] [--seed 1000] [--max-events N]
Targets: mcts wins at least 70% of its seats against random in every game (said too: whether
the 95% interval's lower bound is above 70%, which more matches may need); greedy beats random (its share of seats above random's, the
difference told from noise by Fisher's exact test, p < 0.05, its 95% interval above zero).
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
from games.agents import DEFAULT_BUDGET
from games.agents.duel import duel
from studies.statistics import rates_difference, wilson

MCTS_TARGET = 0.7


def load() -> str:
    return ", ".join(f"{x:.2f}" for x in os.getloadavg())


def percent(value: float | None) -> str:
    return "—" if value is None else f"{value * 100:.1f}%"


def reading_words(engine, reading) -> str:
    changed = [f"{point}={option}" for point, option in sorted(reading.options.items())
               if option != engine.point(point).default]
    return ", ".join(changed) or "the default reading"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", nargs="+",
                        default=[s for s in games.available() if games.get(s).sections])
    parser.add_argument("--agents", nargs="+", default=["mcts", "greedy"],
                        choices=["mcts", "greedy"])
    parser.add_argument("--matches", type=int, default=60)
    parser.add_argument("--budget", type=int, default=DEFAULT_BUDGET,
                        help=f"playouts a decision of mcts (default {DEFAULT_BUDGET})")
    parser.add_argument("--seed", type=int, default=1000, help="the first match's seed")
    parser.add_argument("--max-events", type=int,
                        help="a match not over by then is unfinished (default: the game's "
                             "duel length, Engine.duel_length)")
    args = parser.parse_args()
    print(f"load average before: {load()} ({os.cpu_count()} cores)", flush=True)
    verdicts = []
    for slug in args.games:
        engine = games.get(slug)
        for agent in args.agents:
            started = time.perf_counter()
            result = duel(engine, agent=agent, against="random", matches=args.matches,
                          seed=args.seed, budget=args.budget, max_events=args.max_events)
            elapsed = time.perf_counter() - started
            seats = len(result.thinking) and result.seats[agent] + result.seats["random"]
            print(f"{slug}: {agent}{f' (budget {args.budget})' if agent == 'mcts' else ''} "
                  f"against random, {result.matches} matches of "
                  f"{seats // max(1, result.matches)} seats (seeds {args.seed}–"
                  f"{args.seed + result.matches - 1}), under {reading_words(engine, result.reading)}"
                  f", cut at {result.max_events} events; {elapsed:.0f} s, load {load()}")
            rates = {}
            for name in (agent, "random"):
                rate = rates[name] = wilson(result.seats_won[name], result.seats[name])
                spent = result.thinking[name]
                speed = spent.decisions / spent.seconds if spent.seconds else float("inf")
                print(f"  {name}: won {rate.count} of {rate.total} seats, {percent(rate.share)} "
                      f"(95% CI {percent(rate.low)}–{percent(rate.high)}); "
                      f"{spent.decisions:,} decisions, {speed:,.1f} a second")
            lengths = sorted(result.lengths)
            median = f"{statistics.median(lengths):.0f}" if lengths else "—"
            print(f"  draws {result.draws}, unfinished {result.unfinished}; a finished match "
                  f"{median} events (median of {len(lengths)})")
            if agent == "mcts":
                met = rates[agent].share is not None and rates[agent].share >= MCTS_TARGET
                sure = rates[agent].low is not None and rates[agent].low >= MCTS_TARGET
                said = (f"mcts wins ≥ 70% of its seats: {percent(rates[agent].share)}, the "
                        f"interval's lower bound {percent(rates[agent].low)} "
                        f"({'above' if sure else 'not above'} 70%)")
            else:
                beaten = rates_difference(rates["random"], rates[agent])
                met = beaten.detected and beaten.estimate > 0
                said = (f"greedy beats random: {beaten.estimate * 100:+.1f} points (95% CI "
                        f"{beaten.low * 100:+.1f} to {beaten.high * 100:+.1f}; Fisher p = "
                        f"{beaten.p_value:.2g})")
            verdicts.append((slug, f"{said}: {'met' if met else 'MISSED'}", met))
            print(f"  {said}: {'met' if met else 'MISSED'}", flush=True)
    print("summary:")
    for slug, said, _ in verdicts:
        print(f"  {slug}: {said}")
    print(f"load average after: {load()}")
    return 0 if all(met for *_, met in verdicts) else 1


if __name__ == "__main__":
    raise SystemExit(main())
