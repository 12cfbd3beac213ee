"""Moving along the route: dagon/starting-the-game and the symbolic spaces."""

from .helpers import apply, consulted, ev, fresh, put, run, violations


def moving(space="r1", roll=2, **more):
    return put(fresh(), p1={"space": space, **more.pop("p1", {})}, phase="move", roll=roll, **more)


def test_exact_move_is_legal_and_passes_the_turn():
    """dagon/starting-the-game: "Each player moves their Hero, of their choice, one circle
    along the route line, in either direction." (with the roll: dagon.move-length)"""
    state, steps = run(fresh(), [ev("roll", "p1", value=2), ev("move", "p1", path=["zharot", "r1", "r2"])])
    assert not violations(steps[0]) and not violations(steps[1])
    assert state["heroes"]["p1"]["space"] == "r2" and state["turn"] == "p2"
    assert "dagon.move-length" in consulted(steps[1])


def test_move_length_options_differ():
    """dagon/starting-the-game: "one circle along the route line" -- under one-circle a roll
    and a two-space move are flagged; under roll-up-to a short move is legal."""
    events = [ev("roll", "p1", value=3), ev("move", "p1", path=["zharot", "r1", "r2"])]
    _, exact = run(fresh(), events)
    _, upto = run(fresh(), events, **{"dagon.move-length": "roll-up-to"})
    _, circle = run(fresh(), events, **{"dagon.move-length": "one-circle"})
    assert violations(exact[1]) and not violations(upto[1])
    assert violations(circle[0]) and violations(circle[1])
    _, plain = run(fresh(), [ev("move", "p1", path=["zharot", "r1"])], **{"dagon.move-length": "one-circle"})
    assert not violations(plain[0])
    _, missing = run(fresh(), [ev("move", "p1", path=["zharot", "r1"])])
    assert violations(missing[0])


def test_forward_and_back_but_not_to_the_starting_point():
    """dagon/starting-the-game: "A player may move forward and then back within the same move,
    but may not return to the same point from which the move started." """
    ok = apply(moving("r1", 3), ev("move", "p1", path=["r1", "r2", "r1", "r2"]))
    assert any("returns to the point" in f.message for f in violations(ok))
    legal = apply(moving("r1", 3, p2={"space": "r40"}), ev("move", "p1", path=["r1", "zharot", "r47", "zharot"]))
    assert not violations(legal)
    jump = apply(moving("r1", 2), ev("move", "p1", path=["r1", "r4", "r5"]))
    assert any("not joined" in f.message for f in violations(jump))


def test_no_passing_over_spells_heroes_towers_or_the_whistle():
    """dagon/starting-the-game: "It is not possible to move over the following spaces:" """
    spell = apply(moving("r2", 2), ev("move", "p1", path=["r2", "r3", "r4"]))
    assert any("Spell" in f.message for f in violations(spell))
    hero = apply(moving("r1", 2, p2={"space": "r2"}), ev("move", "p1", path=["r1", "r2", "r3"]))
    assert violations(hero)
    tower = apply(moving("r6", 2, towers={"reserve": 11, "spaces": ["r7"]}), ev("move", "p1", path=["r6", "r7", "r8"]))
    assert violations(tower)
    whistle = apply(moving("r8", 2), ev("move", "p1", path=["r8", "r9", "r10"]))
    assert violations(whistle)
    free = apply(moving("r6", 2), ev("move", "p1", path=["r6", "r7", "r8"]))
    assert not violations(free)


def test_bearer_passes_every_obstacle():
    """dagon/the-dagon-symbol-ark: "The bearer of the symbol may pass over all obstacles." """
    state = moving("r2", 3, p2={"space": "r4"}, symbol={"space": None, "bearer": "p1"},
                   towers={"reserve": 11, "spaces": ["r7"]})
    over_spell_and_hero = apply(state, ev("move", "p1", path=["r2", "r3", "r4", "r5"]))
    assert not violations(over_spell_and_hero)
    assert over_spell_and_hero.state["heroes"]["p1"]["space"] == "r5"
    over_tower = apply(put(state, p1={"space": "r6"}), ev("move", "p1", path=["r6", "r7", "r8", "r9"]))
    assert not violations(over_tower)
    plain = apply(put(state, p1={"space": "r6"}, symbol={"space": "tail", "bearer": None}),
                  ev("move", "p1", path=["r6", "r7", "r8", "r9"]))
    assert violations(plain)


def test_symbolic_space_takes_effect_only_when_stopped_on():
    """dagon/starting-the-game: "The particular effect of a symbolic space applies only when a
    Hero stops on that space, and not when it is merely passed over." """
    passed = apply(moving("r4", 2), ev("move", "p1", path=["r4", "r5", "r6"]))
    stopped = apply(moving("r4", 1), ev("move", "p1", path=["r4", "r5"]))
    assert passed.state["phase"] == "start" and stopped.state["phase"] == "place_tower"


def test_turn_order_and_phase_are_checked():
    """dagon/starting-the-game: "The player whose turn it is must move" """
    wrong = apply(fresh(), ev("roll", "p2", value=3))
    assert violations(wrong) and wrong.state == fresh()
    early = apply(fresh(), ev("spell_card", "p1", strength=3))
    assert violations(early) and early.state["phase"] == "start"


def test_pass_only_when_blocked():
    """dagon/starting-the-game: "The player whose turn it is must move (exception: the Hero is
    temporarily blocked" """
    could = apply(moving("r1", 2), ev("pass", "p1"))
    assert violations(could)
    # Between two Heroes on a dead end of the route: nowhere to go with a roll of 2
    blocked_state = moving("r2", 2, p2={"space": "r1"}, p1={"weapons": 0})
    blocked = apply(blocked_state, ev("pass", "p1"))
    assert not violations(blocked) and blocked.state["turn"] == "p2"


def test_city_early_stop_point():
    """dagon/the-cities-of-the-thrones: "The Hero stops in the city even if it moved only one
    space." """
    state = moving("r11", 4)
    step = apply(state, ev("move", "p1", path=["r11", "east-city"]))
    assert violations(step) and "dagon.city-early-stop" in consulted(step)
    anyone = apply(state, ev("move", "p1", path=["r11", "east-city"]), **{"dagon.city-early-stop": "any-hero"})
    assert not violations(anyone)
    bearer = apply(put(state, symbol={"space": None, "bearer": "p1"}), ev("move", "p1", path=["r11", "east-city"]))
    assert not violations(bearer)
