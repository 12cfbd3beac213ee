"""What the engine says can happen next, where everything stands, and the labelled castle
(gothic/preparation, moves, rooms, adjacency, the-vault)."""

from __future__ import annotations

import re

import pytest

from games.core.choices import matching_choice
from games.core.events import EventSchemaError
from games.gothic.movement import walks
from games.gothic.rules import ENGINE
from games.gothic.state import ROOMS, SQUARES
from tests.games.gothic.helpers import apply, card, ev, interp, position

START = ENGINE.initial_state(
    [{"id": "p1", "name": "Ana"}, {"id": "p2", "name": "Luis"}, {"id": "p3", "name": "Carla"}], {}
)


def choices(state, **reading):
    return ENGINE.legal_events(state, interp(**reading))


def test_every_room_and_square_is_named_in_the_games_words():
    """gothic/rooms: "Experience will teach you which rooms you prefer. Bedrooms are the most comfortable." """
    layout = ENGINE.layout()
    names = layout.names()
    assert names["torture-chamber"] == "The Torture Chamber" and names["bedrooms"] == "The Bedrooms"
    assert names["west-gate"] == "Outside the West Gate" and names["moat"] == "The moat"
    assert len(set(names.values())) == len(names), "every space has a name of its own"
    assert not [name for name in names.values() if re.search(r"x\d+y\d+", name)]
    for room in ROOMS.values():
        for door in room["doors"]:
            assert room["name"] in names[door] or "Vault" in names[door], (door, names[door])
    assert names["x6y8"] == "The west steps of the Vault"
    assert layout.provenance["status"] == "documented reconstruction"
    assert {layout.space(s).kind for s in SQUARES} >= {"green square", "yellow arrow",
                                                       "red square", "Oubliette"}


def test_the_drawing_agrees_with_the_text():
    """gothic/the-vault: "Vampires may only leave the Vault by the west steps"; gothic/squares: "The red squares denote places where the masonry of the battlements is unsafe." """
    layout = ENGINE.layout()
    vault, west, east = (layout.space(s) for s in ("vault", ROOMS["vault"]["west_steps"],
                                                   ROOMS["vault"]["east_steps"]))
    assert west.x < vault.x < east.x
    squares = [layout.space(s) for s in SQUARES]
    assert layout.space("west-gate").x < min(s.x for s in squares)
    assert layout.space("south-gate").y > max(s.y for s in squares)
    assert all(s.area == "battlements" for s in squares if s.kind == "red square")
    assert all((a, b) in set(layout.links) or (b, a) in set(layout.links)
               for a in ROOMS for b in ROOMS[a]["doors"])


def test_pawns_start_outside_the_west_gate_and_dracula_in_his_coffin():
    """gothic/preparation: "Dracula (the black pawn) is returned to his coffin in the vault. The players choose a pawn each and assemble outside the West Gate." """
    pieces = {piece.id: piece for piece in ENGINE.pieces(START)}
    assert [pieces[p].space for p in ("p1", "p2", "p3")] == ["west-gate"] * 3
    assert pieces["p1"].label == "Ana" and pieces["p1"].owner == "p1"
    assert pieces["dracula"].space == "vault" and "coffin" in pieces["dracula"].detail


def test_the_black_pawn_is_placed_over_the_vampire():
    """gothic/the-vault: "The black pawn is placed over your own" """
    state = position(at={"p1": "x6y8"}, stage="move", throw=1)
    bitten = apply(state, ev("move", "p1", path=["vault"])).state
    pieces = {piece.id: piece for piece in ENGINE.pieces(bitten)}
    assert pieces["dracula"].space == "vault" == pieces["p1"].space
    assert "Ana" in pieces["dracula"].detail


def test_everyone_throws_to_decide_who_enters_first():
    """gothic/preparation: "Trembling, they throw the die to decide who enters first." """
    offered = choices(START)
    assert len(offered) == 18 and all(c.chance for c in offered)
    assert {(c.event["actor"], c.event["data"]["value"]) for c in offered} == {
        (p, v) for p in ("p1", "p2", "p3") for v in range(1, 7)}
    assert "Ana throws a 4 to decide who enters first" in {c.label for c in offered}


def test_a_throw_stays_chance_beside_a_card_that_may_be_traded():
    """gothic/rooms: numbered cards "may be traded in for stamina at any stage of the game" """
    state = position(stage="throw", p2={"cards": [card("Brandy", number=5)]})
    offered = choices(state)
    throws = [c for c in offered if c.event["type"] == "throw"]
    assert len(throws) == 6 and all(c.chance for c in throws)
    assert "Ana throws a 4" in {c.label for c in throws}
    trade = matching_choice(offered, ev("trade", "p2", card="Brandy"))
    assert trade is not None and not trade.chance
    assert matching_choice(offered, ev("return_card", "p2", card="Brandy")) is not None


def test_a_killer_picks_from_the_body_only_what_it_holds():
    """gothic/adjacency: "you may search their body and take any weapons they possess, plus any other cards which are of use to you." """
    state = position(at={"p1": "x5y6", "p2": "x6y6"}, stage="act", go={"moved": True},
                     p1={"cards": [card("Axe", "weapon", "torture-chamber")]},
                     p2={"cards": [card("Knife", "weapon"), card("Brandy", number=5)]})
    offered = choices(state)
    for take in ([], ["Brandy"], ["Brandy", "Knife"]):
        event = ev("attack", "p1", target="p2", weapon="Axe", take=take)
        assert matching_choice(offered, event) is not None and apply(state, event).legal
    wrong = ev("attack", "p1", target="p2", weapon="Axe", take=["Crucifix"])
    assert matching_choice(offered, wrong) is None and not apply(state, wrong).legal
    assert matching_choice(offered, ev("attack", "p1", target="p2", weapon="Axe")) is not None


@pytest.mark.parametrize("double_back", ["not-allowed", "allowed"])
def test_the_moves_offered_are_the_walks_the_throw_allows(double_back):
    """gothic/moves: "Players proceed in turn, creeping along corridors and battlements by throw of die." """
    state = position(stage="move", throw=4, at={"p1": "x3y3", "p2": "x5y3"})
    offered = [c for c in choices(state, double_back=double_back) if c.event["type"] == "move"]
    every_walk = walks("x3y3", 4, revisit=True)
    legal = [path for path in every_walk
             if apply(state, ev("move", "p1", path=path), double_back=double_back).legal]
    assert sorted(c.event["data"]["path"] for c in offered) == sorted(legal)
    assert len(legal) < len(every_walk)
    den = next(c for c in offered if c.event["data"]["path"] == ["x4y3", "den"])
    assert den.label == "Ana moves to the Den" and den.spaces == ("x4y3", "den")


def test_a_controlled_move_is_offered_to_the_controller_only():
    """gothic/adjacency: "You may control their next move. They throw the die, but you tell them which way to go." """
    state = position(stage="move", throw=2, at={"p1": "x3y3"}, p1={"controlled_by": "p2"})
    offered = [c for c in choices(state) if c.event["type"] == "move"]
    assert offered and {c.event["actor"] for c in offered} == {"p2"}
    assert all(c.label.endswith(", directed by Luis") for c in offered)


def test_a_card_drawn_is_named_by_the_record():
    """gothic/rooms: "You must then pick up the top card from the pile, and obey it." """
    state = position(stage="draw", at={"p1": "trophy-room"})
    offered = choices(state)
    assert [c.label for c in offered] == ["Ana draws the top card of the Trophy Room pile",
                                          "Ana draws the top card of the Trophy Room pile (not deadly)"]
    draw = offered[0]
    assert draw.open_fields == ("card",) and "kind" in draw.optional_fields
    assert draw.matches(ev("draw", "p1", room="trophy-room", card="Rapier", kind="weapon",
                           stamina=-3, number=4))


def test_a_weapon_from_a_room_the_text_does_not_name_is_offered_only_as_recorded():
    """gothic/play: "Weapons for this purpose are available in the Torture Chamber and the Trophy Room, and one is hidden in the Kitchen." """
    state = position(stage="draw", at={"p1": "den"})
    weapon = ev("draw", "p1", room="den", card="Sword", kind="weapon")
    as_recorded = matching_choice(choices(state, room_cards="as-recorded"), weapon)
    assert as_recorded is not None and as_recorded.points == ("gothic.room-cards",)
    assert as_recorded.label == "Ana draws the top card of the Den pile, recorded as a weapon"
    assert matching_choice(choices(state), weapon) is None
    plain = ev("draw", "p1", room="den", card="Cigar")
    assert matching_choice(choices(state), plain) is not None


def test_a_record_may_not_name_a_place_the_castle_does_not_have():
    """gothic/moves: "creeping along corridors and battlements by throw of die" """
    with pytest.raises(EventSchemaError, match=r"data\.path\[1\].*'x13y3' is not a space"):
        ENGINE.validate_event(ev("move", "p1", path=["x3y3", "x13y3"]), ["p1", "p2"])
    with pytest.raises(EventSchemaError, match=r"data\.target.*'p9' is not a player"):
        ENGINE.validate_event(ev("control", "p1", target="p9"), ["p1", "p2"])
    ENGINE.validate_event(ev("move", "p1", path=["x4y3", "den"]), ["p1", "p2"])


def test_a_match_is_simulated_under_a_chosen_reading():
    """gothic/moves: "If your throw would land you on a square occupied by another player, you must move in another direction or miss your turn." """
    reading = {"gothic.blocked-choice": "move-if-possible", "gothic.double-back": "allowed"}
    document = ENGINE.simulate(seed=5, interpretation=reading)
    assert "gothic.double-back=allowed" in document["source"]
    assert "gothic.blocked-choice=move-if-possible" in document["source"]
    interpretation = ENGINE.interpretation(reading)
    state = ENGINE.initial_state(document["players"], document["setup"])
    for event in document["events"]:
        step = ENGINE.apply(state, event, interpretation)
        assert step.legal, (event, step.flags)
        state = step.state
    assert ENGINE.outcome(state).finished
