"""Recording by clicks in headless Chromium, per game: the seconds one event takes, from the
script reading the board (which pieces stand where) and finding the event among the choices
the engine offers, through its clicks, to the recorder showing the next head; as the project's
own Chromium tests record a simulated match (``tests/browser/test_recorder_in_chromium.py``:
the four seed games, 60 events each; ``tests/browser/test_data_games_in_chromium.py``: the
Goose and Fox and Geese, 40 events each), on the live test server the tests start (SQLite,
Django's threaded server, sending with ``TCP_NODELAY`` as gunicorn does).

The script runs those tests with ``-s`` and reads the median each prints; it asserts nothing
(the tests check what was recorded). The tests choose as a person does, without forced clicks:
a throw's outcome button; a move by clicking the piece, then its highlighted space where it
is on the screen; any other choice found in the list by its words (a folded one opened by
its link), its open fields answered, its button pressed. The recorder sends a choice in place
(the page's script posts it and draws the answer without reloading the document). A script
reads and clicks faster than a person, so the figure is the floor of a person's pace: what
the product adds to each event, not a person's speed.

Usage: python bench/recording_by_clicks.py
Target: median under 0.4 s an event for every game, on a quiet machine.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGET_S = 0.4
TESTS = [
    ("tests/browser/test_recorder_in_chromium.py::"
     "test_a_simulated_match_recorded_by_clicks_and_typing"),
    ("tests/browser/test_data_games_in_chromium.py::"
     "test_a_data_game_recorded_by_clicks_then_compared_under_two_readings"),
]
FIGURE = re.compile(r"^(?P<slug>[\w-]+): (?P<events>\d+) events recorded by clicks and typing, "
                    r"(?P<median>[\d.]+) s an event \(median\)", re.MULTILINE)


def main() -> int:
    load_before = os.getloadavg()
    completed = subprocess.run(
        [sys.executable, "-m", "pytest", *TESTS, "-s", "-q", "-p", "no:cacheprovider"],
        cwd=ROOT, capture_output=True, text=True, check=False,
    )
    figures = FIGURE.findall(completed.stdout)
    print(f"recording by clicks in Chromium; load average {load_before[0]:.2f} before, "
          f"{os.getloadavg()[0]:.2f} after")
    for slug, events, median in figures:
        verdict = "met" if float(median) < TARGET_S else "missed"
        print(f"  {slug:16} {int(events):3} events  median {float(median):.2f} s an event  "
              f"(target < {TARGET_S} s: {verdict})")
    if completed.returncode != 0 or not figures:
        print(completed.stdout[-3000:], completed.stderr[-2000:], sep="\n")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
