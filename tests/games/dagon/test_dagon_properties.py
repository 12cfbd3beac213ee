"""Properties: simulated matches replay legally and deterministically; apply is pure and total."""

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.core.canonical import canonical_json, round_trip
from games.core.replay import replay_document
from games.dagon.rules import ENGINE
from games.dagon.state import PHASES, WEAPONS_MAX
from tests.games.simulated import simulated

SETTINGS = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SPACES = sorted(ENGINE.board_of({}).kind)


def check_invariants(state):
    """dagon/weapons: "a Hero may never carry more than three weapons" and the other
    invariants of the state (towers, the Symbol, phases)."""
    assert state["phase"] in PHASES
    for hero in state["heroes"].values():
        assert 0 <= hero["weapons"] <= WEAPONS_MAX
    towers = state["towers"]
    assert towers["reserve"] + len(towers["spaces"]) == 12
    assert len(set(towers["spaces"])) == len(towers["spaces"])
    symbol = state["symbol"]
    assert (symbol["space"] is None) != (symbol["bearer"] is None) or state["phase"] in ("place_symbol", "over")
    assert round_trip(state) == state


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_simulated_matches_replay_legally(seed):
    """dagon/end-of-the-game: "The game ends when a player has been knighted a certain number of
    times in different cities" -- agents play legal matches to the end."""
    document = ENGINE.simulate(seed=seed)
    assert document == simulated("dagon", seed)
    assert json.loads(json.dumps(document)) == document
    state = None
    for event, step in replay_document(ENGINE, document):
        ENGINE.validate_event(event, [p["id"] for p in document["players"]])
        assert not [f for f in step.flags if f.kind == "violation"], (event, step.flags)
        check_invariants(step.state)
        state = step.state
    assert ENGINE.outcome(state).finished


def test_min_and_max_events():
    """dagon/starting-the-game: "The player whose turn it is must move" -- long matches stay legal
    and end once the end is no longer kept off."""
    long = ENGINE.simulate(seed=3, min_events=3000)
    assert len(long["events"]) >= 3000
    steps = list(replay_document(ENGINE, long))
    assert not [f for _e, s in steps for f in s.flags if f.kind == "violation"]
    assert not any(ENGINE.finished(s.state) for _e, s in steps[:2999])
    assert ENGINE.outcome(steps[-1][1].state).finished
    assert len(ENGINE.simulate(seed=3, max_events=50)["events"]) == 50


def event_strategy(players):
    actor = st.sampled_from(players)
    space = st.sampled_from(SPACES)
    die = st.integers(min_value=1, max_value=6)
    return st.one_of(
        st.builds(lambda a, v: {"type": "roll", "actor": a, "data": {"value": v}}, actor, die),
        st.builds(lambda a, p: {"type": "move", "actor": a, "data": {"path": p}}, actor,
                  st.lists(space, min_size=2, max_size=7)),
        st.builds(lambda a, v: {"type": "spell_card", "actor": a, "data": {"strength": v}}, actor, die),
        st.builds(lambda a, v: {"type": "duel_roll", "actor": a, "data": {"value": v}}, actor, die),
        st.builds(lambda a, t, s, c: {"type": "attack", "actor": a,
                                      "data": {"target": t, "lagoon": s, "lagoon_chosen_by": c}},
                  actor, st.sampled_from(players), space, st.sampled_from(players)),
        st.builds(lambda a: {"type": "take_symbol", "actor": a, "data": {}}, actor),
        st.builds(lambda a, s: {"type": "place_symbol", "actor": a, "data": {"space": s}}, actor, space),
        st.builds(lambda a, s: {"type": "place_tower", "actor": a, "data": {"space": s}}, actor, space),
        st.builds(lambda a, f, t: {"type": "move_tower", "actor": a, "data": {"from": f, "to": t}},
                  actor, space, space),
        st.builds(lambda a: {"type": "return_wizard_card", "actor": a, "data": {}}, actor),
        st.builds(lambda a: {"type": "pass", "actor": a, "data": {}}, actor),
    )


@SETTINGS
@given(st.integers(min_value=0, max_value=500), st.integers(min_value=0, max_value=200),
       st.lists(event_strategy(["p1", "p2"]), min_size=1, max_size=25),
       st.sampled_from([{}, {"dagon.lagoon-chooser": "attacked", "dagon.move-length": "roll-up-to",
                             "dagon.duel-pass-over": "next-move", "dagon.wizard-turns": "two",
                             "dagon.unarmed-on-spell": "no-duel", "dagon.occupied-city": "share"}]))
def test_apply_never_raises_nor_mutates(seed, prefix, events, choices):
    """dagon/starting-the-game: "Only free spaces may be moved onto" -- any well-formed event
    (naming only spaces and players that exist), legal or not, from any reachable state,
    gives a defined state."""
    interpretation = ENGINE.interpretation(choices)
    document = ENGINE.simulate(seed=seed, max_events=prefix)
    state = None
    for _event, step in replay_document(ENGINE, document, interpretation):
        state = step.state
    if state is None:
        state = ENGINE.initial_state(document["players"], document["setup"])
    state = {**state}
    players = [p["id"] for p in document["players"]]
    for event in events:
        if event["actor"] not in players:
            continue
        ENGINE.validate_event(event, players)
        before = canonical_json(state)
        step = ENGINE.apply(state, event, interpretation)
        assert canonical_json(state) == before
        check_invariants(step.state)
        state = step.state


def test_a_record_naming_what_does_not_exist_is_malformed():
    """dagon/the-lagoon: "moved by the attacking player to a symbol (Lagoon) space" -- a
    record may break a rule, but a space the board does not have, or a player the match does
    not have, is refused before it is stored, naming the field."""
    from games.core.events import EventSchemaError

    players = ["p1", "p2"]
    bad = [
        ({"type": "move", "actor": "p1", "data": {"path": ["zharot", "nowhere"]}}, "data.path[1]"),
        ({"type": "attack", "actor": "p1", "data": {"target": "px", "lagoon": "lagoon-south",
                                                    "lagoon_chosen_by": "p1"}}, "data.target"),
        ({"type": "attack", "actor": "p1", "data": {"target": "p2", "lagoon": "Lagoon of the South",
                                                    "lagoon_chosen_by": "p1"}}, "data.lagoon"),
        ({"type": "move_tower", "actor": "p1", "data": {"from": "r8", "to": "R9"}}, "data.to"),
    ]
    for event, field in bad:
        try:
            ENGINE.validate_event(event, players, setup={})
        except EventSchemaError as error:
            assert error.field == field, (event, error)
        else:
            raise AssertionError(f"{event} was accepted")
    ENGINE.validate_event({"type": "move", "actor": "p1", "data": {"path": ["zharot", "r1"]}},
                          players, setup={})


def test_an_unknown_space_stored_before_the_check_still_replays_to_a_defined_state():
    """dagon/starting-the-game: "Each player moves their Hero ... one circle along the route
    line" -- a move to a space the board lacks is a violation and the Hero stays put."""
    state = ENGINE.initial_state([{"id": "p1"}, {"id": "p2"}], {})
    interpretation = ENGINE.interpretation({"dagon.move-length": "one-circle"})
    step = ENGINE.apply(state, {"type": "move", "actor": "p1", "data": {"path": ["zharot", "nowhere"]}},
                        interpretation)
    assert [f for f in step.flags if f.kind == "violation"]
    assert step.state["heroes"]["p1"]["space"] == "zharot" and step.state["turn"] == "p2"
    check_invariants(step.state)
