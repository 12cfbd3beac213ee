"""Issue 37, item 9: the recorder tried in Chromium as a person transcribing a score sheet
does it, for every game (the four seed games and the two described as data): from the home
page to the game, its matches and "Record a new match" (the game chosen already), the players
typed into their rows, then the events of the sheet recorded by reading the list of choices
and clicking (a throw's outcome, a piece and its highlighted space, a choice's button and its
open fields), no filter typed and no forced click; one event undone and recorded again; then
a variation made from a step page and continued on its own recorder.

The sheet is a match the shared agents play with the players and setup the form made, so
what the person should record is known; at the end the log, read with its correction, is the
sheet's, and the variation holds the sheet's first events and the one recorded on it."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

import games
from games.core.replay import collect_corrections, effective_events
from replay.models import Event, Match
from tests.browser.conftest import sign_in
from tests.browser.test_recorder_in_chromium import _record
from tests.recording import entry_for, names_at

pytestmark = pytest.mark.browser

SEED_GAMES = ["dagon", "dylan-dog", "fury-of-dracula", "gothic"]
DATA_GAMES = ["goose", "fox-and-geese"]
SHEET_EVENTS = 6
UNDONE = 3  # the event taken back and recorded again
BRANCH_AT = 2  # the step the variation starts after
NAMES = ["Ana", "Luis", "Carla", "Marta", "Bruno", "Elsa"]
GAME_EVENT = ("annotation", "correction")


def record_one(page, engine, state, event, players, reading) -> dict:
    """One event of the sheet, by reading the page and clicking; the state after it."""
    owners: dict[str, set] = {}
    for space, owner in page.eval_on_selector_all(
            "#board .piece", "all => all.map(p => [p.dataset.space, p.dataset.owner])"):
        owners.setdefault(space, set()).add(owner or None)
    entry = entry_for(engine.legal_events(state, reading), event,
                      names_at(engine, state, players), owners)
    with page.expect_navigation():
        _record(page, entry)
    return engine.apply(state, event, reading).state


def game_events(match: Match) -> list[tuple]:
    """The match's log as it reads with its corrections: its game events, in order."""
    rows = list(Event.objects.filter(match=match).order_by("seq")
                .values("seq", "type", "actor", "data"))
    corrections = collect_corrections([row for row in rows if row["type"] == "correction"])
    return [(e["type"], e["actor"], e["data"]) for e in effective_events(rows, corrections)
            if e["type"] not in GAME_EVENT]


@pytest.mark.parametrize("slug", SEED_GAMES + DATA_GAMES)
def test_a_person_records_a_sheet_from_the_home_page(page, seeded, slug):
    if slug in DATA_GAMES:
        from archive.services import load_data_games

        load_data_games()
    from archive.models import Game

    engine = games.get(slug)
    game = Game.objects.get(slug=slug)
    title = f"{game.title}: the club's sheet"
    sign_in(page, seeded.url)  # lands on the home page

    page.locator("#games").get_by_role("link", name=game.title, exact=True).first.click()
    page.get_by_role("link", name="Recorded matches").click()
    page.get_by_role("link", name="Record a new match").click()
    expect(page.locator("#new-game")).to_have_value(slug)  # chosen from its matches
    page.locator("#id_title").fill(title)
    fewest = int(page.locator("#players").get_attribute("data-fewest") or "1")
    for number in range(1, max(fewest, 2) + 1):
        row = page.locator(f"#player-{number}")
        if not row.count():
            page.get_by_role("button", name="Add a player").click()
        row.fill(NAMES[number - 1])
    with page.expect_navigation():
        page.get_by_role("button", name="Create the match and record it").click()
    page.wait_for_url(re.compile(r"/matches/\d+/record/$"))
    match = Match.objects.get(title=title)
    sheet = engine.simulate(seed=4, players=match.players, setup=match.setup)
    events = sheet["events"][:SHEET_EVENTS]
    assert len(events) == SHEET_EVENTS, f"{slug}: the sheet is {len(events)} events long"

    reading = engine.interpretation()
    state = engine.initial_state(match.players, match.setup)
    states = [state]
    head = 0
    for event in events:
        state = record_one(page, engine, state, event, match.players, reading)
        head += 1
        expect(page.locator("#head-seq")).to_have_text(str(head))
        if event["seq"] == UNDONE:  # a slip: taken back, then recorded again
            with page.expect_navigation():
                page.get_by_role("button", name=re.compile(rf"^Undo event {head}: ")).click()
            head += 1  # the correction is an event of its own: history is kept
            expect(page.locator("#head-seq")).to_have_text(str(head))
            state = record_one(page, engine, states[-1], event, match.players, reading)
            head += 1
            expect(page.locator("#head-seq")).to_have_text(str(head))
        states.append(state)
    assert game_events(match) == [(e["type"], e["actor"], e["data"]) for e in events]

    # A variation from a step: "what if" the third event had been another.
    page.get_by_role("link", name="Replay the match").click()
    with page.expect_navigation():
        page.locator("#picker").get_by_role("button", name="Replay", exact=True).click()
    page.wait_for_url(re.compile(r"/step/\d+/$"))
    step_url = re.sub(r"/step/\d+/$", f"/step/{BRANCH_AT}/", page.url)
    page.goto(step_url)
    page.get_by_label("Name the variation").fill("What if the sheet is misread")
    with page.expect_navigation():
        page.get_by_role("button", name="Make the variation").click()
    page.wait_for_url(re.compile(r"/matches/\d+/record/$"))
    variation = Match.objects.get(title="What if the sheet is misread")
    expect(page.locator("#head-seq")).to_have_text(str(BRANCH_AT))
    record_one(page, engine, states[BRANCH_AT], events[BRANCH_AT], match.players, reading)
    expect(page.locator("#head-seq")).to_have_text(str(BRANCH_AT + 1))
    assert game_events(variation) == [(e["type"], e["actor"], e["data"])
                                      for e in events[:BRANCH_AT + 1]]
