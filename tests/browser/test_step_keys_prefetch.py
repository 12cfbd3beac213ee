"""The steps either side of the one shown are fetched ahead, so ← and → show them with no
request at the moment of the key press; the URL follows, going back works, and the page says
nothing on the console (the strict CSP included). Prints the median time from key press to
the new step painted (no timing is asserted: bench/step_keys.py reports the figure)."""

from __future__ import annotations

import re
import statistics

import pytest
from playwright.sync_api import expect

from tests.browser.keypress_timing import TIMINGS, WATCH_KEY_TO_PAINT

pytestmark = pytest.mark.browser


def step_path(run, seq) -> str:
    return f"/matches/{run.match_id}/runs/{run.pk}/step/{seq}/"


def test_arrow_keys_show_prefetched_steps_with_no_request(page, live_server, dagon_run,
                                                         console_errors):
    requested = []
    page.on("request", lambda request: requested.append(request.url))
    page.goto(live_server.url + step_path(dagon_run, 1))
    page.evaluate(WATCH_KEY_TO_PAINT)
    moves = [("ArrowRight", seq) for seq in range(2, 12)] + [("ArrowLeft", seq)
                                                              for seq in range(10, 5, -1)]
    for key, seq in moves:
        nav = "next" if key == "ArrowRight" else "prev"
        expect(page.locator(f'#step-panel[data-prefetched~="{nav}"]')).to_have_count(1)
        requested.clear()
        page.keyboard.press(key)
        expect(page.locator("#current-seq")).to_have_text(str(seq))
        assert page.url == live_server.url + step_path(dagon_run, seq)
        assert not [url for url in requested if url.endswith(step_path(dagon_run, seq))], key
        expect(page.locator("#step-status")).to_contain_text(f"Step {seq} of")

    timings = page.evaluate(TIMINGS)
    assert len(timings) == len(moves)
    print(f"\nkey press to new step painted, prefetched: median {statistics.median(timings):.1f} ms "
          f"over {len(timings)} presses (target < 50 ms)")

    page.go_back()  # no snapshot is kept: the page is asked for again
    page.wait_for_url(re.compile(rf"{step_path(dagon_run, 7)}$"))
    expect(page.locator("#current-seq")).to_have_text("7")
    page.keyboard.press("ArrowRight")
    expect(page.locator("#current-seq")).to_have_text("8")
    assert console_errors.messages == []


def test_a_step_not_yet_fetched_ahead_is_asked_for(page, live_server, dagon_run):
    """The End key's step is not fetched ahead: htmx asks for it, as before."""
    requested = []
    page.on("request", lambda request: requested.append(request.url))
    page.goto(live_server.url + step_path(dagon_run, 1))
    expect(page.locator('#step-panel[data-prefetched~="next"]')).to_have_count(1)
    page.keyboard.press("End")
    expect(page.locator("#current-seq")).to_have_text(str(dagon_run.progress))
    assert any(url.endswith(step_path(dagon_run, dagon_run.progress)) for url in requested)
