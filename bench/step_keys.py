"""How instant the step keys feel: headless Chromium presses → and ← through a replayed sample
match, each step fetched ahead by the page (static/js/step-keys.js), and the time from the key
event to the new step painted is measured in the page (tests/browser/keypress_timing.py).
Prints the median and the 90th percentile, and how many presses went out to the server.

The server is gunicorn (one worker, no debug) on a fresh SQLite archive with the samples
loaded and replayed. Needs Debian's Chromium (as the browser tests do).

Usage: python bench/step_keys.py [--presses 40]
Target: median under 50 ms.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

TARGET_MS = 50


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--presses", type=int, default=40)
    args = parser.parse_args()

    from tests.browser.conftest import CHROMIUM_ARGS
    from tests.browser.keypress_timing import TIMINGS, WATCH_KEY_TO_PAINT
    from tests.servers import chromium_path, free_port

    env = dict(os.environ, LUDOTECA_VAR_DIR=tempfile.mkdtemp(prefix="ludoteca-keys-"),
               DJANGO_DEBUG="false", DJANGO_SETTINGS_MODULE="config.settings")
    for name in ("DATABASE_URL", "CELERY_BROKER_URL", "LUDOTECA_CACHE_URL",
                 "LUDOTECA_LIMITS_URL", "LUDOTECA_ENV"):
        env.pop(name, None)
    for command in (("migrate", "--noinput"), ("load_archive",), ("load_samples",),
                    ("collectstatic", "--noinput")):
        subprocess.run([sys.executable, "manage.py", *command], cwd=ROOT, env=env, check=True,
                       stdout=subprocess.DEVNULL)
    os.environ.update(env)
    import django

    django.setup()
    from replay.models import ReplayRun

    run = (ReplayRun.objects.filter(status=ReplayRun.DONE, progress__gt=args.presses // 2 + 2)
           .order_by("progress").first())
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    server = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "config.wsgi:application", "--bind",
         f"127.0.0.1:{port}", "--workers", "1"],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                urllib.request.urlopen(base + "/healthz", timeout=2).read()
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.2)
        from playwright.sync_api import sync_playwright

        half = args.presses // 2
        moves = ["ArrowRight"] * half + ["ArrowLeft"] * (args.presses - half)
        asked_at_press = 0
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium_path(),
                                                 args=CHROMIUM_ARGS)
            page = browser.new_page(viewport={"width": 1280, "height": 900})
            requested = []
            page.on("request", lambda request: requested.append(request.url))
            page.goto(f"{base}/matches/{run.match_id}/runs/{run.pk}/step/1/")
            page.evaluate(WATCH_KEY_TO_PAINT)
            seq = 1
            for key in moves:
                nav = "next" if key == "ArrowRight" else "prev"
                page.wait_for_selector(f'#step-panel[data-prefetched~="{nav}"]', state="attached")
                seq += 1 if key == "ArrowRight" else -1
                requested.clear()
                page.keyboard.press(key)
                page.wait_for_selector(f'#step-panel[data-seq="{seq}"]', state="attached")
                asked_at_press += any(url.endswith(f"/step/{seq}/") for url in requested)
            page.wait_for_function(f"window.__keyToPaint.length >= {len(moves)}")
            timings = sorted(page.evaluate(TIMINGS))
            browser.close()
    finally:
        server.terminate()
        server.wait(timeout=30)
    median = statistics.median(timings)
    p90 = timings[int(len(timings) * 0.9) - 1]
    print(f"run {run.pk} ({run.progress} steps), {len(timings)} presses of → and ←; "
          f"load average {' '.join(Path('/proc/loadavg').read_text().split()[:3])}")
    print(f"key press to new step painted: median {median:.1f} ms, 90th percentile {p90:.1f} ms "
          f"(target median < {TARGET_MS} ms: {'met' if median < TARGET_MS else 'missed'}); "
          f"presses that asked the server: {asked_at_press}")


if __name__ == "__main__":
    main()
