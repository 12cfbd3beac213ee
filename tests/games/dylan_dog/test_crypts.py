"""Crypt cards, horror fights and challenges, exchanges, victory, and what each seat sees."""

from __future__ import annotations

from tests.games.dylan_dog.helpers import (
    E,
    act,
    consulted,
    interp,
    pending_kinds,
    put,
    started,
    turn_of,
    violations,
)


def in_crypt(pid="p1", crypt="MENTE", **player):
    s = turn_of(
        started(), pid, phase="action", die="2", square=f"MENTE-INFINITO>{crypt}/3", **player
    )
    return act(s, "move", pid, path=[f"CRIPTA-{crypt}"], rotation=0).state


def test_mystery_card_then_jump_back_to_reality():
    """dylan-dog/reaching-the-mystery-crypts: "After drawing a mystery card, the player immediately
    returns, with a jump, to the reality plane, where they place their pawn on one of the white
    squares." """
    s = in_crypt()
    step = act(s, "crypt_card", "p1", kind="mystery", element="I2")
    assert not violations(step)
    assert step.state["players"]["p1"]["mystery"] == ["I2"] and step.state["crypts"]["MENTE"] == 8
    assert pending_kinds(step.state) == ["place"]
    again = put(s, "p2", mystery=["I2"])
    assert violations(act(again, "crypt_card", "p1", kind="mystery", element="I2"))
    assert violations(act(started(), "crypt_card", "p1", kind="mystery", element="I2"))


def test_mystery_card_visibility_point_and_view():
    """dylan-dog/reaching-the-mystery-crypts: "If it is a mystery card (carta-mistero), the player
    keeps it, declared, in front of them. Only the player who drew it knows whether the card is useful
    to them or not" """
    s = in_crypt()
    up = act(s, "crypt_card", "p1", kind="mystery", element="I1").state
    assert E.view(up, "p2")["players"]["p1"]["mystery"] == ["I1"]
    assert E.view(up, "p2")["usefulness"] == {"p2": []}
    assert E.view(up, None)["usefulness"]["p1"] == ["I1"]
    assert E.view(up, "p2")["players"]["p1"]["story"] is None
    assert E.view(up, "p1")["players"]["p1"]["story"] == ["I1", "A1", "L1", "F1"]
    down = act(
        s,
        "crypt_card",
        "p1",
        interp(mystery_card_visibility="face-down"),
        kind="mystery",
        element="I1",
    ).state
    assert E.view(down, "p2")["players"]["p1"]["mystery"] == ["?"]
    assert E.view(down, "p1")["players"]["p1"]["mystery"] == ["I1"]
    useful_to_p2 = act(s, "crypt_card", "p1", kind="mystery", element="A2").state
    assert E.view(useful_to_p2, "p2")["useful_to_me_held_by_others"] == {"p1": ["A2"]}


def horror(threshold, **player):
    return act(
        in_crypt(**player), "crypt_card", "p1", kind="horror", name="Vampiro", threshold=threshold
    ).state


def test_horror_thresholds():
    """dylan-dog/horror-cards: "If the card shows a 6, the only "useful" results are the 6 and "Dylan
    Dog". If the card shows only "Dylan Dog", that is the only useful result." """
    won = act(horror("4+"), "roll", "p1", face="4").state
    assert won["players"]["p1"]["horror"] == [{"name": "Vampiro", "threshold": "4+"}]
    assert act(horror("4+"), "roll", "p1", face="dylan-dog").state["players"]["p1"]["horror"]
    assert not act(horror("6"), "roll", "p1", face="5").state["players"]["p1"]["horror"]
    assert act(horror("6"), "roll", "p1", face="6").state["players"]["p1"]["horror"]
    assert not act(horror("dylan-dog"), "roll", "p1", face="6").state["players"]["p1"]["horror"]
    assert violations(act(horror("4+"), "roll", "p2", face="6"))


def test_losing_to_a_horror_card():
    """dylan-dog/horror-cards: "they must return to reality and put one of their mystery cards back
    into the crypt. The horror card leaves the game." """
    s = horror("5+", mystery=["I2"])
    lost = act(s, "roll", "p1", face="3").state
    assert pending_kinds(lost) == ["forfeit", "place"]
    back = act(lost, "forfeit", "p1", card="I2")
    assert back.state["crypts"]["MENTE"] == 9 and back.state["players"]["p1"]["mystery"] == []
    assert violations(act(lost, "forfeit", "p1", card="I2", crypt="TEMPO"))
    assert not violations(
        act(
            lost,
            "forfeit",
            "p1",
            interp(horror_penalty_crypt="any-crypt"),
            card="I2",
            crypt="TEMPO",
        )
    )


def test_dylan_dog_card_against_a_horror_card():
    """dylan-dog/horror-cards: "A horror card can also be defeated by playing a "Dylan Dog" card. In
    this second case, the player must of course declare it before attempting the die throw." """
    s = horror("dylan-dog", dylan_dog=1)
    gone = act(s, "play_dylan_dog", "p1", use="horror")
    assert gone.state["players"]["p1"]["horror"] == [] and gone.state["fight"] is None
    assert "dylan-dog.horror-dylan-dog-possession" in consulted(gone)
    kept = act(
        s, "play_dylan_dog", "p1", interp(horror_dylan_dog_possession="possession"), use="horror"
    )
    assert kept.state["players"]["p1"]["horror"]
    after_throw = act(s, "roll", "p1", face="3").state
    assert violations(act(after_throw, "play_dylan_dog", "p1", use="horror"))


def test_horror_success_return_point():
    """dylan-dog/horror-cards: "If the throw is successful, the player takes possession of that horror
    card and may play it against one of the other players at any time during the game." """
    s = horror("3+")
    stay = act(s, "roll", "p1", face="3").state
    assert pending_kinds(stay) == [] and stay["players"]["p1"]["square"] == "CRIPTA-MENTE"
    back = act(s, "roll", "p1", interp(horror_success_return="return"), face="3").state
    assert pending_kinds(back) == ["place"]


def challenge_ready(**p2):
    s = turn_of(started(), "p1", square="R1", horror=[{"name": "Zombi", "threshold": "5+"}])
    return put(s, "p2", square="R2", **p2)


def test_challenge_on_the_same_plane():
    """dylan-dog/horror-cards: "a player who has acquired a horror card may decide not to throw the
    die, and instead challenge another player who is on the same plane, using the horror card." """
    s = challenge_ready(mystery=["A1", "I2"])
    step = act(s, "challenge", "p1", target="p2", horror="Zombi")
    assert not violations(step) and step.state["fight"]["fighter"] == "p2"
    lost = act(step.state, "roll", "p2", face="2").state
    assert pending_kinds(lost) == ["forfeit"]
    handed = act(lost, "forfeit", "p1", card="A1")
    assert not violations(handed) and handed.state["players"]["p1"]["mystery"] == ["A1"]
    assert violations(act(lost, "forfeit", "p2", card="A1"))
    assert not violations(
        act(
            lost, "forfeit", "p2", interp(challenge_forfeit_chooser="challenged-chooses"), card="I2"
        )
    )
    beaten = act(step.state, "roll", "p2", face="6").state
    assert beaten["players"]["p1"]["horror"] == [] and pending_kinds(beaten) == []
    far = put(s, "p2", square="N2")
    assert violations(act(far, "challenge", "p1", target="p2", horror="Zombi"))
    assert violations(act(s, "challenge", "p1", target="p2", horror="Mummia"))


def test_challenge_timing_point():
    """dylan-dog/horror-cards: "may play it against one of the other players at any time during the
    game." """
    s = challenge_ready()
    rolled = act(s, "roll", "p1", face="3").state
    assert violations(act(rolled, "challenge", "p1", target="p2", horror="Zombi"))
    step = act(
        rolled,
        "challenge",
        "p1",
        interp(horror_challenge_timing="any-time"),
        target="p2",
        horror="Zombi",
    )
    assert not violations(step) and step.state["fight"]["resume"] == "action"
    instead = act(s, "challenge", "p1", target="p2", horror="Zombi").state
    done = act(instead, "roll", "p2", face="6").state
    assert done["turn"]["phase"] == "resolve"
    assert not violations(act(done, "end_turn", "p1"))


def test_challenge_failure_return_point():
    """dylan-dog/horror-cards: "The challenged player must fight following the rules already seen:" """
    s = act(challenge_ready(mystery=["I2"]), "challenge", "p1", target="p2", horror="Zombi").state
    assert pending_kinds(act(s, "roll", "p2", face="2").state, "p2") == ["forfeit"]
    other = act(
        s, "roll", "p2", interp(challenge_failure_return="return-to-reality"), face="2"
    ).state
    assert pending_kinds(other, "p2") == ["forfeit", "place"]


def test_crypt_plane_point():
    """dylan-dog/the-game-board: "At the corners of the board are the 4 mystery crypts (cripte del
    mistero), which allow you to enter the infinite, time, the mind and the paranormal." """
    s = put(challenge_ready(), "p1", square="MENTE-INFINITO")
    s = put(s, "p2", square="CRIPTA-MENTE")
    assert not violations(act(s, "challenge", "p1", target="p2", horror="Zombi"))
    assert violations(
        act(s, "challenge", "p1", interp(crypt_plane="none"), target="p2", horror="Zombi")
    )


def test_exchange_before_the_throw():
    """dylan-dog/exchange: "Before making their own die throw, each player is free to propose a card
    exchange to the others. All cards may be exchanged, except story cards." """
    s = put(turn_of(started(), "p1", mystery=["I2"]), "p2", mystery=["A1"], shadow=["bat"])
    step = act(
        s, "exchange", "p1", **{"with": "p2", "give": ["I2"], "receive": ["A1", "shadow:bat"]}
    )
    assert not violations(step)
    assert step.state["players"]["p1"]["mystery"] == ["A1"] and step.state["players"]["p1"][
        "shadow"
    ] == ["bat"]
    assert violations(
        act(
            s,
            "exchange",
            "p1",
            interp(exchange_balance="one-for-one"),
            **{"with": "p2", "give": ["I2"], "receive": ["A1", "shadow:bat"]},
        )
    )
    rolled = act(s, "roll", "p1", face="2").state
    assert violations(
        act(rolled, "exchange", "p1", **{"with": "p2", "give": ["I2"], "receive": ["A1"]})
    )
    story = act(s, "exchange", "p1", **{"with": "p2", "give": ["F1"], "receive": []})
    assert any("story card" in f.message for f in violations(story))


def forced_ready():
    s = turn_of(started(), "p1", phase="action", die="2", square="N6", mystery=["I2"])
    s = put(s, "p2", mystery=["A1"])
    s["rotation"] = 12  # N8 over slot 20, the twin SCAMBIO OBBLIGATORIO
    return act(s, "move", "p1", path=["N7", "N8"], rotation=0).state


def test_forced_exchange():
    """dylan-dog/exchange: "The player involved in the exchange must give up their card even if they
    need it." """
    s = forced_ready()
    assert "forced-exchange" in pending_kinds(s)
    step = act(
        s, "exchange", "p1", **{"with": "p2", "give": ["I2"], "receive": ["A1"], "forced": True}
    )
    assert not violations(step) and step.state["players"]["p2"]["mystery"] == ["I2"]
    assert violations(
        act(
            step.state,
            "exchange",
            "p1",
            **{"with": "p2", "give": ["A1"], "receive": ["I2"], "forced": True},
        )
    )
    take = {"with": "p2", "give": [], "receive": ["A1"], "forced": True}
    assert violations(act(s, "exchange", "p1", **take))
    assert not violations(
        act(s, "exchange", "p1", interp(forced_exchange_terms="as-they-wish"), **take)
    )


def test_victory_with_the_four_mystery_cards():
    """dylan-dog/goal-of-the-game: "The first player who finds the 4 mystery cards (= elements)
    matching their own story cards escapes and is proclaimed the winner of the challenge." """
    s = in_crypt(mystery=["I1", "A1", "L1"])
    won = act(s, "crypt_card", "p1", kind="mystery", element="F1").state
    assert E.outcome(won).finished and E.outcome(won).winner == "p1"
    assert violations(act(won, "end_turn", "p1"))
    not_yet = act(s, "crypt_card", "p1", kind="mystery", element="F2").state
    assert not E.outcome(not_yet).finished


def test_win_timing_point():
    """dylan-dog/reaching-the-mystery-crypts: "the first player to hold the 4 useful mystery cards for
    their story has won the game of nightmares." """
    s = forced_ready()
    s = put(s, "p2", mystery=["A1", "A2", "I2", "L2"])
    s = put(s, "p1", mystery=["F2"])
    deal = {"with": "p2", "give": ["F2"], "receive": ["A1"], "forced": True}
    now = act(s, "exchange", "p1", **deal)
    assert E.outcome(now.state).winner == "p2" and "dylan-dog.win-timing" in consulted(now)
    later = act(s, "exchange", "p1", interp(win_timing="own-turn"), **deal).state
    assert not E.outcome(later).finished
    passed = act(later, "end_turn", "p1", interp(win_timing="own-turn")).state
    assert E.outcome(passed).winner == "p2"


def test_simultaneous_win_point():
    """dylan-dog/the-end-of-the-game: "The first player to find the 4 useful mystery cards needed to
    "get out" of the story in which they became involved has won" """
    s = forced_ready()
    s = put(s, "p1", mystery=["I1", "A1", "L1", "F2"])
    s = put(s, "p2", mystery=["I2", "A2", "L2", "F1"])
    deal = {"with": "p2", "give": ["F2"], "receive": ["F1"], "forced": True}
    assert E.outcome(act(s, "exchange", "p1", **deal).state).winner == "p1"
    assert (
        E.outcome(
            act(s, "exchange", "p1", interp(simultaneous_win="other-player"), **deal).state
        ).winner
        == "p2"
    )


def test_white_square_choice_point():
    """dylan-dog/shadow-squares: "they return to reality, where they place their pawn, as always, on
    one of the white squares." """
    s = act(in_crypt(), "crypt_card", "p1", kind="mystery", element="I2").state
    assert not violations(act(s, "place", "p1", square="R4"))  # p2 stands there
    assert violations(act(s, "place", "p1", interp(white_square_choice="free-white"), square="R4"))
    assert not violations(
        act(s, "place", "p1", interp(white_square_choice="free-white"), square="R12")
    )


def test_story_cards():
    """dylan-dog/before-playing: "1 investigator card (carta-indagatore) 1 action card (carta-azione)
    1 location card (carta-luogo) 1 fear card (carta-paura)" """
    s = E.initial_state(
        [{"id": "p1", "name": "Ana"}, {"id": "p2", "name": "Luis"}, {"id": "p3", "name": "Carla"}],
        {},
    )
    assert not violations(act(s, "story_cards", "p1", cards=["I1", "A1", "L1", "F1"]))
    assert violations(act(s, "story_cards", "p1", cards=["I1", "I2", "L1", "F1"]))
    one = act(s, "story_cards", "p1", cards=["I1", "A1", "L1", "F1"]).state
    assert violations(act(one, "story_cards", "p2", cards=["I1", "A2", "L2", "F2"]))
    assert violations(act(one, "roll", "p1", face="3"))  # p2 and p3 have no story recorded


def test_a_mystery_card_owed_by_a_player_who_holds_none_is_not_owed():
    """dylan-dog/horror-cards: "if they are defeated, they must hand over a mystery card, on
    request, to the player who challenged them." """
    # Luis lost twice (challenges at any time) holding one card: once it is handed over, he
    # has none left to owe, and the turn may end (it was a dead end: nothing could be recorded)
    s = put(turn_of(started(), "p1", phase="resolve"), "p2", mystery=["I3"])
    s = dict(s, pending=[{"kind": "forfeit", "player": "p2", "to": "p1"}] * 2)
    handed = act(s, "forfeit", "p1", card="I3")
    assert not violations(handed) and handed.state["players"]["p1"]["mystery"] == ["I3"]
    offered = E.legal_events(handed.state, E.interpretation())
    assert [c.type for c in offered if c.type != "show_shadow"] == ["end_turn"]
    assert not violations(act(handed.state, "end_turn", "p1"))
