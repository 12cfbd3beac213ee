"""Ludo as a collector described it from docs/rules-reference.md alone
(``tests/games/rules/unseen/ludo/``): four counters a seat, a yard left with a six, captures
sending a counter home but not from a star, safe squares, a track per colour, every counter
home to win. Each rule is checked against its transcription, and an illegal recorded event is
flagged as a violation citing its clause. The checks every unseen game shares are
``test_unseen_games``."""

from __future__ import annotations

from tests.games.rules.play import consulted, move, referee, spaces_of, start, throw, violations
from tests.games.rules.test_unseen_games import LUDO, engine

EXACT = "ludo.exact-home"


def board(turn: str = "p1", **placed) -> dict:
    state = start(engine(LUDO), **placed)
    state["turn"] = turn
    return state


def test_a_counter_leaves_the_yard_only_with_a_six():
    """ludo/playing: "A counter leaves the yard only with a six, and is set on its starting
    square." A five: nothing to move, a pass; a six: out, and another throw."""
    game = engine(LUDO)
    (five,) = referee(game, board(), [throw("p1", 5)])
    assert [c.event["type"] for c in game.legal_events(five.state, game.interpretation())] \
        == ["pass"]
    out = referee(game, board(), [throw("p1", 6), move("p1", "red-yard-space", "c0")])
    assert violations(out[-1]) == [] and spaces_of(out[-1].state, "p1").count("c0") == 1
    assert out[-1].state["turn"] == "p1"


def test_a_counter_out_of_the_yard_on_a_five_is_a_violation_citing_playing():
    """ludo/playing: "A counter leaves the yard only with a six" """
    game = engine(LUDO)
    steps = referee(game, board(), [throw("p1", 5), move("p1", "red-yard-space", "c0")])
    assert violations(steps[-1]) == [("the red counter on Red yard has no legal move now; "
                                     "taken as recorded (ludo/playing)")]


def test_a_capture_sends_a_counter_home_but_not_from_a_star():
    """ludo/capturing: "A counter that stops on a square where a counter of another colour
    stands sends that counter back to its yard, to begin again." and "A counter on a square
    with a star cannot be captured" """
    game = engine(LUDO)
    taken = referee(game, board(p1=["c10"], p2=["c12"]), [throw("p1", 2),
                                                          move("p1", "c10", "c12")])
    assert violations(taken[-1]) == []
    assert spaces_of(taken[-1].state, "p2")[0] == "green-yard-space"
    safe = referee(game, board(p1=["c5"], p2=["c8"]), [throw("p1", 3), move("p1", "c5", "c8")])
    assert violations(safe[-1]) == [] and spaces_of(safe[-1].state, "p2")[0] == "c8"


def test_a_counter_goes_home_only_by_the_exact_throw_unless_read_otherwise():
    """ludo/reaching-home: "A counter that would go beyond its home cannot be moved with that
    throw." (ludo.exact-home: some families count the spare squares back)."""
    game = engine(LUDO)
    state = board(p1=["r4"])
    (three,) = referee(game, state, [throw("p1", 3)])
    offered = game.legal_events(three.state, game.interpretation())
    assert [c.event["type"] for c in offered] == ["pass"]
    back = referee(game, state, [throw("p1", 3), move("p1", "r4", "r5")], {EXACT: "bounce"})
    assert violations(back[-1]) == [] and spaces_of(back[-1].state, "p1")[0] == "r5"


def test_own_counters_share_a_square_unless_read_otherwise():
    """ludo/capturing: "Two counters of the same colour may stand together on a square."
    (ludo.own-square: some forbid it)."""
    game = engine(LUDO)
    events = [throw("p1", 3), move("p1", "c2", "c5")]
    shared = referee(game, board(p1=["c2", "c5"]), events)
    assert violations(shared[-1]) == [] and spaces_of(shared[-1].state, "p1")[:2] == ["c5", "c5"]
    refused = referee(game, board(p1=["c2", "c5"]), events, {"ludo.own-square": "block"})
    assert violations(refused[-1]) and consulted(refused[-1]) == ["ludo.own-square"]


def test_a_counter_onto_its_own_under_the_block_reading_cites_capturing():
    game = engine(LUDO)
    steps = referee(game, board(p1=["c2", "c5"]), [throw("p1", 3), move("p1", "c2", "c5")],
                    {"ludo.own-square": "block"})
    (message,) = violations(steps[-1])
    assert message.endswith("(ludo/capturing)"), message


def test_a_counter_home_is_not_moved_out_under_the_bounce_reading():
    """ludo/winning: "The first player to bring all four counters home wins." A counter home
    has arrived; bouncing it out of home again makes the all-home end unreachable."""
    game = engine(LUDO)
    state = board(p1=["red-home", "red-home", "red-home", "r4"])
    (two,) = referee(game, state, [throw("p1", 2)], {EXACT: "bounce"})
    origins = {c.origin for c in game.legal_events(two.state, game.reading({EXACT: "bounce"}))}
    assert origins == {"r4"}


def test_a_race_move_of_the_wrong_length_cites_the_race_not_the_yard():
    game = engine(LUDO)
    steps = referee(game, board(p1=["c2"]), [throw("p1", 3), move("p1", "c2", "c7")])
    quotes = [c.quote for f in steps[-1].flags if f.kind == "violation" for c in f.citations]
    assert quotes and not any("leaves the yard" in quote for quote in quotes), quotes
