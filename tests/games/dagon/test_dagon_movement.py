"""Moving along the route: dagon/starting-the-game and the symbolic spaces."""

from .helpers import apply, consulted, ev, fresh, put, run, violations


def moving(space="r1", roll=2, **more):
    return put(fresh(), p1={"space": space, **more.pop("p1", {})}, phase="move", roll=roll, **more)


# Moves of several circles arise only under the roll conjectures of dagon.move-length.
ROLLED = {"dagon.move-length": "roll-exact"}


def test_one_circle_is_legal_under_every_reading_and_consults_nothing():
    """dagon/starting-the-game: "Each player moves their Hero, of their choice, one circle
    along the route line, in either direction." """
    for option in ("one-circle", "roll-exact", "roll-up-to"):
        state, steps = run(fresh(), [ev("move", "p1", path=["zharot", "r1"])],
                           **{"dagon.move-length": option})
        assert not violations(steps[0]) and not consulted(steps[0])
        assert state["heroes"]["p1"]["space"] == "r1" and state["turn"] == "p2"


def test_move_length_options_differ():
    """dagon/starting-the-game: "one circle along the route line" -- by default a movement roll
    and a move of two circles are flagged; under the roll conjectures they are legal, and a
    roll then sets the length (exactly, or at most)."""
    events = [ev("roll", "p1", value=3), ev("move", "p1", path=["zharot", "r1", "r2"])]
    _, circle = run(fresh(), events)
    _, exact = run(fresh(), events, **ROLLED)
    _, upto = run(fresh(), events, **{"dagon.move-length": "roll-up-to"})
    assert violations(circle[0]) and violations(circle[1])
    assert "dagon.move-length" in consulted(circle[0])
    assert not violations(exact[0]) and violations(exact[1])
    assert not violations(upto[0]) and not violations(upto[1])
    two = [ev("move", "p1", path=["zharot", "r1", "r2"])]
    _, plain = run(fresh(), two)
    assert violations(plain[0]) and "dagon.move-length" in consulted(plain[0])
    _, unrecorded = run(fresh(), two, **ROLLED)
    assert not violations(unrecorded[0]), "an unrecorded roll of 2"


def test_forward_and_back_but_not_to_the_starting_point():
    """dagon/starting-the-game: "A player may move forward and then back within the same move,
    but may not return to the same point from which the move started." """
    ok = apply(moving("r1", 3), ev("move", "p1", path=["r1", "r2", "r1", "r2"]), **ROLLED)
    assert any("returns to the point" in f.message for f in violations(ok))
    legal = apply(moving("r1", 3, p2={"space": "r40"}), ev("move", "p1", path=["r1", "zharot", "r47", "zharot"]), **ROLLED)
    assert not violations(legal)
    jump = apply(moving("r1", 2), ev("move", "p1", path=["r1", "r4", "r5"]), **ROLLED)
    assert any("not joined" in f.message for f in violations(jump))


def test_no_passing_over_spells_heroes_towers_or_the_whistle():
    """dagon/starting-the-game: "It is not possible to move over the following spaces:" """
    spell = apply(moving("r2", 2), ev("move", "p1", path=["r2", "r3", "r4"]), **ROLLED)
    assert any("Spell" in f.message for f in violations(spell))
    hero = apply(moving("r1", 2, p2={"space": "r2"}), ev("move", "p1", path=["r1", "r2", "r3"]), **ROLLED)
    assert violations(hero)
    tower = apply(moving("r6", 2, towers={"reserve": 11, "spaces": ["r7"]}), ev("move", "p1", path=["r6", "r7", "r8"]), **ROLLED)
    assert violations(tower)
    whistle = apply(moving("r8", 2), ev("move", "p1", path=["r8", "r9", "r10"]), **ROLLED)
    assert violations(whistle)
    free = apply(moving("r6", 2), ev("move", "p1", path=["r6", "r7", "r8"]), **ROLLED)
    assert not violations(free)


def test_bearer_passes_every_obstacle():
    """dagon/the-dagon-symbol-ark: "The bearer of the symbol may pass over all obstacles." """
    state = moving("r2", 3, p2={"space": "r4"}, symbol={"space": None, "bearer": "p1"},
                   towers={"reserve": 11, "spaces": ["r7"]})
    over_spell_and_hero = apply(state, ev("move", "p1", path=["r2", "r3", "r4", "r5"]), **ROLLED)
    assert not violations(over_spell_and_hero)
    assert over_spell_and_hero.state["heroes"]["p1"]["space"] == "r5"
    over_tower = apply(put(state, p1={"space": "r6"}), ev("move", "p1", path=["r6", "r7", "r8", "r9"]), **ROLLED)
    assert not violations(over_tower)
    plain = apply(put(state, p1={"space": "r6"}, symbol={"space": "tail", "bearer": None}),
                  ev("move", "p1", path=["r6", "r7", "r8", "r9"]), **ROLLED)
    assert violations(plain)


def test_symbolic_space_takes_effect_only_when_stopped_on():
    """dagon/starting-the-game: "The particular effect of a symbolic space applies only when a
    Hero stops on that space, and not when it is merely passed over." """
    passed = apply(moving("r4", 2), ev("move", "p1", path=["r4", "r5", "r6"]), **ROLLED)
    stopped = apply(moving("r4", 1), ev("move", "p1", path=["r4", "r5"]), **ROLLED)
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


def test_the_bearer_stops_in_the_first_city_it_reaches():
    """dagon/the-cities-of-the-thrones: "The Hero stops in the city even if it moved only one
    space." -- under the roll conjectures only the bearer stops short of an exact roll, in a
    city; a Hero without the Symbol may not."""
    state = moving("r11", 4)
    step = apply(state, ev("move", "p1", path=["r11", "east-city"]), **ROLLED)
    assert violations(step) and "dagon.move-length" in consulted(step)
    bearer = put(state, symbol={"space": None, "bearer": "p1"})
    short = apply(bearer, ev("move", "p1", path=["r11", "east-city"]), **ROLLED)
    assert not violations(short) and short.state["phase"] == "place_symbol"
    through = apply(bearer, ev("move", "p1", path=["r11", "east-city", "r13", "r14", "r15"]),
                    **ROLLED)
    assert any(f.rule == "dagon/the-cities-of-the-thrones" for f in violations(through))
