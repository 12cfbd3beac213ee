"""Agents against the random agent, in every game on the engine core: ``mcts`` at its default
budget and ``greedy``, each in one seat of two-player matches (the seat alternating), with
each agent's share of wins (95% Wilson interval), draws and unfinished matches, and decisions
per second per agent.

Usage: python bench/agents_duel.py [--games dagon …] [--matches 40] [--budget B]
Targets: mcts wins at least 70% of the matches (the seats it plays) against random in every
game; greedy wins more than random does.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import games
from games.agents import DEFAULT_BUDGET
from games.agents.duel import duel
from studies.statistics import wilson


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", nargs="+",
                        default=[s for s in games.available() if games.get(s).sections])
    parser.add_argument("--matches", type=int, default=40)
    parser.add_argument("--budget", type=int, default=DEFAULT_BUDGET)
    parser.add_argument("--seed", type=int, default=1000)
    args = parser.parse_args()
    print(f"load average before: {', '.join(f'{x:.2f}' for x in os.getloadavg())}")
    missed = 0
    for slug in args.games:
        engine = games.get(slug)
        shares = {}
        for agent in ("mcts", "greedy"):
            started = time.perf_counter()
            result = duel(engine, agent=agent, against="random", matches=args.matches,
                          seed=args.seed, budget=args.budget)
            elapsed = time.perf_counter() - started
            line = [(f"{slug}: {agent} against random, {result.matches} matches "
                     f"({elapsed:.0f} s): ")]
            for name in (agent, "random"):
                rate = wilson(result.wins[name], result.matches)
                spent = result.thinking[name]
                speed = spent.decisions / spent.seconds if spent.seconds else float("inf")
                shares[(agent, name)] = rate.share
                line.append(f"{name} wins {rate.share * 100:.0f}% ({rate.low * 100:.0f}–"
                            f"{rate.high * 100:.0f}%), {speed:,.1f} decisions/s; ")
            line.append(f"draws {result.draws}, unfinished {result.unfinished}")
            print("".join(line), flush=True)
        mcts_ok = shares[("mcts", "mcts")] >= 0.7
        greedy_ok = shares[("greedy", "greedy")] > shares[("greedy", "random")]
        missed += (not mcts_ok) + (not greedy_ok)
        print(f"{slug}: mcts wins ≥ 70%: {'ok' if mcts_ok else 'MISSED'}; greedy beats "
              f"random: {'ok' if greedy_ok else 'MISSED'}")
    print(f"load average after: {', '.join(f'{x:.2f}' for x in os.getloadavg())}")
    return 1 if missed else 0


if __name__ == "__main__":
    raise SystemExit(main())
