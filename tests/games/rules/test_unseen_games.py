"""Three games nobody had described in the ``ludoteca.rules/1`` format, written by a collector
from docs/rules-reference.md alone (``tests/games/rules/unseen/<slug>/``: ``rules.yaml`` and
its transcription): Snakes and Ladders (a race with one die, jumps up and down), Hare and
Hounds (a hunt on an eleven-point graph, roles, headings, escape and blocked ends) and Ludo
(four counters a seat, a yard left with a six, captures sending home, safe squares, a track
per colour, all pieces home to win).

Each document checks with no problem and compiles; its engine keeps the contract the seed
engines keep (``games.testing.contract``); matches simulated under every reading reach their
end and replay to the same states; one rule per game is checked against its transcription,
and an illegal recorded event is flagged as a violation citing its clause. A case the
interpreter gets wrong is ``xfail(strict=True)`` with the finding it shows, so it flips when
fixed."""

from __future__ import annotations

import json
import random
from functools import cache
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from archive.parsing import parse_transcription
from games.core.canonical import canonical_json, round_trip
from games.core.choices import covering
from games.core.replay import replay_document
from games.rules import RulesEngine, check_rules, compile_rules, read_rules
from games.testing.contract import engine_problems, offer_problems
from tests.games import contract
from tests.games.rules.play import (
    TWO,
    consulted,
    move,
    pass_turn,
    referee,
    spaces_of,
    start,
    throw,
    violations,
)
from tests.games.rules.seeds import data_engine, folder_passages
from tests.games.test_engine_contract import unfounded, unsettled

UNSEEN = Path(__file__).resolve().parent / "unseen"
SLUGS = sorted(path.parent.name for path in UNSEEN.glob("*/rules.yaml"))
FOUR = [*TWO, {"id": "p3", "name": "Carla"}, {"id": "p4", "name": "Dario"}]
SEEDS = range(1, 9)  # simulated matches per reading
LONGEST = 2000  # events: a simulated match cut here has not finished

# A match simulated under a reading the interpreter gets wrong (FINDINGS.md) never finishes.
# (slug, reading) -> why its simulated matches never end, while a finding stays open.
NEVER_FINISH: dict[tuple[str, str], str] = {}


def passages(slug: str) -> dict[str, str]:
    return folder_passages(UNSEEN / slug)


def text_of(slug: str) -> str:
    return (UNSEEN / slug / "rules.yaml").read_text(encoding="utf-8")


@cache
def checked(slug: str):
    return check_rules(text_of(slug), passages=passages(slug))


def engine(slug: str) -> RulesEngine:
    check = checked(slug)
    assert check.ok, [str(problem) for problem in check.problems]
    return check.engine


def readings(slug: str) -> list[tuple[str, dict[str, str]]]:
    """The default reading and each other option of each point, by name."""
    game = engine(slug)
    return [("default", {})] + [(f"{point.id}={option}", {point.id: option})
                                for point in game.points for option in point.option_ids
                                if option != point.default]


def every_reading() -> list:
    return list(_every_reading())


def _every_reading():
    for slug in SLUGS:
        for name, choices in readings(slug):
            marks = [pytest.mark.xfail(strict=True, reason=NEVER_FINISH[slug, name])] \
                if (slug, name) in NEVER_FINISH else []
            yield pytest.param(slug, choices, id=f"{slug}-{name}", marks=marks)


def states(game, document, reading) -> list[str]:
    return [canonical_json(step.state) for _event, step in
            replay_document(game, document, game.reading(reading))]


@cache
def played(slug: str, seed: int, choices: tuple[tuple[str, str], ...]) -> dict:
    return engine(slug).simulate(seed=seed, max_events=LONGEST, interpretation=dict(choices))


# -- the documents -------------------------------------------------------------------------


def test_the_unseen_games_are_there():
    assert SLUGS == ["halma", "hare-and-hounds", "ludo", "royal-game-of-ur",
                     "snakes-and-ladders"]


@pytest.mark.parametrize("slug", SLUGS)
def test_the_document_checks_with_no_problem_and_compiles(slug):
    check = checked(slug)
    assert [str(problem) for problem in check.problems] == []
    assert check.layout.spaces and check.layout.provenance
    assert check.engine.points and check.engine.out_of_scope
    stored = compile_rules(read_rules(text_of(slug), passages=passages(slug)), slug=slug,
                           name=check.document["name"], version="1", passages=passages(slug))
    assert [point.id for point in stored.points] == [point.id for point in check.engine.points]


@pytest.mark.parametrize("slug", SLUGS)
def test_every_citation_quotes_its_transcription_and_says_what_decides_it(slug):
    game, text = engine(slug), passages(slug)
    citations = [c for point in game.points for c in point.citations]
    citations += [c for certainty in game.certainties for c in certainty.citations]
    assert citations
    assert [c.passage for c in citations if c.passage not in text] == []
    assert [c.quote for c in citations if c.quote not in text[c.passage]] == []
    assert [p for certainty in game.certainties for p in unsettled(certainty)] == []
    assert [p for point in game.points for p in unfounded(point)] == []


def test_a_final_newline_does_not_swallow_the_headings():
    text = (UNSEEN / "ludo" / "ludo.en.txt").read_text(encoding="utf-8") + "\n"
    assert len(parse_transcription("ludo", text).passages) == 7


# -- the engine contract -------------------------------------------------------------------


@pytest.mark.parametrize("slug", SLUGS)
@pytest.mark.parametrize("seed", (1, 2))
def test_the_engine_keeps_the_contract_under_every_reading(slug, seed):
    """Simulation, offers (sound, complete, small, no dead end) and seats, as
    ``engine_problems`` checks a plugin's engine."""
    problems = engine_problems(engine(slug), seed=seed, max_events=200)
    assert problems == [], "\n".join(problems[:12])


@pytest.mark.parametrize("slug", ["snakes-and-ladders", "ludo"])
def test_four_players_take_four_seats(slug):
    game = engine(slug)
    document = game.simulate(seed=3, players=FOUR, max_events=300)
    reading = game.interpretation()
    assert document == game.simulate(seed=3, players=FOUR, max_events=300)
    assert {event["actor"] for event in document["events"]} == {"p1", "p2", "p3", "p4"}
    for _state, event, step in contract.states_of(game, document, reading):
        game.validate_event(event, [p["id"] for p in FOUR])
        assert contract.violations(step) == [], event
    problems = offer_problems(game, document, reading, random.Random(3))
    assert problems == [], "\n".join(problems[:12])


@pytest.mark.parametrize("slug", SLUGS)
@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_an_event_that_applies_without_a_violation_is_offered_once(slug, data):
    game = engine(slug)
    document = played(slug, data.draw(st.integers(1, 8), label="seed"), ())
    reading = game.interpretation()
    before = [state for state, _e, _s in contract.states_of(game, document, reading)]
    state = data.draw(st.sampled_from(before), label="state")
    players = [p["id"] for p in document["players"]]
    event = data.draw(contract.schema_event(game, players, {}), label="event")
    step = game.apply(state, event, reading)
    if not contract.violations(step):
        assert len(covering(game.legal_events(state, reading), event)) == 1, event


# -- simulated matches and their replays ----------------------------------------------------


@pytest.mark.parametrize(("slug", "choices"), every_reading())
def test_simulated_matches_reach_their_end_under_every_reading(slug, choices):
    game = engine(slug)
    finished = 0
    for seed in SEEDS:
        document = played(slug, seed, tuple(choices.items()))
        steps = list(replay_document(game, document, game.reading(choices)))
        assert [v for _e, step in steps for v in violations(step)] == []
        finished += game.finished(steps[-1][1].state)
    assert finished == len(SEEDS), f"{finished} of {len(SEEDS)} finish"


@pytest.mark.parametrize(("slug", "choices"), every_reading())
def test_a_replay_of_a_simulated_match_gives_the_same_states_and_outcome(slug, choices):
    """The match as stored (JSON), replayed by the engine of the stored document (compiled
    again, as a published version is): the same states, step by step, and the same end."""
    game = engine(slug)
    document = played(slug, 1, tuple(choices.items()))
    stored = json.loads(json.dumps(document))
    again = compile_rules(read_rules(text_of(slug), passages=passages(slug)), slug=slug,
                          name=game.name, version="1", passages=passages(slug))
    first, second = states(game, document, choices), states(again, stored, choices)
    assert first == second
    final = json.loads(first[-1])
    assert round_trip(final) == final
    assert game.outcome(final) == again.outcome(json.loads(second[-1]))
    assert game.outcome(final).finished


# -- Snakes and Ladders --------------------------------------------------------------------

SNAKES = "snakes-and-ladders"
LAST = "snakes-and-ladders.last-throw"


def test_a_throw_past_100_stays_bounces_or_wins_by_reading():
    """snakes-and-ladders/the-end: "A counter that cannot reach 100 by its throw stays where it
    is." (snakes-and-ladders.last-throw; the editorial note: counted back, or any throw wins).
    From 96 a six: stays (exact); 100 and two back to 98, the head of a snake, down to 78
    (bounce); 100, and the game is won (any-throw)."""
    game = engine(SNAKES)
    at_96 = start(game, p1=["q96"])
    (six,) = referee(game, at_96, [throw("p1", 6)])
    offered = game.legal_events(six.state, game.interpretation())
    assert [choice.event["type"] for choice in offered] == ["pass"]
    (stays,) = referee(game, six.state, [pass_turn("p1")])
    assert violations(stays) == [] and consulted(stays) == [LAST]
    assert spaces_of(stays.state, "p1") == ["q96"]
    bounce = referee(game, at_96, [throw("p1", 6), move("p1", "q96", "q98")], {LAST: "bounce"})
    assert violations(bounce[-1]) == [] and spaces_of(bounce[-1].state, "p1") == ["q78"]
    assert not game.finished(bounce[-1].state)
    wins = referee(game, at_96, [throw("p1", 6), move("p1", "q96", "q100")], {LAST: "any-throw"})
    assert violations(wins[-1]) == [] and game.outcome(wins[-1].state).winner == "p1"


def test_a_six_gives_another_throw_unless_read_otherwise():
    """snakes-and-ladders/throwing-a-six: "A player who throws a six moves and then throws
    again." (snakes-and-ladders.six-again: some printings give no second throw)."""
    game = engine(SNAKES)
    events = [throw("p1", 6), move("p1", "outside", "q6"), throw("p1", 2)]
    again = referee(game, start(game), events)
    assert [violations(step) for step in again] == [[], [], []]
    assert consulted(again[0]) == ["snakes-and-ladders.six-again"]
    once = referee(game, start(game), events, {"snakes-and-ladders.six-again": "not-again"})
    assert violations(once[-1]) == [("it is Luis's turn, not Ana's; the event is skipped "
                                    "(snakes-and-ladders/the-play)")]


def test_the_ladder_from_80_reaches_100_and_wins():
    """snakes-and-ladders/the-board: "Ladders climb ... from 80 to 100." and
    snakes-and-ladders/the-end: "The first player whose counter reaches square 100 exactly is
    the winner." """
    game = engine(SNAKES)
    step = referee(game, start(game, p1=["q77"]), [throw("p1", 3), move("p1", "q77", "q80")])[-1]
    assert violations(step) == [] and spaces_of(step.state, "p1") == ["q100"]
    assert game.outcome(step.state).reason == ("Ana reaches 100: Ana wins "
                                               "(snakes-and-ladders/the-end)")


def test_a_counter_moved_to_the_wrong_square_is_a_violation_citing_the_play():
    """snakes-and-ladders/the-play: "In turn, each player throws the die and moves the counter
    forward that many squares." A three recorded as a move to 5 (and no ladder climbed)."""
    game = engine(SNAKES)
    steps = referee(game, start(game), [throw("p1", 3), move("p1", "outside", "q5")])
    assert violations(steps[-1]) == [("the counter on Off the board may go to 3, not to 5; taken "
                                     "as recorded (snakes-and-ladders/the-play)")]
    assert [c.passage for f in steps[-1].flags if f.kind == "violation"
            for c in f.citations][:1] == ["snakes-and-ladders/the-play"]
    assert spaces_of(steps[-1].state, "p1") == ["q5"]


def test_a_move_past_100_under_the_exact_reading_cites_the_end():
    """snakes-and-ladders/the-end: "A counter that cannot reach 100 by its throw stays where it
    is." The move 96 -> 100 on a six breaks that sentence, not the-play."""
    game = engine(SNAKES)
    steps = referee(game, start(game, p1=["q96"]), [throw("p1", 6), move("p1", "q96", "q100")])
    (message,) = violations(steps[-1])
    assert message.endswith("(snakes-and-ladders/the-end)"), message


# -- Hare and Hounds -----------------------------------------------------------------------

HARE = "hare-and-hounds"
LUDO = "ludo"
VERTICAL = "hare-and-hounds.hounds-vertical"


def hunt(hounds: list[str], hare: str, turn: str) -> dict:
    state = start(engine(HARE), p1=hounds, p2=[hare])
    state["turn"] = turn
    return state


def test_a_hound_never_goes_back_and_goes_up_and_down_unless_read_otherwise():
    """hare-and-hounds/moving: "The hounds may move forward or straight up and down, but never
    backwards towards the left." (hare-and-hounds.hounds-vertical: some descriptions say they
    must always go forward)."""
    game = engine(HARE)
    state = hunt(["n2", "m1", "s1"], "east", "p1")
    (back,) = referee(game, state, [move("p1", "n2", "n1")])
    assert violations(back) == [("the hound on top middle may go to top right, to the middle, "
                                 "not to top left; taken as recorded (hare-and-hounds/moving)")]
    (down,) = referee(game, state, [move("p1", "m1", "s1")])
    assert violations(down)  # bottom left is taken
    (up,) = referee(game, hunt(["n2", "m1", "s2"], "east", "p1"), [move("p1", "m1", "n1")])
    assert violations(up) == [] and consulted(up) == [VERTICAL]
    (forward_only,) = referee(game, hunt(["n2", "m1", "s2"], "east", "p1"),
                              [move("p1", "m1", "n1")], {VERTICAL: "forward-only"})
    assert violations(forward_only) and consulted(forward_only) == [VERTICAL]


def test_the_hounds_move_first_unless_read_otherwise():
    """hare-and-hounds/moving: "The hounds move first." (hare-and-hounds.first)."""
    game = engine(HARE)
    state = game.initial_state(TWO, {})
    assert {c.actor for c in game.legal_events(state, game.interpretation())} == {"p1"}
    hare_first = game.interpretation({"hare-and-hounds.first": "hare"})
    assert {c.actor for c in game.legal_events(state, hare_first)} == {"p2"}


def test_the_hounds_win_by_trapping_the_hare():
    """hare-and-hounds/winning: "The hounds win when the hare is trapped and cannot move." The
    hare on the right end; a hound closes the middle right point."""
    game = engine(HARE)
    (step,) = referee(game, hunt(["n3", "m2", "s3"], "east", "p1"), [move("p1", "m2", "m3")])
    outcome = game.outcome(step.state)
    assert violations(step) == [] and (outcome.finished, outcome.winner) == (True, "p1")
    assert outcome.reason == "Luis cannot move: Ana wins (hare-and-hounds/winning)"


def test_the_hare_wins_past_the_hounds_on_the_left_end_and_the_hounds_there_do_not():
    """hare-and-hounds/winning: "The hare wins when it gets past the hounds and reaches the left
    end point" (simplified: reaching it). A hound starts there and wins nothing (the end names
    the hare's piece)."""
    game = engine(HARE)
    assert not game.finished(game.initial_state(TWO, {}))
    (step,) = referee(game, hunt(["n2", "m2", "s2"], "m1", "p2"), [move("p2", "m1", "west")])
    outcome = game.outcome(step.state)
    assert violations(step) == [] and (outcome.finished, outcome.winner) == (True, "p2")


def test_the_hare_wins_when_the_hounds_cannot_move():
    """hare-and-hounds/winning: "If the hounds cannot move, the hare has won." """
    game = engine(HARE)
    (step,) = referee(game, hunt(["east", "n3", "m3"], "s2", "p2"), [move("p2", "s2", "s3")])
    assert game.outcome(step.state).reason == ("Ana cannot move: Luis wins "
                                               "(hare-and-hounds/winning)")


def test_the_hare_moving_onto_a_hound_is_a_violation_citing_moving():
    """hare-and-hounds/moving: "The players move in turn, one piece one point at a time along a
    line to an empty point." and "There is no taking"."""
    game = engine(HARE)
    (step,) = referee(game, hunt(["n2", "m2", "s2"], "m3", "p2"), [move("p2", "m3", "m2")])
    assert violations(step) == [("the hare on middle right may go to top right, to bottom "
                                 "right, to the right end, not to the middle; taken as recorded "
                                 "(hare-and-hounds/moving)")]
    assert sorted(spaces_of(step.state, "p1")) == ["m2", "n2", "s2"]  # nothing taken


def test_the_hare_moving_onto_a_hound_cites_the_hares_own_rule():
    game = engine(HARE)
    (step,) = referee(game, hunt(["n2", "m2", "s2"], "m3", "p2"), [move("p2", "m3", "m2")])
    quotes = [c.quote for f in step.flags if f.kind == "violation" for c in f.citations]
    assert "The hare may move in any direction." in quotes, quotes
    assert not any(quote.startswith("The hounds may move") for quote in quotes), quotes


# -- Ludo ----------------------------------------------------------------------------------

ENTER_ON_SEVEN = """\
format: ludoteca.rules/1
game: example
name: A race out of a yard
players: {min: 2, max: 2}
out_of_scope: ["nothing: this is an example"]
board:
  width: 300
  height: 100
  provenance: {source: "drawn for this page"}
  spaces:
    - {id: yard1, name: The Yard, kind: yard, at: [25, 90], shared: true}
    - {id: start, name: Start, kind: start, at: [25, 50], shared: true}
    - {id: s1, name: "1", kind: plain, at: [75, 50]}
    - {id: home, name: Home, kind: home, at: [125, 50]}
  regions:
    - {id: yard, name: the yard, spaces: [yard1]}
  tracks:
    - {id: lane, name: the lane, spaces: [start, s1, home]}
pieces:
  - {kind: pawn, name: pawn, start: yard}
dice:
  - {id: die, name: the die, count: 1, faces: [1, 2, 3, 4, 5, 6]}
turn:
  stages:
    - throw: die
    - act: [enter, advance]
  cite: {passage: example/play, quote: "Throw the die, then move."}
actions:
  - {id: enter, kind: enter, from: yard, to: start, throws: [7],
     cite: {passage: example/play, quote: "A seven brings a pawn out of the yard."}}
  - {id: advance, kind: race, track: lane, dice: die,
     cite: {passage: example/play, quote: "Throw the die, then move."}}
end:
  - {reach: home, winner: player, cite: {passage: example/end, quote: "The first home wins."}}
"""


def test_an_enter_on_a_total_the_die_cannot_show_is_a_problem():
    """Written while describing Ludo (``throws: [6]`` mistyped): no pawn can ever leave the
    yard, so the end can never come; the check finds nothing and its sample is 2,000 events
    of throws and passes."""
    check = check_rules(ENTER_ON_SEVEN)
    assert [p.path for p in check.problems] == ["actions[0].throws[0]"]


def decision(slug: str, certainty_id: str) -> str:
    return next(c.decision for c in engine(slug).certainties if c.id == certainty_id)


def test_the_ludo_end_is_shown_as_all_four_counters_home():
    """ludo/winning: "The first player to bring all four counters home wins." """
    assert "all" in decision(LUDO, "ludo.end.0")


def test_the_hares_escape_is_shown_as_the_hare_reaching_the_left_end():
    """hare-and-hounds/winning: "The hare wins when it gets past the hounds and reaches the left
    end point" (a hound standing there wins nothing)."""
    assert "hare reaches" in decision(HARE, "hare-and-hounds.end.1")


LOTS_RACE = """\
format: ludoteca.rules/1
game: example
name: A race by lots
players: {min: 2, max: 2}
out_of_scope: ["nothing: this is an example"]
board:
  width: 300
  height: 100
  provenance: {source: "drawn for this page"}
  spaces:
    - {id: start, name: Start, kind: start, at: [25, 50], shared: true}
    - {id: s1, name: "1", kind: plain, at: [75, 50], shared: true}
    - {id: s2, name: "2", kind: plain, at: [125, 50], shared: true}
    - {id: home, name: Home, kind: home, at: [175, 50], shared: true}
  tracks:
    - {id: lane, name: the lane, spaces: [start, s1, s2, home]}
pieces:
  - {kind: pawn, name: pawn, count: 2, start: start}
dice:
  - {id: lots, name: the lots, count: 1, faces: [0, 1, 2]}
turn:
  stages:
    - throw: lots
    - act: [advance]
  cite: {passage: example/play, quote: "Throw the lots, then move a pawn by them."}
actions:
  - {id: advance, kind: race, track: lane, dice: lots, past_end: PAST_END,
     cite: {passage: example/play, quote: "Throw the lots, then move a pawn by them."}}
end:
  - {reach: home, all: true, winner: player,
     cite: {passage: example/end, quote: "The first with both pawns home wins."}}
"""


@pytest.mark.parametrize("past_end", ["stop", "bounce", "exact"])
def test_a_pawn_home_has_run_its_race_and_a_nought_moves_nothing(past_end):
    """The race's construct in the reference: a piece on its track's last space has come to
    the end of its race, whatever ``past_end`` says; a throw that counts nothing moves no piece
    (found describing Ludo: home → home under ``stop``, out of home again under ``bounce``)."""
    check = check_rules(LOTS_RACE.replace("PAST_END", past_end))
    assert check.ok, [str(problem) for problem in check.problems]
    game = check.engine
    state = start(game, p1=["home", "s1"])
    (two,) = referee(game, state, [throw("p1", 2)])
    offered = [c.origin for c in game.legal_events(two.state, game.interpretation())
               if c.type == "move"]
    assert offered == ["s1"], offered
    (moved_home,) = referee(game, two.state, [move("p1", "home", "s1")])
    assert violations(moved_home), "a pawn home moved back onto the lane"
    (nought,) = referee(game, state, [throw("p1", 0)])
    assert not [c for c in game.legal_events(nought.state, game.interpretation())
                if c.type == "move"]


def test_the_lists_of_decisions_say_places_headings_and_plurals_in_words():
    """Found describing these games: an enter's space said by its id, a step's headings left
    out, "the Hare win", "13 gooses", "several jumps: True"."""
    ludo = {c.id: c.decision for c in engine(LUDO).certainties}
    assert ludo["ludo.actions.0"] == "a piece enters from the red yard to Red start (1)"
    hare = {c.id: c.decision for c in engine(HARE).certainties}
    assert hare["hare-and-hounds.actions.1"].startswith(
        "a piece steps to a neighbouring space (any heading)")
    assert hare["hare-and-hounds.end.1"].endswith("the game is won by the Hare")
    fox = {c.id: c.decision for c in data_engine("fox-and-geese").certainties}
    assert fox["fox-and-geese.pieces.1"] == "the Geese: 13 geese"
    assert "several jumps: yes" in fox["fox-and-geese.actions.1"]


def test_a_piece_may_give_its_plural():
    """The reference's ``plural`` (pieces): the word for several where English's rule is wrong."""
    text = LOTS_RACE.replace("PAST_END", "stop").replace(
        "{kind: pawn, name: pawn, count: 2, start: start}",
        "{kind: pawn, name: vole of the field, plural: voles of the field, count: 2, "
        "start: start}").replace("{reach: home, all: true,", "{reach: home, all: true, "
                                 "pieces: [pawn],")
    check = check_rules(text)
    assert check.ok, [str(problem) for problem in check.problems]
    words = {c.id: c.decision for c in check.engine.certainties}
    assert words["example.end.0"].startswith("all of a player's voles of the field reach")


def test_another_throw_on_a_total_the_dice_cannot_show_is_a_problem():
    """As ``throws`` on an enter (F4): ``again_on: [7]`` with one six-sided die never gives
    the extra throw the rulebook describes, so the check names the total."""
    text = ENTER_ON_SEVEN.replace("throws: [7]", "throws: [6]").replace(
        "    - throw: die\n", "    - throw: die\n      again_on: [6, 7]\n")
    check = check_rules(text)
    assert [(p.path, p.message) for p in check.problems] == [
        ("turn.stages[0].again_on[1]", "7 is not a total the die can show (1, 2, 3, 4, 5, 6)")]
    assert check_rules(text.replace("again_on: [6, 7]", "again_on: [6]")).ok
