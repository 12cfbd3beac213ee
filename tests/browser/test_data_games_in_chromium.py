"""The two games the archive describes as data only (``archive/seed/rules/``), end to end in
Chromium: a match of each recorded by clicks on the recorder (which reads nothing but the
engine's choices and layout), replayed under two readings and opened side by side on the
compare page; and the rules editor's Check by a click, its board and simulated match."""

from __future__ import annotations

import statistics

import pytest
from playwright.sync_api import expect

import games
from games.rules import engine_version
from replay.models import Match
from replay.runs.replaying import replay_match
from tests.browser.conftest import sign_in
from tests.browser.test_recorder_in_chromium import re_recorded_by_clicks

pytestmark = pytest.mark.browser

EVENTS = 40


@pytest.fixture
def data_games(live_server):
    from archive.services import load_data_games

    load_data_games()
    return live_server


def other_reading(engine) -> dict[str, str]:
    """The first point's first option that is not its default."""
    point = engine.points[0]
    return {point.id: next(o for o in point.option_ids if o != point.default)}


@pytest.mark.parametrize("slug", ["goose", "fox-and-geese"])
def test_a_data_game_recorded_by_clicks_then_compared_under_two_readings(page, data_games,
                                                                         slug):
    engine = games.get(slug)
    recorded = re_recorded_by_clicks(page, data_games.url, engine, EVENTS)
    assert len(recorded) == min(EVENTS, len(engine.simulate(seed=4)["events"]))
    seconds = [took for _entry, took in recorded]
    print(f"\n{slug}: {len(seconds)} events recorded by clicks and typing, "
          f"{statistics.median(seconds):.2f} s an event (median)")  # bench/recording_by_clicks
    match = Match.objects.get(game__slug=slug, title="Recorded from the sheet")
    assert match.rules_version == "1"
    default = replay_match(match=match)
    other = replay_match(match=match, reading=other_reading(engine))
    assert default.engine_version == other.engine_version == engine_version(1)
    page.goto(f"{data_games.url}/matches/{match.pk}/compare/?a={default.pk}&b={other.pk}")
    expect(page.locator("h1")).to_have_text("Two readings side by side")
    expect(page.locator(".compare-summary")).to_be_visible()


def test_the_rules_editor_checks_by_a_click(page, data_games):
    sign_in(page, data_games.url)
    page.goto(f"{data_games.url}/games/goose/")
    with page.expect_navigation():
        page.get_by_role("link", name="Write the rules as data").click()
    text = page.locator("#rules-text")
    text.fill(text.input_value().replace("effect: {wait: true}", "effect: {teleport: 12}"))
    page.get_by_role("button", name="Check").click()
    expect(page.locator("#check-result .rules-problems")).to_contain_text(
        "line 86, board.spaces[52].effect: unknown effect 'teleport'")
    text.fill(text.input_value().replace("effect: {teleport: 12}", "effect: {wait: true}"))
    page.get_by_role("button", name="Check").click()
    expect(page.locator("#check-result svg.board-svg")).to_be_visible()
    page.locator("#check-result .rules-steps button").nth(3).click()
    expect(page.locator("#check-result svg title").first).to_have_text(
        "The board after step 3")
    assert page.url.endswith("/games/goose/rules/")  # htmx swapped the result in place
