"""Every rule the sheet states outright is refereed as written under every reading: no option of
any point may license what a sentence settles. Each test runs once per single-option reading
(``tests.games.replay_baseline.readings``)."""

from __future__ import annotations

import pytest

from games.dagon.rules import ENGINE
from tests.games.replay_baseline import readings

from .helpers import ev, fresh, put

READINGS = list(readings(ENGINE))
every_reading = pytest.mark.parametrize(
    "choices", [c for _n, c in READINGS], ids=[n for n, _c in READINGS]
)
BEARER = {"space": None, "bearer": "p1"}


def play(state, choices, *events):
    interpretation = ENGINE.interpretation(choices)
    steps = []
    for event in events:
        step = ENGINE.apply(state, event, interpretation)
        steps.append(step)
        state = step.state
    return state, steps


def broken(step, rule=None) -> list:
    return [f for f in step.flags if f.kind == "violation" and (rule is None or f.rule == rule)]


def attack(choices, target="p2", lagoon="lagoon-south", attacker="p1"):
    """The attack, its Lagoon chosen by whom the reading says."""
    chooser = target if choices.get("dagon.lagoon-chooser") == "attacked" else attacker
    return ev("attack", attacker, target=target, lagoon=lagoon, lagoon_chosen_by=chooser)


def on(space, **more):
    """Ana (p1) to play from ``space`` at the start of her turn; Luis (p2) far away."""
    p2 = more.pop("p2", {"space": "r30"})
    return put(fresh(), p1={"space": space, **more.pop("p1", {})}, p2=p2, **more)


# -- dagon/starting-the-game ------------------------------------------------------------------


@every_reading
def test_one_circle_along_the_route_line_is_always_a_legal_move(choices):
    """dagon/starting-the-game: "Each player moves their Hero, of their choice, one circle along
    the route line, in either direction." """
    for path in (["zharot", "r1"], ["zharot", "r47"], ["zharot", "zharot-road-1"]):
        state, steps = play(fresh(), choices, ev("move", "p1", path=path))
        assert not broken(steps[0]) and state["heroes"]["p1"]["space"] == path[-1]
    _, steps = play(fresh(), choices, ev("move", "p1", path=["zharot", "r2"]))
    assert broken(steps[0]), "a jump is not along the route line"


@every_reading
def test_a_move_never_returns_to_its_starting_point(choices):
    """dagon/starting-the-game: "A player may move forward and then back within the same move,
    but may not return to the same point from which the move started." """
    _, steps = play(on("r7"), choices, ev("move", "p1", path=["r7", "r8", "r7"]))
    assert any("returns to the point" in f.message for f in broken(steps[0]))


@every_reading
def test_spells_heroes_black_towers_and_the_whistle_may_not_be_passed_over(choices):
    """dagon/starting-the-game: "It is not possible to move over the following spaces:" Spells,
    "Spaces occupied by another Hero", "Spaces occupied by a Black Tower or the Whistle." """
    cases = [
        (on("r2"), ["r2", "r3", "r4"]),
        (on("r1", p2={"space": "r2"}), ["r1", "r2", "r3"]),
        (on("r6", towers={"reserve": 11, "spaces": ["r7"]}), ["r6", "r7", "r8"]),
        (on("r8"), ["r8", "r9", "r10"]),
    ]
    for state, path in cases:
        _, steps = play(state, choices, ev("move", "p1", path=path))
        assert any("may not pass over" in f.message for f in broken(steps[0])), path


@every_reading
def test_only_free_spaces_may_be_moved_onto(choices):
    """dagon/starting-the-game: "Only free spaces may be moved onto (exception: to attack another
    Hero)." and dagon/the-black-tower: "no one may stop on that space" """
    state = on("r6", towers={"reserve": 11, "spaces": ["r7"]})
    _, steps = play(state, choices, ev("move", "p1", path=["r6", "r7"]))
    assert broken(steps[0], "dagon/the-black-tower")


@every_reading
def test_the_player_whose_turn_it_is_must_move(choices):
    """dagon/starting-the-game: "The player whose turn it is must move (exception: the Hero is
    temporarily blocked and therefore does not play on that turn, because at that moment it
    holds the Wizard card)." """
    _, steps = play(fresh(), choices, ev("pass", "p1"))
    assert broken(steps[0], "dagon/starting-the-game")
    _, steps = play(fresh(), choices, ev("move", "p2", path=["zharot", "r1"]))
    assert broken(steps[0]), "one after another: it is Ana's turn"


@every_reading
def test_a_symbolic_space_passed_over_has_no_effect(choices):
    """dagon/starting-the-game: "The particular effect of a symbolic space applies only when a
    Hero stops on that space, and not when it is merely passed over." """
    state, _ = play(on("r4"), choices, ev("move", "p1", path=["r4", "r5", "r6"]))
    assert state["phase"] == "start" and state["towers"]["reserve"] == 12
    state, _ = play(on("r4"), choices, ev("move", "p1", path=["r4", "r5"]))
    assert state["phase"] == "place_tower"


# -- dagon/weapons ------------------------------------------------------------------------------


@every_reading
def test_an_attack_costs_a_weapon_and_the_attacker_remains(choices):
    """dagon/attack-between-heroes: "This attack costs the attacker one weapon." and "The
    attacker must remain on the space of the duel." """
    state, steps = play(on("r1", p2={"space": "r2"}), choices,
                        ev("move", "p1", path=["r1", "r2"]), attack(choices))
    assert not broken(steps[1])
    assert state["heroes"]["p1"]["weapons"] == 2 and state["heroes"]["p1"]["space"] == "r2"
    assert state["heroes"]["p2"]["space"] == "lagoon-south"


@every_reading
def test_no_weapons_no_attack(choices):
    """dagon/weapons: "When a Hero has no weapons left, it may continue the game and go looking
    for the Dagon Symbol, but it may not fight the Wizard's Spells, nor attack another Hero." """
    _, steps = play(on("r1", p1={"weapons": 0}, p2={"space": "r2"}), choices,
                    ev("move", "p1", path=["r1", "r2"]), attack(choices))
    assert broken(steps[1], "dagon/weapons")


@every_reading
def test_one_weapon_may_not_attack_a_hero_on_a_spell(choices):
    """dagon/weapons: "When a Knight has only one weapon left, it may not attack any other Hero
    that is standing on a Spell" -- flagged as resting on the sheet's missing parenthesis only
    when that sentence decides the step."""
    state = on("r2", p1={"weapons": 1}, p2={"space": "r3"})
    _, steps = play(state, choices, ev("move", "p1", path=["r2", "r3"]), attack(choices))
    assert broken(steps[1], "dagon/weapons")
    assert [f.kind for f in steps[1].flags].count("uncertain-text") == 1
    _, steps = play(put(state, p1={"weapons": 2}), choices,
                    ev("move", "p1", path=["r2", "r3"]), attack(choices))
    assert not broken(steps[1]) and "uncertain-text" not in [f.kind for f in steps[1].flags]


@every_reading
def test_a_city_gives_one_weapon_back_never_above_three(choices):
    """dagon/weapons: "A player who arrives at a city receives one weapon back in return.
    However, a Hero may never carry more than three weapons" """
    state, _ = play(on("r23", p1={"weapons": 1}), choices, ev("move", "p1", path=["r23", "kromt"]))
    assert state["heroes"]["p1"]["weapons"] == 2
    state, _ = play(on("r23"), choices, ev("move", "p1", path=["r23", "kromt"]))
    assert state["heroes"]["p1"]["weapons"] == 3


# -- dagon/the-dagon-symbol-ark and dagon/the-cities-of-the-thrones ------------------------------


@every_reading
def test_the_symbol_is_taken_only_by_stopping_where_it_lies(choices):
    """dagon/the-dagon-symbol-ark: "(It may do so only if it lands on the white circle at the
    tail.)" """
    state, steps = play(on("i4"), choices, ev("move", "p1", path=["i4", "tail"]),
                        ev("take_symbol", "p1"))
    assert not broken(steps[1]) and state["symbol"]["bearer"] == "p1"
    _, steps = play(on("i4"), choices, ev("take_symbol", "p1"))
    assert broken(steps[0]) and steps[0].state["symbol"]["bearer"] is None


@every_reading
def test_a_bearer_that_reaches_a_city_is_knighted(choices):
    """dagon/the-cities-of-the-thrones: "A player who reaches a city carrying the Symbol
    receives the "Knight of the City" card." """
    state, steps = play(on("r23", symbol=BEARER), choices, ev("move", "p1", path=["r23", "kromt"]))
    assert not broken(steps[0])
    assert state["heroes"]["p1"]["knighted"] == ["kromt"] and state["phase"] == "place_symbol"


@every_reading
def test_the_bearer_stops_in_the_city_even_if_it_moved_only_one_space(choices):
    """dagon/the-cities-of-the-thrones: "The Hero stops in the city even if it moved only one
    space." -- a bearer recorded running on through a city is flagged, whatever the reading of
    the move's length."""
    state = on("r23", symbol=BEARER)
    after, steps = play(state, choices, ev("move", "p1", path=["r23", "kromt", "r25"]))
    flagged = broken(steps[0], "dagon/the-cities-of-the-thrones")
    assert flagged and any("Knight of the City" in c.quote for c in flagged[0].citations)
    assert after["heroes"]["p1"]["knighted"] == []
    rolled = put(state, phase="move", roll=2)
    _, steps = play(rolled, choices, ev("move", "p1", path=["r23", "kromt", "r25"]))
    assert broken(steps[0], "dagon/the-cities-of-the-thrones")


@every_reading
def test_a_hero_in_a_city_may_not_be_attacked(choices):
    """dagon/the-cities-of-the-thrones: "A Hero that is in a city (throne) may not be
    attacked." """
    state = on("kromt", p2={"space": "kromt"}, phase="attack",
               pending={"target": "p2", "space": "kromt"})
    _, steps = play(state, choices, attack(choices))
    assert broken(steps[0], "dagon/the-cities-of-the-thrones")


@every_reading
def test_the_attacker_captures_the_bearers_symbol(choices):
    """dagon/attack-between-heroes: "When the player carrying the symbol is attacked, the
    attacker also captures the Symbol." """
    state = on("r1", p2={"space": "r2"}, symbol={"space": None, "bearer": "p2"})
    state, _ = play(state, choices, ev("move", "p1", path=["r1", "r2"]), attack(choices))
    assert state["symbol"] == {"space": None, "bearer": "p1"}


# -- dagon/the-spells and dagon/the-wizard-card -----------------------------------------------


def duel(choices, strength, value, **more):
    state = on("r2", **more)
    return play(state, choices, ev("move", "p1", path=["r2", "r3"]),
                ev("spell_card", "p1", strength=strength), ev("duel_roll", "p1", value=value))


@every_reading
def test_a_hero_that_lands_on_a_spell_fights_it(choices):
    """dagon/the-spells: "A player who lands on a Spell must fight it. ... The player must turn
    over the top Spell card of the pile." """
    state, _ = play(on("r2"), choices, ev("move", "p1", path=["r2", "r3"]))
    assert state["phase"] == "spell_card"
    _, steps = play(state, choices, ev("move", "p1", path=["r3", "r4"]))
    assert broken(steps[0])


@every_reading
def test_as_many_points_or_more_win_the_duel_and_one_more_space(choices):
    """dagon/the-spells: "If, once the fetish die is rolled, the player obtains the same number
    of points or more than the Spell card, the player has won the duel." and "may play again,
    moving one more space." """
    state, steps = duel(choices, 4, 4)
    assert not broken(steps[2]) and state["phase"] == "extra_move"
    _, more = play(state, choices, ev("move", "p1", path=["r3", "r4", "r5"]))
    assert broken(more[0], "dagon/the-spells")
    _, one = play(state, choices, ev("move", "p1", path=["r3", "r4"]))
    assert not broken(one[0])


@every_reading
def test_fewer_points_lose_a_weapon_and_give_the_wizard_card(choices):
    """dagon/the-spells: "it loses one weapon and sits out one turn." and dagon/the-wizard-card:
    "the only thing it can do is return the Wizard card." """
    state, _ = duel(choices, 5, 4)
    assert state["heroes"]["p1"]["weapons"] == 2 and state["heroes"]["p1"]["wizard_card"]
    state, _ = play(state, choices, ev("move", "p2", path=["r30", "r31"]))
    _, steps = play(state, choices, ev("move", "p1", path=["r3", "r4"]))
    assert broken(steps[0], "dagon/the-wizard-card")


@every_reading
def test_a_bearer_that_loses_a_duel_loses_the_symbol_to_another_city(choices):
    """dagon/the-wizard-card: "When the bearer of the Dagon Symbol loses a duel with a Spell, it
    also loses the Symbol. It may place the Symbol on a space of its choice (never on a
    symbolic space" (in which city: point dagon.lost-symbol-city, whose every option allows a
    white circle of a city that is neither the Spell's nor in doubt)."""
    state, _ = duel(choices, 5, 4, symbol=BEARER)
    assert state["symbol"] == {"space": None, "bearer": None} and state["phase"] == "place_symbol"
    for space in ("r5", "lagoon-north"):  # a Tower space; a Lagoon
        _, steps = play(state, choices, ev("place_symbol", "p1", space=space))
        assert broken(steps[0], "dagon/the-wizard-card"), space
    _, steps = play(state, choices, ev("place_symbol", "p1", space="r20"))
    assert not broken(steps[0])


# -- dagon/the-black-tower and dagon/the-whistle ----------------------------------------------


@every_reading
def test_a_black_tower_goes_on_a_free_white_space_never_on_the_symbol(choices):
    """dagon/the-black-tower: "Black Towers may be placed on all free white spaces (never on
    symbolic spaces)." and "The space on which the Symbol is located may not be occupied by
    any Black Tower" """
    state, _ = play(on("r4"), choices, ev("move", "p1", path=["r4", "r5"]))
    for space in ("r9", "tail", "r30"):  # the Whistle; the Symbol's circle; Luis's circle
        _, steps = play(state, choices, ev("place_tower", "p1", space=space))
        assert broken(steps[0], "dagon/the-black-tower"), space
    after, steps = play(state, choices, ev("place_tower", "p1", space="r7"))
    assert not broken(steps[0]) and after["towers"] == {"reserve": 11, "spaces": ["r7"]}


@every_reading
def test_no_tower_once_the_reserve_is_exhausted(choices):
    """dagon/the-black-tower: "When the reserve of Towers is exhausted, of course no more may be
    placed." """
    state, _ = play(on("r4", towers={"reserve": 0, "spaces": []}), choices,
                    ev("move", "p1", path=["r4", "r5"]))
    assert state["phase"] == "start" and state["turn"] == "p2"


@every_reading
def test_the_whistle_moves_a_tower_already_on_the_board(choices):
    """dagon/the-whistle: "A player who reaches this space must move a Black Tower that is
    already on the board to a free space of its choice (except a symbolic space)." """
    state, _ = play(on("r8", towers={"reserve": 11, "spaces": ["r20"]}), choices,
                    ev("move", "p1", path=["r8", "r9"]))
    assert state["phase"] == "move_tower"
    _, steps = play(state, choices, ev("move_tower", "p1", **{"from": "r21", "to": "r22"}))
    assert broken(steps[0], "dagon/the-whistle")
    _, steps = play(state, choices, ev("move_tower", "p1", **{"from": "r20", "to": "r15"}))
    assert broken(steps[0], "dagon/the-whistle")
    _, steps = play(state, choices, ev("pass", "p1"))
    assert broken(steps[0], "dagon/the-whistle")


# -- dagon/end-of-the-game ----------------------------------------------------------------------


@every_reading
def test_knighted_by_the_chosen_number_of_different_cities_wins(choices):
    """dagon/end-of-the-game: "For a shorter game, the objective may be limited to two thrones
    in two different cities." """
    state = put(ENGINE.initial_state([{"id": "p1"}, {"id": "p2"}], {"thrones_to_win": 2}),
                p1={"space": "r23", "knighted": ["zharot"]}, p2={"space": "r30"}, symbol=BEARER,
                deliveries=1)
    state, _ = play(state, choices, ev("move", "p1", path=["r23", "kromt"]))
    assert state["winner"] == "p1" and ENGINE.outcome(state).finished
    _, steps = play(state, choices, ev("move", "p2", path=["r30", "r31"]))
    assert broken(steps[0], "dagon/end-of-the-game")
    again = put(state, winner=None, phase="start", turn="p1", symbol=BEARER,
                p1={"space": "r23", "knighted": ["kromt"]})
    again, _ = play(again, choices, ev("move", "p1", path=["r23", "kromt"]))
    assert again["heroes"]["p1"]["knighted"] == ["kromt", "kromt"]
    assert again["winner"] is None, "the same city twice is one throne"
