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
