"""The interpreter's quick questions agree with its lists: whether a player can move (asked
after every event, for the "cannot move" ends) and whether a jump is possible (asked for a
compulsory capture) stop at the first move found (a step every reading allows asked first,
reading no point), a recorded move is judged alone
(``recorded_move``) rather than among every move listed, and where the pieces stand after a
move is carried over from before it rather than counted again. At every state of simulated
matches of the seed archive's data games, under every reading, each quick answer is the
list's (or the count's) answer."""

from __future__ import annotations

from itertools import islice
from pathlib import Path

import pytest

from games.core.replay import replay_document
from games.rules import check_rules
from games.rules.clauses import Reading
from games.rules.mobility import any_move, checks_of
from games.rules.movement import can_jump, jump, stage_moves
from games.rules.occupancy import Occupancy, occupancy
from games.rules.recorded import recorded_move
from games.rules.state import seat_order
from tests.games.rules.seeds import DATA_SLUGS, data_engine, folder_passages

SEEDS = (1, 2, 3)
HALMA = Path(__file__).resolve().parent / "unseen" / "halma"
LEAVE = "halma.leave-camp"


def readings(engine) -> list[dict[str, str]]:
    """The default reading, then each other option of each point with the rest as default."""
    found: list[dict[str, str]] = [{}]
    for point in engine.points:
        found += [{point.id: option} for option in point.option_ids if option != point.default]
    return found


def states(engine, choices: dict[str, str], seeds=SEEDS):
    reading = engine.reading(choices)
    for seed in seeds:
        document = engine.simulate(seed=seed, interpretation=reading)
        yield engine.initial_state(document["players"], document.get("setup", {}))
        for _event, step in replay_document(engine, document, reading):
            yield step.state


def halma_engine():
    """The unseen Halma: its point ``halma.leave-camp`` keeps pieces in the opposite camp
    (``stay_in``), which no data game of the archive says."""
    check = check_rules((HALMA / "rules.yaml").read_text(encoding="utf-8"),
                        passages=folder_passages(HALMA))
    assert check.ok, [str(problem) for problem in check.problems]
    return check.engine


@pytest.mark.parametrize("slug", DATA_SLUGS)
def test_quick_answers_agree_with_the_listed_moves_under_every_reading(slug):
    engine = data_engine(slug)
    quick_answers_agree(engine, readings(engine))


@pytest.mark.parametrize("choices", [{}, {LEAVE: "stay"}], ids=["as-written", "stay"])
def test_quick_answers_agree_where_pieces_may_not_leave_a_region(choices):
    quick_answers_agree(halma_engine(), [choices], seeds=(1,))


def quick_answers_agree(engine, choices_of_readings, seeds=SEEDS) -> None:
    game = engine.game
    stages = [stage for stage in game.stages if stage.kind == "act"]
    judged = 0
    for choices in choices_of_readings:
        reading = engine.reading(choices)
        for state in states(engine, choices, seeds):
            places = occupancy(state)
            for seat in seat_order(state):
                for stage in stages:
                    listed = stage_moves(game, state, seat, stage, Reading(reading))
                    assert any_move(game, state, seat, stage, Reading(reading)) == bool(listed)
                    # A step every reading allows (asked first, reading nothing, by the
                    # "cannot move" ends): a move is listed, and no point is read to say so.
                    sure, _checks = checks_of(game, stage, places.kinds_of(seat))
                    if sure is not None and sure(state, seat, places):
                        read = Reading(reading)
                        assert listed and any_move(game, state, seat, stage, read)
                        assert not read.points
                    for action in stage.actions:
                        if action.kind != "jump" or not places.may_move(seat, action):
                            continue
                        jumps = list(jump(game, state, seat, action, stage.index,
                                          Reading(reading), places, None, None))
                        assert can_jump(game, state, seat, action, Reading(reading),
                                         places) == bool(jumps)
                    for move in listed:
                        alone = recorded_move(game, state, seat, stage, Reading(reading),
                                              move.path)
                        assert alone == move
                    judged += 1
    assert judged > 100


@pytest.mark.parametrize("slug", DATA_SLUGS)
def test_a_path_no_rule_allows_is_found_alone_as_no_move(slug):
    """A piece's path to any space of the board, asked alone, is a move exactly when the
    list has it."""
    paths_alone_agree(data_engine(slug), {})


def test_a_path_out_of_a_region_a_piece_stays_in_is_found_alone_as_no_move():
    # One match in four of its states: Halma's long matches would take minutes.
    paths_alone_agree(halma_engine(), {LEAVE: "stay"}, seeds=(1,), every=4)


def paths_alone_agree(engine, choices: dict[str, str], seeds=SEEDS, every: int = 1) -> None:
    game = engine.game
    reading = engine.reading(choices)
    for state in islice(states(engine, choices, seeds), 0, None, every):
        places = occupancy(state)
        for seat in seat_order(state):
            for stage in (stage for stage in game.stages if stage.kind == "act"):
                listed = {move.path for move in stage_moves(game, state, seat, stage,
                                                             Reading(reading))}
                for index in places.owned.get(seat, ()):
                    here = state["pieces"][index][2]
                    for there in game.spaces:
                        path = (here, there)
                        alone = recorded_move(game, state, seat, stage, Reading(reading),
                                              path)
                        assert (alone is not None) == (path in listed), (path, alone)


@pytest.mark.parametrize("slug", DATA_SLUGS)
def test_the_occupancy_carried_over_a_move_is_the_occupancy_counted(slug):
    engine = data_engine(slug)
    carried = 0
    for choices in readings(engine):
        reading = engine.reading(choices)
        for seed in SEEDS:
            document = engine.simulate(seed=seed, interpretation=reading)
            state = engine.initial_state(document["players"], document.get("setup", {}))
            for _event, step in replay_document(engine, document, reading):
                before, after = state["pieces"], step.state["pieces"]
                if after is not before:
                    counted = Occupancy(after)
                    changed = [index for index, piece in enumerate(after)
                               if piece is not before[index]]
                    found = Occupancy(before).moved(after, changed)
                    assert (found.at, found.owned) == (counted.at, counted.owned)
                    for seat in seat_order(state):
                        assert found.kinds_of(seat) == counted.kinds_of(seat)
                    for kinds in {frozenset({piece[1]}) for piece in after}:
                        assert found.count(kinds) == counted.count(kinds)
                    carried += 1
                state = step.state
    assert carried > 100
