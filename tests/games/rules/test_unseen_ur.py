"""The Royal Game of Ur (Finkel's reading), described in the ``ludoteca.rules/1`` format by a
collector from docs/rules-reference.md alone (``unseen/royal-game-of-ur/``), refereed against
its transcription: four binary dice, a throw of none, entering by the throw, taking in the
middle row, the rosettes, the own piece that blocks, bearing off by the exact throw, the win.

A case the interpreter gets wrong, or that the format cannot say, is written as it should
behave and marked ``xfail(strict=True)`` with its finding (``FINDINGS.md`` beside the
document), so it flips when fixed."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from games.rules import check_rules
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
from tests.games.rules.seeds import folder_passages

FOLDER = Path(__file__).resolve().parent / "unseen" / "royal-game-of-ur"
EXACT = "royal-game-of-ur.bearing-off"
SAFE = "royal-game-of-ur.safe-rosette"
ANY_THROW = {EXACT: "any-throw"}
SEEDS = range(1, 5)


def text() -> str:
    return (FOLDER / "rules.yaml").read_text(encoding="utf-8")


def checked(source: str):
    check = check_rules(source, passages=folder_passages(FOLDER))
    assert check.ok, [str(problem) for problem in check.problems]
    return check


@cache
def engine():
    return checked(text()).engine


def board(turn: str = "p1", game=None, **placed) -> dict:
    state = start(game or engine(), **placed)
    state["turn"] = turn
    return state


def offered(game, state, reading=None) -> list:
    return [(c.type, c.event["data"].get("path")) for c in
            game.legal_events(state, game.reading(reading))]


def cited(step) -> list[str]:
    return [c.passage for f in step.flags if f.kind == "violation" for c in f.citations]


NONE, ONE, TWO_, THREE, FOUR = (0, 0, 0, 0), (1, 0, 0, 0), (1, 1, 0, 0), (1, 1, 1, 0), (1, 1, 1, 1)


# -- the document ---------------------------------------------------------------------------


def test_the_document_checks_and_says_what_it_leaves_out():
    check = checked(text())
    game = check.engine
    assert [point.id for point in game.points] == [EXACT, SAFE]
    assert len(game.out_of_scope) == 2
    assert check.sample["events"]


# -- the dice and entering -------------------------------------------------------------------


def test_a_throw_of_none_moves_nothing_and_the_turn_passes():
    """royal-game-of-ur/moving: "A throw of none moves nothing, and the turn passes." """
    game = engine()
    (nought,) = referee(game, board(p1=["w2"]), [throw("p1", *NONE)])
    assert violations(nought) == []
    assert offered(game, nought.state) == [("pass", None)]
    steps = referee(game, board(p1=["w2"]), [throw("p1", *NONE), pass_turn("p1")])
    assert violations(steps[-1]) == [] and steps[-1].state["turn"] == "p2"
    moved = referee(game, board(p1=["w2"]), [throw("p1", *NONE), move("p1", "w2", "w3")])
    assert violations(moved[-1]) and cited(moved[-1])[0] == "royal-game-of-ur/moving"


def test_a_piece_enters_by_the_count_of_the_throw():
    """royal-game-of-ur/moving: "A piece off the board enters the track by the throw: a throw of
    one sets it on the first square, a throw of four on the fourth." """
    game = engine()
    (three,) = referee(game, board(), [throw("p1", *THREE)])
    assert offered(game, three.state) == [("move", ["white-start", "w3"])]
    steps = referee(game, board(), [throw("p1", *ONE), move("p1", "white-start", "w1")])
    assert violations(steps[-1]) == [] and spaces_of(steps[-1].state, "p1").count("w1") == 1
    assert steps[-1].state["turn"] == "p2"


def test_a_throw_the_four_dice_cannot_show_is_flagged():
    """royal-game-of-ur/the-pieces-and-the-dice: "The dice are four tetrahedra, each with two of
    its four tips marked. A throw counts the marked tips that point upwards, from none to
    four." """
    game = engine()
    (step,) = referee(game, board(), [throw("p1", 4)])
    assert violations(step) == [("[4] is not a throw of 4 dice with faces 0, 1; taken as thrown "
                                 "(royal-game-of-ur/the-pieces-and-the-dice)")]


def test_a_move_of_the_wrong_length_is_a_violation_citing_moving():
    """royal-game-of-ur/moving: "The players throw in turn and move one piece forward along
    their own track by the count of the throw." """
    game = engine()
    steps = referee(game, board(p1=["w1"]), [throw("p1", *TWO_), move("p1", "w1", "w4")])
    assert violations(steps[-1]) == [("the white piece on White 1 may go to White 3, not to "
                                     "White 4 (rosette); taken as recorded "
                                     "(royal-game-of-ur/moving)")]
    wrong_way = referee(game, board(p1=["m8"]), [throw("p1", *ONE), move("p1", "m8", "b13")])
    assert cited(wrong_way[-1])[0] == "royal-game-of-ur/moving"


def test_a_pass_when_a_piece_can_move_is_a_violation():
    """royal-game-of-ur/moving: "A player who can move no piece passes." (and only then)."""
    game = engine()
    steps = referee(game, board(p1=["w1"]), [throw("p1", *ONE), pass_turn("p1")])
    (message,) = violations(steps[-1])
    assert message.endswith("(royal-game-of-ur/moving)"), message
    assert [f.rule for f in steps[-1].flags if f.kind == "violation"] == ["royal-game-of-ur/moving"]
    assert steps[-1].state["turn"] == "p2"


def test_a_refused_pass_carries_the_sentence_it_breaks():
    """royal-game-of-ur/moving: "A throw of none moves nothing, and the turn passes. A player who
    can move no piece passes." """
    game = engine()
    steps = referee(game, board(p1=["w1"]), [throw("p1", *ONE), pass_turn("p1")])
    quotes = [c.quote for f in steps[-1].flags if f.kind == "violation" for c in f.citations]
    assert any("A player who can move no piece passes." in quote for quote in quotes), quotes


def test_a_pass_when_a_piece_can_move_says_so_in_plain_words():
    """royal-game-of-ur/moving: "A player who can move no piece passes." """
    game = engine()
    steps = referee(game, board(p1=["w1"]), [throw("p1", *ONE), pass_turn("p1")])
    assert violations(steps[-1]) == [("Ana must move, not pass; the turn ends all the same "
                                      "(royal-game-of-ur/moving)")]


# -- taking and the middle rosette ---------------------------------------------------------


def test_landing_on_the_other_player_in_the_middle_row_sends_it_off_the_board():
    """royal-game-of-ur/taking: "A piece that ends its move on a square of the middle row where a
    piece of the other player stands sends that piece back off the board, to begin again." """
    game = engine()
    steps = referee(game, board("p2", p1=["m5"], p2=["m1"]),
                    [throw("p2", *FOUR), move("p2", "m1", "m5")])
    assert violations(steps[-1]) == []
    assert spaces_of(steps[-1].state, "p1")[0] == "white-start"
    assert spaces_of(steps[-1].state, "p2")[0] == "m5"


def test_a_piece_on_the_middle_rosette_cannot_be_taken():
    """royal-game-of-ur/taking: "A piece on the middle rosette is safe: it cannot be taken" """
    game = engine()
    steps = referee(game, board("p2", p1=["m4"], p2=["b4"]),
                    [throw("p2", *FOUR), move("p2", "b4", "m4")])
    assert spaces_of(steps[-1].state, "p1")[0] == "m4"


def test_no_piece_of_the_other_player_may_end_on_the_held_middle_rosette():
    """royal-game-of-ur/taking: "A piece on the middle rosette is safe: it cannot be taken, and
    no piece of the other player may end its move there while it stands." """
    game = engine()
    (four,) = referee(game, board("p2", p1=["m4"], p2=["b4"]), [throw("p2", *FOUR)])
    assert ("move", ["b4", "m4"]) not in offered(game, four.state)
    steps = referee(game, board("p2", p1=["m4"], p2=["b4"]),
                    [throw("p2", *FOUR), move("p2", "b4", "m4")])
    assert violations(steps[-1]) and "royal-game-of-ur/taking" in cited(steps[-1])


@pytest.mark.parametrize("reading", ["safe", "unsafe"])
def test_whether_the_middle_rosette_is_safe_may_be_a_point(reading):
    """royal-game-of-ur/taking: "A piece on the middle rosette is safe" and "[Editorial note: in
    some modern rule sets the middle rosette gives no protection, and a piece on it is taken
    like any other.]" Under the note's reading the move onto it is offered and sends the piece
    there off the board; under the default it is neither offered nor legal. The point decides
    it, so it is read."""
    game = engine()
    choices = {SAFE: reading}
    state = board("p2", p1=["m4"], p2=["b4"])
    (four,) = referee(game, state, [throw("p2", *FOUR)], choices)
    assert (("move", ["b4", "m4"]) in offered(game, four.state, choices)) is (reading == "unsafe")
    steps = referee(game, state, [throw("p2", *FOUR), move("p2", "b4", "m4")], choices)
    assert SAFE in consulted(steps[-1])
    if reading == "unsafe":
        assert violations(steps[-1]) == []
        assert spaces_of(steps[-1].state, "p1")[0] == "white-start"
    else:
        assert violations(steps[-1]) and "royal-game-of-ur/taking" in cited(steps[-1])
        assert spaces_of(steps[-1].state, "p1")[0] == "m4"


# -- own pieces ----------------------------------------------------------------------------


def test_a_piece_cannot_end_on_a_piece_of_its_own():
    """royal-game-of-ur/moving: "A piece may jump over other pieces, but it cannot end its move
    on a square where a piece of its own stands." """
    game = engine()
    (two,) = referee(game, board(p1=["w1", "w3"]), [throw("p1", *TWO_)])
    assert ("move", ["w1", "w3"]) not in offered(game, two.state)
    assert ("move", ["w3", "m1"]) in offered(game, two.state)  # over nothing, and over w4
    steps = referee(game, board(p1=["w1", "w3"]), [throw("p1", *TWO_), move("p1", "w1", "w3")])
    assert violations(steps[-1]) == [("the white piece on White 1 has no legal move now; taken "
                                     "as recorded (royal-game-of-ur/moving)")]
    quotes = [c.quote for f in steps[-1].flags if f.kind == "violation" for c in f.citations]
    assert any("cannot end its move on a square where a piece of its own" in q for q in quotes)


def test_a_piece_may_jump_over_others():
    """royal-game-of-ur/moving: "A piece may jump over other pieces" """
    game = engine()
    steps = referee(game, board(p1=["m1", "m2"], p2=["m3"]),
                    [throw("p1", *FOUR), move("p1", "m1", "m5")])
    assert violations(steps[-1]) == []


def test_a_piece_cannot_end_on_its_own_on_the_middle_rosette_either():
    """royal-game-of-ur/moving: "it cannot end its move on a square where a piece of its own
    stands." """
    game = engine()
    steps = referee(game, board(p1=["m2", "m4"]), [throw("p1", *TWO_), move("p1", "m2", "m4")])
    assert violations(steps[-1]) and cited(steps[-1])[0] == "royal-game-of-ur/moving"


def test_the_races_decision_says_a_piece_may_not_end_on_its_own():
    """royal-game-of-ur/moving: "it cannot end its move on a square where a piece of its own
    stands." """
    decision = {c.id: c.decision for c in engine().certainties}["royal-game-of-ur.actions.0"]
    assert "own" in decision, decision


def test_the_middle_rosettes_decision_says_it_is_safe():
    """royal-game-of-ur/taking: "A piece on the middle rosette is safe" """
    decisions = {c.id: c.decision for c in engine().certainties}
    middle = decisions["royal-game-of-ur.board.spaces.8"]
    assert "play again" in middle and ("safe" in middle or "together" in middle), middle


# -- the rosettes --------------------------------------------------------------------------


@pytest.mark.parametrize(("origin", "throw_", "rosette"), [
    ("white-start", FOUR, "w4"), ("m2", TWO_, "m4"), ("m8", TWO_, "w14")])
def test_a_piece_landing_on_a_rosette_throws_again(origin, throw_, rosette):
    """royal-game-of-ur/the-rosettes: "A player whose piece lands on a rosette throws again." """
    game = engine()
    steps = referee(game, board(p1=[origin]), [throw("p1", *throw_), move("p1", origin, rosette),
                                               throw("p1", *ONE)])
    assert [violations(step) for step in steps] == [[], [], []]
    assert steps[1].state["turn"] == "p1"


ROSETTE_POINT = """
  - id: royal-game-of-ur.rosette-again
    question: "Does a piece landing on a rosette give another throw? The reconstructions disagree."
    doubt: conflict
    default: again
    default_words: "A player whose piece lands on a rosette throws again."
    options:
      - {id: again, description: "Another throw.", clause: {extra_turn: true}}
      - {id: no-again, description: "No extra throw (the editorial note).", clause: []}
    cite:
      passage: royal-game-of-ur/the-rosettes
      quote: "A player whose piece lands on a rosette throws again."
      note: "[Editorial note: Finkel's tablet is read this way by most players, but some reconstructions give the rosettes no extra throw, only safety.]"
"""


def test_the_rosettes_extra_throw_may_be_read_otherwise():
    """royal-game-of-ur/the-rosettes: "A player whose piece lands on a rosette throws again."
    and "[Editorial note: Finkel's tablet is read this way by most players, but some
    reconstructions give the rosettes no extra throw, only safety.]" """
    source = text().replace("effect: {extra_turn: true}",
                            "effect: {point: royal-game-of-ur.rosette-again}") + ROSETTE_POINT
    game = checked(source).engine
    events = [throw("p1", *FOUR), move("p1", "white-start", "w4")]
    again = referee(game, board(game=game), events)
    assert again[-1].state["turn"] == "p1"
    once = referee(game, board(game=game), events, {"royal-game-of-ur.rosette-again": "no-again"})
    assert violations(once[-1]) == [] and once[-1].state["turn"] == "p2"


# -- bearing off and the end ---------------------------------------------------------------


def test_bearing_off_needs_the_exact_throw_unless_read_otherwise():
    """royal-game-of-ur/bearing-off: "A piece that would go beyond cannot be moved with that
    throw." (royal-game-of-ur.bearing-off: some players let any throw that reaches or passes
    the end bear a piece off)."""
    game = engine()
    state = board(p1=["white-off"] * 6 + ["w13"])
    (three,) = referee(game, state, [throw("p1", *THREE)])
    assert offered(game, three.state) == [("pass", None)]
    exact = referee(game, state, [throw("p1", *TWO_), move("p1", "w13", "white-off")])
    assert violations(exact[-1]) == [] and game.outcome(exact[-1].state).winner == "p1"
    assert offered(game, three.state, ANY_THROW) == [("move", ["w13", "white-off"])]
    any_throw = referee(game, state, [throw("p1", *THREE), move("p1", "w13", "white-off")],
                        ANY_THROW)
    assert violations(any_throw[-1]) == [] and consulted(any_throw[-1]) == [EXACT]


def test_a_throw_beyond_the_end_under_the_exact_reading_cites_bearing_off():
    """royal-game-of-ur/bearing-off: "A piece that would go beyond cannot be moved with that
    throw." """
    game = engine()
    steps = referee(game, board(p1=["w13"]), [throw("p1", *THREE), move("p1", "w13", "white-off")])
    assert violations(steps[-1]) == [("the white piece on White 13 has no legal move now, reading "
                                     "royal-game-of-ur.bearing-off as 'exact'; taken as recorded "
                                     "(royal-game-of-ur/bearing-off)")]
    assert consulted(steps[-1]) == [EXACT]


@pytest.mark.parametrize("reading", [None, ANY_THROW], ids=["exact", "any-throw"])
def test_a_piece_borne_off_is_never_moved_again(reading):
    """royal-game-of-ur/bearing-off: "A piece that has left the board has finished its race and
    is not moved again." """
    game = engine()
    state = board(p1=["white-off", "w2"])
    (one,) = referee(game, state, [throw("p1", *ONE)], reading)
    origins = {path[0] for kind, path in offered(game, one.state, reading) if kind == "move"}
    assert origins == {"w2", "white-start"}
    steps = referee(game, state, [throw("p1", *ONE), move("p1", "white-off", "w1")], reading)
    assert violations(steps[-1]) and cited(steps[-1])[0] == "royal-game-of-ur/moving"


def test_a_piece_borne_off_does_not_block_the_next():
    """royal-game-of-ur/bearing-off: "A piece that has left the board has finished its race and
    is not moved again." and royal-game-of-ur/winning: "The first player to bear off all seven
    pieces wins." The document without `shared` on the spaces of the pieces borne off."""
    source = text().replace('kind: "off", at: [550, 50], shared: true',
                            'kind: "off", at: [550, 50]').replace(
                            'kind: "off", at: [550, 250], shared: true',
                            'kind: "off", at: [550, 250]')
    check = check_rules(source, passages=folder_passages(FOLDER))
    if check.ok:
        game = check.engine
        steps = referee(game, board(game=game, p1=["white-off", "w14"]),
                        [throw("p1", *ONE), move("p1", "w14", "white-off")])
        assert violations(steps[-1]) == []


def test_the_first_to_bear_off_all_seven_wins():
    """royal-game-of-ur/winning: "The first player to bear off all seven pieces wins." """
    game = engine()
    six = referee(game, board(p1=["white-off"] * 5 + ["w14", "w13"]),
                  [throw("p1", *ONE), move("p1", "w14", "white-off")])
    assert violations(six[-1]) == [] and not game.finished(six[-1].state)
    seven = referee(game, board(p1=["white-off"] * 6 + ["w14"]),
                    [throw("p1", *ONE), move("p1", "w14", "white-off")])
    outcome = game.outcome(seven[-1].state)
    assert violations(seven[-1]) == [] and (outcome.finished, outcome.winner) == (True, "p1")
    late = referee(game, seven[-1].state, [throw("p2", *ONE)])
    assert violations(late[-1])  # after the end


def test_the_winners_reason_says_all_seven_are_off():
    """royal-game-of-ur/winning: "The first player to bear off all seven pieces wins." """
    game = engine()
    seven = referee(game, board(p1=["white-off"] * 6 + ["w14"]),
                    [throw("p1", *ONE), move("p1", "w14", "white-off")])
    reason = game.outcome(seven[-1].state).reason
    assert "all" in reason, reason


@pytest.mark.parametrize("reading", [{}, ANY_THROW], ids=["exact", "any-throw"])
def test_simulated_matches_reach_their_end_under_every_reading(reading):
    """royal-game-of-ur/winning: "The first player to bear off all seven pieces wins." Matches
    simulated under each reading finish, with no violation, one winner having all seven off."""
    game = engine()
    for seed in SEEDS:
        document = game.simulate(seed=seed, max_events=2000, interpretation=reading)
        steps = referee(game, game.initial_state(document["players"], {}),
                        document["events"], reading)
        assert [v for step in steps for v in violations(step)] == []
        final = steps[-1].state
        outcome = game.outcome(final)
        assert outcome.finished and outcome.winner, seed
        assert spaces_of(final, outcome.winner).count(
            "white-off" if outcome.winner == "p1" else "black-off") == 7
