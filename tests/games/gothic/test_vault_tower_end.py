"""The Vault and the Vampire, the Great Spiral Staircase, the Tower and the end of the game."""

from __future__ import annotations

from games.gothic.rules import ENGINE
from tests.games.gothic.helpers import apply, card, consulted, ev, kinds, position, run, violations


def vampire(goes=1, kills=0):
    return {"vampire": {"goes": goes, "kills": kills, "fresh": False}}


def test_entering_the_vault_makes_a_vampire():
    """gothic/the-vault: "A player who enters the vault falls prey to Dracula, losing 20 stamina points" """
    state = position(at={"p1": "x6y7"}, stage="move", throw=2)
    step = apply(state, ev("move", "p1", path=["x6y8", "vault"]))
    p1 = step.state["players"]["p1"]
    assert p1["stamina"] == 80 and p1["vampire"] is not None and step.state["dracula"] == "p1"
    ended = apply(step.state, ev("end_turn", "p1"))
    assert (
        ended.state["players"]["p1"]["vampire"]["goes"] == 0
    )  # the next 6 goes count from the next one
    out = position(at={"p1": "x6y7", "p3": "x0y3"}, stage="move", throw=2, p3=vampire())
    out["dracula"] = "p3"
    unharmed = apply(out, ev("move", "p1", path=["x6y8", "vault"]))
    assert (
        unharmed.state["players"]["p1"]["stamina"] == 100
        and unharmed.state["players"]["p1"]["vampire"] is None
    )


def test_vampire_leaves_by_the_west_steps_and_throws_twice():
    """gothic/the-vault: "Vampires may only leave the Vault by the west steps" and "you are given two throws of the die for each go" """
    state = position(at={"p1": "vault"}, stage="move", throw=1, p1=vampire(0))
    assert violations(apply(state, ev("move", "p1", path=["x9y7"])))
    west = apply(state, ev("move", "p1", path=["x6y8"]))
    assert west.legal
    second = apply(west.state, ev("throw", "p1", value=3))
    assert second.legal and second.state["stage"] == "move"
    moved = apply(second.state, ev("move", "p1", path=["x6y9", "x5y9", "x4y9"]))
    assert moved.legal
    assert violations(apply(moved.state, ev("throw", "p1", value=3)))


def test_vampire_throws_point_separate_or_summed():
    """gothic/the-vault: "While you are a Vampire you are given two throws of the die for each
    go" -- each moved in turn (separate, the default: every throw of the game is moved), or
    added into one walk (summed, a conjecture); two throws either way."""
    out = position(at={"p1": "x6y8"}, stage="throw", p1=vampire())
    first = apply(out, ev("throw", "p1", value=2))
    assert first.legal and consulted(first) == ["gothic.vampire-throws"]
    assert first.state["stage"] == "move" and first.state["throw"] == 2
    state, steps = run(out, [ev("throw", "p1", value=2), ev("throw", "p1", value=3)],
                       vampire_throws="summed")
    assert all(step.legal for step in steps)
    assert state["stage"] == "move" and state["throw"] == 5 and state["go"]["segment"] == 2
    five = ev("move", "p1", path=["x6y9", "x5y9", "x4y9", "x3y9", "x3y10"])
    moved = apply(state, five, vampire_throws="summed")
    assert moved.legal and moved.state["players"]["p1"]["at"] == "x3y10"
    assert violations(apply(moved.state, ev("throw", "p1", value=4), vampire_throws="summed"))
    # under separate the first throw is moved before the second is thrown
    assert violations(apply(first.state, ev("throw", "p1", value=3)))


def test_vampires_ignore_squares_and_rooms_are_closed_to_them():
    """gothic/the-vault: "Vampires are not affected by adjacency power, nor by yellow arrows, red squares, green squares, or the Oubliette, but they may not enter any room except the Vault." """
    oubliette = position(at={"p1": "x3y5"}, stage="move", throw=2, p1=vampire())
    step = apply(oubliette, ev("move", "p1", path=["x3y6", "x3y7"]))
    assert step.legal and step.state["players"]["p1"]["status"] == "alive"
    arrow = position(at={"p1": "x6y4"}, stage="move", throw=2, p1=vampire())
    step = apply(arrow, ev("move", "p1", path=["x6y3", "x6y2"]))
    assert step.legal and step.state["players"]["p1"]["at"] == "x6y2"
    green = apply(position(at={"p1": "x3y3"}, stage="move", throw=2, p1=vampire()),
                  ev("move", "p1", path=["x3y2", "x3y1"]))
    assert green.legal and not green.state["go"]["green"]
    red = position(at={"p1": "x2y0"}, stage="move", throw=2, p1=vampire())
    walk = ev("move", "p1", path=["x3y0", "x4y0"])
    step = apply(red, walk, vampire_corridors="battlements-too")
    assert step.legal and step.state["players"]["p1"]["at"] == "x4y0"
    assert step.state["players"]["p1"]["stamina"] == 100
    den = position(at={"p1": "x3y3"}, stage="move", throw=2, p1=vampire())
    assert violations(apply(den, ev("move", "p1", path=["x4y3", "den"])))
    adj = position(
        at={"p1": "x5y6", "p2": "x6y6"},
        stage="act",
        go={"moved": True},
        p1={"cards": [card("Axe", "weapon")]},
        p2=vampire(),
    )
    assert violations(apply(adj, ev("attack", "p1", target="p2", weapon="Axe")))


def test_a_vampire_walks_the_battlements_unless_corridors_are_read_strictly():
    """gothic/the-vault: "Vampires are not affected by adjacency power, nor by yellow arrows, red
    squares" and gothic/squares: "The red squares denote places where the masonry of the
    battlements is unsafe." -- the default lets a Vampire on the battlements, where the red
    squares are; "you must wander the corridors" read strictly (corridors-only) does not."""
    red = position(at={"p1": "x2y0"}, stage="move", throw=2, p1=vampire())
    walk = ev("move", "p1", path=["x3y0", "x4y0"])
    step = apply(red, walk)
    assert step.legal and "gothic.vampire-corridors" in consulted(step)
    strict = apply(red, walk, vampire_corridors="corridors-only")
    assert violations(strict) and "gothic.vampire-corridors" in consulted(strict)
    assert ENGINE.point("gothic.vampire-corridors").default == "battlements-too"
    assert ENGINE.former_defaults["3"] == {"gothic.vampire-corridors": "corridors-only"}


def test_killing_by_passing_in_the_corridor():
    """gothic/the-vault: "you may kill any other player simply by passing them in the corridor. A draught of your victim's blood gives you 20 stamina points and two extra goes" """
    through = position(4, at={"p1": "x3y6", "p2": "x4y6"}, stage="move", throw=2, p1=vampire())
    spared = apply(through, ev("move", "p1", path=["x4y6", "x5y6"]))
    assert spared.legal and spared.state["players"]["p2"]["status"] == "alive"
    event = ev("move", "p1", path=["x4y6", "x5y6"], kill=["p2"])
    step = apply(through, event)
    assert step.legal and step.state["players"]["p2"]["status"] == "dead"
    assert (
        step.state["players"]["p1"]["stamina"] == 120
        and step.state["players"]["p1"]["vampire"]["kills"] == 1
    )
    assert violations(apply(through, event, vampire_passing="alongside"))
    beside = position(4, at={"p1": "x3y6", "p2": "x6y5"}, stage="move", throw=4, p1=vampire())
    walk = ev("move", "p1", path=["x4y6", "x5y6", "x6y6", "x7y6"], kill=["p2"])
    assert violations(apply(beside, walk))
    killed = apply(beside, walk, vampire_passing="alongside")
    assert killed.legal and killed.state["players"]["p2"]["status"] == "dead"


def test_the_return_on_the_sixth_go_and_the_sunrise():
    """gothic/the-vault: "On your sixth go you may return, by either steps, but you must then throw sufficient to reach the Vault. If not, the sun rises and you wither away and die." """
    early = position(at={"p1": "x9y6"}, stage="move", throw=2, p1=vampire(goes=3))
    assert violations(apply(early, ev("move", "p1", path=["x9y7", "vault"])))
    sixth = position(at={"p1": "x9y6"}, stage="move", throw=2, p1=vampire(goes=5))
    back = apply(sixth, ev("move", "p1", path=["x9y7", "vault"]))
    assert (
        back.legal
        and back.state["players"]["p1"]["vampire"] is None
        and back.state["dracula"] is None
    )
    assert violations(
        apply(sixth, ev("move", "p1", path=["x9y7", "vault"]), vampire_goes="six-then-seventh")
    )
    dawn = position(4, at={"p1": "x3y6"}, stage="act", go={"moved": True}, p1=vampire(goes=5))
    dawn["dracula"] = "p1"
    died = apply(dawn, ev("end_turn", "p1"))
    assert died.state["players"]["p1"]["status"] == "dead" and died.state["dracula"] is None
    lives = apply(dawn, ev("end_turn", "p1"), vampire_goes="six-then-seventh")
    assert lives.state["players"]["p1"]["status"] == "alive"
    fed = position(
        4, at={"p1": "x3y6"}, stage="act", go={"moved": True}, p1=vampire(goes=5, kills=1)
    )
    assert apply(fed, ev("end_turn", "p1")).state["players"]["p1"]["status"] == "alive"


def test_the_stake():
    """gothic/the-vault: "if they possess a stake, they may drive it through your heart. In this case you die, and the Dracula pawn returns to the Vault." """
    stake = card("Ashwood Stake", "stake", "torture-chamber")
    state = position(
        4,
        at={"p1": "x9y6", "p2": "x3y6"},
        stage="act",
        go={"moved": True, "passed": ["p2"]},
        p1={"cards": [stake]},
        p2=vampire(),
    )
    state["dracula"] = "p2"
    step = apply(state, ev("stake", "p1", target="p2"))
    assert (
        step.legal
        and step.state["players"]["p2"]["status"] == "dead"
        and step.state["dracula"] is None
    )
    unarmed = position(
        4, at={"p1": "x9y6", "p2": "x3y6"}, stage="act", go={"passed": ["p2"]}, p2=vampire()
    )
    assert violations(apply(unarmed, ev("stake", "p1", target="p2")))
    not_passed = position(
        4, at={"p1": "x9y6", "p2": "x3y6"}, stage="act", p1={"cards": [stake]}, p2=vampire()
    )
    assert violations(apply(not_passed, ev("stake", "p1", target="p2")))


def test_dracula_returns_while_a_player_is_in_the_vault():
    """gothic/the-vault: "players may enter the vault unharmed, unless Dracula returns while they are still there." """
    state = position(4, at={"p1": "x6y7", "p2": "vault"}, stage="move", throw=2, p1=vampire(goes=5))
    state["dracula"] = "p1"
    event = ev("move", "p1", path=["x6y8", "vault"])
    prey = apply(state, event).state
    assert prey["players"]["p2"]["stamina"] == 80 and prey["players"]["p2"]["vampire"] is not None
    assert prey["dracula"] == "p2"
    harmed = apply(state, event, dracula_returns_occupied="harmed-only").state
    assert harmed["players"]["p2"]["stamina"] == 80 and harmed["players"]["p2"]["vampire"] is None
    assert harmed["dracula"] is None


def test_the_great_spiral_staircase():
    """gothic/the-great-spiral-staircase: "Once you enter the Great Spiral Staircase you must continue down it, unless you throw a six" """
    state = position(at={"p1": "x6y9"}, stage="move", throw=2)
    inside = apply(state, ev("move", "p1", path=["x7y9", "great-spiral-staircase"])).state
    assert inside["players"]["p1"]["depth"] == 0
    mine = position(at={"p1": "great-spiral-staircase"}, p1={"depth": 4})
    down = apply(mine, ev("throw", "p1", value=3))
    assert down.state["players"]["p1"]["depth"] == 7 and down.state["turn"] == "p2"
    six = apply(mine, ev("throw", "p1", value=6))
    assert six.state["stage"] == "stairs"
    up = apply(six.state, ev("staircase", "p1", direction="up")).state
    assert up["players"]["p1"]["at"] == "x7y9" and up["players"]["p1"]["depth"] is None
    deeper = apply(six.state, ev("staircase", "p1", direction="down")).state
    assert deeper["players"]["p1"]["depth"] == 10 and deeper["stage"] == "act"
    again = apply(deeper, ev("throw", "p1", value=1)).state
    assert again["players"]["p1"]["depth"] == 11


def test_no_one_returns_from_the_bottom():
    """gothic/the-great-spiral-staircase: "No one ever returns from the bottom of the Great Spiral Staircase" """
    state = position(at={"p1": "great-spiral-staircase"}, p1={"depth": 10})
    out = apply(state, ev("throw", "p1", value=3))
    assert out.state["players"]["p1"]["status"] == "out"
    assert kinds(out, "uncertain-text")[0].citations[0].note.startswith("[Legibility")
    stranded = apply(
        state, ev("throw", "p1", value=3), spiral_staircase_bottom="stranded-at-bottom"
    )
    assert (
        stranded.state["players"]["p1"]["status"] == "alive"
        and stranded.state["players"]["p1"]["depth"] == 12
    )


def tower_arrival(**kw):
    state = position(
        4,
        at={"p1": "x9y3", "p2": "x12y4", "p3": "lavatory", **kw.pop("at", {})},
        stage="move",
        throw=3,
        **kw,
    )
    return apply(state, ev("move", "p1", path=["x10y3", "x11y3", "tower"])).state


def test_the_tower_oil_readings():
    """gothic/the-tower: "to kill any one player on the squares below or unluckily enough to be caught in the lavatory." """
    arrived = tower_arrival()
    assert arrived["go"]["tower"]
    below = apply(arrived, ev("oil", "p1", target="p2"))
    assert (
        below.state["players"]["p2"]["status"] == "dead"
        and below.state["players"]["p3"]["status"] == "alive"
    )
    assert kinds(below, "uncertain-text")
    lav = ev("oil", "p1", target="p3")
    assert apply(arrived, lav).state["players"]["p3"]["status"] == "dead"
    assert violations(apply(arrived, lav, tower_oil_victims="one-below-only"))
    every = apply(arrived, ev("oil", "p1"), tower_oil_victims="everyone-below-and-lavatory").state
    assert every["players"]["p2"]["status"] == "dead" and every["players"]["p3"]["status"] == "dead"
    assert violations(
        apply(below.state, ev("oil", "p1", target="p3"))
    )  # "You may not use the oil again"
    far = apply(arrived, ev("oil", "p1", target="p4"))
    assert violations(far)


def test_leaving_the_tower():
    """gothic/the-tower: "You may not use the oil again or leave." """
    state = position(at={"p1": "tower"})
    assert apply(state, ev("stay", "p1")).legal
    assert violations(apply(state, ev("throw", "p1", value=2)))
    assert violations(apply(state, ev("stay", "p1"), tower_leave="may-leave"))
    out = run(
        state,
        [ev("throw", "p1", value=2), ev("move", "p1", path=["x11y3", "x10y3"])],
        tower_leave="may-leave",
    )
    assert out[0]["players"]["p1"]["at"] == "x10y3"


def test_the_blow_pipe_from_the_tower():
    """gothic/the-tower: "A player who possesses the Congolese Blow pipe may use it from the Tower to kill any player not in a room." """
    pipe = card("Congolese Blow pipe", "blow-pipe", "trophy-room")
    state = position(4, at={"p1": "tower", "p3": "den"}, p1={"cards": [pipe]})
    shot = apply(state, ev("blow_pipe", "p1", target="p2", card="Congolese Blow pipe"))
    assert shot.legal and shot.state["players"]["p2"]["status"] == "dead"
    assert "[Legibility" in kinds(shot, "uncertain-text")[0].citations[0].note
    assert violations(apply(state, ev("blow_pipe", "p1", target="p3", card="Congolese Blow pipe")))
    outside = position(4, at={"p1": "x3y6"}, p1={"cards": [pipe]})
    assert violations(
        apply(outside, ev("blow_pipe", "p1", target="p2", card="Congolese Blow pipe"))
    )
    tube = position(4, at={"p1": "tower"}, p1={"cards": [card("Dart Tube", "blow-pipe")]})
    assert apply(tube, ev("blow_pipe", "p1", target="p2", card="Dart Tube")).legal
    assert violations(
        apply(
            tube,
            ev("blow_pipe", "p1", target="p2", card="Dart Tube"),
            blow_pipe_card="name-as-read",
        )
    )
    named = position(4, at={"p1": "tower"}, p1={"cards": [card("Blowpipe", "weapon")]})
    assert violations(apply(named, ev("blow_pipe", "p1", target="p2", card="Blowpipe")))
    assert apply(
        named, ev("blow_pipe", "p1", target="p2", card="Blowpipe"), blow_pipe_card="name-as-read"
    ).legal


def test_the_only_survivor_wins():
    """gothic/play: "The only survivor is the winner of the game." (the empty last section is
    cited by no rule: certainty gothic.last-section)"""
    state = position(
        2,
        at={"p1": "x5y6", "p2": "x6y6"},
        stage="act",
        go={"moved": True},
        p1={"cards": [card("Axe", "weapon")]},
    )
    step = apply(state, ev("attack", "p1", target="p2", weapon="Axe"))
    outcome = ENGINE.outcome(step.state)
    assert outcome.finished and outcome.winner == "p1" and outcome.eliminated == ("p2",)
    # the empty 'Good Luck' heading is an archival fact: the end rests on no doubt
    assert not consulted(step) and not kinds(step, "uncertain-text")
    after = apply(step.state, ev("throw", "p1", value=3))
    assert violations(after) and after.state is step.state
    assert not ENGINE.outcome(state).finished
