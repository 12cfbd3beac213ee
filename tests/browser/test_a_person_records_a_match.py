"""Issue 37, item 9: the recorder tried in Chromium as a person transcribing a score sheet
does it, for every game (the four seed games and the two described as data): from the home
page to the game, its matches and "Record a new match" (the game chosen already), the players
typed into their rows, then the events of the sheet recorded by reading the list of choices
and clicking (a throw's outcome, a piece and its highlighted space, a choice's button and its
open fields), no filter typed and no forced click; one event undone and recorded again; then
a variation made from a step page and continued on its own recorder.

One event of the sheet is recorded through its choice's "as played…" link instead (the
pre-fill): what the choice fixes is shown kept in the game's words, only its open fields are
answered, in the words the choice offers (a path begun where the choice starts it), checked,
then recorded. It is the first event whose choice is a decision with an open field (the sheet
is read further when needed: Gothic's first is its twelfth event, a card traded); the Game of
the Goose has none (a throw decides every move), so there it is the first move, all of it kept.

At the end of the sheet a move the rules do not offer, as a historical sheet may hold it, is
entered in "Record a move as played" by the game's words alone (what happened, who, spaces by
name), checked with its flag shown, kept with its violation, read in the last events as who
did what, replayed with its flag, then undone.

The sheet is a match the shared agents play with the players and setup the form made, so
what the person should record is known; at the end the log, read with its corrections, is
the sheet's, and the variation holds the sheet's first events and the one recorded on it."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

import games
from games.core.choices import ACTOR, covering
from games.core.replay import collect_corrections, effective_events
from replay.models import Event, Match
from tests.browser.conftest import answered_in_place, sign_in
from tests.browser.test_recorder_in_chromium import _open_if_folded, _record, _row
from tests.recording import entry_for, names_at

pytestmark = pytest.mark.browser

SEED_GAMES = ["dagon", "dylan-dog", "fury-of-dracula", "gothic"]
DATA_GAMES = ["goose", "fox-and-geese"]
SHEET_EVENTS = 6
UNDONE = 3  # the event taken back and recorded again
BRANCH_AT = 2  # the step the variation starts after
NAMES = ["Ana", "Luis", "Carla", "Marta", "Bruno", "Elsa"]
GAME_EVENT = ("annotation", "correction")
PREFILL_WITHIN = 20  # how far the sheet is read for a choice with an open field

# At the end of the sheet, a move the rules do not offer there, in the game's words: what
# happened (the start of its words in the list), who, each field by the start of its label
# and what is typed or chosen in it; then the data the record stores for it.
NOT_OFFERED = {
    "dagon": ("Move", "Ana", {
        "From the current space": "Shore 4 → White circle at the tail of the Creature of "
                                  "the Lagoon"},
        {"path": ["i4", "tail"]}),
    "dylan-dog": ("Enter crypt", "Ana", {"The crypt": "TEMPO"}, {"crypt": "TEMPO"}),
    "fury-of-dracula": ("Move", "Ana", {"Mode": "road", "Path": "English Channel → London"},
                        {"mode": "road", "path": ["english-channel", "london"]}),
    "gothic": ("Move", "Luis", {  # a square's name holds a comma
        "Squares/room entered": "the west battlements, 5th square from the north → the "
                                "battlements inside the West Gate"},
        {"path": ["x0y5", "x0y6"]}),
    "goose": ("Move", "Ana", {"From the piece's space": "20 → 26"}, {"path": ["s20", "s26"]}),
    "fox-and-geese": ("Move", "Luis", {"From the piece's space": "19 → 12"},
                      {"path": ["p19", "p12"]}),
}


def record_one(page, engine, state, event, players, reading) -> dict:
    """One event of the sheet, by reading the page and clicking; the state after it."""
    owners: dict[str, set] = {}
    for space, owner in page.eval_on_selector_all(
            "#board .piece", "all => all.map(p => [p.dataset.space, p.dataset.owner])"):
        owners.setdefault(space, set()).add(owner or None)
    entry = entry_for(engine.legal_events(state, reading), event,
                      names_at(engine, state, players), owners)
    with answered_in_place(page):
        _record(page, entry)
    return engine.apply(state, event, reading).state


def first_as_played(engine, sheet: list[dict], players, setup, reading) -> int:
    """The seq of the event recorded through "as played…": the first whose choice is a
    decision with an open field, else the first decision."""
    state = engine.initial_state(players, setup)
    decisions = []
    for event in sheet[:PREFILL_WITHIN]:
        (choice,) = covering(engine.legal_events(state, reading), event)
        if not choice.chance:
            if choice.fields:
                return event["seq"]
            decisions.append(event["seq"])
        state = engine.apply(state, event, reading).state
    return decisions[0]


def on_the_sheet(value, names) -> str:
    """A value of the record as the sheet says it: players and spaces by name, a path space
    by space."""
    if isinstance(value, list):
        return " → ".join(names.get(item, item) for item in value)
    return names.get(value, value) if isinstance(value, str) else str(value)


def record_as_played_from_its_choice(page, engine, state, event, match, reading) -> dict:
    """One event of the sheet recorded from its choice's "as played…" link: what the choice
    fixes is kept and said; each open field is answered in the words the choice offers (a
    path, begun at the choice's start, finished by typing its spaces' names); checked, then
    recorded. The state after it."""
    names = names_at(engine, state, match.players)
    entry = entry_for(engine.legal_events(state, reading), event, names, {})
    _open_if_folded(page, entry)
    with page.expect_navigation():
        _row(page, entry).get_by_role("link", name="as played…").click()
    form = page.locator("#as-played form.stacked")
    kept = form.locator(".as-played-kept")
    open_fields = {answer.question.name for answer in entry.answers}
    if ACTOR not in open_fields:
        expect(kept).to_contain_text(f"Kept from the choice: {names[event['actor']]}")
    for value in (entry.choice.event.get("data") or {}).values():
        expect(kept).to_contain_text(on_the_sheet(value, names))
    for answer in entry.answers:
        if answer.question.name == ACTOR:
            form.get_by_label("Who", exact=True).select_option(label=answer.labels[0])
            continue
        box = form.locator(f"#ap-{answer.question.name}")
        expect(form.get_by_label(answer.question.prompt, exact=False)).to_have_count(1)
        if box.evaluate("e => e.tagName") == "SELECT":
            box.select_option(label=answer.labels[0])  # the choice's words for it
        elif box.input_value():  # a path begun where the choice starts it
            start, *rest = answer.value
            expect(box).to_have_value(f"{names.get(start, start)} → ")
            box.press("End")
            box.press_sequentially(" → ".join(names.get(space, space) for space in rest))
        elif box.get_attribute("list"):  # typed, from the words the page suggests
            said = answer.labels[0] if answer.question.kind == "one-of" else answer.text
            suggested = page.locator(f"datalist#{box.get_attribute('list')} option")
            assert said in suggested.evaluate_all("all => all.map(o => o.value)"), said
            box.fill(said)
        else:
            box.fill(answer.text)
    with page.expect_navigation():
        form.get_by_role("button", name="Check it").click()
    expect(form.locator(".preview strong")).to_be_visible()  # the move, in the game's words
    expect(form.locator(".preview .flag-violation")).to_have_count(0)  # it breaks no rule
    with page.expect_navigation():
        form.get_by_role("button", name="Record it").click()
    recorded = Event.objects.filter(match=match).order_by("-seq").first()
    assert (recorded.type, recorded.actor, recorded.data) == (
        event["type"], event["actor"], event["data"])
    return engine.apply(state, event, reading).state


def record_a_move_not_offered(page, slug, match, head: int) -> None:
    """The move of NOT_OFFERED entered by its words, checked (its flag shown), kept with its
    violation, read as who did what, replayed with its flag; then undone."""
    from replay.runs.replaying import replay_match

    kind, who, fields, stored = NOT_OFFERED[slug]
    form = page.locator("#as-played form.stacked")
    kinds = page.locator("#ap-type option").filter(has_text=re.compile(rf"^{kind} — "))
    with page.expect_navigation():  # choosing the kind of event asks for its fields
        page.get_by_label("What happened").select_option(kinds.get_attribute("value"))
    form.get_by_label("Who", exact=True).select_option(label=who)
    for label, words in fields.items():
        box = form.get_by_label(re.compile(rf"^{re.escape(label)}"))
        if box.evaluate("e => e.tagName") == "SELECT":
            box.select_option(label=words)
        else:
            box.fill(words)
    with page.expect_navigation():
        form.get_by_role("button", name="Check it").click()
    expect(form.locator(".preview .flag-violation").first).to_be_visible()
    assert Event.objects.filter(match=match).count() == head  # checking stores nothing
    with page.expect_navigation():
        form.get_by_role("button", name="Keep it as played, with its violation").click()
    expect(page.locator(".messages")).to_contain_text("kept as played, with its flags")
    expect(page.locator("#head-seq")).to_have_text(str(head + 1))
    said = page.locator(".recent .log li").first
    expect(said).to_contain_text(f"as recorded: {kind.lower()} by {who}")
    for words in fields.values():  # what they did, in the words typed
        for part in re.split(r" → ", words):
            expect(said).to_contain_text(part, ignore_case=True)
    recorded = Event.objects.get(match=match, seq=head + 1)
    player = next(p["id"] for p in match.players if p["name"] == who)
    assert (recorded.type, recorded.actor, recorded.data) == (kind.lower().replace(" ", "_"),
                                                              player, stored)
    run = replay_match(match=match)
    assert not run.steps.get(seq=head + 1).legal
    assert run.flags.filter(seq=head + 1, kind="violation").exists()
    with answered_in_place(page):  # the sheet does not hold it: taken back
        page.get_by_role("button", name=re.compile(rf"^Undo event {head + 1}: ")).click()
    expect(page.locator("#head-seq")).to_have_text(str(head + 2))


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
    reading = engine.interpretation()
    as_played = first_as_played(engine, sheet["events"], match.players, match.setup, reading)
    length = max(SHEET_EVENTS, as_played)
    events = sheet["events"][:length]
    assert len(events) == length, f"{slug}: the sheet is {len(events)} events long"

    state = engine.initial_state(match.players, match.setup)
    states = [state]
    head = 0
    for event in events:
        if event["seq"] == as_played:
            state = record_as_played_from_its_choice(page, engine, state, event, match, reading)
        else:
            state = record_one(page, engine, state, event, match.players, reading)
        head += 1
        expect(page.locator("#head-seq")).to_have_text(str(head))
        if event["seq"] == UNDONE:  # a slip: taken back, then recorded again
            with answered_in_place(page):
                page.get_by_role("button", name=re.compile(rf"^Undo event {head}: ")).click()
            head += 1  # the correction is an event of its own: history is kept
            expect(page.locator("#head-seq")).to_have_text(str(head))
            state = record_one(page, engine, states[-1], event, match.players, reading)
            head += 1
            expect(page.locator("#head-seq")).to_have_text(str(head))
        states.append(state)
    record_a_move_not_offered(page, slug, match, head)
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
