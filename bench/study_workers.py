"""An impact study on real parts: PostgreSQL, a Redis broker and Celery worker processes (one
process each), the same study computed with one worker and then with two. Prints the time of
each, the speed-up, and the events per second per worker (simulated and replayed).

Usage: python bench/study_workers.py [--game dagon] [--point dagon.lagoon-chooser]
                                     [--matches 1000] [--workers 1 2]
                                     [--agent bots|random|greedy|mcts] [--budget B]
``--matches`` counts simulated matches in all, shared among the point's options; ``--agent``
says who plays them (the game's bots by default; ``mcts`` makes one part a match).
Target: a speed-up of at least 1.7 with two workers on two cores.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", default="dagon")
    parser.add_argument("--point", default="dagon.lagoon-chooser")
    parser.add_argument("--matches", type=int, default=1000)
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--agent", default="bots")
    parser.add_argument("--budget", type=int, help="playouts per decision of mcts")
    args = parser.parse_args()

    import _django

    from tests.servers import start_redis

    redis = start_redis()
    os.environ["CELERY_BROKER_URL"] = redis.url
    try:
        _django.setup("postgres", keep_broker=True)
        return measure(args, redis.url)
    finally:
        redis.stop()


def measure(args, broker_url: str) -> int:
    import games
    from studies.models import Study
    from studies.services import study_impact
    from tests.worker import start_worker

    options = len(games.get(args.game).point(args.point).option_ids)
    per_option = max(1, args.matches // options)
    print(f"load average before: {', '.join(f'{x:.2f}' for x in os.getloadavg())}")
    times = {}
    for count in args.workers:
        Study.objects.filter(kind=Study.IMPACT).delete()  # the same study, computed again
        workers = [start_worker(broker_url=broker_url, name=f"bench{count}-{i}")
                   for i in range(count)]
        try:
            started = time.perf_counter()
            study = study_impact(game_slug=args.game, point_id=args.point, matches=per_option,
                                 agent=args.agent, budget=args.budget)
            while study.under_way:
                time.sleep(0.2)
                study.refresh_from_db()
            elapsed = time.perf_counter() - started
        finally:
            for worker in workers:
                worker.stop()
        if study.status != Study.DONE:
            print(f"{count} worker(s): the study is {study.status}: {study.error}")
            return 1
        simulated = study.result["simulated_events"]
        applied = simulated * options  # each record is replayed under every option
        times[count] = elapsed
        print(f"{count} worker process{'es' if count > 1 else ''}, {args.agent} playing: "
              f"{study.result['simulated_matches']:,} simulated matches "
              f"({simulated:,} events, each replayed under {options} readings) in "
              f"{elapsed:.1f} s; {simulated / elapsed / count:,.0f} simulated and "
              f"{applied / elapsed / count:,.0f} replayed events/s per worker "
              f"({study.parts_total} parts; load average "
              f"{', '.join(f'{x:.2f}' for x in os.getloadavg())})")
    if 1 in times and 2 in times:
        speedup = times[1] / times[2]
        print(f"speed-up with two workers: {speedup:.2f}x  "
              f"{'ok' if speedup >= 1.7 else 'BELOW 1.7'}")
        return 0 if speedup >= 1.7 else 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
