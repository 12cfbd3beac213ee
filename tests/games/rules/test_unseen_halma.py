"""Halma on the small board, described in the ``ludoteca.rules/1`` format by a collector from
docs/rules-reference.md alone (``tests/games/rules/unseen/halma/``), refereed against its
transcription ``halma.en.txt``: steps in eight directions, jumps over any piece that capture
nothing, series of jumps in one move, no dice, and a win by filling a region.

Every case the interpreter gets wrong by the rulebook's text, or the format cannot say, is
``xfail(strict=True)`` with its finding (``unseen/halma/FINDINGS.md``), so it flips when fixed.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from games.core.replay import replay_document
from games.rules import check_rules
from games.rules.clauses import Reading
from games.rules.mobility import any_move
from games.rules.movement import can_jump, stage_moves
from games.rules.occupancy import occupancy
from tests.games.rules.play import consulted, move, referee, spaces_of, start, violations
from tests.games.rules.seeds import folder_passages

FOLDER = Path(__file__).resolve().parent / "unseen" / "halma"
DIRECTIONS = "halma.directions"
LEAVE = "halma.leave-camp"
BLACK_CAMP = ["a8", "b8", "c8", "d8", "a7", "b7", "c7", "a6", "b6", "a5"]
WHITE_CAMP = ["h1", "g1", "f1", "e1", "h2", "g2", "f2", "h3", "g3", "h4"]
COLUMNS = "abcdefgh"


@cache
def checked():
    text = (FOLDER / "rules.yaml").read_text(encoding="utf-8")
    return check_rules(text, passages=folder_passages(FOLDER))


def engine():
    check = checked()
    assert check.ok, [str(problem) for problem in check.problems]
    return check.engine


def board(black=(), white=()) -> dict:
    """The start with Black's first pieces (from a8 on) moved to ``black``, White's (from h1
    on) to ``white``; the others stay in their camps. Black is to move."""
    return start(engine(), p1=list(black), p2=list(white))


def offered_paths(state, reading=None, origin=None) -> set[tuple[str, ...]]:
    """Every move path the offered choices allow (a choice's fixed path, or its path field)."""
    game = engine()
    found: set[tuple[str, ...]] = set()
    for choice in game.legal_events(state, game.reading(reading)):
        if choice.type != "move":
            continue
        if "path" in choice.event["data"]:
            found.add(tuple(choice.event["data"]["path"]))
        found.update(tuple(value) for spec in choice.fields if spec.name == "path"
                     for value in spec.domain.values)
    return {path for path in found if origin is None or path[0] == origin}


def citations(step) -> list[str]:
    return [c.passage for flag in step.flags if flag.kind == "violation" for c in flag.citations]


# -- a reference of the transcription's moves, to compare the offers with ------------------


def _square(space: str) -> tuple[int, int]:
    return COLUMNS.index(space[0]), int(space[1])


def _name(column: int, row: int) -> str | None:
    return f"{COLUMNS[column]}{row}" if 0 <= column < 8 and 1 <= row <= 8 else None


def halma_moves(occupied: set[str], origin: str, eight: bool = True) -> set[tuple[str, ...]]:
    """halma/moving and halma/jumping as written: a step to an adjoining empty square, or a
    series of jumps over single adjoining pieces to the empty square beyond, nothing captured,
    stopping anywhere, never coming back to a square stood on in the move."""
    ways = [(1, 0), (-1, 0), (0, 1), (0, -1)]
    ways += [(1, 1), (1, -1), (-1, 1), (-1, -1)] if eight else []
    column, row = _square(origin)
    moves = {(origin, near) for dx, dy in ways
             if (near := _name(column + dx, row + dy)) and near not in occupied}

    def series(path: tuple[str, ...]) -> None:
        column, row = _square(path[-1])
        for dx, dy in ways:
            over, beyond = _name(column + dx, row + dy), _name(column + 2 * dx, row + 2 * dy)
            if over in occupied and beyond and beyond not in occupied and beyond not in path:
                moves.add((*path, beyond))
                series((*path, beyond))

    series((origin,))
    return moves


def black_moves(state, eight: bool = True) -> set[tuple[str, ...]]:
    occupied = {piece[2] for piece in state["pieces"] if piece[2] is not None}
    return {path for piece in state["pieces"] if piece[0] == "p1"
            for path in halma_moves(occupied - {piece[2]}, piece[2], eight)}


# -- the document ----------------------------------------------------------------------------


def test_the_document_checks_and_has_its_points():
    """halma/moving: "A piece steps to an adjoining empty square in any of the eight
    directions: along a row, along a column, or along a diagonal." (halma.directions);
    halma/winning's editorial note on a full camp (halma.full-camp)."""
    check = checked()
    assert check.ok, [str(problem) for problem in check.problems]
    assert [point.id for point in check.engine.points] == [DIRECTIONS, "halma.full-camp", LEAVE]
    state = check.engine.initial_state([{"id": "p1", "name": "Ana"},
                                        {"id": "p2", "name": "Luis"}], {})
    assert sorted(spaces_of(state, "p1")) == sorted(BLACK_CAMP)
    assert sorted(spaces_of(state, "p2")) == sorted(WHITE_CAMP)


# -- steps -----------------------------------------------------------------------------------


@pytest.mark.parametrize("to", ["c5", "d5", "e5", "c4", "e4", "c3", "d3", "e3"])
def test_a_piece_steps_in_each_of_the_eight_directions(to):
    """halma/moving: "A piece steps to an adjoining empty square in any of the eight
    directions: along a row, along a column, or along a diagonal." """
    (step,) = referee(engine(), board(black=["d4"]), [move("p1", "d4", to)])
    assert violations(step) == []
    assert spaces_of(step.state, "p1")[0] == to


def test_only_rows_and_columns_under_the_older_sets():
    """halma/moving: "[Editorial note: some older sets allow moves along rows and columns only,
    never along a diagonal, whether stepping or jumping.]" (halma.directions = four)."""
    game, state = engine(), board(black=["d4", "e5"])
    four = {DIRECTIONS: "four"}
    (diagonal,) = referee(game, state, [move("p1", "d4", "c5")], four)
    assert violations(diagonal) and consulted(diagonal) == [DIRECTIONS]
    (straight,) = referee(game, state, [move("p1", "d4", "d5")], four)
    assert violations(straight) == []
    (jump,) = referee(game, state, [move("p1", "d4", "f6")], four)
    assert violations(jump) and consulted(jump) == [DIRECTIONS]
    assert offered_paths(state, four, "d4") == {("d4", "c4"), ("d4", "d5"), ("d4", "e4"),
                                                 ("d4", "d3")}


@pytest.mark.parametrize("whose", ["own", "opponent's"])
def test_a_step_onto_an_occupied_square_is_refused_citing_moving(whose):
    """halma/moving: "A piece steps to an adjoining empty square in any of the eight
    directions" """
    state = board(black=["d4", "d5"]) if whose == "own" else board(black=["d4"], white=["d5"])
    (step,) = referee(engine(), state, [move("p1", "d4", "d5")])
    (message,) = violations(step)
    assert message.endswith("(halma/moving)"), message
    assert "halma/moving" in citations(step)


# -- jumps -----------------------------------------------------------------------------------


@pytest.mark.parametrize("whose", ["own", "opponent's"])
def test_a_jump_over_any_piece_is_allowed(whose):
    """halma/jumping: "A piece jumps over a single piece on an adjoining square, its own or the
    opponent's, to the empty square straight beyond it, in any of the same eight
    directions." """
    state = board(black=["d4", "e5"]) if whose == "own" else board(black=["d4"], white=["e5"])
    (jump,) = referee(engine(), state, [move("p1", "d4", "f6")])
    assert violations(jump) == []
    assert spaces_of(jump.state, "p1")[0] == "f6"


@pytest.mark.parametrize("whose", ["own", "opponent's"])
def test_a_jump_captures_nothing(whose):
    """halma/jumping: "Nothing is captured: the piece jumped over stays where it is." """
    if whose == "own":
        state, owner = board(black=["d4", "e5"]), "p1"
        jumped = 1
    else:
        state, owner = board(black=["d4"], white=["e5"]), "p2"
        jumped = 0
    (jump,) = referee(engine(), state, [move("p1", "d4", "f6")])
    assert violations(jump) == []
    assert spaces_of(jump.state, owner)[jumped] == "e5"


def chain_board() -> dict:
    """Black on d4 and d5, White on e6: d4 over d5 to d6, then over e6 to f6."""
    return board(black=["d4", "d5"], white=["e6"])


def test_a_series_of_jumps_in_one_move_and_stopping_midway():
    """halma/jumping: "From the square where it lands the piece may jump again, and so on, in
    one move. The player may stop the series of jumps at any point." """
    game = engine()
    (series,) = referee(game, chain_board(), [move("p1", "d4", "d6", "f6")])
    assert violations(series) == [] and spaces_of(series.state, "p1")[0] == "f6"
    assert {c.actor for c in game.legal_events(series.state, game.interpretation())} == {"p2"}
    (midway,) = referee(game, chain_board(), [move("p1", "d4", "d6")])
    assert violations(midway) == [] and spaces_of(midway.state, "p1")[0] == "d6"
    assert {("d4", "d6"), ("d4", "d6", "f6")} <= offered_paths(chain_board(), origin="d4")


def test_a_series_of_jumps_leaves_every_piece_jumped_where_it_was():
    """halma/jumping: "Nothing is captured: the piece jumped over stays where it is." """
    (series,) = referee(engine(), chain_board(), [move("p1", "d4", "d6", "f6")])
    assert spaces_of(series.state, "p1")[1] == "d5"
    assert spaces_of(series.state, "p2")[0] == "e6"


def test_a_piece_may_be_jumped_twice_in_one_series():
    """halma/jumping: "Nothing is captured: the piece jumped over stays where it is." and "From
    the square where it lands the piece may jump again, and so on, in one move." c4 over d5 to
    e6, over e5 to e4, over d5 again to c6."""
    game, state = engine(), board(black=["c4", "d5", "e5"])
    path = ("c4", "e6", "e4", "c6")
    assert path in halma_moves({"d5", "e5"}, "c4")
    (series,) = referee(game, state, [move("p1", *path)])
    assert violations(series) == []
    assert path in offered_paths(state, origin="c4")


def test_a_jump_over_an_empty_square_is_refused():
    """halma/jumping: "A piece may not jump over an empty square, nor over two pieces in a
    row." """
    game = engine()
    (empty,) = referee(game, board(black=["d4"]), [move("p1", "d4", "d6")])
    assert violations(empty)
    (two,) = referee(game, board(black=["d4", "d5"], white=["d6"]), [move("p1", "d4", "d7")])
    assert violations(two)


def test_a_jump_over_an_empty_square_cites_jumping():
    """halma/jumping: "A piece may not jump over an empty square, nor over two pieces in a
    row." """
    (empty,) = referee(engine(), board(black=["d4"]), [move("p1", "d4", "d6")])
    (message,) = violations(empty)
    assert message.endswith("(halma/jumping)"), message


def test_a_step_and_a_jump_are_not_mixed_in_one_move():
    """halma/moving: "A move is either a step or a series of jumps; a player may not step and
    jump in the same move." d4 over d5 to d6, then a step to d7."""
    game = engine()
    (mixed,) = referee(game, chain_board(), [move("p1", "d4", "d6", "d7")])
    assert violations(mixed)
    (step_first,) = referee(game, chain_board(), [move("p1", "d4", "e4", "e6")])
    assert violations(step_first)


def ring_board() -> dict:
    """Black on d4; pieces on d5, e6, f5 and e4 round it: d4 d6 f6 f4 and back to d4."""
    return board(black=["d4", "d5", "f5"], white=["e6", "e4"])


def test_a_series_of_jumps_never_comes_back_to_a_square():
    """halma/jumping: "A series of jumps never comes back to a square the piece has already
    stood on in that move, the square it started from included." """
    game, state = engine(), ring_board()
    back = [path for path in offered_paths(state) if len(set(path)) < len(path)]
    assert back == []
    (round_trip,) = referee(game, state, [move("p1", "d4", "d6", "f6", "f4", "d4")])
    assert violations(round_trip)


# -- the offers --------------------------------------------------------------------------------


def test_the_offered_moves_at_the_start_are_exactly_the_legal_moves():
    """halma/moving and halma/jumping: every step and every series of jumps of every black
    piece, by a reading of the transcription written here (``halma_moves``)."""
    state = board()
    assert offered_paths(state) == black_moves(state)


@pytest.mark.parametrize(("black", "white"), [(("d4",), ("d5",)), (("d4", "d5"), ("e6",))])
def test_the_offered_moves_of_a_piece_are_exactly_its_legal_moves(black, white):
    """halma/moving and halma/jumping: every step and every series of jumps of the piece on d4
    (no piece jumped twice, none back where it began: capture or not is the same here)."""
    state = board(black=black, white=white)
    assert offered_paths(state, origin="d4") == {
        path for path in black_moves(state) if path[0] == "d4"}


def test_the_offered_moves_of_every_piece_are_exactly_the_legal_moves():
    """halma/jumping: "A series of jumps never comes back to a square the piece has already
    stood on in that move, the square it started from included." Black has moved the piece
    of a8 to d4, and of b8 to d5; White's from h1 to e6."""
    state = board(black=["d4", "d5"], white=["e6"])
    assert offered_paths(state) == black_moves(state)


def test_the_offered_moves_under_the_older_sets():
    """halma/moving: "[Editorial note: some older sets allow moves along rows and columns only,
    never along a diagonal, whether stepping or jumping.]" """
    state = board(black=["d4", "d5"], white=["e6", "d7"])
    assert offered_paths(state, {DIRECTIONS: "four"}) == black_moves(state, eight=False)


# -- camps and the end -------------------------------------------------------------------------

NINE = ["h1", "g1", "f1", "h2", "g2", "f2", "h3", "g3", "h4"]  # White's camp but e1
AWAY = ["a1", "b1", "c1", "d1", "a2", "b2", "c2", "a3", "b3", "a4"]  # White's pieces, aside


def test_the_first_to_fill_the_opposite_camp_wins():
    """halma/winning: "The first player to occupy every square of the opposite camp with his
    own pieces wins." Black's tenth piece steps from d2 into e1."""
    game = engine()
    state = board(black=[*NINE, "d2"], white=AWAY)
    assert not game.finished(state)
    (last,) = referee(game, state, [move("p1", "d2", "e1")])
    assert violations(last) == []
    outcome = game.outcome(last.state)
    assert (outcome.finished, outcome.winner) == (True, "p1")
    assert outcome.reason.endswith("(halma/winning)"), outcome.reason


def test_nine_in_the_camp_do_not_win():
    """halma/winning: "The first player to occupy every square of the opposite camp with his
    own pieces wins." Nine pieces in it and the tenth just outside."""
    game = engine()
    (step,) = referee(game, board(black=[*NINE, "d3"], white=AWAY), [move("p1", "d3", "d2")])
    assert violations(step) == [] and not game.finished(step.state)


def test_a_camp_held_by_a_piece_left_in_it_is_not_won_as_written():
    """halma/winning: "The first player to occupy every square of the opposite camp with his
    own pieces wins." White leaves a piece on e1; Black fills the nine other squares."""
    game = engine()
    (step,) = referee(game, board(black=[*NINE[:-1], "h5", "d2"], white=["e1", *AWAY[1:]]),
                      [move("p1", "h5", "h4")])
    assert violations(step) == [] and not game.finished(step.state)


def test_a_camp_full_round_a_piece_left_in_it_wins_under_the_modern_rule():
    """halma/winning: "[Editorial note: ... Some modern rules therefore say that a player whose
    opposite camp is full, his own pieces on every square not held by an opponent's piece, has
    won.]" """
    game = engine()
    state = board(black=[*NINE[:-1], "h5", "d2"], white=["e1", *AWAY[1:]])
    (step,) = referee(game, state, [move("p1", "h5", "h4")], {"halma.full-camp": "full"})
    outcome = game.outcome(step.state)
    assert (outcome.finished, outcome.winner) == (True, "p1")
    assert outcome.reason.startswith("White's camp is full, Ana's pieces on every space no "
                                     "other player's piece holds: Ana wins"), outcome.reason
    # The point decided the end, so the step says it was read (as written, it is not won).
    assert violations(step) == [] and consulted(step) == ["halma.full-camp"]


def test_a_camp_with_an_empty_square_is_not_won_under_the_modern_rule():
    """The modern rule of halma/winning's note wins a camp that is full: with one square of
    it empty, nothing ends, and the point decided nothing (not read)."""
    game = engine()
    state = board(black=[*NINE[:-2], "h5", "d2"], white=["e1", *AWAY[1:]])
    (step,) = referee(game, state, [move("p1", "h5", "h4")], {"halma.full-camp": "full"})
    assert violations(step) == [] and not game.finished(step.state)
    assert consulted(step) == []


def test_a_piece_may_leave_the_opposite_camp_as_written():
    """halma/moving: "A piece may move out of a camp again, its own or the opposite one." """
    (step,) = referee(engine(), board(black=["g2"]), [move("p1", "g2", "f3")])
    assert violations(step) == [] and spaces_of(step.state, "p1")[0] == "f3"


def test_a_piece_may_not_leave_the_opposite_camp_under_the_modern_rule():
    """halma/moving: "[Editorial note: many modern rules forbid a piece that has entered the
    opposite camp to leave it again.]" """
    (step,) = referee(engine(), board(black=["g2"]), [move("p1", "g2", "f3")],
                      {"halma.leave-camp": "stay"})
    assert violations(step)


def test_a_move_out_of_the_opposite_camp_is_flagged_citing_the_leaving_rule():
    """halma/moving's note, recorded: the step and the series of jumps out of White's camp
    are violations citing halma/moving, taken as recorded; the point decided them."""
    game = engine()
    state = board(black=["h4", "g2", "f2", "e3"], white=AWAY)
    for path in (("h4", "h5"), ("g2", "e2"), ("g2", "e2", "e4")):
        event = move("p1", *path)
        (step,) = referee(game, state, [event], {LEAVE: "stay"})
        assert violations(step) and "halma/moving" in citations(step), path
        assert consulted(step) == [LEAVE] and path[-1] in spaces_of(step.state, "p1")
        # As written, each is legal; the point is read all the same (it would forbid it).
        (step,) = referee(game, state, [event])
        assert violations(step) == [] and consulted(step) == [LEAVE], path
    (step,) = referee(game, state, [move("p1", "g2", "g1")], {LEAVE: "stay"})
    assert violations(step) == [] and consulted(step) == []


def test_the_moves_out_of_the_opposite_camp_are_not_offered_under_the_modern_rule():
    """A black piece in White's camp is offered only the steps and series of jumps that land
    in the camp at every jump; as written, it is offered all of its moves."""
    state = board(black=["g2", "f2", "g3"], white=AWAY)
    for origin in ("g2", "f2", "g3"):
        written = {path for path in black_moves(state) if path[0] == origin}
        kept = {path for path in written if set(path[1:]) <= set(WHITE_CAMP)}
        assert kept and kept != written
        assert offered_paths(state, origin=origin) == written
        assert offered_paths(state, {LEAVE: "stay"}, origin=origin) == kept


def test_a_piece_may_leave_its_own_camp_under_the_modern_rule():
    """The note keeps a piece in the opposite camp only: Black's pieces leave their own camp
    (and a white piece White's), offered and refereed as legal."""
    game = engine()
    state = board()
    assert offered_paths(state, {LEAVE: "stay"}) == black_moves(state)
    steps = referee(game, state, [move("p1", "b6", "c5"), move("p2", "h4", "g5")],
                    {LEAVE: "stay"})
    assert [violations(step) for step in steps] == [[], []]


def test_a_player_kept_in_the_opposite_camp_cannot_move():
    """Black's nine pieces fill White's camp round White's piece on e1 (the tenth off the
    board): under the modern rule none may move, so the quick answers say no move, as the
    list does; as written, h4 steps out and h3 jumps out over it."""
    game = engine().game
    state = board(black=[*NINE, None], white=["e1", *AWAY[1:]])
    stage = game.stages[0]
    places = occupancy(state)
    for choices, movable in (({}, True), ({LEAVE: "stay"}, False)):
        read = Reading(engine().reading(choices))
        assert bool(stage_moves(game, state, "p1", stage, read)) is movable
        assert any_move(game, state, "p1", stage, read) is movable
        assert can_jump(game, state, "p1", game.actions["jump"], read, places) is movable


def test_black_moves_first_and_one_piece_a_turn():
    """halma/the-pieces: "Black moves first, and then the players move in turn, one piece in
    each turn." """
    game = engine()
    state = board()
    assert {choice.actor for choice in game.legal_events(state, game.interpretation())} == {"p1"}
    first, second = referee(game, state, [move("p1", "b6", "c5"), move("p1", "c5", "d4")])
    assert violations(first) == [] and violations(second)


# -- words and simulated matches ---------------------------------------------------------------


def test_the_jump_is_said_in_plain_words():
    """The list of decisions: the jump clause cites halma/jumping."""
    words = {c.id: c.decision for c in engine().certainties}
    assert "send homed" not in words["halma.actions.1"], words["halma.actions.1"]


@pytest.mark.parametrize("reading", ["eight", "four"])
def test_simulated_matches_reach_their_end(reading):
    """halma/winning: "The first player to occupy every square of the opposite camp with his
    own pieces wins." Two seeds, 2,000 events each."""
    game = engine()
    ends = []
    for seed in (1, 2):
        document = game.simulate(seed=seed, max_events=2000,
                                 interpretation={DIRECTIONS: reading})
        steps = list(replay_document(game, document, game.reading({DIRECTIONS: reading})))
        assert [v for _event, step in steps for v in violations(step)] == []
        ends.append(game.finished(steps[-1][1].state))
    assert ends == [True, True]
