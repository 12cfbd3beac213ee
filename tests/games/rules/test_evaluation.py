"""What agents play a data game for: the evaluation derived from its document's ends
(``games.rules.evaluation``), and the simulated matches the agents play with it. Each test
quotes the end it checks; no evaluation is written for either game."""

from __future__ import annotations

import pytest

from games.core.replay import replay_document
from tests.games.rules.play import start
from tests.games.rules.seeds import DATA_SLUGS, data_engine
from tests.games.rules.test_fox_and_geese import position

GOOSE = data_engine("goose")
FOX = data_engine("fox-and-geese")


def standing(engine, state, seat: str, reading=None) -> float:
    return engine.evaluation.evaluate(state, seat, engine.reading(reading))


def test_a_goose_pawn_nearer_the_garden_stands_better():
    """goose/the-end: "The first pawn to land exactly on space 63, the Garden of the Goose,
    wins." Nearness runs along the track, so 60 stands better than 30, and 30 than 0."""
    near = start(GOOSE, p1=["s60"], p2=["s30"])
    assert standing(GOOSE, near, "p1") > standing(GOOSE, near, "p2")
    assert standing(GOOSE, near, "p2") > standing(GOOSE, start(GOOSE), "p2")


def test_a_penned_fox_is_the_geese_win_in_the_making():
    """fox-and-geese/the-end-of-the-game: "The geese win when they have penned up the fox so
    that he cannot move." The fewer moves and the less room the fox has, the better the geese
    stand: a fox in the corner 1 behind 2, 4, 5 and the jumps' landings 3, 9, 10 held, against
    a fox free in the centre."""
    penned = position("p1", ["p2", "p4", "p5", "p3", "p9", "p10", "p6", "p11"], turn="p1")
    free = position("p17", ["p2", "p4", "p5", "p3", "p9", "p10", "p6", "p11"], turn="p1")
    assert [c.event["type"] for c in FOX.legal_events(penned, FOX.interpretation())] == ["pass"]
    assert standing(FOX, penned, "p2") > 0.9 > standing(FOX, free, "p2")


def test_a_goose_the_fox_can_jump_is_the_fox_win_in_the_making():
    """fox-and-geese/taking-geese: "The fox takes a goose by jumping over it, along a line, to
    the empty point just beyond" and fox-and-geese/the-end-of-the-game: "The fox wins when so
    few geese are left that they can no longer pen him up." A goose on 24 with 31 empty behind
    it is one the fox on 17 can take; the same goose guarded from behind is not."""
    exposed = position("p17", ["p24", "p1", "p2", "p3", "p4", "p5", "p6"], turn="p1")
    guarded = position("p17", ["p24", "p29", "p1", "p2", "p3", "p4", "p5"], turn="p1")
    assert standing(FOX, exposed, "p1") > standing(FOX, guarded, "p1")


def test_ends_that_are_no_ones_win_under_a_reading_weigh_nothing():
    """The standings are shares of a chance to win, 0 to 1, for every seat."""
    state = start(FOX)
    for seat in ("p1", "p2"):
        assert 0.0 <= standing(FOX, state, seat) <= 1.0


@pytest.mark.parametrize("slug", DATA_SLUGS)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_agents_play_each_data_game_to_its_end_legally_and_reproducibly(slug, seed):
    engine = data_engine(slug)
    document = engine.simulate(seed=seed)
    assert document == engine.simulate(seed=seed)  # the same bytes from the same seed
    steps = [step for _, step in replay_document(engine, document)]
    assert [f.message for step in steps for f in step.flags if f.kind == "violation"] == []
    assert engine.finished(steps[-1].state), f"{slug} seed {seed} did not finish"


@pytest.mark.parametrize("slug", DATA_SLUGS)
def test_a_simulated_match_respects_min_and_max_events(slug):
    engine = data_engine(slug)
    assert len(engine.simulate(seed=1, max_events=10)["events"]) == 10
    long = engine.simulate(seed=1, min_events=120, max_events=400)
    assert len(long["events"]) >= 120
    assert len(long["events"]) <= 400
