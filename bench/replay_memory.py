"""Memory of a replay stays flat however long the match: a 1,000,000-event simulated
match replays in under 300 MB resident.

One child process simulates and imports the match; a second child (`manage.py replay`) replays
it, and its own peak RSS is read with wait4. The parent stays small, so no child inherits a
large address space from it.

Usage: python bench/replay_memory.py [--events 1000000] [--database sqlite|postgres]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
LIMIT_MB = 300


def prepare(events: int, game: str, database: str) -> None:
    sys.path.insert(0, str(HERE))
    import _django

    _django.setup(database)
    import games
    from replay.log.interchange import import_match

    started = time.perf_counter()
    document = games.get(game).simulate(seed=2, min_events=events)
    count = len(document["events"])
    print(f"simulated {count:,} events in {time.perf_counter() - started:.0f} s", file=sys.stderr)
    started = time.perf_counter()
    match = import_match(raw=document)
    print(f"imported in {time.perf_counter() - started:.0f} s", file=sys.stderr)
    print(f"{match.pk} {count} {os.environ['LUDOTECA_VAR_DIR']} {os.environ.get('DATABASE_URL', '')}")
    sys.stdout.flush()
    if database == "postgres":
        # Keep the server (and so this process) alive until the parent has replayed.
        sys.stdin.read()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--events", type=int, default=1_000_000)
    parser.add_argument("--database", default="sqlite", choices=("sqlite", "postgres"))
    parser.add_argument("--game", default="dagon")
    parser.add_argument("--prepare", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.prepare:
        prepare(args.events, args.game, args.database)
        return 0
    preparer = subprocess.Popen(
        [sys.executable, __file__, "--prepare", "--events", str(args.events), "--game", args.game,
         "--database", args.database],
        stdout=subprocess.PIPE, stdin=subprocess.PIPE, text=True,
    )
    match_id, count, var_dir, database_url = (preparer.stdout.readline().split() + [""])[:4]
    env = {**os.environ, "DJANGO_DEBUG": "false", "LUDOTECA_VAR_DIR": var_dir}
    if database_url:
        env["DATABASE_URL"] = database_url
    started = time.perf_counter()
    replayer = subprocess.Popen([sys.executable, str(ROOT / "manage.py"), "replay", match_id],
                                env=env, stdout=subprocess.PIPE, text=True)
    _, status, usage = os.wait4(replayer.pid, 0)
    elapsed = time.perf_counter() - started
    first_line = replayer.stdout.readline().strip()
    preparer.stdin.close()
    preparer.wait()
    peak_mb = usage.ru_maxrss / 1024
    count = int(count)
    ok = status == 0 and peak_mb < LIMIT_MB
    print(first_line)
    print(f"[{args.database}] replay of {count:,} events in {elapsed:.0f} s "
          f"({count / elapsed:,.0f} events/s); peak RSS of the replaying process: "
          f"{peak_mb:.0f} MB  {'ok' if ok else f'OVER {LIMIT_MB} MB or failed'}")
    return 0 if ok else 1


if __name__ == "__main__":
    tempfile.tempdir = tempfile.gettempdir()
    raise SystemExit(main())
