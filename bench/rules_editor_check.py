"""The rules editor's Check as the browser asks for it: the server time of the htmx POST to
``/games/<slug>/rules/check/`` for a generated document of 200 spaces (``bench/rules_check.py``'s
race), from the request entering Django to the fragment's last byte: the check against the
game's published transcription, compile, layout, the simulated match (cut at the editor's 200
events), its steps in words and the board drawn. Target: under 300 ms (median).

Also printed: the same request at step 150 (the board after a later step), and one with a
problem (the answer a curator sees while typing); beside each, the process's CPU time,
which other work on a shared machine disturbs far less than the clock. Run on a scratch SQLite database in a
temporary var dir (migrated, one game, its transcription published), DEBUG off.

Usage: .venv/bin/python bench/rules_editor_check.py [--spaces 200] [--runs 15]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

TARGET_MS = 300
TRANSCRIPTION = "A race\nA race Rulebook\nTable of Contents\nTable of Contents\nRules\n" \
                "Throw, then move.\n"


def set_up(var_dir: str) -> None:
    os.environ.update(LUDOTECA_VAR_DIR=var_dir, LUDOTECA_ENV="development",
                      DJANGO_DEBUG="false", DJANGO_SETTINGS_MODULE="config.settings")
    for name in ("DATABASE_URL", "CELERY_BROKER_URL", "LUDOTECA_CACHE_URL"):
        os.environ.pop(name, None)
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--spaces", type=int, default=200)
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as var_dir:
        set_up(var_dir)
        import yaml
        from django.test import Client
        from rules_check import generated

        from archive.models import Rulebook
        from archive.services import ensure_game, import_transcription
        from tests.factories import make_curator

        game = ensure_game(slug="big", title="A race", min_players=2, max_players=6)
        rulebook = Rulebook.objects.create(game=game, edition="generated", language="en")
        import_transcription(rulebook=rulebook, text=TRANSCRIPTION, language="en",
                             transcriber="bench", published_without_review="a bench")
        client = Client()
        client.force_login(make_curator("bench"))
        text = yaml.safe_dump(generated(args.spaces), sort_keys=False)
        broken = text.replace("kind: race", "kind: teleport", 1)
        print(f"load average {os.getloadavg()[0]:.2f}; a document of {args.spaces} spaces, "
              f"{len(text):,} characters of YAML")
        ok = True
        for name, body in (("check, the start", {"text": text}),
                           ("check, step 150", {"text": text, "step": "150"}),
                           ("check, a problem", {"text": broken})):
            times, cpu = [], []
            for _ in range(args.runs):
                started, started_cpu = time.perf_counter(), time.process_time()
                answer = client.post("/games/big/rules/check/", body, HTTP_HX_REQUEST="true")
                times.append((time.perf_counter() - started) * 1000)
                cpu.append((time.process_time() - started_cpu) * 1000)
                assert answer.status_code == 200, answer.status_code
            page = answer.content.decode()
            assert ("problem" in page) if name.endswith("problem") else ("<svg" in page), page
            median = statistics.median(times)
            ok = ok and median < TARGET_MS
            print(f"{name}: median {median:6.1f} ms, max {max(times):6.1f} ms "
                  f"({'ok' if median < TARGET_MS else 'ABOVE'} target {TARGET_MS} ms); "
                  f"CPU time median {statistics.median(cpu):6.1f} ms")
    print(f"load average after {os.getloadavg()[0]:.2f}")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
