"""The recorder in Chromium: a match recorded by clicks alone (throws from the row of
outcomes, moves by picking a pawn then its highlighted space), two recorders at once, a
move as played kept with its flag, and the recorder at phone width."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import sign_in

pytestmark = pytest.mark.browser


def click_move(page, pawn: str, space: str) -> None:
    page.locator(f'#board .piece[data-piece="{pawn}"]').click()
    target = page.locator(f'#board .space.target[data-space="{space}"]')
    expect(target).to_be_visible()
    with page.expect_navigation():
        target.locator("circle").click()


def test_a_race_recorded_by_clicks_alone(page, live_server, race_match):
    sign_in(page, live_server.url)
    page.goto(f"{live_server.url}/matches/{race_match.pk}/record/")
    plan = [("Ana throws 2", None), (None, ("pawn-p1", "bridge")),
            ("Luis throws 1", None), (None, ("pawn-p2", "well"))]
    for throw, move in plan:
        if throw:
            with page.expect_navigation():
                page.get_by_role("button", name=throw).click()
        else:
            click_move(page, *move)
    expect(page.locator("#head-seq")).to_have_text("4")
    page.screenshot(path="/tmp/rec_recorder.png", full_page=True)
    from replay.runs import replay_match

    run = replay_match(match=race_match)
    assert run.log_seq == 4 and run.flag_summary == {}


def test_two_recorders_at_once_get_a_conflict_and_lose_nothing(browser, live_server, race_match):
    pages = []
    for name in ("first", "second"):
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        context.set_default_timeout(30_000)
        page = context.new_page()
        sign_in(page, live_server.url, username=name)
        page.goto(f"{live_server.url}/matches/{race_match.pk}/record/")
        pages.append(page)
    first, second = pages
    with first.expect_navigation():
        first.get_by_role("button", name="Ana throws 1").click()
    expect(first.locator("#head-seq")).to_have_text("1")
    with second.expect_navigation():
        second.get_by_role("button", name="Ana throws 2").click()
    expect(second.locator(".messages")).to_contain_text("Another recorder appended first")
    expect(second.locator("#head-seq")).to_have_text("1")  # the head reloaded
    expect(second.get_by_role("button", name="Ana moves to the Well")).to_be_visible()
    expect(second.locator("#ap-type")).to_have_value("roll")  # the move tried is kept
    expect(second.locator("#ap-data")).to_have_value('{"value": 2}')
    assert list(race_match.events.values_list("data", flat=True)) == [{"value": 1}]
    for page in pages:
        page.context.close()


def test_a_historical_illegal_move_is_recorded_with_its_flag(page, live_server, race_match):
    sign_in(page, live_server.url)
    page.goto(f"{live_server.url}/matches/{race_match.pk}/record/")
    with page.expect_navigation():
        page.get_by_role("button", name="Ana throws 1").click()
    page.locator("#ap-type").select_option("move")
    page.locator("#ap-actor").select_option("p1")
    page.locator("#ap-data").fill('{"to": "tower"}')
    with page.expect_navigation():
        page.get_by_role("button", name="Check it").click()
    expect(page.locator(".as-played .preview .flag-violation")).to_contain_text("not the Tower")
    assert race_match.events.count() == 1  # checking stores nothing
    with page.expect_navigation():
        page.get_by_role("button", name="Keep it as played, with its violation").click()
    expect(page.locator(".messages")).to_contain_text("kept as played, with its flags")
    from replay.runs import replay_match

    run = replay_match(match=race_match)
    step = run.steps.get(seq=2)
    assert not step.legal and run.flags.filter(seq=2, kind="violation").exists()


def test_the_recorder_at_phone_width_from_the_keyboard(browser, live_server, race_match):
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    context.set_default_timeout(30_000)
    page = context.new_page()
    sign_in(page, live_server.url)
    page.goto(f"{live_server.url}/matches/{race_match.pk}/record/")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    board = page.locator("#board").bounding_box()
    choices = page.locator("#choices").bounding_box()
    assert board["y"] < choices["y"] and board["width"] <= 390
    page.get_by_role("button", name="Ana throws 2").focus()
    with page.expect_navigation():
        page.keyboard.press("Enter")
    pawn = page.locator('#board .piece[data-piece="pawn-p1"]')
    pawn.focus()
    page.keyboard.press("Enter")
    target = page.locator('#board .space.target[data-space="bridge"]')
    expect(target).to_be_focused()
    expect(page.locator("#recorder-status")).to_contain_text("the Bridge")
    with page.expect_navigation():
        page.keyboard.press("Enter")
    expect(page.locator("#head-seq")).to_have_text("2")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.screenshot(path="/tmp/rec_recorder_phone.png", full_page=True)
    context.close()
    assert list(race_match.events.values_list("type", flat=True)) == ["roll", "move"]


def test_type_ahead_finds_a_choice_by_its_label(page, live_server, race_match):
    from replay.services import append_events

    append_events(match=race_match, expected_seq=0,
                  events=[{"type": "roll", "actor": "p1", "data": {"value": 1}}])
    sign_in(page, live_server.url)
    page.goto(f"{live_server.url}/matches/{race_match.pk}/record/")
    page.locator("#choice-filter").fill("shout")
    expect(page.locator("#choice-list li:not([hidden])")).to_have_count(1)
    page.locator("#choice-filter").press("Enter")
    expect(page.locator("#c1-word")).to_be_focused()
    page.keyboard.type("¡Ya!")
    with page.expect_navigation():
        page.keyboard.press("Enter")
    assert race_match.events.get(seq=2).data == {"word": "¡Ya!"}


def test_a_new_dagon_match_recorded_by_ten_clicks_replays_with_no_violation(page, seeded):
    """A collector makes a new Dagon match from the form, then records ten events on the
    recorder by clicks alone: a throw from the row of outcomes, a move by picking the Hero
    then one of its highlighted spaces, anything else from the list of choices. Every event
    the recorder offered is legal under the defaults, so the replay raises no violation."""
    from replay.models import Match
    from replay.runs import replay_match

    url = seeded.url
    sign_in(page, url)
    page.goto(f"{url}/matches/new/")
    page.select_option("#id_game", "dagon")
    page.fill("#id_title", "Recorded from a score sheet")
    page.fill("#id_players", "p1: Ana\np2: Luis")
    with page.expect_navigation():
        page.get_by_role("button", name="Create").click()
    match = Match.objects.get(title="Recorded from a score sheet")
    page.goto(f"{url}/matches/{match.pk}/record/")
    for clicks in range(1, 11):
        outcomes = page.locator(".outcomes button")
        movable = page.locator("#board .piece[tabindex]")
        with page.expect_navigation():
            if outcomes.count():
                outcomes.first.click()
            elif movable.count():
                movable.first.click()
                # A pawn may stand on the target: the click lands on it, as a user's would.
                page.locator("#board .space.target circle").first.click(force=True)
            else:
                page.locator("#choice-list .choice button").first.click()
        expect(page.locator("#head-seq")).to_have_text(str(clicks))
    run = replay_match(match=match)
    assert run.log_seq == 10
    assert "violation" not in run.flag_summary, run.flag_summary
