"""Every rule the text states outright, refereed as written under every reading: no option of
any point may license what another sentence settles (each test runs under the default reading
and under every other option of every point)."""

from __future__ import annotations

import pytest

from games.gothic.rules import ENGINE
from tests.games import replay_baseline
from tests.games.gothic.helpers import card, ev, kinds, position, violations

READINGS = list(replay_baseline.readings(ENGINE))
every_reading = pytest.mark.parametrize(
    "reading", [choices for _name, choices in READINGS], ids=[name for name, _ in READINGS]
)
VAMPIRE = {"vampire": {"goes": 1, "kills": 0, "fresh": False}}


def play(state, events, reading):
    interpretation = ENGINE.interpretation(reading)
    steps = []
    for event in events:
        step = ENGINE.apply(state, event, interpretation)
        steps.append(step)
        state = step.state
    return steps


def one(state, event, reading):
    return play(state, [event], reading)[0]


@every_reading
def test_the_iron_maiden_is_the_only_completely_deadly_card(reading):
    """gothic/rooms: "There is only one completely deadly card. That is the Iron Maiden in the Torture Chamber" """
    chamber = position(at={"p1": "torture-chamber"}, stage="draw",
                       p1={"cards": [card("Garlic Wreath", "protection", "torture-chamber")]})
    maiden = one(chamber, ev("draw", "p1", room="torture-chamber", card="Iron Maiden"), reading)
    assert maiden.legal and maiden.state["players"]["p1"]["status"] == "dead"
    assert "Iron Maiden" in maiden.state["piles"]["torture-chamber"]  # back under its pile
    rack = one(chamber, ev("draw", "p1", room="torture-chamber", card="Rack", deadly=True),
               reading)
    assert violations(rack) and rack.state is chamber
    den = position(at={"p1": "den"}, stage="draw")
    elsewhere = one(den, ev("draw", "p1", room="den", card="Iron Maiden", deadly=True), reading)
    assert violations(elsewhere) and elsewhere.state["players"]["p1"]["status"] == "alive"


@every_reading
def test_a_controlled_player_is_moved_the_way_the_controller_says(reading):
    """gothic/adjacency: "You may control their next move. They throw the die, but you tell them which way to go." """
    state = position(at={"p1": "x3y3"}, stage="move", throw=2, p1={"controlled_by": "p2"})
    walk = ["x3y4", "x3y5"]
    themselves = one(state, ev("move", "p1", path=walk), reading)
    assert [f.rule for f in violations(themselves)] == ["gothic/adjacency"]
    assert themselves.state is state  # the control has not lapsed
    directed = one(state, ev("move", "p2", path=walk), reading)
    assert directed.legal and directed.state["players"]["p1"]["at"] == "x3y5"
    at_once = position(at={"p1": "x3y3"}, stage="move", throw=2, turn="p2")
    at_once.update(actor="p1", interrupt={"controller": "p2", "victim": "p1", "go": at_once["go"]})
    assert violations(one(at_once, ev("move", "p1", path=walk), reading))
    assert one(at_once, ev("move", "p2", path=walk), reading).legal


@every_reading
def test_a_vampire_may_kill_by_passing_but_need_not(reading):
    """gothic/the-vault: "you may kill any other player simply by passing them in the corridor" """
    # p2 stands beside the middle of the walk and on it: passed under either reading of passing
    state = position(4, at={"p1": "x3y6", "p2": "x4y6"}, stage="move", throw=2, p1=VAMPIRE)
    walk = ["x4y6", "x5y6"]
    step = one(state, ev("move", "p1", path=walk), reading)
    assert all(p["status"] == "alive" for p in step.state["players"].values())


@every_reading
def test_a_stake_is_driven_into_a_vampire_sneaked_past(reading):
    """gothic/the-vault: "However, players may sneak past you unscathed when it is their go, and
    if they possess a stake, they may drive it through your heart." (whether ending beside it
    is enough: point gothic.sneak-past)"""
    stake = card("Ashwood Stake", "stake", "torture-chamber")
    reached = position(at={"p1": "x3y4", "p3": "x3y6"}, stage="move", throw=1,
                       p1={"cards": [stake]}, p3=VAMPIRE)
    reached["dracula"] = "p3"
    beside = play(reached, [ev("move", "p1", path=["x3y5"]),
                            ev("stake", "p1", target="p3")], reading)
    assert beside[0].legal
    if ENGINE.interpretation(reading).option("gothic.sneak-past") == "passing":
        assert violations(beside[1]) and beside[1].state["players"]["p3"]["status"] == "alive"
    else:
        assert beside[1].legal and beside[1].state["players"]["p3"]["status"] == "dead"
    far = position(at={"p1": "x3y2", "p3": "x3y6"}, stage="move", throw=1,
                   p1={"cards": [stake]}, p3=VAMPIRE)
    far["dracula"] = "p3"
    away = play(far, [ev("move", "p1", path=["x3y3"]), ev("stake", "p1", target="p3")],
                reading)
    assert away[0].legal and violations(away[1])
    over = position(at={"p1": "x3y5", "p3": "x3y6"}, stage="move", throw=2,
                    p1={"cards": [stake]}, p3=VAMPIRE)
    over["dracula"] = "p3"
    walked = play(over, [ev("move", "p1", path=["x3y6", "x2y6"]),
                         ev("stake", "p1", target="p3")], reading)
    assert walked[0].legal and walked[1].legal
    assert walked[1].state["players"]["p3"]["status"] == "dead"


@every_reading
def test_a_card_whose_number_was_read_rests_on_no_doubtful_words(reading):
    """gothic/rooms: "Cards with numbers in the top left-hand corner, e.g. [a circled number in the photo, probably 6], may be traded in for stamina at any stage of the game" """
    state = position(p2={"cards": [card("Brandy", number=7)]})
    step = one(state, ev("trade", "p2", card="Brandy"), reading)
    assert step.legal and step.state["players"]["p2"]["stamina"] == 107
    assert not kinds(step, "uncertain-text") and not kinds(step, "consulted")


@every_reading
def test_the_only_survivor_wins_and_the_empty_last_heading_is_no_doubt(reading):
    """gothic/play: "The only survivor is the winner of the game." """
    state = position(2, at={"p1": "x5y6", "p2": "x6y6"}, stage="act", go={"moved": True},
                     p1={"cards": [card("Axe", "weapon", "torture-chamber")]})
    step = one(state, ev("attack", "p1", target="p2", weapon="Axe"), reading)
    assert ENGINE.outcome(step.state).winner == "p1"
    assert not kinds(step, "uncertain-text") and not kinds(step, "consulted")


@every_reading
def test_the_secret_passage_is_taken_at_once(reading):
    """gothic/squares: "If you land on one, you have the option to travel immediately to any other green square, and continue playing from there." """
    state = position(at={"p1": "x1y3", "p2": "x2y3"}, stage="act",
                     go={"moved": True, "green": True},
                     p1={"cards": [card("Asp", "nasty", "den")]})
    first = play(state, [ev("passage", "p1", to="x9y11")], reading)[0]
    assert first.legal and first.state["players"]["p1"]["at"] == "x9y11"
    later = play(state, [ev("give", "p1", target="p2", card="Asp", loss=1),
                         ev("passage", "p1", to="x9y11")], reading)
    assert later[0].legal and violations(later[1])


@every_reading
def test_inside_a_room_a_six_goes_no_further(reading):
    """gothic/rooms: "once you are inside you may go no further even if you threw a six." """
    for room, door in (("den", "x4y3"), ("great-spiral-staircase", "x7y9")):
        state = position(at={"p1": door}, stage="move", throw=6, go={"six": True})
        steps = play(state, [ev("move", "p1", path=[room]), ev("throw", "p1", value=3)], reading)
        assert steps[0].legal and violations(steps[1]), room


@every_reading
def test_no_one_lingers_in_the_lavatory_and_it_holds_one(reading):
    """gothic/rooms: "You may not linger in a room unless you are forcibly detained." and gothic/the-lavatory: "It may not be occupied by two players at the same time." """
    assert violations(one(position(at={"p1": "lavatory"}), ev("stay", "p1"), reading))
    full = position(at={"p1": "x1y6", "p2": "lavatory"}, stage="move", throw=2)
    assert violations(one(full, ev("move", "p1", path=["x2y6", "lavatory"]), reading))


@every_reading
def test_two_players_never_share_a_square(reading):
    """gothic/moves: "Two players may never occupy the same square." """
    state = position(at={"p1": "x3y3", "p2": "x3y5"}, stage="move", throw=2)
    assert violations(one(state, ev("move", "p1", path=["x3y4", "x3y5"]), reading))


@every_reading
def test_every_player_starts_with_100_stamina(reading):
    """gothic/stamina: "At the beginning of the game each player has 100 stamina points" """
    state = ENGINE.initial_state([{"id": "a", "name": "Ana"}, {"id": "b", "name": "Luis"}],
                                 {"stamina": 40})
    assert [p["stamina"] for p in state["players"].values()] == [100, 100]


@every_reading
def test_no_immunity_card_protects_from_dracula(reading):
    """gothic/the-vault: "No immunity card can protect you from this." """
    state = position(at={"p1": "x6y8"}, stage="move", throw=1,
                     p1={"cards": [card("Crucifix", "protection", "great-hall")]})
    step = one(state, ev("move", "p1", path=["vault"]), reading)
    assert step.state["players"]["p1"]["stamina"] == 80
    assert step.state["players"]["p1"]["vampire"] is not None


@every_reading
def test_vampires_are_killed_no_other_way(reading):
    """gothic/the-vault: "Vampires may not be killed in any other way." """
    armed = position(at={"p1": "x5y6", "p2": "x6y6"}, stage="act", go={"moved": True},
                     p1={"cards": [card("Axe", "weapon", "torture-chamber")]}, p2=VAMPIRE)
    assert violations(one(armed, ev("attack", "p1", target="p2", weapon="Axe"), reading))
    pipe = card("Congolese Blow pipe", "blow-pipe", "trophy-room")
    tower = position(at={"p1": "tower", "p2": "x5y6"}, stage="act", go={"moved": True},
                     p1={"cards": [pipe]}, p2=VAMPIRE)
    assert violations(one(tower, ev("blow_pipe", "p1", target="p2", card=pipe["name"]), reading))
    oil = position(at={"p1": "tower", "p2": "x12y4"}, stage="act",
                   go={"moved": True, "tower": True}, p2=VAMPIRE)
    assert violations(one(oil, ev("oil", "p1", target="p2"), reading))


@every_reading
def test_a_vampire_leaves_the_vault_by_the_west_steps(reading):
    """gothic/the-vault: "Vampires may only leave the Vault by the west steps" """
    state = position(at={"p1": "vault"}, stage="move", throw=1, p1={"vampire": {
        "goes": 0, "kills": 0, "fresh": False}})
    assert violations(one(state, ev("move", "p1", path=["x9y7"]), reading))
    assert one(state, ev("move", "p1", path=["x6y8"]), reading).legal


@every_reading
def test_one_option_a_landing_and_no_attack_on_a_player_in_anothers_control(reading):
    """gothic/adjacency: "You may only choose one option." and "you may not attack a player who is already in someone else's control." """
    axe, rapier = card("Axe", "weapon", "torture-chamber"), card("Rapier", "weapon", "trophy-room")
    state = position(at={"p1": "x5y6", "p2": "x6y6"}, stage="act", go={"moved": True},
                     p1={"cards": [axe, rapier]},
                     p2={"cards": [card("Shield", "protection", "trophy-room")]})
    steps = play(state, [ev("attack", "p1", target="p2", weapon="Axe"),
                         ev("attack", "p1", target="p2", weapon="Rapier")], reading)
    assert steps[0].legal and violations(steps[1])
    assert "Axe" in steps[0].state["piles"]["torture-chamber"]  # used once only, returned
    held = position(at={"p1": "x5y6", "p2": "x6y6"}, stage="act", go={"moved": True},
                    p1={"cards": [axe]}, p2={"held_by": {"by": "p3", "form": "control"}})
    assert violations(one(held, ev("attack", "p1", target="p2", weapon="Axe"), reading))
