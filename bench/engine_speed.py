"""Events per second through each pure engine, flags on, one core, printed beside
python-chess replaying recorded chess games with a legality check on every move, in the same
run. Targets: >= 50,000 events/s for each engine, and at least python-chess's rate.

Usage: python bench/engine_speed.py [--events N] [GAME ...]
Matches are simulated (and chess games recorded by random legal play) outside the timing; the
timing replays them: ``engine.apply`` for the games, ``is_legal`` + ``push`` for chess.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import chess

import games
from games.core.replay import replay_document

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


def recorded_chess_games(total_moves: int, seed: int = 1) -> list[list[str]]:
    """Games recorded as UCI move lists, played by random legal moves to their end (or 300
    plies), as a collector's file of recorded games would hold them."""
    rng = random.Random(seed)
    recorded, count = [], 0
    while count < total_moves:
        board, moves = chess.Board(), []
        while not board.is_game_over() and len(moves) < 300:
            move = rng.choice(list(board.legal_moves))
            moves.append(move.uci())
            board.push(move)
        recorded.append(moves)
        count += len(moves)
    return recorded


def measure_chess(total_moves: int) -> tuple[int, float]:
    recorded = recorded_chess_games(total_moves)
    count = 0
    started = time.perf_counter()
    for moves in recorded:
        board = chess.Board()
        for uci in moves:
            move = chess.Move.from_uci(uci)
            if not board.is_legal(move):
                raise AssertionError(f"illegal recorded move {uci}")
            board.push(move)
            count += 1
        board.is_game_over()
    return count, time.perf_counter() - started


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--events", type=int, default=200_000)
    parser.add_argument("games", nargs="*")
    args = parser.parse_args()
    slugs = args.games or games.available()
    chess_count, chess_elapsed = measure_chess(args.events)
    chess_rate = chess_count / chess_elapsed
    print(f"{'python-chess':16s} {chess_count:>9,d} moves  in {chess_elapsed:6.2f} s = "
          f"{chess_rate:>9,.0f} moves/s (is_legal + push, chess {chess.__version__})")
    worst = None
    for slug in slugs:
        count, elapsed, flags = measure(slug, args.events)
        rate = count / elapsed
        worst = rate if worst is None else min(worst, rate)
        floor = max(TARGET, chess_rate)
        verdict = "ok" if rate >= floor else f"BELOW {floor:,.0f}"
        print(
            f"{slug:16s} {count:>9,d} events in {elapsed:6.2f} s = {rate:>9,.0f} events/s "
            f"({rate / chess_rate:4.1f}x python-chess; {flags:,} flags)  {verdict}"
        )
    return 0 if worst is not None and worst >= max(TARGET, chess_rate) else 1


if __name__ == "__main__":
    raise SystemExit(main())
