"""The interpreter's rules for any document (docs/rules-reference.md): what a violation leaves
behind, the turn's stages, chance, hidden hands, entering, capturing, passing effects, and
points read only where they decide. Each test breaks or extends the small race of
``documents.MINI``."""

from __future__ import annotations

import random

import pytest

from games.rules import check_rules
from tests.games.rules.documents import MINI, changed
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


def engine_of(text: str = MINI):
    check = check_rules(text, sample=False)
    assert check.ok, [str(p) for p in check.problems]
    return check.engine


ENGINE = engine_of()
DEFAULT = ENGINE.interpretation()


def draw(actor: str, deck: str, card: str) -> dict:
    return {"type": "draw", "actor": actor, "data": {"deck": deck, "card": card}}


def test_a_move_the_rules_forbid_is_flagged_and_taken_as_recorded():
    """The pawn is set where the record says; the bridge it was set on does nothing; the
    turn goes on to the next player."""
    steps = referee(ENGINE, start(ENGINE), [throw("p1", 1), move("p1", "s0", "s2")])
    assert violations(steps[-1]) == [("the pawn on Start may go to 1, not to 2; taken as "
                                     "recorded (mini/play)")]
    after = steps[-1].state
    assert spaces_of(after, "p1") == ["s2"] and after["turn"] == "p2"
    assert [c.passage for f in steps[-1].flags for c in f.citations] == ["mini/play"]


def test_events_out_of_turn_or_out_of_order_are_skipped():
    state = start(ENGINE)
    (early,) = referee(ENGINE, state, [throw("p2", 3)])
    assert violations(early) == [("it is Ana's turn, not Luis's; the event is skipped "
                                 "(mini/play)")] and early.state == state
    (unthrown,) = referee(ENGINE, state, [move("p1", "s0", "s3")])
    assert violations(unthrown) == [("Ana must throw the die, not move; the move is skipped "
                                    "(mini/play)")] and unthrown.state == state


def test_a_pass_the_rules_do_not_allow_ends_the_turn_all_the_same():
    (step,) = referee(ENGINE, start(ENGINE), [pass_turn("p1")])
    assert violations(step) == [("Ana must throw the die, not pass; the turn ends all the same "
                                "(mini/play)")]
    assert step.state["turn"] == "p2"


def test_a_face_the_die_does_not_have_is_taken_as_thrown():
    engine = engine_of(changed("faces: [1, 2, 3, 4, 5, 6]", "faces: [2, 4, 6]"))
    (step,) = referee(engine, start(engine), [throw("p1", 3)])
    assert violations(step) == [("[3] is not a throw of 1 dice with faces 2, 4, 6; taken as "
                                "thrown (mini/play)")]
    assert step.state["throw"] == [3] and step.state["stage"] == 1


def test_a_throw_again_on_gives_the_same_player_another_turn():
    engine = engine_of(changed("    - {throw: die}", "    - {throw: die, again_on: [6]}"))
    steps = referee(engine, start(engine), [throw("p1", 6), move("p1", "s0", "s6")])
    assert steps[-1].state["turn"] == "p1" and not steps[-1].state["extra"]
    steps = referee(engine, start(engine), [throw("p1", 4), move("p1", "s0", "s4")])
    assert steps[-1].state["turn"] == "p2"


def test_an_optional_stage_may_be_left_for_a_pass_that_ends_the_turn():
    engine = engine_of(changed("    - {act: [advance]}", "    - {act: [advance], optional: true}"))
    (thrown,) = referee(engine, start(engine), [throw("p1", 4)])
    labels = [c.label for c in engine.legal_events(thrown.state, DEFAULT)]
    assert labels == ["Ana ends the turn", "Ana moves the pawn from Start to 4"]
    (passed,) = referee(engine, thrown.state, [pass_turn("p1")])
    assert violations(passed) == [] and passed.state["turn"] == "p2"


def test_a_point_is_read_only_where_it_decides():
    """mini.inn decides what the inn does: read when a pawn rests there, not on other moves."""
    plain = referee(ENGINE, start(ENGINE), [throw("p1", 1), move("p1", "s0", "s1")])
    assert [consulted(step) for step in plain] == [[], []]
    inn = referee(ENGINE, start(ENGINE), [throw("p1", 3), move("p1", "s0", "s3")])
    assert consulted(inn[-1]) == ["mini.inn"] and inn[-1].state["lost"]["p1"] == 2
    one = referee(ENGINE, start(ENGINE), [throw("p1", 3), move("p1", "s0", "s3")],
                  {"mini.inn": "one"})
    assert one[-1].state["lost"]["p1"] == 1


def test_a_space_passed_over_may_stop_a_move():
    engine = engine_of(changed('{id: s4, name: "4", kind: plain, at: [40, 10]}',
                               '{id: s4, name: "4", kind: river, at: [40, 10], '
                               'passing: {stop: true}}'))
    (thrown,) = referee(engine, start(engine), [throw("p1", 6)])
    (choice,) = engine.legal_events(thrown.state, DEFAULT)
    assert choice.event["data"] == {"path": ["s0", "s4"]}


def test_a_capture_takes_the_piece_off_the_board():
    engine = engine_of(changed("occupied: swap", "occupied: capture"))
    state = start(engine, p1=["s1"], p2=["s4"])
    steps = referee(engine, state, [throw("p1", 3), move("p1", "s1", "s4")])
    assert spaces_of(steps[-1].state, "p2") == [None]
    facts = {f.player: dict(f.facts) for f in engine.player_facts(steps[-1].state)}
    assert facts["p2"] == {"Pieces on the board": "0", "Captured": "1"}


def test_a_block_forbids_ending_on_another_players_piece():
    engine = engine_of(changed("occupied: swap", "occupied: block"))
    state = start(engine, p1=["s1"], p2=["s4"])
    (thrown,) = referee(engine, state, [throw("p1", 3)])
    assert [c.label for c in engine.legal_events(thrown.state, DEFAULT)] == [
        "Ana cannot move and passes"]


ENTERING = changed("    - {id: s9, name: Goal, kind: goal, at: [90, 10]}",
                   "    - {id: s9, name: Goal, kind: goal, at: [90, 10]}\n"
                   "    - {id: yard, name: The Yard, kind: yard, at: [0, 0], shared: true}\n"
                   "  regions:\n"
                   "    - {id: home-yard, name: the yard, spaces: [yard]}",
                   changed("  - {kind: pawn, name: pawn, start: s0}",
                           "  - {kind: pawn, name: pawn, start: home-yard}",
                           changed("    - {act: [advance]}", "    - {act: [come-in, advance]}",
                                   changed("actions:\n", "actions:\n"
                                           "  - {id: come-in, kind: enter, from: home-yard, "
                                           "to: s0, throws: [6], cite: {passage: mini/play, "
                                           "quote: \"move that many spaces\"}}\n"))))


def test_a_piece_enters_from_its_region_on_the_throw_the_action_names():
    engine = engine_of(ENTERING)
    (five,) = referee(engine, start(engine), [throw("p1", 5)])
    assert [c.label for c in engine.legal_events(five.state, DEFAULT)] == [
        "Ana cannot move and passes"]
    steps = referee(engine, start(engine), [throw("p1", 6), move("p1", "yard", "s0")])
    assert violations(steps[-1]) == [] and spaces_of(steps[-1].state, "p1") == ["s0"]


FATE = changed("    - {id: s4, name: \"4\", kind: plain, at: [40, 10]}",
               "    - {id: s4, name: \"4\", kind: fate, at: [40, 10], effect: {draw: fate}}",
               changed("dice:\n", "decks:\n"
                       "  - id: fate\n"
                       "    name: the Fate cards\n"
                       "    reshuffle: when-empty\n"
                       "    cards:\n"
                       "      - {id: gale, name: A gale, count: 2, effect: {move: -3}}\n"
                       "      - {id: calm, name: Calm}\n"
                       "dice:\n"))


def test_a_draw_due_is_a_chance_choice_by_the_copies_left_and_reshuffles():
    engine = engine_of(FATE)
    steps = referee(engine, start(engine), [throw("p1", 4), move("p1", "s0", "s4")])
    (choice,) = engine.legal_events(steps[-1].state, DEFAULT)
    assert choice.chance and choice.event == {"type": "draw", "actor": "p1",
                                              "data": {"deck": "fate"}}
    domain = choice.field("card").domain
    assert domain.values == ("gale", "calm") and domain.odds() == (2 / 3, 1 / 3)
    gale = referee(engine, steps[-1].state, [draw("p1", "fate", "gale")])[-1].state
    assert spaces_of(gale, "p1") == ["s1"] and gale["turn"] == "p2"
    assert gale["decks"]["fate"] == {"pile": {"gale": 1, "calm": 1}, "discard": {"gale": 1}}
    state = steps[-1].state
    state = {**state, "decks": {"fate": {"pile": {}, "discard": {"gale": 2, "calm": 1}}}}
    (drawn,) = referee(engine, state, [draw("p1", "fate", "calm")])
    assert violations(drawn) == ["the Fate cards holds no Calm now; taken as drawn (mini/play)"]


CHARMS = changed("    - {id: s1, name: \"1\", kind: plain, at: [10, 10]}",
                 "    - {id: s1, name: \"1\", kind: pedlar, at: [10, 10], "
                 "effect: {draw: charms}}",
                 changed("dice:\n", "decks:\n"
                         "  - id: charms\n"
                         "    name: the charms\n"
                         "    cards:\n"
                         "      - {id: boots, name: Boots, count: 3, "
                         "effect: [{keep: true}, {move: 2}]}\n"
                         "dice:\n",
                         changed("    - {throw: die}\n    - {act: [advance]}",
                                 "    - {act: [charm], optional: true}\n"
                                 "    - {throw: die}\n    - {act: [advance]}",
                                 changed("actions:\n", "actions:\n"
                                         "  - {id: charm, kind: play, cite: {passage: "
                                         "mini/play, quote: \"move that many spaces\"}}\n"))))


def test_a_kept_card_is_hidden_from_the_other_seats_and_played_later():
    engine = engine_of(CHARMS)
    steps = referee(engine, start(engine), [throw("p1", 1), move("p1", "s0", "s1"),
                                            draw("p1", "charms", "boots")])
    state = steps[-1].state
    assert state["hands"]["p1"] == {"boots": 1} and state["turn"] == "p2"
    seen = engine.view(state, "p2")
    assert seen["hands"]["p1"] == {} and seen["held"] == {"p1": {"charms": 1}}
    assert seen["decks"]["charms"]["pile"] == {"boots": 3}
    facts = {f.player: dict(f.facts) for f in engine.player_facts(state, "p2")}
    assert facts["p1"]["Cards"] == "1 card, unseen"
    other = engine.resample_hidden(state, "p2", random.Random(1))
    assert engine.view(other, "p2") == seen
    later = referee(engine, state, [throw("p2", 2), move("p2", "s0", "s2"),
                                    {"type": "play", "actor": "p1", "data": {"card": "boots"}}])
    assert violations(later[-1]) == [] and spaces_of(later[-1].state, "p1") == ["s3"]
    assert later[-1].state["hands"]["p1"] == {} and consulted(later[-1]) == ["mini.inn"]


def test_offers_of_a_seat_come_from_what_it_sees():
    engine = engine_of(CHARMS)
    steps = referee(engine, start(engine), [throw("p1", 1), move("p1", "s0", "s1")])
    mine = engine.legal_events(steps[-1].state, DEFAULT, "p1")
    theirs = engine.legal_events(steps[-1].state, DEFAULT, "p2")
    assert [c.type for c in mine] == ["draw"] and theirs == []


def test_the_players_facts_say_who_acts_and_what_they_owe():
    steps = referee(ENGINE, start(ENGINE, p1=["s2"]), [throw("p1", 1), move("p1", "s2", "s3")])
    facts = {f.player: f for f in ENGINE.player_facts(steps[-1].state)}
    assert dict(facts["p1"].facts) == {"On": "3", "Turns to lose": "2"}
    assert facts["p2"].acting and not facts["p1"].acting
    assert [p.label for p in ENGINE.pieces(steps[-1].state)] == ["Ana's pawn", "Luis's pawn"]


def test_two_players_or_three_as_the_document_says():
    assert ENGINE.initial_state(TWO, {})["turn"] is None  # known once the first event is read
    with pytest.raises(ValueError, match="A small race is played by 2 to 3 players, not 1"):
        ENGINE.initial_state([{"id": "p1", "name": "Ana"}], {})


def test_a_rule_resting_on_a_doubtful_reading_says_so_when_it_is_broken():
    noted = changed('cite: {passage: mini/play, quote: "and move that many spaces"}',
                    'cite: {passage: mini/play, quote: "and move that many spaces", '
                    'note: "[Legibility: many is smudged]"}')
    engine = engine_of(noted)
    steps = referee(engine, start(engine), [throw("p1", 1), move("p1", "s0", "s2")])
    assert [(f.kind, f.message) for f in steps[-1].flags] == [
        ("violation", "the pawn on Start may go to 1, not to 2; taken as recorded (mini/play)"),
        ("uncertain-text", ("the rule broken rests on a doubtful reading: [Legibility: many is "
                           "smudged]"))]
