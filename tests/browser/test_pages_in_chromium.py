"""The pages in real headless Chromium: htmx swaps, keyboard, history, and no-JavaScript use."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import sign_in

pytestmark = pytest.mark.browser


def mark_document(page) -> None:
    """A flag on window that a full page load would wipe: proves htmx swapped a fragment."""
    page.evaluate("window.__sameDocument = true")


def same_document(page) -> bool:
    return page.evaluate("window.__sameDocument === true")


def test_live_search_swaps_the_results(page, seeded):
    page.goto(seeded.url + "/search/")
    mark_document(page)
    page.fill("#id_q", "Lagoon")
    expect(page.locator("#search-results .search-game")).to_have_count(1)
    expect(page.locator("#search-results")).to_contain_text("Dagon")
    expect(page.locator("#search-results mark").first).to_have_text(re.compile("lagoon", re.IGNORECASE))
    assert same_document(page) and "q=Lagoon" in page.url


def test_search_from_the_header_without_javascript(no_js_page, seeded):
    no_js_page.goto(seeded.url + "/games/gothic/")
    no_js_page.fill("#site-q", "vampire")
    no_js_page.click("header form[role=search] button")
    no_js_page.wait_for_url(re.compile(r"/search/\?q=vampire"))
    expect(no_js_page.locator(".search-game h2", has_text="The Gothic Game")).to_have_count(1)


def test_a_note_is_reached_from_its_number_in_the_text_and_back(page, seeded):
    """No tooltip covers the next line: the number in the text leads to the note, written
    out once under the passage, and the note leads back."""
    from archive.models import Transcription

    gothic = Transcription.objects.get(rulebook__game__slug="gothic")
    page.goto(f"{seeded.url}/transcriptions/{gothic.pk}/#the-tower")
    expect(page.locator("[role=tooltip], .tip")).to_have_count(0)
    ref = page.locator("#the-tower .noteref.legibility").first
    ref.focus()
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(r"#note-\d+$"))
    note = page.locator(page.url[page.url.index("#"):])
    expect(note).to_be_in_viewport()
    expect(note).to_contain_text("Legibility note")
    note.locator(".backref").click()
    page.wait_for_url(re.compile(r"#ref-\d+$"))


def test_step_through_with_buttons_keys_history_and_reload(page, live_server, dagon_run):
    match = dagon_run.match
    page.goto(f"{live_server.url}/matches/{match.pk}/runs/{dagon_run.pk}/step/1/")
    mark_document(page)
    page.click('#step-panel [data-nav="next"]')
    page.wait_for_url(re.compile(r"/step/2/$"))
    expect(page.locator("#current-seq")).to_have_text("2")
    page.keyboard.press("ArrowRight")
    page.wait_for_url(re.compile(r"/step/3/$"))
    expect(page.locator("#current-seq")).to_have_text("3")
    page.keyboard.press("End")
    page.wait_for_url(re.compile(rf"/step/{dagon_run.progress}/$"))
    expect(page.locator("#current-seq")).to_have_text(str(dagon_run.progress))
    page.keyboard.press("Home")  # the starting position, before the first event
    page.wait_for_url(re.compile(r"/step/0/$"))
    expect(page.locator("#current-seq")).to_have_text("0")
    flag_seq = dagon_run.flags.filter(seq__gt=0).order_by("seq").values_list("seq", flat=True)[0]
    page.keyboard.press("n")
    page.wait_for_url(re.compile(rf"/step/{flag_seq}/$"))
    expect(page.locator("#current-seq")).to_have_text(str(flag_seq))
    expect(page.locator("#step-panel .flag").first).to_be_visible()
    assert same_document(page)
    flagged = page.url
    page.go_back()
    page.wait_for_url(re.compile(r"/step/0/$"))
    expect(page.locator("#current-seq")).to_have_text("0")
    page.go_forward()
    page.wait_for_url(flagged)
    page.reload()
    assert page.url == flagged
    expect(page.locator('.log li[aria-current="step"]')).to_have_count(1)
    owned = players_pieces_on_the_board(dagon_run, flag_seq)
    assert owned >= len(match.players)  # every Hero is on the board by then
    expect(page.locator("svg.board-svg .piece.player")).to_have_count(owned)


def players_pieces_on_the_board(run, seq: int) -> int:
    """How many pieces with an owner the engine places on the board after ``seq`` under the
    run's reading (the simulated match decides how many players and pieces, not the test)."""
    import games
    from replay.runs.head_states import state_after

    engine = games.get(run.match.game.slug)
    state = state_after(match=run.match, engine=engine,
                        reading=engine.interpretation(run.interpretation), seq=seq)
    spaces = set(engine.layout(state).names())
    return sum(1 for piece in engine.pieces(state) if piece.owner and piece.space in spaces)


def test_slider_and_viewpoint(page, live_server, dagon_run):
    match = dagon_run.match
    page.goto(f"{live_server.url}/matches/{match.pk}/runs/{dagon_run.pk}/step/1/")
    mark_document(page)
    page.locator("#seq-slider").fill("12")
    page.wait_for_url(re.compile(r"/step/12/$"))
    expect(page.locator("#current-seq")).to_have_text("12")
    assert same_document(page)
    page.select_option("#viewer", "p2")  # applies on change, with no button to press
    expect(page.locator(".viewer-picker button")).to_be_hidden()
    page.wait_for_url(re.compile(r"/step/12/\?viewer=p2$"))
    expect(page.locator("#current-seq")).to_have_text("12")
    expect(page.locator("#step-board-title")).to_contain_text("as Luis sees it")
    page.click('#step-panel [data-nav="next"]')
    page.wait_for_url(re.compile(r"/step/13/\?viewer=p2$"))


def test_step_through_without_javascript(no_js_page, live_server, dagon_run):
    match = dagon_run.match
    no_js_page.goto(f"{live_server.url}/matches/{match.pk}/runs/{dagon_run.pk}/step/1/")
    no_js_page.click('#step-panel [data-nav="next"]')
    no_js_page.wait_for_url(re.compile(r"/step/2/$"))
    no_js_page.locator("#seq-slider").fill("20")
    no_js_page.click(".slider button")
    no_js_page.wait_for_url(re.compile(r"/step/20/$"))
    expect(no_js_page.locator("#current-seq")).to_have_text("20")


def test_progress_bar_polls_until_done_then_opens_the_first_flag(page, seeded):
    import games
    from replay.log.interchange import import_match
    from replay.models import ReplayRun
    from replay.runs.replaying import execute_run
    from replay.runs.steps import first_flag_seq

    document = games.get("dagon").simulate(seed=4, max_events=30)
    match = import_match(raw=document)
    run = ReplayRun.objects.create(
        match=match, log_seq=match.last_seq, head_hash=match.head_hash, engine="dagon",
        engine_version=games.get("dagon").version,
        interpretation=games.get("dagon").interpretation().as_dict(),
        fingerprint="browser-test".ljust(64, "0"), snapshot_interval=100,
    )
    page.goto(f"{seeded.url}/matches/{match.pk}/runs/{run.pk}/")
    expect(page.locator("#run-progress .status")).to_have_text("pending")
    execute_run(run_id=run.pk)
    page.wait_for_url(re.compile(rf"/step/{first_flag_seq(run)}/$"), timeout=8000)


def test_curator_appends_and_a_stale_page_gets_the_conflict(page, browser, live_server, dagon_run):
    live = live_server.url
    match = dagon_run.match
    sign_in(page, live)
    page.goto(f"{live}/matches/{match.pk}/")
    other = browser.new_context()
    other_page = other.new_page()
    for cookie in page.context.cookies():
        other.add_cookies([cookie])
    other_page.goto(f"{live}/matches/{match.pk}/")
    page.fill("#id_events", '[{"type": "annotation", "actor": "p1", "data": {"text": "first"}}]')
    page.click("#append button[type=submit]")
    expect(page.locator(".messages")).to_contain_text("Appended events 41–41")
    mine = '[{"type": "annotation", "actor": "p2", "data": {"text": "second"}}]'
    other_page.fill("#id_events", mine)
    other_page.click("#append button[type=submit]")
    expect(other_page.locator(".form-errors")).to_contain_text("Conflict")
    expect(other_page.locator("#id_events")).to_have_value(mine)
    other_page.click("#append button[type=submit]")  # they read the new event and retry
    expect(other_page.locator(".messages")).to_contain_text("Appended events 42–42")
    other.close()
