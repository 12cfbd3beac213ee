"""The sweep: every combination of the options of the points a record consults, computed
once per distinct state, each combination's outcome equal to a full replay under it."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import games
from games.core.influence import Interaction, _unexpected, influence
from games.core.replay import replay_document
from games.core.sweep import (
    Frontier,
    SweepResult,
    SweepTooLarge,
    advance,
    finish,
    start,
    sweep,
    sweep_stream,
)

SAMPLES = Path(games.get("dagon").package_dir).parent
LAGOON = SAMPLES / "dagon" / "samples" / "lagoon-dispute.json"
# The 205-event simulated match of seed 2 a sweep forking every combination could not reach
# (a sample until the engine's version 2; a record since), and today's seed-2 sample.
DYLAN_DOG_SEED_2 = SAMPLES.parent / "tests" / "games" / "records" / "dylan-dog-pre-fidelity-seed-2.json"
DYLAN_DOG_SAMPLE_2 = SAMPLES / "dylan_dog" / "samples" / "simulated-seed-2.json"


def load(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def swept(engine, document, **options):
    return sweep(engine, players=document["players"], setup=document["setup"],
                 events=document["events"], **options)


def full_replay(engine, document, combination) -> tuple[dict, int]:
    steps = [step for _, step in replay_document(engine, document,
                                                 engine.interpretation(combination))]
    violations = sum(1 for step in steps for flag in step.flags if flag.kind == "violation")
    return engine.outcome(steps[-1].state).as_dict(), violations


def test_every_combination_of_the_lagoon_dispute_ends_as_its_full_replay():
    """dagon/the-lagoon: "moved by the attacking player to a symbol (Lagoon) space of the
    attacker's choice", against dagon/attack-between-heroes: "The attacked player moves its
    Hero to a symbol (Lagoon) of its choice": both readings, with every other point the
    record consults, give the outcome and violations of a replay from the start."""
    engine, document = games.get("dagon"), load(LAGOON)
    result = swept(engine, document)
    assert "dagon.lagoon-chooser" in result.points
    assert sum(row.combinations for row in result.rows) == result.combinations
    for options in _every_combination(result):
        row = result.row_for(options)
        assert (row.outcome, row.violations) == full_replay(engine, document, options)
    assert result.events_applied < result.naive_events
    # The attack is where the two readings first differ (in legality: the state is the same).
    attack = next(e["seq"] for e in document["events"] if e["type"] == "attack")
    assert result.divergence["dagon.lagoon-chooser"]["attacked"] == attack


def test_the_dylan_dog_seed_2_sample_sweeps_completely_and_merges_equal_states():
    engine, document = games.get("dylan-dog"), load(DYLAN_DOG_SEED_2)
    assert len(document["events"]) == 205
    result = swept(engine, document)
    assert result.combinations > 4096  # what the forking sweep could not reach
    assert sum(row.combinations for row in result.rows) == result.combinations
    # Far fewer lines of play computed than combinations: equal states were merged.
    assert result.lines * 20 < result.combinations
    assert result.events_applied * 100 < result.naive_events
    rng = random.Random(2)
    for _ in range(12):
        options = {p: rng.choice(result.options[p]) for p in result.points}
        row = result.row_for(options)
        assert (row.outcome, row.violations) == full_replay(engine, document, options)


def test_todays_dylan_dog_seed_2_sample_sweeps_completely_too():
    engine, document = games.get("dylan-dog"), load(DYLAN_DOG_SAMPLE_2)
    result = swept(engine, document)
    assert sum(row.combinations for row in result.rows) == result.combinations
    assert result.lines * 10 < result.combinations
    rng = random.Random(2)
    for _ in range(6):
        options = {p: rng.choice(result.options[p]) for p in result.points}
        row = result.row_for(options)
        assert (row.outcome, row.violations) == full_replay(engine, document, options)


def test_a_sweep_in_stretches_through_json_equals_the_sweep_in_one_go():
    engine, document = games.get("dylan-dog"), load(DYLAN_DOG_SEED_2)
    whole = swept(engine, document)
    stream = list(sweep_stream(document["events"]))
    frontier = start(engine, players=document["players"], setup=document["setup"])
    for begin in range(0, len(stream), 37):
        stored = json.loads(json.dumps(frontier.as_dict()))
        # A database may give a JSON object's keys back in another order (PostgreSQL's jsonb).
        stored["options"] = dict(reversed(list(stored["options"].items())))
        frontier = Frontier.from_dict(stored)
        frontier = advance(engine, frontier, stream[begin:begin + 37])
    parts = finish(engine, frontier)
    assert parts.as_dict() == whole.as_dict()
    assert SweepResult.from_dict(json.loads(json.dumps(whole.as_dict()))).as_dict() \
        == whole.as_dict()


def test_the_limit_is_on_distinct_states_and_says_where():
    engine, document = games.get("dylan-dog"), load(DYLAN_DOG_SEED_2)
    with pytest.raises(SweepTooLarge, match=r"at seq \d+ the readings lead to \d+ distinct "
                                            r"states, more than the 2 a sweep may hold"):
        swept(engine, document, max_states=2)


def test_a_sweep_of_chosen_points_keeps_the_others_at_their_default():
    engine, document = games.get("dagon"), load(LAGOON)
    result = swept(engine, document, points=["dagon.lagoon-chooser"])
    assert result.points == ["dagon.lagoon-chooser"]
    for option in ("attacker", "attacked"):
        row = result.row_for({"dagon.lagoon-chooser": option})
        assert (row.outcome, row.violations) == full_replay(
            engine, document, {"dagon.lagoon-chooser": option})
    with pytest.raises(KeyError):
        swept(engine, document, points=["dagon.no-such-point"])


def test_which_points_matter_lists_each_point_alone_with_its_first_divergence():
    engine, document = games.get("dylan-dog"), load(DYLAN_DOG_SEED_2)
    result = swept(engine, document)
    found = influence(result)
    default_outcome, _ = full_replay(engine, document, {})
    assert found.default_outcome == default_outcome
    listed = {(a.point, a.option) for a in found.alone}
    assert listed == {(p, o) for p in result.points for o in result.options[p]
                      if o != result.defaults[p]}
    for alone in found.alone:
        outcome, violations = full_replay(engine, document, {alone.point: alone.option})
        assert alone.outcome == outcome and alone.violations == violations
        assert alone.outcome_changed == (outcome != default_outcome)
    # Points that change the outcome come first.
    flags = [a.outcome_changed for a in found.alone]
    assert flags == sorted(flags, reverse=True)
    changed = sum(r.combinations for r in result.rows if r.outcome != default_outcome)
    assert found.changed_combinations == changed


def test_an_interaction_is_an_outcome_neither_change_gives_alone():
    d, a, b, c = ({"winner": w} for w in ("p1", "p2", "p3", "p4"))
    assert not _unexpected(d, d, d, d)      # nothing changes anything
    assert _unexpected(a, d, d, d)          # together they change what neither does
    assert not _unexpected(a, a, d, d)      # one change, and the other adds nothing
    assert _unexpected(d, a, d, d)          # the second undoes the first
    assert not _unexpected(b, a, b, d)      # both change it, and together as one of them
    assert _unexpected(c, a, b, d)          # together something else again
    assert Interaction(("x", "y"), ("1", "2"), c, (a, b)).as_dict()["points"] == ["x", "y"]


def _every_combination(result: SweepResult):
    from itertools import product

    for values in product(*(result.options[p] for p in result.points)):
        yield dict(zip(result.points, values, strict=True))
