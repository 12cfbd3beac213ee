"""What a collector meets after recording, in headless Chromium: the tab's title follows the
step in every game."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


@pytest.fixture
def runs_of_every_game(seeded):
    """A short simulated match of each of the four games, replayed under its default reading."""
    import games
    from replay.log.interchange import import_match
    from replay.runs.replaying import replay_match

    runs = []
    for slug in ("dagon", "gothic", "dylan-dog", "fury-of-dracula"):
        document = games.get(slug).simulate(seed=2, max_events=12)
        document["title"] = f"Club night: {slug}"
        runs.append(replay_match(match=import_match(raw=document)))
    return runs


def test_the_tabs_title_follows_each_step_in_every_game(page, live_server, runs_of_every_game):
    for run in runs_of_every_game:
        title = run.match.title
        page.goto(f"{live_server.url}/matches/{run.match_id}/runs/{run.pk}/step/0/")
        expect(page).to_have_title(f"{title} · step 0 · Ludoteca")
        for seq in (1, 2, 3):
            page.keyboard.press("ArrowRight")
            page.wait_for_url(re.compile(rf"/step/{seq}/$"))
            expect(page).to_have_title(f"{title} · step {seq} · Ludoteca")
        page.keyboard.press("End")
        page.wait_for_url(re.compile(rf"/step/{run.progress}/$"))
        expect(page).to_have_title(f"{title} · step {run.progress} · Ludoteca")


def test_printed_record_pages_after_the_first_carry_the_match_and_page_numbers(
    page, live_server, seeded
):
    import io

    from pypdf import PdfReader

    import games
    from replay.log.interchange import import_match
    from replay.runs.replaying import replay_match

    document = games.get("dagon").simulate(seed=3, max_events=120)
    document["title"] = "Club night, table 2"
    run = replay_match(match=import_match(raw=document))
    header = "Club night, table 2 · Dagon contra el Hechicero de los Reinos Negros"
    for path in (f"/matches/{run.match_id}/score-sheet/", f"/matches/{run.match_id}/"):
        page.goto(live_server.url + path)
        page.wait_for_load_state("networkidle")  # the print stylesheet too
        sheets = PdfReader(io.BytesIO(page.pdf(format="A4"))).pages
        assert len(sheets) >= 3, path
        texts = [" ".join(sheet.extract_text().split()) for sheet in sheets]
        for number, text in enumerate(texts, start=1):
            assert f"page {number} of {len(sheets)}" in text, (path, number)
            if number > 1:
                assert text.startswith(header) or header in text[:200], (path, number)
        assert header not in texts[0], path  # the first page has the title as its heading


def test_the_score_sheet_does_not_scroll_sideways_on_a_phone(browser, live_server, lagoon_runs):
    from tests.browser.test_step_reading_in_chromium import OVERFLOW

    attacker, _ = lagoon_runs
    context = browser.new_context(viewport={"width": 390, "height": 844})
    phone = context.new_page()
    phone.goto(f"{live_server.url}/matches/{attacker.match_id}/score-sheet/")
    expect(phone.locator("#sheet-run")).to_be_visible()  # two readings: the choice shows
    assert phone.evaluate(OVERFLOW) == {"scroll": 0, "wide": []}
    context.close()


@pytest.mark.parametrize(("width", "height"), [(1280, 900), (390, 844)], ids=["1280", "phone"])
def test_compare_gives_its_answer_on_the_first_screen(browser, live_server, lagoon_runs,
                                                      width, height):
    """The first divergence sat 1,179 px down at 1280 × 900 (2,791 px on a phone), under
    two identical lists of conjectures: where, what differs and which point now come first,
    and what both runs share is folded."""
    attacker, attacked = lagoon_runs
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    page.goto(f"{live_server.url}/matches/{attacker.match_id}/compare/"
              f"?a={attacker.pk}&b={attacked.pk}")

    def box(locator):
        return locator.evaluate("e => { const r = e.getBoundingClientRect(); "
                                "return {top: r.top, bottom: r.bottom}; }")

    where = page.locator(".compare-summary .divergence")
    expect(where).to_have_text("First divergence at step 11")
    what = page.locator(".divergence-sides")
    expect(what).to_contain_text("breaks a rule")
    which = page.locator(".compare-summary tbody tr", has_text="makes them diverge")
    expect(which).to_contain_text("who chooses the Lagoon space")
    assert box(where)["bottom"] <= height and box(what)["bottom"] <= height
    assert box(which)["top"] < height
    if width == 1280:
        assert box(which)["bottom"] <= height
    shared = page.locator("details.readings-in-full")
    expect(shared).not_to_have_attribute("open", "")
    expect(shared.locator(".shared-reading")).to_be_hidden()
    expect(page.locator(".badge.conjecture").first).to_be_hidden()
    shared.locator("summary").click()
    expect(shared.locator(".shared-reading li.conjecture")).to_have_count(4)
    expect(shared.locator(".side-name li.conjecture")).to_have_count(0)  # written once
    context.close()


def test_boards_name_their_spaces_and_draw_pieces_a_finger_can_read(
    browser, live_server, runs_of_every_game
):
    """Dagon's pieces were about 8 px on a phone and no board named a space: at 390 px every
    piece is at least 24 px across (the board scrolls in its frame); a crowded board names
    the spaces in play, any space under the pointer, and every space while it has the focus."""
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    for run in runs_of_every_game:
        page.goto(f"{live_server.url}/matches/{run.match_id}/runs/{run.pk}/step/6/")
        sizes = page.locator("svg.board-svg .piece circle:not(.hit)").evaluate_all(
            "cs => cs.map(c => { const r = c.getBoundingClientRect(); "
            "return Math.min(r.width, r.height); })")
        assert sizes and min(sizes) >= 24, (run.match.game.slug, min(sizes))
        in_play = page.locator("svg.board-svg .names-in-play text").first
        expect(in_play).to_be_visible()
        frame_names = page.locator("svg.board-svg .spaces .space-name")
        hidden = frame_names.evaluate_all(
            "ts => ts.filter(t => getComputedStyle(t).display === 'none').length")
        assert hidden == frame_names.count()  # crowded: the frame's names wait to be asked
        space = page.locator("svg.board-svg g.space").nth(3)
        space.locator("circle").hover(force=True)
        expect(space.locator(".space-name")).to_be_visible()
        page.locator(".board-frame").focus()
        shown = frame_names.evaluate_all(
            "ts => ts.filter(t => getComputedStyle(t).display !== 'none').length")
        assert shown == frame_names.count()
    context.close()
