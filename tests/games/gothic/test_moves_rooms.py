"""Moves, the order of play, stamina and rooms (gothic/preparation, moves, stamina, rooms)."""

from __future__ import annotations

from games.core.canonical import canonical_json
from games.core.playable import default_players
from games.gothic.rules import ENGINE
from tests.games.gothic.helpers import (
    apply,
    card,
    consulted,
    ev,
    kinds,
    position,
    run,
    violations,
)


def test_entry_order_by_die_and_ties():
    """gothic/preparation: "Trembling, they throw the die to decide who enters first." """
    start = ENGINE.initial_state(default_players(3), {})
    assert {p["at"] for p in start["players"].values()} == {"west-gate"}
    throws = [ev("throw", "p1", value=5), ev("throw", "p2", value=5), ev("throw", "p3", value=2)]
    rethrow, steps = run(start, throws)
    assert rethrow["stage"] == "order" and rethrow["contenders"] == ["p1", "p2"]
    assert "gothic.entry-ties" in consulted(steps[-1])
    seated, _ = run(start, throws, entry_ties="first-seated")
    assert seated["stage"] == "throw" and seated["turn"] == "p1"
    after, steps = run(rethrow, [ev("throw", "p1", value=1), ev("throw", "p2", value=4)])
    assert after["turn"] == "p2"
    again = apply(after, ev("throw", "p3", value=6))
    assert violations(again)  # p3 is not due to throw: it is p2's go


def test_move_exact_throw_and_illegal_paths():
    """gothic/moves: "Players proceed in turn, creeping along corridors and battlements by throw of die." """
    state = position(at={"p1": "x3y6"}, stage="move", throw=3)
    ok = apply(state, ev("move", "p1", path=["x4y6", "x5y6", "x6y6"]))
    assert ok.legal and ok.state["players"]["p1"]["at"] == "x6y6"
    short = apply(state, ev("move", "p1", path=["x4y6", "x5y6"]))
    assert violations(short) and short.state is state
    jump = apply(state, ev("move", "p1", path=["x4y6", "x6y6", "x7y6"]))
    assert violations(jump) and jump.state["players"]["p1"]["at"] == "x3y6"
    wrong = apply(state, ev("move", "p2", path=["x4y6", "x5y6", "x6y6"]))
    assert violations(wrong)


def test_no_two_players_on_one_square_and_missing_the_turn():
    """gothic/moves: "If your throw would land you on a square occupied by another player, you must move in another direction or miss your turn." """
    state = position(at={"p1": "x3y6", "p2": "x5y6"}, stage="move", throw=2)
    blocked = apply(state, ev("move", "p1", path=["x4y6", "x5y6"]))
    assert violations(blocked)
    other_way = apply(state, ev("move", "p1", path=["x3y5", "x3y4"]))
    assert other_way.legal
    miss = apply(state, ev("miss_turn", "p1"))
    assert miss.legal and miss.state["turn"] == "p2"
    strict = apply(state, ev("miss_turn", "p1"), blocked_choice="move-if-possible")
    assert violations(strict) and strict.state["turn"] == "p1"
    free = position(at={"p1": "x3y6"}, stage="move", throw=2)
    assert violations(apply(free, ev("miss_turn", "p1")))


def test_passing_over_a_player():
    """gothic/moves: "Two players may never occupy the same square." """
    state = position(at={"p1": "x3y6", "p2": "x4y6"}, stage="move", throw=2)
    event = ev("move", "p1", path=["x4y6", "x5y6"])
    over = apply(state, event)
    assert over.legal and "gothic.pass-occupied" in consulted(over)
    assert violations(apply(state, event, pass_occupied="no-passing"))


def test_doubling_back():
    """gothic/the-vault: "they may double back if their way is blocked" (ordinary players are not told they may)."""
    state = position(at={"p1": "x3y6"}, stage="move", throw=3)
    event = ev("move", "p1", path=["x4y6", "x5y6", "x4y6"])
    assert violations(apply(state, event))
    assert apply(state, event, double_back="allowed").legal


def test_six_grants_an_optional_second_throw():
    """gothic/moves: "An optional second throw is granted if you throw a six." """
    state = position(at={"p1": "x0y1"})
    state, steps = run(
        state,
        [
            ev("throw", "p1", value=6),
            ev("move", "p1", path=["x0y2", "x0y3", "x1y3", "x2y3", "x3y3", "x3y4"]),
        ],
    )
    assert all(s.legal for s in steps) and state["stage"] == "act"
    second = apply(state, ev("throw", "p1", value=6))
    assert second.legal and second.state["stage"] == "move"
    third_state = run(
        second.state, [ev("move", "p1", path=["x3y5", "x3y6", "x4y6", "x5y6", "x6y6", "x7y6"])]
    )[0]
    assert violations(apply(third_state, ev("throw", "p1", value=2)))
    assert apply(third_state, ev("throw", "p1", value=2), six_chain="again-on-six").legal
    no_six = position(at={"p1": "x3y6"}, stage="act", go={"moved": True})
    assert violations(apply(no_six, ev("throw", "p1", value=3)))
    ended = apply(state, ev("end_turn", "p1"))
    assert ended.legal and ended.state["turn"] == "p2"


def test_rooms_need_no_exact_throw_and_stop_the_pawn():
    """gothic/rooms: "It is not necessary to throw the exact number to enter a room, but once you are inside you may go no further even if you threw a six." """
    state = position(at={"p1": "x3y3"}, stage="move", throw=6, go={"six": True})
    inside = apply(state, ev("move", "p1", path=["x4y3", "den"]))
    assert inside.legal and inside.state["stage"] == "draw"
    drawn = apply(inside.state, ev("draw", "p1", room="den", card="Cigar", stamina=5))
    assert drawn.legal and drawn.state["players"]["p1"]["stamina"] == 105
    assert violations(apply(drawn.state, ev("throw", "p1", value=4)))
    wrong_room = apply(inside.state, ev("draw", "p1", room="kitchen", card="Stew"))
    assert violations(wrong_room)


def test_you_may_not_linger_unless_detained():
    """gothic/rooms: "You may not linger in a room unless you are forcibly detained." """
    state = position(at={"p1": "den"})
    assert violations(apply(state, ev("stay", "p1")))
    held = position(at={"p1": "den"}, p1={"detained": 1})
    stayed = apply(held, ev("stay", "p1"))
    assert stayed.legal and stayed.state["players"]["p1"]["detained"] == 0
    assert violations(apply(held, ev("throw", "p1", value=3)))


def test_cards_kept_returned_and_traded():
    """gothic/rooms: "When a card is no longer needed it must be shown to all the other players, then returned to the bottom of the pile in the room from which it came." """
    state = position(stage="act", p1={"cards": [card("Brandy", number=7), card("Stew")]})
    returned = apply(state, ev("return_card", "p1", card="Stew"))
    assert returned.legal and returned.state["piles"]["kitchen"] == ["Stew"]
    assert [c["name"] for c in returned.state["players"]["p1"]["cards"]] == ["Brandy"]
    traded = apply(state, ev("trade", "p2", card="Brandy"))
    assert violations(traded)  # p2 holds no Brandy
    traded = apply(state, ev("trade", "p1", card="Brandy"))
    assert traded.legal and traded.state["players"]["p1"]["stamina"] == 107
    assert not kinds(traded, "uncertain-text")  # its number was read: no doubtful words
    assert violations(apply(state, ev("trade", "p1", card="Stew")))


def test_circled_number_readings():
    """gothic/rooms: "e.g. [a circled number in the photo, probably 6], may be traded in for stamina" """
    state = position(p1={"cards": [card("Smudged", numbered=True)]})
    values = {}
    for option in ("six", "five", "eight"):
        step = apply(state, ev("trade", "p1", card="Smudged"), circled_card_number=option)
        assert "gothic.circled-card-number" in consulted(step)
        assert kinds(step, "uncertain-text")[0].citations[0].note  # rests on the example
        values[option] = step.state["players"]["p1"]["stamina"]
    assert values == {"six": 106, "five": 105, "eight": 108}


def test_stamina_tally_and_death_at_zero():
    """gothic/stamina: "When you have no stamina left, you are dead." """
    state = position(at={"p1": "den"}, stage="draw", p1={"stamina": 8})
    step = apply(state, ev("draw", "p1", room="den", card="Asp bite", stamina=-30))
    player = step.state["players"]["p1"]
    assert player["stamina"] == 0 and player["status"] == "dead"
    tally = [e for e in step.effects if e["kind"] == "stamina"]
    assert tally == [
        {
            "kind": "stamina",
            "player": "p1",
            "before": 8,
            "change": -8,
            "after": 0,
            "reason": "obeyed Asp bite",
        }
    ]
    assert step.state["turn"] == "p2"


def test_trading_to_evade_death():
    """gothic/rooms: "thus allowing the player to evade death for a little while longer" """
    state = position(
        at={"p1": "den"},
        stage="draw",
        p1={"stamina": 8, "cards": [card("Brandy", number=10), card("Gin", number=9)]},
    )
    event = ev("draw", "p1", room="den", card="Asp bite", stamina=-15)
    dead = apply(state, event)
    assert dead.state["players"]["p1"]["status"] == "dead"
    saved = apply(state, event, trade_at_death="trade-first")
    assert saved.state["players"]["p1"]["status"] == "alive"
    assert saved.state["players"]["p1"]["stamina"] == 3


def test_the_iron_maiden_is_deadly():
    """gothic/rooms: "There is only one completely deadly card. That is the Iron Maiden in the Torture Chamber" """
    state = position(at={"p1": "torture-chamber"}, stage="draw")
    step = apply(state, ev("draw", "p1", room="torture-chamber", card="Iron Maiden", deadly=True))
    assert step.state["players"]["p1"]["status"] == "dead"


def test_room_cards_as_recorded_or_weapons_where_named():
    """gothic/play: "Weapons for this purpose are available in the Torture Chamber and the Trophy Room, and one is hidden in the Kitchen." """
    state = position(at={"p1": "den"}, stage="draw")
    event = ev("draw", "p1", room="den", card="Dagger", kind="weapon")
    assert apply(state, event, room_cards="as-recorded").legal
    strict = apply(state, event)  # the default: as the sentence says
    assert violations(strict) and strict.state["stage"] == "draw"
    kitchen = position(
        at={"p1": "kitchen"}, stage="draw", p2={"cards": [card("Knife", "weapon", "kitchen")]}
    )
    second = ev("draw", "p1", room="kitchen", card="Cleaver", kind="weapon")
    assert apply(kitchen, second, room_cards="as-recorded").legal and violations(
        apply(kitchen, second)
    )
    trophy = position(at={"p1": "trophy-room"}, stage="draw")
    ok = apply(
        trophy,
        ev("draw", "p1", room="trophy-room", card="Rapier", kind="weapon"),
        room_cards="weapons-where-named",
    )
    assert ok.legal and not consulted(ok)


def test_cards_are_hidden_from_other_seats():
    """gothic/rooms: "You are not obliged to declare this card, but you must inform the scorer if you have lost or gained any stamina." """
    state = position(p1={"cards": [card("Asp", "nasty")]})
    seen = ENGINE.view(state, "p2")
    assert seen["players"]["p1"]["cards"] == [{"name": None, "room": "kitchen", "kind": None,
                                               "number": None, "numbered": None,
                                               "stamina": None}]
    assert seen["players"]["p1"]["stamina"] == 100
    assert ENGINE.view(state, "p1")["players"]["p1"]["cards"][0]["name"] == "Asp"
    assert canonical_json(ENGINE.view(state, None)) == canonical_json(state)


def test_lavatory_holds_one_and_is_not_lingered_in():
    """gothic/the-lavatory: "It may not be occupied by two players at the same time." and gothic/rooms: "You may not linger in a room unless you are forcibly detained." """
    state = position(at={"p1": "x1y6", "p2": "lavatory"}, stage="move", throw=2)
    full = apply(state, ev("move", "p1", path=["x2y6", "lavatory"]))
    assert [f.rule for f in violations(full)] == ["gothic/the-lavatory"]
    assert apply(position(at={"p1": "x1y6"}, stage="move", throw=2),
                 ev("move", "p1", path=["x2y6", "lavatory"])).legal
    inside = position(at={"p1": "lavatory"})
    assert violations(apply(inside, ev("stay", "p1")))
    detained = position(at={"p1": "lavatory"}, p1={"detained": 1})
    assert apply(detained, ev("stay", "p1")).legal
