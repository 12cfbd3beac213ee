"""The Game of the Goose, refereed from its rules document alone (archive/seed/rules/goose):
each test quotes the sentence of goose.en.txt it checks."""

from __future__ import annotations

import json

from games.core.replay import replay_document
from tests.games.rules.play import (
    consulted,
    move,
    pass_turn,
    referee,
    spaces_of,
    start,
    throw,
    violations,
)
from tests.games.rules.seeds import DATA_GAMES, data_engine

ENGINE = data_engine("goose")
INN_ONE = {"goose.inn": "one"}


def test_the_bridge_carries_a_pawn_to_twelve():
    """goose/the-bridge: "A pawn that lands on the Bridge, space 6, crosses it to space 12." """
    steps = referee(ENGINE, start(ENGINE), [throw("p1", 2, 4), move("p1", "s0", "s6")])
    assert violations(steps[-1]) == []
    assert spaces_of(steps[-1].state, "p1") == ["s12"]


def test_a_goose_moves_a_pawn_on_by_the_same_throw_again_and_again():
    """goose/the-geese: "A pawn that lands on a goose moves on again by the same throw, in the
    direction it was moving." From 1, a throw of 4 lands on 5, then 9, 13."""
    state = start(ENGINE, p1=["s1"])
    steps = referee(ENGINE, state, [throw("p1", 1, 3), move("p1", "s1", "s5")])
    assert violations(steps[-1]) == [] and spaces_of(steps[-1].state, "p1") == ["s13"]
    assert "on to Goose (9), on to 13" in steps[-1].summary


def test_the_first_throw_of_nine_goes_to_twenty_six_or_fifty_three():
    """goose/the-first-throw: "A player who throws nine at the first throw, with six and three,
    goes at once to space 26; with five and four, to space 53." """
    for dice, end in (((6, 3), "s26"), ((3, 6), "s26"), ((5, 4), "s53")):
        steps = referee(ENGINE, start(ENGINE), [throw("p1", *dice), move("p1", "s0", end)])
        assert violations(steps[-1]) == [], dice
        assert spaces_of(steps[-1].state, "p1") == [end]
    wrong = referee(ENGINE, start(ENGINE), [throw("p1", 6, 3), move("p1", "s0", "s9")])[-1]
    assert violations(wrong) == [("the pawn on Start may go to 26, not to Goose (9); taken as "
                                 "recorded (goose/moving)")]


def test_a_later_nine_from_the_start_counts_as_any_throw_unless_read_otherwise():
    """goose.first-throw: "at the first throw" (default): a pawn back on the start throwing
    nine again follows the geese; read from the start, it goes to 26."""
    state = start(ENGINE)
    state["thrown"]["p1"] = 3
    events = [throw("p1", 6, 3), move("p1", "s0", "s9")]
    steps = referee(ENGINE, state, events)
    assert violations(steps[-1]) == [] and spaces_of(steps[-1].state, "p1") == ["s63"]
    assert consulted(steps[-1]) == ["goose.first-throw"]
    later = referee(ENGINE, state, [throw("p1", 6, 3), move("p1", "s0", "s26")],
                    {"goose.first-throw": "from-the-start"})
    assert violations(later[-1]) == [] and spaces_of(later[-1].state, "p1") == ["s26"]


def test_a_throw_beyond_sixty_three_is_counted_back():
    """goose/the-end: "A throw that would take a pawn beyond 63 is counted back from 63 by the
    spaces left over." From 60, five is 63 and two back: 61."""
    steps = referee(ENGINE, start(ENGINE, p1=["s60"]), [throw("p1", 2, 3),
                                                         move("p1", "s60", "s61")])
    assert violations(steps[-1]) == [] and spaces_of(steps[-1].state, "p1") == ["s61"]
    assert not ENGINE.finished(steps[-1].state)


def test_the_first_to_land_exactly_on_sixty_three_wins():
    """goose/the-end: "The first pawn to land exactly on space 63, the Garden of the Goose,
    wins." """
    steps = referee(ENGINE, start(ENGINE, p1=["s60"]), [throw("p1", 1, 2),
                                                         move("p1", "s60", "s63")])
    outcome = ENGINE.outcome(steps[-1].state)
    assert (outcome.finished, outcome.winner) == (True, "p1")
    assert ENGINE.legal_events(steps[-1].state, ENGINE.interpretation()) == []


def test_a_pawn_landed_on_sends_the_other_back_where_the_newcomer_came_from():
    """goose/moving: "A pawn that lands on a space where another pawn stands sends that pawn
    back to the space from which the newcomer came, and takes its place." """
    state = start(ENGINE, p1=["s3"], p2=["s10"])
    steps = referee(ENGINE, state, [throw("p1", 3, 4), move("p1", "s3", "s10")])
    assert violations(steps[-1]) == []
    assert (spaces_of(steps[-1].state, "p1"), spaces_of(steps[-1].state, "p2")) == (
        ["s10"], ["s3"])


def test_the_inn_costs_two_turns_or_one_as_read():
    """goose/the-inn: "A pawn that lands on the Inn, space 19, stays there and loses two
    turns." (goose.inn; other versions: one)."""
    state = start(ENGINE, p1=["s15"])
    arrive = [throw("p1", 1, 3), move("p1", "s15", "s19"), throw("p2", 1, 1),
              move("p2", "s0", "s2")]
    two_turns = referee(ENGINE, state, [*arrive, pass_turn("p1"), throw("p2", 1, 2),
                                        move("p2", "s2", "s5"), pass_turn("p1")])
    assert consulted(two_turns[1]) == ["goose.inn"]
    assert [violations(step) for step in two_turns] == [[]] * 8
    one_turn = referee(ENGINE, state, [*arrive, pass_turn("p1"), throw("p2", 1, 2),
                                       move("p2", "s2", "s5"), throw("p1", 1, 1)], INN_ONE)
    assert [violations(step) for step in one_turn] == [[]] * 8
    refused = referee(ENGINE, state, [*arrive, throw("p1", 1, 1)])[-1]
    assert violations(refused) == [("Ana must pass (a turn sat out), not throw; the throw is "
                                   "skipped (goose/moving)")]


def test_the_well_holds_a_pawn_until_another_falls_in():
    """goose/the-well: "A pawn that falls into the Well, space 31, stays there until another
    pawn falls in and takes its place." (goose.well; other versions: two turns)."""
    state = start(ENGINE, p1=["s27"], p2=["s25"])
    steps = referee(ENGINE, state, [throw("p1", 2, 2), move("p1", "s27", "s31"),
                                    throw("p2", 3, 3), move("p2", "s25", "s31")])
    assert [violations(step) for step in steps] == [[]] * 4
    after = steps[-1].state
    assert spaces_of(after, "p1") == ["s25"] and spaces_of(after, "p2") == ["s31"]
    assert [piece[3] for piece in after["pieces"]] == [False, True]  # p2 waits now
    two = referee(ENGINE, state, [throw("p1", 2, 2), move("p1", "s27", "s31")],
                  {"goose.well": "two-turns"})[-1]
    assert two.state["lost"]["p1"] == 2 and not two.state["pieces"][0][3]


def test_a_waiting_pawn_may_only_pass():
    state = start(ENGINE, p1=["s27"])
    steps = referee(ENGINE, state, [throw("p1", 2, 2), move("p1", "s27", "s31"),
                                    throw("p2", 1, 1), move("p2", "s0", "s2")])
    choices = ENGINE.legal_events(steps[-1].state, ENGINE.interpretation())
    assert [(choice.type, choice.label) for choice in choices] == [
        ("pass", "Ana waits to be released")]


def test_the_maze_sends_back_to_thirty_nine_or_thirty():
    """goose/the-maze: "A pawn that lands in the Maze, space 42, loses its way and goes back to
    space 39." (goose.maze; the French versions: 30)."""
    state = start(ENGINE, p1=["s40"])
    events = [throw("p1", 1, 1), move("p1", "s40", "s42")]
    assert spaces_of(referee(ENGINE, state, events)[-1].state, "p1") == ["s39"]
    french = referee(ENGINE, state, events, {"goose.maze": "30"})[-1]
    assert spaces_of(french.state, "p1") == ["s30"] and consulted(french) == ["goose.maze"]


def test_death_sends_a_pawn_back_to_the_start():
    """goose/death: "A pawn that lands on Death, space 58, goes back to the start and begins
    again." """
    steps = referee(ENGINE, start(ENGINE, p1=["s55"]), [throw("p1", 1, 2),
                                                         move("p1", "s55", "s58")])
    assert violations(steps[-1]) == [] and spaces_of(steps[-1].state, "p1") == ["s0"]


def test_a_throw_is_a_chance_choice_with_the_odds_of_two_dice():
    """goose/moving: "each player throws both dice": 36 throws, each one chance in 36; then
    one move, its path fixed."""
    (choice,) = ENGINE.legal_events(start(ENGINE), ENGINE.interpretation())
    assert choice.chance and choice.type == "throw"
    domain = choice.field("dice").domain
    assert len(domain.values) == 36 and domain.odds() == tuple([1 / 36] * 36)
    after = referee(ENGINE, start(ENGINE), [throw("p1", 2, 2)])[-1].state
    (move_choice,) = ENGINE.legal_events(after, ENGINE.interpretation())
    assert move_choice.event == {"type": "move", "actor": "p1", "data": {"path": ["s0", "s4"]}}
    assert move_choice.label == "Ana moves the pawn from Start to 4"


def test_the_sample_with_both_pawns_held_ends_differently_under_two_readings():
    """goose.all-held (no version says): under the default 'release' Ana goes on to win; under
    'end' the game stops at seq 24 with no winner."""
    document = json.loads((DATA_GAMES / "goose" / "samples" / "both-held.json").read_text())
    released = list(replay_document(ENGINE, document))
    ended = list(replay_document(ENGINE, document, ENGINE.interpretation(
        {"goose.all-held": "end"})))
    assert not any(violations(step) for _event, step in released)
    first, second = ENGINE.outcome(released[-1][1].state), ENGINE.outcome(ended[-1][1].state)
    assert (first.finished, first.winner) == (True, "p1")
    assert (second.finished, second.winner) == (True, None)
    assert second.reason.startswith("every player waits to be released")
    assert ENGINE.outcome(ended[23][1].state).finished
    assert not ENGINE.outcome(ended[22][1].state).finished


def test_a_goose_reached_counting_back_sends_the_pawn_further_back():
    """goose/the-geese: "… moves on again by the same throw, in the direction it was
    moving." From 62, five is 63 and four back: 59, a goose, then 54, a goose, then 49."""
    steps = referee(ENGINE, start(ENGINE, p1=["s62"]), [throw("p1", 2, 3),
                                                         move("p1", "s62", "s59")])
    assert violations(steps[-1]) == [] and spaces_of(steps[-1].state, "p1") == ["s49"]
    assert steps[-1].summary == ("Ana moves the pawn from 62 to Goose (59): on to Goose (54), "
                                 "on to 49")
