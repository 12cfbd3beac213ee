"""The Power of Adjacency, the coloured squares and the moat (gothic/adjacency, squares, the-moat)."""

from __future__ import annotations

from games.gothic.rules import ENGINE
from tests.games.gothic.helpers import (
    apply,
    card,
    consulted,
    ev,
    interp,
    position,
    run,
    violations,
)

AXE = card("Axe", "weapon", "torture-chamber")


def landed(**kw):
    """p1 has just landed on x5y6, next to p2 on x6y6."""
    at = {"p1": "x5y6", "p2": "x6y6", **kw.pop("at", {})}
    return position(at=at, stage="act", go={"moved": True}, **kw)


def test_weapon_kills_without_protection_and_is_returned():
    """gothic/adjacency: "You may use your weapon, and if they do not possess a card which protects them, you kill them." """
    state = landed(
        p1={"cards": [AXE]}, p2={"cards": [card("Knife", "weapon"), card("Brandy", number=5)]}
    )
    step = apply(state, ev("attack", "p1", target="p2", weapon="Axe", take=["Knife"]))
    assert step.legal
    after = step.state
    assert after["players"]["p2"]["status"] == "dead" and after["players"]["p2"]["at"] is None
    assert [c["name"] for c in after["players"]["p1"]["cards"]] == ["Knife"]
    assert after["piles"]["torture-chamber"] == ["Axe"] and after["piles"]["kitchen"] == ["Brandy"]
    protected = landed(p1={"cards": [AXE]}, p2={"cards": [card("Crucifix", "protection")]})
    saved = apply(protected, ev("attack", "p1", target="p2", weapon="Axe"))
    assert saved.legal and saved.state["players"]["p2"]["status"] == "alive"
    assert saved.state["players"]["p1"]["cards"] == []  # used once only


def test_power_needs_a_landing_next_to_the_victim_and_a_weapon():
    """gothic/adjacency: "If you land on the square next to another player, you gain power over them." """
    far = landed(at={"p2": "x8y6"}, p1={"cards": [AXE]})
    assert violations(apply(far, ev("attack", "p1", target="p2", weapon="Axe")))
    unarmed = landed()
    assert violations(apply(unarmed, ev("attack", "p1", target="p2", weapon="Axe")))
    not_moved = position(at={"p1": "x5y6", "p2": "x6y6"}, stage="act", p1={"cards": [AXE]})
    assert violations(apply(not_moved, ev("attack", "p1", target="p2", weapon="Axe")))


def test_only_one_option_and_no_attack_on_a_controlled_player():
    """gothic/adjacency: "You may only choose one option." and "you may not attack a player who is already in someone else's control." """
    state = landed(
        p1={"cards": [AXE, card("Rapier", "weapon")]}, p2={"cards": [card("Shield", "protection")]}
    )
    first = apply(state, ev("attack", "p1", target="p2", weapon="Axe"))
    assert first.legal
    assert violations(apply(first.state, ev("attack", "p1", target="p2", weapon="Rapier")))
    assert violations(apply(first.state, ev("control", "p1", target="p2")))
    held = landed(p1={"cards": [AXE]}, p2={"held_by": {"by": "p3", "form": "control"}})
    assert violations(apply(held, ev("attack", "p1", target="p2", weapon="Axe")))
    advantage = landed(p1={"cards": [AXE], "held_by": {"by": "p2", "form": "give"}})
    assert violations(apply(advantage, ev("attack", "p1", target="p2", weapon="Axe")))


def test_something_unpleasant_costs_stamina():
    """gothic/adjacency: "you may give them something unpleasant, such as an asp or a wet rat down the back." """
    state = landed(p1={"cards": [card("Wet Rat", "nasty")]})
    step = apply(state, ev("give", "p1", target="p2", card="Wet Rat", loss=15))
    assert step.legal and step.state["players"]["p2"]["stamina"] == 85
    assert step.state["players"]["p2"]["held_by"] == {"by": "p1", "form": "give"}
    assert violations(apply(landed(), ev("give", "p1", target="p2", card="Wet Rat", loss=15)))


def test_control_on_the_victims_next_go_or_at_once():
    """gothic/adjacency: "You may control their next move. They throw the die, but you tell them which way to go." """
    state = landed()
    step = apply(state, ev("control", "p1", target="p2"))
    assert step.legal and "gothic.control-timing" in consulted(step)
    later, steps = run(
        step.state,
        [ev("end_turn", "p1"), ev("throw", "p2", value=2), ev("move", "p1", path=["x7y6", "x8y6"])],
    )
    assert all(s.legal for s in steps) and later["players"]["p2"]["at"] == "x8y6"
    assert later["players"]["p2"]["controlled_by"] is None
    assert violations(apply(later, ev("throw", "p1", value=3)))  # p1's say is spent; p2 is in act
    now = apply(state, ev("control", "p1", target="p2"), control_timing="at-once")
    assert now.state["actor"] == "p2" and now.state["stage"] == "throw"
    back, steps = run(
        now.state,
        [ev("throw", "p2", value=1), ev("move", "p1", path=["x7y6"])],
        control_timing="at-once",
    )
    assert all(s.legal for s in steps)
    assert back["actor"] == "p1" and back["turn"] == "p1" and back["stage"] == "act"
    assert back["go"]["power"] is True


def test_green_squares_are_secret_passages():
    """gothic/squares: "If you land on one, you have the option to travel immediately to any other green square" """
    state = position(at={"p1": "x3y2"}, stage="move", throw=1)
    on_green = apply(state, ev("move", "p1", path=["x3y1"]))
    assert on_green.state["go"]["green"]
    through = apply(on_green.state, ev("passage", "p1", to="x11y9"))
    assert through.legal and through.state["players"]["p1"]["at"] == "x11y9"
    assert violations(apply(through.state, ev("passage", "p1", to="x1y3")))
    plain = position(at={"p1": "x3y6"}, stage="act", go={"moved": True})
    assert violations(apply(plain, ev("passage", "p1", to="x1y3")))


def test_yellow_arrows_and_an_occupied_target():
    """gothic/squares: "Yellow arrows are traps. If you land on one you must travel immediately to the place indicated by the arrow." """
    state = position(at={"p1": "x6y4"}, stage="move", throw=2)
    event = ev("move", "p1", path=["x6y3", "x6y2"])
    sprung = apply(state, event)
    assert sprung.legal and sprung.state["players"]["p1"]["at"] == "x6y10"
    blocked = position(at={"p1": "x6y4", "p2": "x6y10"}, stage="move", throw=2)
    refused = apply(blocked, event)  # the default: as a landing on an occupied square
    assert violations(refused) and "gothic.arrow-target-occupied" in consulted(refused)
    stays = apply(blocked, event, arrow_target_occupied="stay-on-arrow")
    assert stays.legal and stays.state["players"]["p1"]["at"] == "x6y2"
    assert "gothic.arrow-target-occupied" in consulted(stays)


def test_the_oubliette_puts_a_player_out():
    """gothic/squares: "A player who falls into the Oubliette is out of the game." """
    state = position(at={"p1": "x3y6"}, stage="move", throw=1)
    step = apply(state, ev("move", "p1", path=["x3y7"]))
    assert step.state["players"]["p1"]["status"] == "out" and step.state["turn"] == "p2"


def test_red_squares_and_the_moat():
    """gothic/the-moat: "When you fall in the moat you lose 10 stamina points." """
    state = position(at={"p1": "x2y0"}, stage="move", throw=2)
    fall = apply(state, ev("move", "p1", path=["x3y0", "x4y0"]))
    assert (
        fall.state["players"]["p1"]["at"] == "moat" and fall.state["players"]["p1"]["stamina"] == 90
    )
    assert fall.state["turn"] == "p2"


def test_out_of_the_moat_on_four_five_or_six():
    """gothic/the-moat: "it is necessary to throw a 4, 5 or 6. Otherwise you remain floundering in its putrid waters and lose a further 5 stamina points each go." """
    state = position(at={"p1": "moat"}, p1={"stamina": 90})
    results = {v: apply(state, ev("throw", "p1", value=v)).state for v in range(1, 7)}
    for v in (1, 2, 3):
        assert (
            results[v]["players"]["p1"]["at"] == "moat"
            and results[v]["players"]["p1"]["stamina"] == 85
        )
    assert results[5]["players"]["p1"]["at"] == "south-gate" and results[5]["turn"] == "p2"
    assert results[4]["players"]["p1"]["at"] == "vault" and results[4]["players"]["p1"]["vampire"]
    assert results[4]["players"]["p1"]["stamina"] == 70
    six = results[6]
    assert (
        six["players"]["p1"]["at"] == "west-gate"
        and six["turn"] == "p1"
        and six["stage"] == "throw"
    )
    entered, steps = run(six, [ev("throw", "p1", value=2), ev("move", "p1", path=["x0y6", "x1y6"])])
    assert all(s.legal for s in steps) and entered["players"]["p1"]["at"] == "x1y6"


def test_next_to_point_a_player_in_a_room_or_at_a_gate():
    """gothic/adjacency: "If you land on the square next to another player, you gain power over
    them." -- whether a player in a room is next to whoever lands on its door square is point
    gothic.next-to: no under squares-only (the default, a conjecture), yes under
    places-joined; the power, what is offered and the end of the go follow it."""
    door = landed(at={"p1": "x4y3", "p2": "den"}, p1={"cards": [AXE]})
    control = ev("control", "p1", target="p2")
    strict = apply(door, control)
    assert [f.point for f in violations(strict)] == ["gothic.next-to"]
    assert consulted(strict) == ["gothic.next-to"]
    joined = apply(door, control, next_to="places-joined")
    assert joined.legal and joined.state["players"]["p2"]["controlled_by"] == "p1"

    def offered(reading):
        return {(c.event["type"], c.event.get("actor"), c.event["data"].get("target"))
                for c in ENGINE.legal_events(door, interp(**reading))}

    assert ("control", "p1", "p2") not in offered({})
    assert ("control", "p1", "p2") in offered({"next_to": "places-joined"})
    # the next player's throw ends the go only where no power is left to use
    opens = ev("throw", "p2", value=3)
    assert apply(door, opens).legal
    refused = apply(door, opens, next_to="places-joined")
    assert [f.point for f in violations(refused)] == ["gothic.next-to"]
    assert ("throw", "p2", None) in offered({})
    assert ("throw", "p2", None) not in offered({"next_to": "places-joined"})
    gate = landed(at={"p1": "x0y6", "p2": "west-gate"})
    assert violations(apply(gate, control))
    assert apply(gate, control, next_to="places-joined").legal
    # a player on the door square who lands nowhere has no power over the room
    inside = landed(at={"p1": "den", "p2": "x4y3"})
    assert violations(apply(inside, control, next_to="places-joined"))


def test_advantage_point_lasts_one_go_or_for_good():
    """gothic/adjacency: "Whichever option you choose, you have the advantage, and they may not
    attack you." -- no limit in time is given: their-next-go (the default, a conjecture) lets
    the victim attack its user again after its next go; for-good never."""
    used = {}
    for option in ("their-next-go", "for-good"):
        step = apply(landed(p1={"cards": [card("Wet Rat", "nasty")]}),
                     ev("give", "p1", target="p2", card="Wet Rat", loss=5), advantage=option)
        assert step.legal and consulted(step) == ["gothic.advantage"]
        used[option] = step.state["players"]["p2"]
    assert "advantage_of" not in used["their-next-go"]
    assert used["for-good"]["advantage_of"] == ["p1"]
    [facts] = [f for f in ENGINE.player_facts(step.state) if f.player == "p2"]
    assert ("May never attack", "Ana") in facts.facts
    # much later, p2 lands next to p1: the hold of its next go is long over
    for option, expected in (("their-next-go", True), ("for-good", False)):
        later = position(at={"p2": "x5y6", "p1": "x6y6"}, turn="p2", stage="act",
                         go={"moved": True},
                         p2={"cards": [AXE], **({"advantage_of": used[option]["advantage_of"]}
                                                 if option == "for-good" else {})})
        attack = apply(later, ev("attack", "p2", target="p1", weapon="Axe"), advantage=option)
        assert attack.legal is expected, option
        if not expected:
            assert [f.point for f in violations(attack)] == ["gothic.advantage"]
        offered = {(c.event["type"], c.event.get("actor"))
                   for c in ENGINE.legal_events(later, interp(advantage=option))}
        assert (("attack", "p2") in offered) is expected, option


def test_someone_elses_control_point():
    """gothic/adjacency: "you may not attack a player who is already in someone else's
    control." -- a player whose next move another controls, under every reading; one another
    gave something unpleasant to, only under any-form (the default, a conjecture)."""
    controlled = landed(p1={"cards": [AXE]}, p2={"held_by": {"by": "p3", "form": "control"}})
    for option in ("any-form", "controlled"):
        step = apply(controlled, ev("attack", "p1", target="p2", weapon="Axe"),
                     someone_elses_control=option)
        assert violations(step) and "gothic.someone-elses-control" not in consulted(step)
    given = landed(p1={"cards": [AXE]}, p2={"held_by": {"by": "p3", "form": "give"}})
    held = apply(given, ev("attack", "p1", target="p2", weapon="Axe"))
    assert [f.point for f in violations(held)] == ["gothic.someone-elses-control"]
    free = apply(given, ev("attack", "p1", target="p2", weapon="Axe"),
                 someone_elses_control="controlled")
    assert free.legal and free.state["players"]["p2"]["status"] == "dead"
