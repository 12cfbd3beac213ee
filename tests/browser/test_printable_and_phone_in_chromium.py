"""What a collector meets in Chromium at 1280 px, on a phone (390 px) and at 200% zoom (a
640 px window): a score sheet that prints on A4 with every event, pages that print without
the screen's furniture, a header of two lines at most, a transcription form and search page
that fit the screen, the step controls on the first screen, compare tables whose rows line
up with their headers."""

from __future__ import annotations

import io
import unicodedata

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import ConsoleErrors, sign_in
from tests.browser.test_step_reading_in_chromium import OVERFLOW

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
ZOOMED = {"width": 640, "height": 450}  # 200% zoom of a 1280×900 window
# The printable width of an A4 page with the stylesheet's 12 mm side margins, in CSS pixels.
A4_TEXT_WIDTH = round((210 - 2 * 12) / 25.4 * 96)


def new_page(browser, viewport, **options):
    context = browser.new_context(viewport=viewport, **options)
    context.set_default_timeout(30_000)
    return context, context.new_page()


@pytest.fixture
def noted_lagoon(lagoon_runs):
    from replay.log.notes import note_add

    attacker, attacked = lagoon_runs
    match = attacker.match
    match.refresh_from_db()
    note_add(match=match, step=3, text="the photograph is torn here", expected_seq=match.last_seq)
    return attacker, attacked


def test_the_score_sheet_prints_on_a4_with_every_event(browser, live_server, noted_lagoon):
    from pypdf import PdfReader

    from replay.models import ReplayStep

    attacker, _ = noted_lagoon
    context, page = new_page(browser, {"width": 1280, "height": 900})
    errors = ConsoleErrors(page)
    page.goto(f"{live_server.url}/matches/{attacker.match_id}/")
    page.get_by_role("link", name="Score sheet (printable)").click()
    page.wait_for_url(f"{live_server.url}/matches/{attacker.match_id}/score-sheet/")
    expect(page.get_by_role("button", name="Print")).to_be_visible()  # with JavaScript
    pdf = PdfReader(io.BytesIO(page.pdf(format="A4")))
    for sheet in pdf.pages:  # A4: 210 × 297 mm, 595 × 842 points
        assert abs(float(sheet.mediabox.width) - 595.3) < 1
        assert abs(float(sheet.mediabox.height) - 841.9) < 1.5
    # NFKC: the PDF's text holds typographic ligatures ("ﬁ") where the page has letters
    printed = unicodedata.normalize("NFKC", " ".join(" ".join(p.extract_text().split())
                                                     for p in pdf.pages))
    for summary in ReplayStep.objects.filter(run=attacker).exclude(
            event_type__in=("annotation", "correction")).values_list("summary", flat=True):
        assert summary in printed, summary
    assert "Note: the photograph is torn here" in printed
    assert "Flags under this reading" in printed and "Search" not in printed
    # As printed: nothing reaches past the page's text width.
    page.emulate_media(media="print")
    page.set_viewport_size({"width": A4_TEXT_WIDTH, "height": 1000})
    assert page.evaluate(OVERFLOW) == {"scroll": 0, "wide": []}
    assert errors.messages == []
    context.close()


def test_printing_a_page_leaves_the_screens_furniture_out(browser, live_server, lagoon_runs):
    from archive.models import Transcription

    attacker, _ = lagoon_runs
    dagon = Transcription.objects.filter(rulebook__game__slug="dagon").first()
    context, page = new_page(browser, {"width": A4_TEXT_WIDTH, "height": 1000})
    page.emulate_media(media="print")
    for path, kept in ((f"/matches/{attacker.match_id}/", "h1"),
                       (f"/matches/{attacker.match_id}/runs/{attacker.pk}/step/11/",
                        "figure.board"),
                       (f"/transcriptions/{dagon.pk}/", "section.passage")):
        page.goto(live_server.url + path)
        for furniture in ("header.site", "#site-q", "footer.site", "nav.controls",
                          "nav.landmarks", "form"):
            for element in page.locator(furniture).all():
                expect(element).to_be_hidden()
        expect(page.locator(kept).first).to_be_visible()
        assert page.evaluate(OVERFLOW) == {"scroll": 0, "wide": []}, path
    context.close()


def header_lines(page) -> int:
    """How many lines the site's header's links, fields and buttons stand on (two side by
    side share a line even where one is a little taller)."""
    return page.evaluate("""() => {
      const header = document.querySelector('header.site');
      const boxes = [...header.querySelectorAll('a, button, input, .who')]
        .filter(el => el.getClientRects().length && getComputedStyle(el).visibility !== 'hidden')
        .map(el => el.getBoundingClientRect()).sort((a, b) => a.top - b.top);
      let lines = 0, bottom = -Infinity;
      for (const box of boxes) {
        const middle = (box.top + box.bottom) / 2;
        if (middle > bottom) { lines += 1; bottom = box.bottom; }
      }
      return lines;
    }""")


@pytest.mark.parametrize("viewport", [PHONE, ZOOMED], ids=["phone", "200% zoom"])
def test_the_header_never_wraps_to_three_lines(browser, live_server, seeded, viewport):
    context, page = new_page(browser, viewport)
    page.goto(live_server.url + "/")
    assert header_lines(page) <= 2
    sign_in(page, live_server.url, username="a-curator-with-a-long-name")
    page.goto(live_server.url + "/matches/")
    assert header_lines(page) <= 2
    header = page.locator("header.site").bounding_box()
    for control in (page.locator("header.site").get_by_role("button", name="Sign out"),
                    page.locator("#site-q")):
        box = control.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"]
        assert box["y"] + box["height"] <= header["y"] + header["height"]
    context.close()


@pytest.mark.parametrize("viewport", [PHONE, ZOOMED], ids=["phone", "200% zoom"])
def test_the_transcription_form_fits_the_screen(browser, live_server, seeded, viewport):
    from archive.models import Rulebook

    context, page = new_page(browser, viewport)
    sign_in(page, live_server.url)
    for rulebook in Rulebook.objects.all():
        page.goto(f"{live_server.url}/rulebooks/{rulebook.pk}/transcriptions/add/")
        expect(page.locator("table.certainty-words")).to_be_visible()
        assert page.evaluate(OVERFLOW) == {"scroll": 0, "wide": []}, rulebook.pk
    context.close()


@pytest.mark.parametrize("viewport", [PHONE, ZOOMED], ids=["phone", "200% zoom"])
def test_the_step_controls_are_on_the_first_screen(browser, live_server, lagoon_runs,
                                                   viewport):
    attacker, _ = lagoon_runs
    context, page = new_page(browser, viewport)
    page.goto(f"{live_server.url}/matches/{attacker.match_id}/runs/{attacker.pk}/step/11/")
    board = page.locator("figure.board").bounding_box()
    controls = page.locator("nav.controls")
    box = controls.bounding_box()
    assert board["y"] < box["y"]  # the board first
    assert box["y"] >= 0 and box["y"] + box["height"] <= viewport["height"]
    controls.get_by_role("link", name="Next").click()
    page.wait_for_url("**/step/12/")
    box = page.locator("nav.controls").bounding_box()
    assert box["y"] + box["height"] <= viewport["height"]  # still there after the step
    context.close()


def test_the_search_filters_fold_away_on_a_phone(browser, live_server, seeded):
    context, page = new_page(browser, PHONE)
    page.goto(f"{live_server.url}/search/?q=lagoon")
    first = page.locator(".hit").first.bounding_box()
    assert first["y"] + 40 <= PHONE["height"], first  # a result on the first screen
    expect(page.locator("#id_game")).to_be_hidden()
    page.get_by_text("Filters").click()
    expect(page.locator("#id_game")).to_be_visible()
    page.select_option("#id_game", "dagon")
    page.locator("form.search-filters button[type=submit]").click()
    expect(page.locator("#id_game")).to_be_visible()  # a filter set stays in view
    context.close()


@pytest.mark.parametrize("viewport", [{"width": 1280, "height": 900}, PHONE],
                         ids=["1280", "phone"])
def test_the_compare_tables_line_up(browser, live_server, lagoon_runs, viewport):
    attacker, attacked = lagoon_runs
    context, page = new_page(browser, viewport)
    page.goto(f"{live_server.url}/matches/{attacker.match_id}/compare/"
              f"?a={attacker.pk}&b={attacked.pk}")
    tables = page.locator("table.compare-table")
    assert tables.count() == 2
    for index in range(2):
        columns = tables.nth(index).evaluate("""table => [...table.rows].map(row =>
            [...row.cells].map(cell => [Math.round(cell.getBoundingClientRect().left),
                                        Math.round(cell.getBoundingClientRect().width)]))""")
        assert all(row == columns[0] for row in columns), columns
        texts = tables.nth(index).locator("td").all_inner_texts()
        assert not {"[]", "False", "True", "None"} & {t.strip() for t in texts}
    assert page.evaluate(OVERFLOW) == {"scroll": 0, "wide": []}
    context.close()


def test_the_dagon_board_is_drawn_in_colour_with_its_legend(browser, live_server, lagoon_runs):
    attacker, _ = lagoon_runs
    context, page = new_page(browser, {"width": 1280, "height": 900})
    page.goto(f"{live_server.url}/matches/{attacker.match_id}/runs/{attacker.pk}/step/11/")
    lagoon = page.locator("g.space[data-space='lagoon-west'] circle")
    assert lagoon.evaluate("c => getComputedStyle(c).fill") == "rgb(42, 127, 191)"
    expect(page.locator(".board-legend")).to_contain_text("A Lagoon symbolic space (4)")
    expect(page.locator("g.space[data-space='lagoon-west']")).to_have_attribute(
        "aria-label", "Lagoon of the West")
    expect(page.locator(".last-move .moved-to")).to_have_attribute("data-space", "lagoon-south")
    context.close()


def test_every_page_here_has_a_clean_console(browser, live_server, noted_lagoon):
    """The strict CSP allows no inline script or style: the new pages report nothing."""
    attacker, attacked = noted_lagoon
    context, page = new_page(browser, {"width": 1280, "height": 900})
    errors = ConsoleErrors(page)
    sign_in(page, live_server.url)
    match = attacker.match_id
    for path in (f"/matches/{match}/score-sheet/", f"/matches/{match}/",
                 f"/matches/{match}/compare/?a={attacker.pk}&b={attacked.pk}",
                 f"/matches/{match}/runs/{attacker.pk}/step/11/", f"/matches/{match}/record/"):
        page.goto(live_server.url + path)
    assert errors.messages == []
    context.close()

