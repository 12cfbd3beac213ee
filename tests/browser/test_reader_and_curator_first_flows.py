"""A reader's and a curator's first flows, in headless Chromium: a new user reads the Gothic
Game with its legibility notes marked, steps through a simulated Dagon match with the keys, and
opens the comparison of the two Lagoon readings with the divergence marked; a curator uploads
a scan and sees its thumbnail; the compare view's shared cursor moves both runs at once."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import sign_in

pytestmark = pytest.mark.browser


def pawn_spaces(page) -> list[str]:
    return page.locator("svg.board-svg .piece.player").evaluate_all(
        "pawns => pawns.map(p => p.dataset.piece + '@' + p.dataset.space)")


def test_a_new_user_reads_the_gothic_game_with_its_legibility_notes(page, seeded):
    page.goto(seeded.url + "/")
    page.get_by_role("link", name="The Gothic Game").click()
    expect(page.locator("h1")).to_have_text("The Gothic Game")
    page.locator(".rulebook a[href^='/transcriptions/']").first.click()
    page.wait_for_url(re.compile(r"/transcriptions/\d+/$"))

    refs = page.locator("main .passage .noteref.legibility")
    expect(refs).to_have_count(3)
    for i in range(3):
        ref = refs.nth(i)
        expect(ref).to_be_visible()
        # a keyboard user reaches the number with Tab; it leads to the note, shown once
        note = page.locator(ref.get_attribute("href"))
        expect(note).to_have_text(re.compile(r"Legibility note.*: \S.{20,}"))
    expect(page.locator(".passage .notes .note.legibility")).to_have_count(3)


def test_a_new_user_steps_through_a_simulated_dagon_match_with_the_keys(
    page, live_server, dagon_run
):
    from replay.models import ReplayStep

    match = dagon_run.match
    # A step whose next event moves a pawn, so the board must change on →.
    moves = ReplayStep.objects.filter(run=dagon_run, event_type="move", seq__gt=2, legal=True)
    start = moves.order_by("seq").values_list("seq", flat=True)[0] - 1
    page.goto(f"{live_server.url}/matches/")
    page.get_by_role("link", name=match.title).click()
    page.get_by_role("link", name=f"run {dagon_run.pk}").click()  # a finished run opens at a flag
    page.wait_for_url(re.compile(rf"/runs/{dagon_run.pk}/step/\d+/$"))
    page.goto(f"{live_server.url}/matches/{match.pk}/runs/{dagon_run.pk}/step/{start}/")
    page.evaluate("window.__sameDocument = true")
    status = page.locator("#step-status")
    page.evaluate("document.getElementById('step-status').__kept = true")
    before = pawn_spaces(page)
    expect(page.locator('.log li[aria-current="step"]')).to_have_attribute("value", str(start))

    page.keyboard.press("ArrowRight")
    page.wait_for_url(re.compile(rf"/matches/{match.pk}/runs/{dagon_run.pk}/step/{start + 1}/$"))
    expect(page.locator("#current-seq")).to_have_text(str(start + 1))
    expect(page.locator('.log li[aria-current="step"]')).to_have_attribute("value", str(start + 1))
    expect(page.locator("#step-board-title")).to_contain_text(f"after step {start + 1}")
    after = pawn_spaces(page)
    assert after != before, "the move must show on the board"
    # The live region is the same node, refilled out of band, so a screen reader announces it.
    expect(status).to_contain_text(f"Step {start + 1} of {dagon_run.progress}")
    assert page.evaluate("document.getElementById('step-status').__kept === true")

    page.keyboard.press("ArrowLeft")
    page.wait_for_url(re.compile(rf"/step/{start}/$"))
    expect(page.locator("#current-seq")).to_have_text(str(start))
    expect(page.locator('.log li[aria-current="step"]')).to_have_attribute("value", str(start))
    assert pawn_spaces(page) == before
    expect(status).to_contain_text(f"Step {start} of")

    flag_seq = (dagon_run.flags.filter(seq__gt=start).order_by("seq")
                .values_list("seq", flat=True).first())
    assert flag_seq is not None
    page.keyboard.press("n")
    page.wait_for_url(re.compile(rf"/step/{flag_seq}/$"))
    expect(page.locator("#current-seq")).to_have_text(str(flag_seq))
    expect(page.locator("#step-panel .flag").first).to_be_visible()
    assert page.evaluate("window.__sameDocument === true"), "each step swaps one fragment"


def test_a_new_user_opens_the_comparison_of_the_two_lagoon_readings(page, live_server, lagoon_runs):
    attacker, attacked = lagoon_runs
    match = attacker.match
    page.goto(f"{live_server.url}/matches/{match.pk}/")
    page.get_by_role("link", name="Compare two runs").click()
    page.wait_for_url(re.compile(r"/compare/\?"))
    page.goto(f"{live_server.url}/matches/{match.pk}/compare/?a={attacker.pk}&b={attacked.pk}")

    expect(page.locator(".compare-summary .divergence")).to_have_text("First divergence at step 11")
    expect(page.locator(".differing a.first")).to_have_text("11")
    expect(page.locator(".compare-summary tbody tr").first).to_contain_text(
        "When a Hero is attacked, who chooses the Lagoon space it is moved to?")
    expect(page.locator(".compare-summary .badge", has_text="makes them diverge")).to_be_visible()
    # The page opens on the first divergence: the attack, marked in the shared cursor.
    panel = page.locator("#compare-panel")
    expect(panel.locator(".controls")).to_contain_text("Step 11 of 13")
    expect(panel.locator(".badge.divergence")).to_have_text("first divergence")
    expect(panel.locator(".side-by-side")).to_have_class(re.compile(r"\bdiffers\b"))
    for side in ("Run A", "Run B"):
        expect(page.get_by_role("region", name=side).locator(".summary")).to_contain_text(
            re.compile("attack", re.IGNORECASE))
    # Under "attacker" Luis had no right to pick the Lagoon himself; under "attacked" he had.
    expect(page.get_by_role("region", name="Run A").locator(".summary")).to_have_class(
        re.compile(r"\billegal\b"))
    expect(page.get_by_role("region", name="Run A")).to_contain_text("violation")
    expect(page.get_by_role("region", name="Run B").locator(".summary.illegal")).to_have_count(0)
    expect(page.get_by_role("region", name="Run B")).to_contain_text("legal")


def test_the_compare_view_moves_one_shared_cursor(page, live_server, lagoon_runs):
    attacker, attacked = lagoon_runs
    match = attacker.match
    base = f"{live_server.url}/matches/{match.pk}/compare/?a={attacker.pk}&b={attacked.pk}"
    page.goto(base + "&seq=3")
    page.evaluate("window.__sameDocument = true")
    panel = page.locator("#compare-panel")
    expect(panel.locator(".controls strong")).to_have_text("Step 3 of 13")
    expect(panel.locator(".badge.divergence")).to_have_count(0)

    def opened_steps():
        return [panel.get_by_role("region", name=s).get_by_role("link", name="open")
                .get_attribute("href") for s in ("Run A", "Run B")]

    page.keyboard.press("ArrowRight")
    page.wait_for_url(re.compile(r"[?&]seq=4$"))
    expect(panel.locator(".controls strong")).to_have_text("Step 4 of 13")
    a, b = opened_steps()
    assert a.endswith(f"/runs/{attacker.pk}/step/4/") and b.endswith(f"/runs/{attacked.pk}/step/4/")

    page.keyboard.press("n")  # on the compare view, n goes to the first divergence
    page.wait_for_url(re.compile(r"[?&]seq=11$"))
    expect(panel.locator(".badge.divergence")).to_be_visible()
    expect(page.locator("#cursor-status")).to_contain_text("Step 11 of 13: the first divergence")
    a, b = opened_steps()
    assert a.endswith("/step/11/") and b.endswith("/step/11/")

    page.keyboard.press("ArrowLeft")
    page.wait_for_url(re.compile(r"[?&]seq=10$"))
    expect(panel.locator(".badge.divergence")).to_have_count(0)
    page.locator(".differing a.first").click()  # the differing-steps list drives the same cursor
    page.wait_for_url(re.compile(r"[?&]seq=11$"))
    expect(panel.locator(".controls strong")).to_have_text("Step 11 of 13")
    assert page.evaluate("window.__sameDocument === true")
    page.go_back()
    page.wait_for_url(re.compile(r"[?&]seq=10$"))
    expect(panel.locator(".controls strong")).to_have_text("Step 10 of 13")


def test_a_curator_uploads_a_scan_and_sees_its_thumbnail(page, seeded, settings, tmp_path):
    from tests.pages.conftest import png_bytes

    settings.MEDIA_ROOT = tmp_path / "media"
    sign_in(page, seeded.url)
    page.goto(f"{seeded.url}/games/gothic/")
    expect(page.locator(".scan-gallery img")).to_have_count(0)
    page.get_by_role("link", name="Upload a scan").first.click()
    page.get_by_label("Page number").fill("3")
    page.get_by_label("Page label").fill("iii")
    page.get_by_label("File").set_input_files(
        {"name": "page-3.png", "mimeType": "image/png", "buffer": png_bytes(size=(300, 420))})
    page.get_by_role("button", name="Upload").click()
    page.wait_for_url(re.compile(r"/scans/\d+/$"))
    expect(page.locator(".messages")).to_contain_text("Scan of page iii archived")
    expect(page.locator("img.page-image")).to_be_visible()

    page.get_by_role("link", name="The Gothic Game").first.click()
    thumbnail = page.locator(".scan-gallery img[alt='page iii']")
    expect(thumbnail).to_be_visible()
    thumbnail.scroll_into_view_if_needed()
    page.wait_for_function(
        "img => img.complete && img.naturalWidth > 0", arg=thumbnail.element_handle())
    assert any(path.is_file() for path in (tmp_path / "media").rglob("*")), "stored in MEDIA_ROOT"
