"""The step-through in headless Chromium as a collector reads it: the landmark keys (where the
reading matters, violation, note) each shown on its control; a viewpoint that applies on change
and a change of reading that both keep the step; step 0 on Home; no console message at all
(CSP included) while stepping; the layout at 390 px (a phone, the board before the controls)
and at 200% zoom."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import CHROMIUM_ARGS, ConsoleErrors, sign_in  # noqa: F401

pytestmark = pytest.mark.browser

# Elements reaching past the right edge of the viewport (a page that scrolls sideways).
OVERFLOW = """() => {
  const width = document.documentElement.clientWidth;
  const wide = [...document.querySelectorAll('body *')].filter(el => {
    const box = el.getBoundingClientRect();
    if (!box.width || box.right <= width + 1) return false;
    for (let up = el.parentElement; up; up = up.parentElement) {
      const style = getComputedStyle(up);
      if (/(auto|scroll|hidden)/.test(style.overflowX) && up !== document.body
          && up !== document.documentElement) return false;  // scrolls inside its own box
    }
    return true;
  });
  return {scroll: document.documentElement.scrollWidth - width,
          wide: wide.slice(0, 5).map(el => el.tagName + '.' + el.className)};
}"""


def step_url(base, run, seq):
    return f"{base}/matches/{run.match_id}/runs/{run.pk}/step/{seq}/"


def current(page, run, seq, viewer=""):
    page.wait_for_url(re.compile(rf"/runs/{run.pk}/step/{seq}/{re.escape(viewer)}$"))
    expect(page.locator("#current-seq")).to_have_text(str(seq))


def test_landmark_keys_viewpoint_and_reading_keep_the_step_with_no_console_message(
    page, live_server, lagoon_runs, console_errors
):
    from replay.reading.notes import noted_steps
    from replay.reading.steps import step_landmarks

    attacker, attacked = lagoon_runs
    sign_in(page, live_server.url)
    page.goto(step_url(live_server.url, attacker, 0))
    expect(page.locator(".current h2")).to_have_text("Step 0: the starting position")
    for nav, key in (("next-matter", "r"), ("next-violation", "v"), ("next-note", "a"),
                     ("last", "End"), ("next", "→")):
        expect(page.locator(f'#step-panel [data-nav="{nav}"] kbd')).to_have_text(key)

    violation = step_landmarks(run=attacker, seq=0).next_violation
    page.keyboard.press("v")
    current(page, attacker, violation)
    expect(page.locator("#step-panel .flag-violation, .current .violation").first).to_be_visible()
    page.keyboard.press("Home")
    current(page, attacker, 0)
    note = noted_steps(match=attacker.match)[0]
    page.keyboard.press("a")
    current(page, attacker, note)
    expect(page.locator("#annotations + .annotation")).to_be_visible()
    page.keyboard.press("Home")
    current(page, attacker, 0)
    matter = step_landmarks(run=attacker, seq=0).next_matter
    page.keyboard.press("r")
    current(page, attacker, matter)
    expect(page.locator("#step-panel .changing").first).to_be_visible()
    page.keyboard.press("End")
    current(page, attacker, attacker.progress)
    page.keyboard.press("Shift+R")
    current(page, attacker, step_landmarks(run=attacker, seq=attacker.progress).prev_matter)

    # The viewpoint applies on change and keeps the step; so does another reading.
    from replay.models import ReplayStep

    attack = ReplayStep.objects.get(run=attacker, event_type="attack").seq
    page.goto(step_url(live_server.url, attacker, attack))
    page.select_option("#viewer", "p2")
    current(page, attacker, attack, "?viewer=p2")
    expect(page.locator("#step-board-title")).to_contain_text("as Luis sees it")
    # The other reading is stored: the flag links to this step under it, for any reader.
    page.locator("#step-panel .changing").get_by_role(
        "link", name="The attacked player chooses its own Lagoon space").first.click()
    current(page, attacked, attack, "?viewer=p2")
    expect(page.locator("#viewer")).to_have_value("p2")
    page.keyboard.press("ArrowRight")
    current(page, attacked, attack + 1, "?viewer=p2")
    assert console_errors.messages == []


def test_a_phone_at_390_px_sees_the_board_before_the_controls_and_nothing_overflows(
    browser, live_server, lagoon_runs
):
    from archive.models import Transcription

    attacker, _ = lagoon_runs
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                                  has_touch=True, device_scale_factor=2)
    context.set_default_timeout(30_000)
    page = context.new_page()
    errors = ConsoleErrors(page)
    sign_in(page, live_server.url)
    header = page.locator("header.site")
    for control in (header.get_by_role("button", name="Sign out"),
                    header.get_by_role("button", name="Search")):
        box = control.bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= 390, box
    dagon = Transcription.objects.filter(rulebook__game__slug="dagon").first()
    for path in ("/", f"/matches/{attacker.match_id}/", "/matches/",
                 f"/matches/{attacker.match_id}/runs/{attacker.pk}/step/11/",
                 f"/transcriptions/{dagon.pk}/", "/search/?q=lagoon", "/games/dagon/"):
        page.goto(live_server.url + path)
        assert page.evaluate(OVERFLOW) == {"scroll": 0, "wide": []}, path
    page.goto(step_url(live_server.url, attacker, 11))
    board = page.locator("figure.board").bounding_box()
    controls = page.locator("nav.controls").bounding_box()
    # The board comes first, then the controls, which stay in view on the first screen.
    assert page.evaluate("""() => !!(document.querySelector('figure.board')
        .compareDocumentPosition(document.querySelector('nav.controls'))
        & Node.DOCUMENT_POSITION_FOLLOWING)""")
    assert board["y"] < 844  # the board starts on the first screen
    assert controls["y"] + controls["height"] <= 844
    page.locator('#step-panel [data-nav="next"]').tap()
    current(page, attacker, 12)
    assert errors.messages == []
    context.close()


def test_at_200_percent_zoom_the_step_through_reads_and_works(browser, live_server, lagoon_runs):
    """200% zoom of a 1280×900 window: a 640×450 CSS viewport at two device pixels a pixel."""
    from archive.models import Transcription

    attacker, _ = lagoon_runs
    context = browser.new_context(viewport={"width": 640, "height": 450}, device_scale_factor=2)
    context.set_default_timeout(30_000)
    page = context.new_page()
    errors = ConsoleErrors(page)
    dagon = Transcription.objects.filter(rulebook__game__slug="dagon").first()
    for path in (f"/matches/{attacker.match_id}/runs/{attacker.pk}/step/11/",
                 f"/matches/{attacker.match_id}/", f"/transcriptions/{dagon.pk}/", "/"):
        page.goto(live_server.url + path)
        assert page.evaluate(OVERFLOW) == {"scroll": 0, "wide": []}, path
    page.goto(step_url(live_server.url, attacker, 11))
    next_link = page.locator('#step-panel [data-nav="next"]')
    next_link.scroll_into_view_if_needed()
    expect(next_link).to_be_in_viewport()
    next_link.click()
    current(page, attacker, 12)
    page.keyboard.press("v")  # the keys work whatever the zoom
    page.keyboard.press("Shift+V")
    current(page, attacker, 11)
    assert errors.messages == []
    context.close()
