"""Weapons, Spells, the Wizard card, the Symbol, cities, Black Towers, the Whistle, attacks."""

import pytest

from games.dagon.rules import ENGINE

from .helpers import PLAYERS, apply, consulted, ev, fresh, put, run, violations


def at(space, phase="move", roll=1, **more):
    return put(fresh(), p1={"space": space, **more.pop("p1", {})}, phase=phase, roll=roll, **more)


def attack(target="p2", lagoon="lagoon-south", chooser="p1"):
    return ev("attack", "p1", target=target, lagoon=lagoon, lagoon_chosen_by=chooser)


# -- weapons and attacks -----------------------------------------------------------------

def test_attack_costs_a_weapon_and_sends_to_the_lagoon():
    """dagon/attack-between-heroes: "This attack costs the attacker one weapon." """
    state, steps = run(at("r1", p2={"space": "r2"}), [ev("move", "p1", path=["r1", "r2"]), attack()])
    assert not violations(steps[0]) and not violations(steps[1])
    assert state["heroes"]["p1"]["weapons"] == 2 and state["heroes"]["p1"]["space"] == "r2"
    assert state["heroes"]["p2"]["space"] == "lagoon-south"
    assert "dagon.lagoon-chooser" in consulted(steps[1])


def test_no_attack_without_weapons():
    """dagon/weapons: "it may not fight the Wizard's Spells, nor attack another Hero." """
    _, steps = run(at("r1", p1={"weapons": 0}, p2={"space": "r2"}), [ev("move", "p1", path=["r1", "r2"]), attack()])
    assert any("no weapons" in f.message for f in violations(steps[1]))


def test_one_weapon_may_not_attack_a_hero_on_a_spell():
    """dagon/weapons: "When a Knight has only one weapon left, it may not attack any other Hero
    that is standing on a Spell" (printed without its closing parenthesis)."""
    start = at("r2", p1={"weapons": 1}, p2={"space": "r3"})
    _, steps = run(start, [ev("move", "p1", path=["r2", "r3"]), attack()])
    assert any(f.rule == "dagon/weapons" for f in violations(steps[1]))
    uncertain = [f for f in steps[1].flags if f.kind == "uncertain-text"]
    assert uncertain and "closing parenthesis" in uncertain[0].citations[0].note
    state, ok = run(put(start, p1={"weapons": 2}), [ev("move", "p1", path=["r2", "r3"]), attack()])
    assert not violations(ok[1]) and state["phase"] == "spell_card"


def test_attack_on_symbolic_space_point():
    """dagon/attack-between-heroes: "When a Hero standing on a symbolic space is attacked, the
    first thing to do is move it to the Lagoon symbol." """
    start = at("r4", p2={"space": "r5"})
    applies, _ = run(start, [ev("move", "p1", path=["r4", "r5"]), attack()])
    none, _ = run(start, [ev("move", "p1", path=["r4", "r5"]), attack()],
                  **{"dagon.attack-on-symbolic-space": "no-effect"})
    assert applies["phase"] == "place_tower" and none["phase"] == "start"


def test_lagoon_chooser_both_readings_and_bad_lagoons():
    """dagon/the-lagoon: "moved by the attacking player to a symbol (Lagoon) space of the
    attacker's choice." """
    start = apply(at("r1", p2={"space": "r2"}), ev("move", "p1", path=["r1", "r2"])).state
    by_attacked = apply(start, attack(chooser="p2"))
    assert [f.point for f in violations(by_attacked)] == ["dagon.lagoon-chooser"]
    assert not violations(apply(start, attack(chooser="p2"), **{"dagon.lagoon-chooser": "attacked"}))
    flagged = violations(apply(start, attack(chooser="p1"), **{"dagon.lagoon-chooser": "attacked"}))
    assert flagged and flagged[0].rule == "dagon/attack-between-heroes"
    assert {c.passage for c in flagged[0].citations} >= {"dagon/the-lagoon", "dagon/attack-between-heroes"}
    assert violations(apply(start, attack(lagoon="r7")))
    three = put(fresh(PLAYERS), p1={"space": "r2"}, p2={"space": "r2"}, p3={"space": "lagoon-south"},
                phase="attack", pending={"target": "p2", "space": "r2"})
    assert any("not free" in f.message for f in violations(apply(three, attack())))
    assert not violations(apply(three, attack(lagoon="lagoon-north")))


def test_city_immunity_and_occupied_city_point():
    """dagon/the-cities-of-the-thrones: "A Hero that is in a city (throne) may not be attacked." """
    start = at("r11", p2={"space": "east-city"})
    forbidden = apply(start, ev("move", "p1", path=["r11", "east-city"]))
    shared = apply(start, ev("move", "p1", path=["r11", "east-city"]), **{"dagon.occupied-city": "share"})
    assert violations(forbidden) and not violations(shared)
    assert shared.state["phase"] == "start"


def test_weapon_back_in_a_city_never_above_three():
    """dagon/weapons: "A player who arrives at a city receives one weapon back in return." """
    low = apply(at("r11", p1={"weapons": 1}), ev("move", "p1", path=["r11", "east-city"]))
    full = apply(at("r11"), ev("move", "p1", path=["r11", "east-city"]))
    assert low.state["heroes"]["p1"]["weapons"] == 2 and full.state["heroes"]["p1"]["weapons"] == 3


# -- Spells and the Wizard card ----------------------------------------------------------

def duel(strength, value, state=None):
    state = state or at("r2")
    return run(state, [ev("move", "p1", path=["r2", "r3"]), ev("spell_card", "p1", strength=strength),
                       ev("duel_roll", "p1", value=value)])


def test_duel_won_gives_an_extra_move_over_a_tower():
    """dagon/the-spells: "the player has won the duel. Thanks to this victory the player has
    regained strength and may play again, moving one more space." """
    state, _steps = duel(4, 4, at("r2", towers={"reserve": 11, "spaces": ["r4"]}))
    assert state["phase"] == "extra_move"
    onto_tower = apply(state, ev("move", "p1", path=["r3", "r4"]))
    assert not violations(onto_tower)
    two = apply(state, ev("move", "p1", path=["r3", "r4", "r5"]))
    assert violations(two)


def test_duel_pass_over_point():
    """dagon/the-spells: "Furthermore, the player may also pass over other Spells, Black
    Towers, the Whistle and the opponents' pieces." """
    state, _ = duel(2, 6)
    state = apply(state, ev("pass", "p1")).state
    state = put(state, turn="p1", phase="move", roll=2, p1={"space": "r2"})
    over = ev("move", "p1", path=["r2", "r3", "r4"])
    rolled = {"dagon.move-length": "roll-exact"}
    assert violations(apply(state, over, **rolled))
    assert not violations(apply(state, over, **rolled, **{"dagon.duel-pass-over": "next-move"}))
    # One circle at a time: the right shows on the next move as a stop on a Black Tower.
    towered = put(state, phase="start", roll=None, towers={"reserve": 11, "spaces": ["r1"]})
    onto = ev("move", "p1", path=["r2", "r1"])
    assert violations(apply(towered, onto))
    assert not violations(apply(towered, onto, **{"dagon.duel-pass-over": "next-move"}))


def test_duel_lost_costs_a_weapon_and_the_wizard_card():
    """dagon/the-spells: "it loses one weapon and sits out one turn." """
    state, _ = duel(5, 4)
    hero = state["heroes"]["p1"]
    assert hero["weapons"] == 2 and hero["wizard_card"] and state["turn"] == "p2"


def test_wizard_turns_point():
    """dagon/the-wizard-card: "On the third turn the Hero has recovered its strength and may
    continue on its way." """
    state, _ = duel(5, 4)
    state = put(state, turn="p1", phase="start")
    for option, expected in (("one", 0), ("two", 1)):
        returned = apply(state, ev("return_wizard_card", "p1"), **{"dagon.wizard-turns": option})
        assert returned.state["heroes"]["p1"]["sit_out"] == expected
    rolled = apply(state, ev("roll", "p1", value=3))
    assert any(f.rule == "dagon/the-wizard-card" for f in violations(rolled))
    after = put(apply(state, ev("return_wizard_card", "p1"), **{"dagon.wizard-turns": "two"}).state, turn="p1")
    assert violations(apply(after, ev("roll", "p1", value=3)))
    assert not violations(apply(after, ev("pass", "p1")))


def test_unarmed_hero_and_a_spell():
    """dagon/weapons: "When a Hero has no weapons left, it may continue the game and go looking
    for the Dagon Symbol, but it may not fight the Wizard's Spells" """
    state = at("r2", p1={"weapons": 0})
    strict = apply(state, ev("move", "p1", path=["r2", "r3"]))
    lax = apply(state, ev("move", "p1", path=["r2", "r3"]), **{"dagon.unarmed-on-spell": "no-duel"})
    assert violations(strict) and not violations(lax) and lax.state["phase"] == "start"


def test_bearer_loses_the_symbol_in_a_duel():
    """dagon/the-wizard-card: "When the bearer of the Dagon Symbol loses a duel with a Spell,
    it also loses the Symbol." """
    state, _ = duel(6, 1, at("r2", symbol={"space": None, "bearer": "p1"}))
    assert state["phase"] == "place_symbol" and state["symbol"]["bearer"] is None
    same_kingdom = apply(state, ev("place_symbol", "p1", space="r1"))
    assert violations(same_kingdom)
    symbolic = apply(state, ev("place_symbol", "p1", space="lagoon-north"))
    assert violations(symbolic)
    other = apply(state, ev("place_symbol", "p1", space="r8"))
    assert not violations(other) and other.state["symbol"] == {"space": "r8", "bearer": None}
    extra, _ = duel(6, 1, at("r2", symbol={"space": None, "bearer": "p1"}))
    _, steps = run(at("r2", symbol={"space": None, "bearer": "p1"}),
                   [ev("move", "p1", path=["r2", "r3"]), ev("spell_card", "p1", strength=6),
                    ev("duel_roll", "p1", value=1)], **{"dagon.symbol-loss-sit-out": "extra-turn"})
    assert steps[-1].state["heroes"]["p1"]["symbol_penalty"] == 1
    assert extra["heroes"]["p1"]["symbol_penalty"] == 0


def test_lost_symbol_city_point():
    """dagon/the-wizard-card: "but that space must be in another city, leaving the Symbol (ark)
    on the chosen circle." -- other than which city, and whether the shore is in one, is the
    point's: a circle of the Spell's own city only under any-city, a shore circle only under
    outside-the-spells-kingdom; another city's circle under every reading, consulting
    nothing."""
    state, _ = duel(6, 1, at("r2", symbol={"space": None, "bearer": "p1"}))
    allowed = {}
    for option in ENGINE.point("dagon.lost-symbol-city").option_ids:
        reading = {"dagon.lost-symbol-city": option}
        for space in ("r1", "i3", "r8"):  # Zharot's (the Spell's) own; the shore; the East's
            step = apply(state, ev("place_symbol", "p1", space=space), **reading)
            if not violations(step):
                allowed.setdefault(option, []).append(space)
            if space == "r8":
                assert consulted(step) == []
            else:
                assert consulted(step) == ["dagon.lost-symbol-city"], (option, space)
                assert all(f.point == "dagon.lost-symbol-city" for f in violations(step))
        places = ENGINE.legal_events(state, ENGINE.interpretation(reading))[0].fields[0].domain
        assert {"r1", "i3", "r8"} & set(places.values) == set(allowed[option]), option
    assert allowed == {"other-than-the-spells-city": ["r8"],
                       "outside-the-spells-kingdom": ["i3", "r8"], "any-city": ["r1", "r8"]}


def test_no_move_open_point():
    """dagon/starting-the-game: "The player whose turn it is must move (exception: the Hero is
    temporarily blocked and therefore does not play on that turn, because at that moment it
    holds the Wizard card)." -- a Hero hemmed in by two Black Towers does not play under
    does-not-play; under breaks-the-rule its pass is flagged (and ends the turn) and nothing
    is offered. With a move open, a pass breaks the rule and consults nothing of it."""
    hemmed = at("r45", phase="start", roll=None, towers={"reserve": 10, "spaces": ["r44", "r46"]})
    passes = apply(hemmed, ev("pass", "p1"))
    assert not violations(passes) and consulted(passes) == ["dagon.no-move-open"]
    strict = {"dagon.no-move-open": "breaks-the-rule"}
    flagged = apply(hemmed, ev("pass", "p1"), **strict)
    assert [f.point for f in violations(flagged)] == ["dagon.no-move-open"]
    assert flagged.state["turn"] == passes.state["turn"] == "p2"
    [offered] = ENGINE.legal_events(hemmed, ENGINE.interpretation())
    assert offered.event["type"] == "pass" and offered.points == ("dagon.no-move-open",)
    assert ENGINE.legal_events(hemmed, ENGINE.interpretation(strict)) == []
    free = at("r45", phase="start", roll=None)
    for reading in ({}, strict):
        step = apply(free, ev("pass", "p1"), **reading)
        assert violations(step) and "dagon.no-move-open" not in consulted(step)
    after_roll = at("r45", roll=2, towers={"reserve": 10, "spaces": ["r44", "r46"]})
    rolled = apply(after_roll, ev("pass", "p1"), **{"dagon.move-length": "roll-exact", **strict})
    assert "dagon.no-move-open" in [f.point for f in violations(rolled)]


# -- the Symbol and the cities -----------------------------------------------------------

def test_symbol_taken_only_when_landing_on_the_tail():
    """dagon/the-dagon-symbol-ark: "(It may do so only if it lands on the white circle at the
    tail.)" """
    state = at("i3", roll=2)
    over = apply(state, ev("move", "p1", path=["i3", "i4", "tail"][:2] + ["lagoon-north"]))
    assert over.state["phase"] == "start"
    landed = apply(at("i3", roll=2), ev("move", "p1", path=["i3", "i4", "tail"]))
    assert landed.state["phase"] == "take_symbol"
    took = apply(landed.state, ev("take_symbol", "p1"))
    assert took.state["symbol"] == {"space": None, "bearer": "p1"}
    late = apply(put(over.state, turn="p1"), ev("take_symbol", "p1"))
    assert violations(late)


def test_attacker_captures_the_symbol():
    """dagon/attack-between-heroes: "When the player carrying the symbol is attacked, the
    attacker also captures the Symbol." """
    state, _ = run(at("r1", p2={"space": "r2"}, symbol={"space": None, "bearer": "p2"}),
                   [ev("move", "p1", path=["r1", "r2"]), attack()])
    assert state["symbol"]["bearer"] == "p1"


def deliver(city="east-city", weapons=1, **choices):
    state = at("r11" if city == "east-city" else "r23", p1={"weapons": weapons},
               symbol={"space": None, "bearer": "p1"})
    return run(state, [ev("move", "p1", path=[state["heroes"]["p1"]["space"], city])], **choices)


def test_delivery_knights_and_gives_two_weapons():
    """dagon/the-cities-of-the-thrones: "A player who reaches a city carrying the Symbol
    receives the "Knight of the City" card." """
    state, _ = deliver()
    hero = state["heroes"]["p1"]
    assert hero["knighted"] == ["east-city"] and hero["weapons"] == 3
    assert state["phase"] == "place_symbol" and state["symbol"]["bearer"] is None


def test_delivery_weapons_point():
    """dagon/the-cities-of-the-thrones: "the player receives, if it needs them, two weapons for
    its return journey." """
    two, _ = deliver(weapons=0)
    three, _ = deliver(weapons=0, **{"dagon.delivery-weapons": "two-plus-one"})
    assert two["heroes"]["p1"]["weapons"] == 2 and three["heroes"]["p1"]["weapons"] == 3


def test_symbol_replacement_point():
    """dagon/the-cities-of-the-thrones: "The player must then place the Symbol on a space of its
    choice in another kingdom." """
    state, _ = deliver()
    assert violations(apply(state, ev("place_symbol", "p1", space="r8")))  # east-city's own
    assert not violations(apply(state, ev("place_symbol", "p1", space="r2")))
    assert violations(apply(state, ev("place_symbol", "p1", space="i3")))
    assert not violations(apply(state, ev("place_symbol", "p1", space="i3"),
                                **{"dagon.symbol-replacement": "outside-kingdom"}))


def test_symbol_destination_point():
    """dagon/the-dagon-symbol-ark: "The symbol must be carried to the city of KROMT." """
    anywhere, _ = deliver()
    kromt_first, steps = deliver(**{"dagon.symbol-destination": "kromt-first"})
    assert anywhere["heroes"]["p1"]["knighted"] == ["east-city"]
    assert kromt_first["heroes"]["p1"]["knighted"] == [] and kromt_first["symbol"]["bearer"] == "p1"
    assert "dagon.symbol-destination" in consulted(steps[0])
    at_kromt, _ = deliver("kromt", **{"dagon.symbol-destination": "kromt-first"})
    assert at_kromt["heroes"]["p1"]["knighted"] == ["kromt"]


@pytest.mark.parametrize("thrones", [2, 3])
def test_victory_at_the_chosen_number_of_different_thrones(thrones):
    """dagon/end-of-the-game: "For a shorter game, the objective may be limited to two thrones
    in two different cities." """
    state = put(fresh(thrones_to_win=thrones), p1={"space": "r11", "knighted": ["kromt"]},
                phase="move", roll=1, symbol={"space": None, "bearer": "p1"})
    done = apply(state, ev("move", "p1", path=["r11", "east-city"])).state
    assert ENGINE.outcome(done).finished == (thrones == 2)
    again = put(state, p1={"knighted": ["east-city"]})
    same_city = apply(again, ev("move", "p1", path=["r11", "east-city"])).state
    assert not ENGINE.outcome(same_city).finished
    if thrones == 2:
        assert ENGINE.outcome(done).winner == "p1"
        assert violations(apply(done, ev("roll", "p2", value=1)))


def test_setup_is_checked():
    """dagon/end-of-the-game: "a number decided at the start of the game." """
    with pytest.raises(ValueError):
        fresh(thrones_to_win=0)
    with pytest.raises(ValueError):
        ENGINE.initial_state(PLAYERS * 2, {})


# -- Black Towers and the Whistle ---------------------------------------------------------

def test_black_tower_placement():
    """dagon/the-black-tower: "Black Towers may be placed on all free white spaces (never on
    symbolic spaces)." """
    state = apply(at("r4"), ev("move", "p1", path=["r4", "r5"])).state
    ok = apply(state, ev("place_tower", "p1", space="r8"))
    assert not violations(ok) and ok.state["towers"] == {"reserve": 11, "spaces": ["r8"]}
    assert violations(apply(state, ev("place_tower", "p1", space="r3")))
    assert violations(apply(put(state, symbol={"space": "r8", "bearer": None}),
                            ev("place_tower", "p1", space="r8")))
    assert violations(apply(state, ev("pass", "p1")))
    empty = apply(at("r4", towers={"reserve": 0, "spaces": []}), ev("move", "p1", path=["r4", "r5"]))
    assert empty.state["phase"] == "start"


def test_whistle_moves_a_tower():
    """dagon/the-whistle: "must move a Black Tower that is already on the board to a free space
    of its choice (except a symbolic space)." """
    state = apply(at("r8", towers={"reserve": 11, "spaces": ["r1"]}), ev("move", "p1", path=["r8", "r9"])).state
    assert state["phase"] == "move_tower"
    ok = apply(state, ev("move_tower", "p1", **{"from": "r1", "to": "r2"}))
    assert not violations(ok) and ok.state["towers"]["spaces"] == ["r2"]
    assert violations(apply(state, ev("move_tower", "p1", **{"from": "r1", "to": "r3"})))
    assert violations(apply(state, ev("move_tower", "p1", **{"from": "r4", "to": "r2"})))
    none = apply(at("r8"), ev("move", "p1", path=["r8", "r9"]))
    assert none.state["phase"] == "start"


def test_symbol_on_a_hero_point():
    """dagon/the-wizard-card: "It may place the Symbol on a space of its choice (never on a
    symbolic space, nor on a space occupied by a Black Tower, the Whistle or the Lagoon)" --
    no Hero is named, so by default a Hero's circle may take it; under free-only it may not."""
    state, _ = duel(5, 4, at("r2", symbol={"space": None, "bearer": "p1"}, p2={"space": "r20"}))
    assert state["phase"] == "place_symbol"
    onto = ev("place_symbol", "p1", space="r20")
    allowed = apply(state, onto)
    assert not violations(allowed) and allowed.state["symbol"]["space"] == "r20"
    assert "dagon.symbol-on-a-hero" in consulted(allowed)
    refused = apply(state, onto, **{"dagon.symbol-on-a-hero": "free-only"})
    assert [f.point for f in violations(refused)] == ["dagon.symbol-on-a-hero"]
    elsewhere = apply(state, ev("place_symbol", "p1", space="r21"))
    assert not consulted(elsewhere), "a circle no Hero stands on depends on no point"
