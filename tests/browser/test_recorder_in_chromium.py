"""The recorder in Chromium: a match of every game re-recorded by clicks and typing alone
(throws from the row of outcomes, moves by picking a piece then its highlighted space, open
fields in their selects and inputs), two recorders at once, a move as played kept with its
flag, open fields checked before a form is sent, and the recorder at phone width."""

from __future__ import annotations

import re
import statistics
import time

import pytest
from playwright.sync_api import expect

import games
from tests.browser.conftest import answered_in_place, sign_in
from tests.recording import Entry, assert_recorded_as, empty_match, entry_for, names_at

pytestmark = pytest.mark.browser


def click_move(page, pawn: str, space: str) -> None:
    page.locator(f'#board .piece[data-piece="{pawn}"]').click()
    target = page.locator(f'#board .space.target[data-space="{space}"]')
    expect(target).to_be_visible()
    with answered_in_place(page):
        target.locator("circle").click()


def test_a_race_recorded_by_clicks_alone(page, live_server, race_match):
    sign_in(page, live_server.url)
    page.goto(f"{live_server.url}/matches/{race_match.pk}/record/")
    plan = [("two", None), (None, ("pawn-p1", "bridge")),
            ("one", None), (None, ("pawn-p2", "well"))]
    for throw, move in plan:
        if throw:
            with answered_in_place(page):
                page.locator(".outcomes").get_by_role("button", name=throw).click()
        else:
            click_move(page, *move)
    expect(page.locator("#head-seq")).to_have_text("4")
    page.screenshot(path="/tmp/rec_recorder.png", full_page=True)
    from replay.runs.replaying import replay_match

    run = replay_match(match=race_match)
    assert run.log_seq == 4 and run.flag_summary == {}


def test_an_event_is_drawn_in_place_and_a_second_press_records_nothing(page, live_server,
                                                                       race_match):
    """A choice is posted by the page's script and the answer drawn in place of the content:
    the document is not reloaded (what the page's window holds survives), the address is the
    recorder's, no entry is added to the history, the status region says what was recorded
    and focus is on who acts now. A second press while the first is on its way sends
    nothing."""
    sign_in(page, live_server.url)
    page.goto(f"{live_server.url}/matches/{race_match.pk}/record/")
    page.evaluate("window.sameDocument = true")
    history = page.evaluate("history.length")
    with answered_in_place(page):
        page.locator(".outcomes").get_by_role("button", name="two", exact=True).dblclick()
    expect(page.locator("#head-seq")).to_have_text("1")
    assert page.evaluate("window.sameDocument") is True
    assert page.url == f"{live_server.url}/matches/{race_match.pk}/record/#recorder"
    assert page.evaluate("history.length") == history
    expect(page.locator("#recorder-status")).to_have_text("Recorded event 1.")
    expect(page.locator("#acting")).to_be_focused()
    expect(page.locator(".messages")).not_to_contain_text("Another recorder")
    assert list(race_match.events.values_list("data", flat=True)) == [{"value": 2}]
    # The content drawn in place behaves as on a loaded page: a piece picked on the board.
    page.locator('#board .piece[data-piece="pawn-p1"]').click()
    expect(page.locator('#board .space.target[data-space="bridge"]')).to_be_visible()


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
    with answered_in_place(first):
        first.get_by_role("button", name="one", exact=True).click()
    expect(first.locator("#head-seq")).to_have_text("1")
    with answered_in_place(second):
        second.get_by_role("button", name="two", exact=True).click()
    expect(second.locator(".messages")).to_contain_text("Another recorder appended first")
    expect(second.locator("#head-seq")).to_have_text("1")  # the head reloaded
    expect(second.get_by_role("button", name="Ana moves to the Well")).to_be_visible()
    expect(second.locator("#ap-type")).to_have_value("roll")  # the move tried is kept
    expect(second.locator("#ap-value")).to_have_value("2")  # in its field, not as JSON
    assert list(race_match.events.values_list("data", flat=True)) == [{"value": 1}]
    for page in pages:
        page.context.close()


def test_a_historical_illegal_move_is_recorded_with_its_flag(page, live_server, race_match):
    sign_in(page, live_server.url)
    page.goto(f"{live_server.url}/matches/{race_match.pk}/record/")
    with answered_in_place(page):
        page.get_by_role("button", name="one", exact=True).click()
    with page.expect_navigation():  # choosing the kind of event asks for its fields
        page.locator("#ap-type").select_option("move")
    page.locator("#ap-actor").select_option("p1")
    page.locator("#ap-to").fill("the Tower")  # by its name, as the score sheet has it
    with page.expect_navigation():
        page.get_by_role("button", name="Check it").click()
    expect(page.locator(".as-played .preview .flag-violation")).to_contain_text("not the Tower")
    assert race_match.events.count() == 1  # checking stores nothing
    with page.expect_navigation():
        page.get_by_role("button", name="Keep it as played, with its violation").click()
    expect(page.locator(".messages")).to_contain_text("kept as played, with its flags")
    from replay.runs.replaying import replay_match

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
    page.get_by_role("button", name="two", exact=True).focus()
    with answered_in_place(page):
        page.keyboard.press("Enter")
    pawn = page.locator('#board .piece[data-piece="pawn-p1"]')
    pawn.focus()
    page.keyboard.press("Enter")
    target = page.locator('#board .space.target[data-space="bridge"]')
    expect(target).to_be_focused()
    expect(page.locator("#recorder-status")).to_contain_text("the Bridge")
    with answered_in_place(page):
        page.keyboard.press("Enter")
    expect(page.locator("#head-seq")).to_have_text("2")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.screenshot(path="/tmp/rec_recorder_phone.png", full_page=True)
    context.close()
    assert list(race_match.events.values_list("type", flat=True)) == ["roll", "move"]


def test_type_ahead_finds_a_choice_by_its_label(page, live_server, race_match):
    from replay.log.append import append_events

    append_events(match=race_match, expected_seq=0,
                  events=[{"type": "roll", "actor": "p1", "data": {"value": 1}}])
    sign_in(page, live_server.url)
    page.goto(f"{live_server.url}/matches/{race_match.pk}/record/")
    page.locator("#choice-filter").fill("shout")
    expect(page.locator("#choice-list li:not([hidden])")).to_have_count(1)
    page.locator("#choice-filter").press("Enter")
    expect(page.locator("input[name='f:word']")).to_be_focused()
    page.keyboard.type("¡Ya!")
    with answered_in_place(page):
        page.keyboard.press("Enter")
    assert race_match.events.get(seq=2).data == {"word": "¡Ya!"}



def test_type_ahead_finds_a_choice_by_the_words_of_its_values(page, live_server, parlour):
    from archive.models import Game
    from replay.log.matches import match_create

    match = match_create(game=Game.objects.get(slug=parlour.slug), title="A parlour",
                         players=[{"id": "p1", "name": "Ana"}, {"id": "p2", "name": "Luis"}],
                         events=[{"type": "draw", "actor": "p1",
                                  "data": {"suit": "hearts", "rank": 1}}]).match
    sign_in(page, live_server.url)
    page.goto(f"{live_server.url}/matches/{match.pk}/record/")
    rows = page.locator("#choices li.choice:not([hidden])")
    expect(rows).to_have_count(4)
    for typed, found in (("stairs", "Ana walks"), ("moon", "Ana discards charms"),
                         ("library corridor", "Ana walks"), ("guest book", None)):
        page.locator("#choice-filter").fill(typed)
        expect(rows).to_have_count(1)
        if found:
            expect(rows.get_by_role("button", name=found)).to_be_visible()
    page.locator("#choice-filter").fill("nowhere at all")
    expect(rows).to_have_count(0)
    expect(page.locator("#no-choice-found")).to_be_visible()


# Every control a finger may tap, but a link inside a sentence (WCAG 2.2, 2.5.8, "inline").
SMALL_TARGETS = """() => [...document.querySelectorAll(
    'main button, main select, main input:not([type=hidden]), main textarea, main summary,'
    + ' main a, #board .piece[tabindex], #board .space.target')]
  .filter(e => e.getClientRects().length && !e.closest('p.meta'))
  .map(e => [e.outerHTML.slice(0, 100), e.getBoundingClientRect()])
  .filter(([_, box]) => box.width < 24 || box.height < 24)
  .map(([html, box]) => html + ' ' + box.width.toFixed(1) + 'x' + box.height.toFixed(1))"""


def test_every_target_is_24_pixels_at_phone_width(browser, seeded, race_match):
    """At 390 px: the race (outcome buttons, pawns, a text input, ticks and counts) and Dagon
    (a select of spaces and its highlighted circles, a Hero and its targets); nothing scrolls
    sideways, no inline code, no console message (the strict CSP included)."""
    from replay.log.append import append_events
    from replay.log.interchange import import_match
    from tests.browser.conftest import ConsoleErrors
    from tests.browser.test_accessibility_and_csp import INLINE

    document = games.get("dagon").simulate(seed=3)
    tower = next(e["seq"] for e in document["events"] if e["type"] == "place_tower")
    towers = import_match(raw={**document, "events": document["events"][:tower - 1]})
    moving = import_match(raw={**document, "events": document["events"][:tower]})
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    context.set_default_timeout(30_000)
    page = context.new_page()
    console = ConsoleErrors(page)
    sign_in(page, seeded.url)
    for match, throw in ((race_match, True), (race_match, False), (towers, False),
                         (moving, False)):
        page.goto(f"{seeded.url}/matches/{match.pk}/record/")
        if match is race_match and not throw:
            append_events(match=race_match, expected_seq=0,
                          events=[{"type": "roll", "actor": "p1", "data": {"value": 1}}])
            page.reload()
        if match is moving:
            page.locator("#board .piece[tabindex]").first.click()
            expect(page.locator("#board .space.target").first).to_be_visible()
        assert page.evaluate(SMALL_TARGETS) == [], match.title
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        assert page.evaluate(INLINE) == []
    assert console.messages == []
    context.close()


def test_an_open_field_left_empty_is_named_and_nothing_is_sent(page, live_server, race_match):
    from replay.log.append import append_events

    append_events(match=race_match, expected_seq=0,
                  events=[{"type": "roll", "actor": "p1", "data": {"value": 1}}])
    sign_in(page, live_server.url)
    page.goto(f"{live_server.url}/matches/{race_match.pk}/record/")
    page.get_by_role("button", name="Ana shouts a word").click()
    error = page.locator("#choice-list .field-error")
    expect(error).to_have_text("The word: fill it in first.")
    expect(page.locator("input[name='f:word']")).to_be_focused()
    discard = page.locator("#choice-list li", has=page.get_by_role("button",
                                                                   name="Ana discards charms"))
    discard.get_by_role("button").first.click()
    expect(discard.locator(".field-error")).to_have_text("The charms discarded: choose 1 to 2.")
    assert race_match.events.count() == 1  # nothing was posted
    # Ticked in this order, the charms are recorded in this order.
    discard.get_by_label("moon").check()
    discard.locator("input[type=number]").fill("1")
    with answered_in_place(page):
        discard.get_by_role("button", name="Ana discards charms").click()
    assert race_match.events.get(seq=2).data == {"charms": ["moon", "sun"]}


# -- every game, re-recorded from a simulated match --------------------------------------

SEED = 4
EVENTS = 60


def _row(page, entry: Entry):
    """The choice's row, found by its words: the button that says it, or a throw's heading."""
    label = re.compile(rf"^\s*(Record: )?{re.escape(entry.choice.label)}\s*$")
    if entry.choice.chance:
        return page.locator("#choices li.choice:not([hidden])").filter(
            has=page.locator(".choice-label", has_text=re.compile(
                rf"^\s*{re.escape(entry.choice.label)}\s*$")))
    return page.locator("#choice-list li.choice:not([hidden])").filter(
        has=page.get_by_role("button", name=label))


def _open_if_folded(page, entry: Entry) -> None:
    """A heavy choice waits behind its link (its words and "…"): a person opens it, and the
    page's script brings its fields in place."""
    link = page.locator("#choices li.choice.folded:not([hidden]) a.unfold").filter(
        has_text=re.compile(rf"^\s*{re.escape(entry.choice.label)}…\s*$"))
    if link.count():
        link.first.click()
        expect(_row(page, entry)).to_have_count(1)


def _answer(row, entry: Entry) -> None:
    for answer in entry.answers:
        question = answer.question
        if question.kind == "one-of" and question.typed:  # a long list: typed by its words
            expect(row).to_have_count(1)
            narrowed = row.locator(f'select[name="{question.input}"]')
            if narrowed.count():  # opened from a space of the board: only its values, listed
                narrowed.select_option(label=answer.labels[0])
            else:
                row.locator(f'input[name="{question.input}"]').fill(answer.text)
        elif question.kind == "one-of":
            row.locator(f'select[name="{question.input}"]').select_option(label=answer.labels[0])
        elif question.kind == "some-of":
            for label in answer.labels:
                tick = row.locator("label.tick").filter(
                    has_text=re.compile(rf"^\s*{re.escape(label)}(\s+of \d+)?\s*$"))
                box = tick.locator("input")
                if box.get_attribute("type") == "checkbox":
                    box.check()
                else:
                    box.fill(str(int(box.input_value() or 0) + 1))
        elif question.kind == "details":
            fieldset = row.locator("fieldset.details")
            for index, (key, value) in enumerate(answer.details):
                if fieldset.locator(".detail-row").count() <= index:
                    fieldset.get_by_role("button", name="Add a row").click()
                fieldset.locator(".detail-row").nth(index).get_by_label("name").fill(key)
                fieldset.locator(".detail-row").nth(index).get_by_label("value").fill(value)
        else:
            row.locator(f'[name="{question.input}"]').fill(answer.text)


def _record(page, entry: Entry) -> None:
    """What a person does for one event: an outcome button for a throw or draw; for a choice
    the board leads to, the piece and its highlighted space; for any other, its row found in
    the list by its words (a heavy one opened by its link); then each open field answered and
    the choice's button pressed."""
    if entry.outcome_buttons:
        _row(page, entry).get_by_role("button", name=entry.answers[0].labels[0],
                                      exact=True).click()
        return
    board = entry.board
    if board is not None:
        if board.origin is not None:
            pieces = page.locator(f'#board .piece[tabindex][data-space="{board.origin}"]')
            mine = pieces.and_(page.locator(f'[data-owner="{entry.choice.actor}"]'))
            (mine if mine.count() else pieces).first.click()
        # A piece may stand on the space: a finger lands on it there, so the click goes to
        # the space's place on the screen, whatever is drawn on top (no forced click).
        circle = page.locator(f'#board .space.target[data-space="{board.target}"] circle')
        circle.scroll_into_view_if_needed()
        box = circle.bounding_box()
        assert box is not None, board.target
        page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        if board.submits:
            return
        if board.shared:  # several choices lead there: a person opens the one they mean
            _open_if_folded(page, entry)
    else:  # read in the list by its words and picked there, as a person does
        _open_if_folded(page, entry)
    row = _row(page, entry)
    if board is not None and board.asks:  # several values stand for the space: only those
        select = row.locator(f'select[name="f:{board.field}"]')
        expect(select).to_have_count(1)  # a folded choice's row arrives when it is opened
        if not board.shared:  # the one row the space leads to waits on that select
            expect(select).to_be_focused()
        # Listed by destination, then by path: the same values, in the list's order.
        assert sorted(select.locator("option:not([disabled])").all_inner_texts()[1:]) == \
            sorted(board.asks)
    _answer(row, entry)
    row.locator("button[type=submit]:not([name])").last.click()


def re_recorded_by_clicks(page, base_url: str, engine, events: int
                          ) -> list[tuple[Entry, float]]:
    """Record the first ``events`` events of a simulated match of ``engine`` on a new match's
    recorder page by clicks and typing alone; check that the exported log is the document's
    and replays to its checksums. Each event's entry and the seconds it took."""
    document = engine.simulate(seed=SEED)
    document = {**document, "events": document["events"][:events]}
    match = empty_match(engine, document)
    sign_in(page, base_url)
    page.goto(f"{base_url}/matches/{match.pk}/record/")
    reading = engine.interpretation()
    state = engine.initial_state(document["players"], document["setup"])
    done = []
    for event in document["events"]:
        started = time.perf_counter()
        owners: dict[str, set] = {}
        for space, owner in page.eval_on_selector_all(
                "#board .piece", "all => all.map(p => [p.dataset.space, p.dataset.owner])"):
            owners.setdefault(space, set()).add(owner or None)
        entry = entry_for(engine.legal_events(state, reading), event,
                          names_at(engine, state, document["players"]), owners)
        with answered_in_place(page):
            _record(page, entry)
        expect(page.locator("#head-seq")).to_have_text(str(event["seq"]))
        done.append((entry, time.perf_counter() - started))
        state = engine.apply(state, event, reading).state
    assert_recorded_as(match, engine, document)
    return done


@pytest.mark.parametrize("slug", games.available())
def test_a_simulated_match_recorded_by_clicks_and_typing(page, seeded, slug):
    """The first 60 events of a simulated match (or all, if shorter), recorded on the recorder
    page by clicks and typing alone; the exported log is the document's and replays to the
    same checksums."""
    seconds = [took for _entry, took in re_recorded_by_clicks(page, seeded.url, games.get(slug),
                                                               EVENTS)]
    print(f"\n{slug}: {len(seconds)} events recorded by clicks and typing, "
          f"{statistics.median(seconds):.2f} s an event (median)")


def test_every_kind_of_open_field_recorded_by_clicks_and_typing(page, live_server, parlour):
    """The parlour asks for each kind of open field in turn: a draw's two selects, a board
    pick where two ways lead to one room, a number, ticks and counts in order, text with
    suggestions and named details, an open actor."""
    entries = [entry for entry, _took in re_recorded_by_clicks(page, live_server.url, parlour,
                                                               EVENTS)]
    answered = [a for entry in entries for a in entry.answers]
    assert {a.question.kind for a in answered} == {"one-of", "some-of", "number", "text",
                                                   "details"}
    assert any(a.question.name == "actor" for a in answered)
    assert any(e.choice.chance and len(e.answers) == 2 for e in entries)  # selects, not buttons
    assert any(e.board and not e.board.submits for e in entries)  # two ways to one room
    assert any(len(set(a.value)) < len(a.value) for a in answered if a.question.kind ==
               "some-of")  # a charm the hand holds twice, counted
