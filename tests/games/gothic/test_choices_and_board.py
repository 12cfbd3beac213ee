"""What the engine says can happen next, where everything stands, and the labelled castle
(gothic/preparation, moves, rooms, adjacency, the-vault)."""

from __future__ import annotations

import json
import random
import re

import pytest

from games.core.choices import OneOf, SomeOf, covering
from games.core.events import EventSchemaError
from games.gothic.movement import walks
from games.gothic.rules import ENGINE
from games.gothic.state import ROOMS, SQUARES
from tests.games.gothic.helpers import apply, card, ev, interp, position, run, violations

START = ENGINE.initial_state(
    [{"id": "p1", "name": "Ana"}, {"id": "p2", "name": "Luis"}, {"id": "p3", "name": "Carla"}], {}
)


def choices(state, seat=None, **reading):
    return ENGINE.legal_events(state, interp(**reading), seat)


def only(offered, event):
    """The one choice that stands for ``event`` (a correct offer has exactly one)."""
    found = covering(offered, event)
    assert len(found) == 1, (event, [c.label for c in found])
    return found[0]


def paths_of(choice):
    fixed = choice.event["data"].get("path")
    return [list(fixed)] if fixed else [list(p) for p in choice.field("path").domain.values]


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
    assert [c.actor for c in offered] == ["p1", "p2", "p3"] and all(c.chance for c in offered)
    assert all(c.field("value").domain.values == (1, 2, 3, 4, 5, 6) for c in offered)
    assert offered[0].label == "Ana throws to decide who enters first"
    assert [c.actor for c in choices(START, "p2")] == ["p2"]


def test_a_throw_stays_chance_beside_a_card_that_may_be_traded():
    """gothic/rooms: numbered cards "may be traded in for stamina at any stage of the game" """
    state = position(stage="throw", p2={"cards": [card("Brandy", number=5)]})
    offered = choices(state)
    (throw,) = [c for c in offered if c.type == "throw"]
    assert throw.chance and throw.actor == "p1" and throw.label == "Ana throws the die"
    assert throw.field("value").domain.labels[5] == "a 6, then a second throw may follow"
    trade = only(offered, ev("trade", "p2", card="Brandy"))
    assert not trade.chance and trade.field("card").domain.labels == ("Brandy (worth 5)",)
    only(offered, ev("return_card", "p2", card="Brandy"))
    assert [c.type for c in choices(state, "p1")] == ["throw"]


def test_a_throw_in_the_moat_says_what_each_face_does():
    """gothic/the-moat: "In order to climb out of the moat and re-enter the castle it is necessary to throw a 4, 5 or 6." """
    (throw,) = choices(position(stage="throw", at={"p1": "moat"}))
    labels = throw.field("value").domain.labels
    assert "West Gate" in labels[5] and "South Gate" in labels[4] and "Vault" in labels[3]
    assert all("flounders" in label for label in labels[:3])


@pytest.mark.parametrize("double_back", ["not-allowed", "allowed"])
def test_a_move_is_one_choice_per_place_picked_from_the_pawn(double_back):
    """gothic/moves: "Players proceed in turn, creeping along corridors and battlements by throw of die." """
    state = position(stage="move", throw=4, at={"p1": "x3y3", "p2": "x5y3"})
    offered = [c for c in choices(state, double_back=double_back) if c.type == "move"]
    every_walk = walks("x3y3", 4, revisit=True)
    legal = [path for path in every_walk
             if apply(state, ev("move", "p1", path=path), double_back=double_back).legal]
    assert sorted(path for c in offered for path in paths_of(c)) == sorted(legal)
    assert len(legal) < len(every_walk)
    # picked on the board: from the pawn's own square, to the one place each choice ends on
    assert {c.origin for c in offered} == {"x3y3"}
    assert all({path[-1] for path in paths_of(c)} == {c.target} for c in offered)
    assert len({c.target for c in offered}) == len(offered) <= 40
    den = next(c for c in offered if c.target == "den")
    assert den.label == "Ana moves to the Den" and ["x4y3", "den"] in paths_of(den)
    several = [c for c in offered if len(paths_of(c)) > 1]
    assert all(c.open_fields == ("path",) and c.field("path").domain.labels[0].startswith("by ")
               for c in several)
    assert bool(several) == (double_back == "allowed")  # doubling back makes several ways


def test_a_controlled_move_is_offered_to_the_controller_from_the_victims_square():
    """gothic/adjacency: "You may control their next move. They throw the die, but you tell them which way to go." """
    state = position(stage="move", throw=2, at={"p1": "x3y3"}, p1={"controlled_by": "p2"})
    offered = [c for c in choices(state) if c.type == "move"]
    assert offered and {c.actor for c in offered} == {"p2"} and {c.origin for c in offered} == {"x3y3"}
    assert all(c.label.endswith(", directed by Luis") for c in offered)
    assert [c for c in choices(state, "p1") if c.type == "move"] == []
    assert [c.target for c in choices(state, "p2")] == [c.target for c in offered]


def test_a_vampire_is_asked_whom_it_kills_only_where_its_walk_passes_someone():
    """gothic/the-vault: "you may kill any other player simply by passing them in the corridor" """
    vampire = {"vampire": {"goes": 1, "kills": 0, "fresh": False}}
    state = position(stage="move", throw=3, at={"p1": "x3y4", "p2": "x3y5"}, p1=vampire)
    offered = [c for c in choices(state) if c.type == "move"]
    passing = only(offered, ev("move", "p1", path=["x3y5", "x3y6", "x3y7"], kill=["p2"]))
    assert passing.field("kill").domain == SomeOf(("p2",), least=1, labels=("Luis",))
    assert only(offered, ev("move", "p1", path=["x3y5", "x3y6", "x3y7"])) is passing
    for choice in offered:
        through_luis = all(path[0] == "x3y5" for path in paths_of(choice))
        assert ("kill" in choice.open_fields) == through_luis
        assert ("kill" in choice.omitted) == (not through_luis)


def test_a_draw_is_chance_among_the_cards_the_pile_is_known_to_hold_or_not_read():
    """gothic/rooms: "You must then pick up the top card from the pile, and obey it. You are not obliged to declare this card, but you must inform the scorer if you have lost or gained any stamina." """
    state = position(stage="draw", at={"p1": "trophy-room"},
                     p2={"cards": [card("Rapier", "weapon", "trophy-room")]})
    state["piles"]["trophy-room"] = ["Stuffed Bear"]
    offered = [c for c in choices(state) if c.type == "draw"]
    draw, new = offered
    assert draw.chance and draw.label == "Ana draws the top card of the Trophy Room pile"
    assert draw.field("card").domain.values == ("Stuffed Bear", "Rapier", "not read")
    assert all(isinstance(field.domain, OneOf) for field in draw.fields)
    # a card no one has seen yet is read as it came: a draw too, its name any but the listed
    assert new.chance and new.field("card").domain.kind == "text"
    assert not new.field("card").domain.allows("Rapier")
    for name in ("Stuffed Bear", "not read"):
        assert only(offered, ev("draw", "p1", room="trophy-room", card=name, stamina=-3)) is draw
    crossbow = ev("draw", "p1", room="trophy-room", card="Crossbow", kind="weapon", number=4)
    assert only(offered, crossbow) is new
    for choice in (draw, new):  # every figure a record may give is open, with its domain
        assert {f.name for f in choice.fields if f.optional} == {
            "stamina", "number", "numbered", "kind", "detain", "deadly"}
        assert choice.field("deadly").domain.values == (False,)
    quiet = apply(state, ev("draw", "p1", room="trophy-room", card="not read", stamina=-7))
    assert quiet.legal and quiet.state["players"]["p1"]["stamina"] == 93
    # the drawer's seat knows the pile's returned cards, not what Luis holds
    mine = [c for c in choices(state, "p1") if c.type == "draw"]
    assert mine[0].field("card").domain.values == ("Stuffed Bear", "not read")
    only(mine, ev("draw", "p1", room="trophy-room", card="Rapier"))
    assert [c for c in choices(state, "p2") if c.type == "draw"] == []


def test_the_iron_maiden_is_a_draw_of_its_own_and_kills():
    """gothic/rooms: "There is only one completely deadly card. That is the Iron Maiden in the Torture Chamber" """
    state = position(stage="draw", at={"p1": "torture-chamber"})
    offered = choices(state)
    maiden = only(offered, ev("draw", "p1", room="torture-chamber", card="Iron Maiden",
                              deadly=True))
    assert maiden.chance and maiden.label == "Ana draws the Iron Maiden and dies"
    assert only(offered, ev("draw", "p1", room="torture-chamber", card="Iron Maiden")) is maiden
    assert covering(offered, ev("draw", "p1", room="torture-chamber", card="Rack",
                                deadly=True)) == []
    assert apply(state, maiden.filled({})).state["players"]["p1"]["status"] == "dead"
    den = position(stage="draw", at={"p1": "den"})
    assert covering(choices(den), ev("draw", "p1", room="den", card="Iron Maiden",
                                     deadly=True)) == []
    assert only(choices(den), ev("draw", "p1", room="den", card="Iron Maiden")).chance


def test_a_weapon_from_a_room_the_text_does_not_name_is_offered_only_as_recorded():
    """gothic/play: "Weapons for this purpose are available in the Torture Chamber and the Trophy Room, and one is hidden in the Kitchen." """
    state = position(stage="draw", at={"p1": "den"})
    weapon = ev("draw", "p1", room="den", card="Sword", kind="weapon")
    as_recorded = only(choices(state, room_cards="as-recorded"), weapon)
    assert as_recorded.points == ("gothic.room-cards",)
    assert covering(choices(state), weapon) == []
    only(choices(state), ev("draw", "p1", room="den", card="Cigar"))
    kinds = choices(state)[0].field("kind").domain.values
    assert "weapon" not in kinds and "other" in kinds


def test_the_next_players_throw_ends_a_go_that_leaves_nothing_to_decide():
    """gothic/moves: "Players proceed in turn, creeping along corridors and battlements by throw of die." """
    landed = apply(position(stage="move", throw=2, at={"p1": "x3y3"}),
                   ev("move", "p1", path=["x3y4", "x3y5"])).state
    offered = choices(landed)
    following = only(offered, ev("throw", "p2", value=3))
    assert following.chance and following.label == "Luis throws the die (Ana's go ends)"
    only(offered, ev("end_turn", "p1"))
    implied = apply(landed, ev("throw", "p2", value=3))
    said = run(landed, [ev("end_turn", "p1"), ev("throw", "p2", value=3)])[0]
    assert implied.legal and implied.state == said
    assert [c.type for c in choices(landed, "p2")] == ["throw"]
    # a six leaves a second throw to decide: the go is ended in words first
    six = apply(position(stage="move", throw=6, at={"p1": "x3y3"}, go={"six": True}),
                ev("move", "p1", path=["x4y3", "x5y3", "x6y3", "x7y3", "x8y3", "x9y3"]))
    assert six.legal and six.state["stage"] == "act"
    assert covering(choices(six.state), ev("throw", "p2", value=3)) == []
    assert [f.rule for f in violations(apply(six.state, ev("throw", "p2", value=3)))] == [
        "gothic/moves"]
    # so does a player beside, on whom a power may be used
    beside = apply(position(stage="move", throw=2, at={"p1": "x3y3", "p2": "x3y6"}),
                   ev("move", "p1", path=["x3y4", "x3y5"])).state
    assert covering(choices(beside), ev("throw", "p2", value=3)) == []


def test_an_attacker_is_not_told_what_the_victim_holds_and_searches_the_body_after():
    """gothic/adjacency: "if you do succeed in killing someone with a weapon, you may search their body and take any weapons they possess, plus any other cards which are of use to you." """
    state = position(at={"p1": "x5y6", "p2": "x6y6"}, stage="act", go={"moved": True},
                     p1={"cards": [card("Axe", "weapon", "torture-chamber")]},
                     p2={"cards": [card("Knife", "weapon"), card("Brandy", number=5)]})
    mine = choices(state, "p1")
    seat = only(mine, ev("attack", "p1", target="p2", weapon="Axe"))
    assert "take" in seat.omitted and seat.field("weapon").domain.values == ("Axe",)
    said = json.dumps([c.as_dict() for c in mine])
    assert "Knife" not in said and "Brandy" not in said
    archivist = only(choices(state), ev("attack", "p1", target="p2", weapon="Axe", take=["Knife"]))
    assert archivist.field("take").domain.pool == ("Knife", "Brandy")
    killed = apply(state, ev("attack", "p1", target="p2", weapon="Axe")).state
    assert killed["players"]["p2"]["status"] == "dead"
    search = only(choices(killed, "p1"), ev("search", "p1", take=["Knife"]))
    assert search.field("take").domain.pool == ("Knife", "Brandy")
    assert [c for c in choices(killed, "p3") if c.type == "search"] == []
    assert ENGINE.view(killed, "p3")["players"]["p2"]["cards"][0]["name"] is None
    searched = apply(killed, ev("search", "p1", take=["Knife"])).state
    assert [c["name"] for c in searched["players"]["p1"]["cards"]] == ["Knife"]
    assert searched["piles"]["kitchen"] == ["Brandy"] and searched["players"]["p2"]["cards"] == []
    left = apply(killed, ev("end_turn", "p1"))
    assert left.legal and left.state["piles"]["kitchen"] == ["Knife", "Brandy"]
    assert left.state["players"]["p2"]["cards"] == []
    assert violations(apply(left.state, ev("search", "p2", take=[])))


def test_nothing_is_taken_from_a_protected_victim_who_lives():
    """gothic/adjacency: "You may use your weapon, and if they do not possess a card which protects them, you kill them." """
    state = position(at={"p1": "x5y6", "p2": "x6y6"}, stage="act", go={"moved": True},
                     p1={"cards": [card("Axe", "weapon", "torture-chamber")]},
                     p2={"cards": [card("Crucifix", "protection", "great-hall")]})
    choice = only(choices(state), ev("attack", "p1", target="p2", weapon="Axe"))
    assert choice.field("take").domain.pool == () and "protected" in choice.label
    step = apply(state, ev("attack", "p1", target="p2", weapon="Axe", take=["Crucifix"]))
    assert [f.rule for f in violations(step)] == ["gothic/adjacency"]
    assert step.state["players"]["p2"]["cards"][0]["name"] == "Crucifix"


def test_a_seat_sees_how_many_cards_another_holds_and_from_which_pile_not_which():
    """gothic/rooms: "You are not obliged to declare this card, but you must inform the scorer if you have lost or gained any stamina." """
    state = position(p1={"cards": [card("Asp", "nasty", "den")], "stamina": 80})
    seen = ENGINE.view(state, "p2")["players"]["p1"]
    assert seen["stamina"] == 80 and [c["room"] for c in seen["cards"]] == ["den"]
    assert {c["name"] for c in seen["cards"]} == {None}
    other = ENGINE.resample_hidden(state, "p2", random.Random(1))
    assert ENGINE.view(other, "p2") == ENGINE.view(state, "p2") and other != state
    assert ENGINE.resample_hidden(state, "p1", random.Random(1)) == state
    facts = {f.player: dict(f.facts) for f in ENGINE.player_facts(state, "p2")}
    assert facts["p1"]["Cards"] == "1 not declared" and facts["p1"]["Stamina"] == "80"
    assert dict(ENGINE.player_facts(state, "p1")[0].facts)["Cards"] == "Asp"
    assert ENGINE.player_facts(state)[0].acting and not ENGINE.player_facts(state)[1].acting


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
