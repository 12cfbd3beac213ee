"""Nightmare cards, Dylan Dog cards, shadow squares and shadow cards."""

from __future__ import annotations

from tests.games.dylan_dog.helpers import (
    act,
    at,
    consulted,
    interp,
    pending_kinds,
    put,
    started,
    turn_of,
    violations,
)


def landed_on_incubo():
    s = turn_of(started(), "p1", phase="action", die="2", square="N2")
    return act(s, "move", "p1", path=["N3", "N4"], rotation=0).state


def test_landing_on_prendi_draws_a_card():
    """dylan-dog/nightmare-cards: "Each time a player lands on a square reading "PRENDI UNA CARTA
    INCUBO" (take a nightmare card), they draw a card" """
    s = landed_on_incubo()
    assert pending_kinds(s) == ["nightmare-card"]
    step = act(s, "nightmare_card", "p1", kind="nothing", text="Niente")
    assert not violations(step) and pending_kinds(step.state) == []
    assert violations(act(step.state, "nightmare_card", "p1", kind="nothing"))


def test_nightmare_card_trigger_point():
    """dylan-dog/nightmare-cards: "Each time a player lands on a square reading "PRENDI UNA CARTA
    INCUBO" (take a nightmare card)" """
    s = turn_of(started(), "p1", phase="action", die="2", square="N4")
    default = act(s, "move", "p1", path=[], rotation=2)
    assert pending_kinds(default.state) == [] and "dylan-dog.nightmare-card-trigger" in consulted(
        default
    )
    other = act(
        s, "move", "p1", interp(nightmare_card_trigger="end-of-own-move"), path=[], rotation=2
    )
    assert pending_kinds(other.state) == ["nightmare-card"]


def test_card_that_moves_the_player_triggers_the_new_square():
    """dylan-dog/nightmare-cards: "if the player is sent to a crypt, they draw a card from the crypt;
    if they arrive on the forced exchange, they may make an exchange, and so on." """
    s = landed_on_incubo()
    step = act(s, "nightmare_card", "p1", kind="go-to-crypt", crypt="TEMPO")
    assert step.state["players"]["p1"]["square"] == "CRIPTA-TEMPO"
    assert pending_kinds(step.state) == ["crypt-draw"]
    exchange = act(at(s, 12), "nightmare_card", "p1", kind="go-to-exchange", square="N8")
    assert pending_kinds(exchange.state) == ["forced-exchange"]
    missing = act(s, "nightmare_card", "p1", kind="go-to-crypt")
    assert violations(missing) and missing.state["players"]["p1"]["square"] == "N4"


def test_moving_another_pawn_gives_that_player_nothing():
    """dylan-dog/nightmare-cards: "When instead, again following a nightmare card, a player moves the
    pawn of another player, that other player is not entitled to carry out other behaviours until
    their next turn." """
    s = landed_on_incubo()
    step = act(s, "nightmare_card", "p1", kind="move-other", target="p2", square="N7")
    assert step.state["players"]["p2"]["square"] == "N7"
    assert pending_kinds(step.state, "p2") == []
    assert violations(act(s, "nightmare_card", "p1", kind="move-other", target="p1", square="N7"))


def test_enter_dimension_point():
    """dylan-dog/nightmare-cards: "When a nightmare card says to "enter a dimension", the player must
    place their pawn on the entry square of the path leading to the crypt in question." """
    s = landed_on_incubo()
    step = act(
        s, "nightmare_card", "p1", kind="enter-dimension", crypt="MENTE", square="TEMPO-MENTE"
    )
    assert not violations(step) and step.state["players"]["p1"]["square"] == "TEMPO-MENTE"
    other = interp(enter_dimension_square="first-path-square")
    assert violations(
        act(
            s,
            "nightmare_card",
            "p1",
            other,
            crypt="MENTE",
            kind="enter-dimension",
            square="TEMPO-MENTE",
        )
    )
    assert not violations(
        act(
            s,
            "nightmare_card",
            "p1",
            other,
            kind="enter-dimension",
            crypt="MENTE",
            square="TEMPO-MENTE>MENTE/1",
        )
    )
    assert violations(
        act(
            s,
            "nightmare_card",
            "p1",
            kind="enter-dimension",
            crypt="MENTE",
            square="INFINITO-PARANORMALE",
        )
    )


def test_shadow_cards_are_kept_face_up_and_back_to_reality():
    """dylan-dog/shadow-cards: "Shadow cards must be kept face up." """
    s = landed_on_incubo()
    step = act(s, "nightmare_card", "p1", kind="shadow", shadow="bat")
    assert step.state["players"]["p1"]["shadow"] == ["bat"]
    assert step.state["nightmare_deck"] == s["nightmare_deck"] - 1
    back = act(s, "nightmare_card", "p1", kind="back-to-reality")
    assert pending_kinds(back.state) == ["place"]
    placed = act(back.state, "place", "p1", square="R8")
    assert placed.state["players"]["p1"]["square"] == "R8"


def test_dylan_dog_window():
    """dylan-dog/the-nightmare-plane: "A player who makes Dylan Dog's face appear in one of the
    "windows" (and stands on top of it) may take a "Dylan Dog" card" """
    s = at(turn_of(started(), "p1", phase="action", die="2", square="N3"), 20)
    step = act(s, "move", "p1", path=[], rotation=2)  # N3 over slot 1: the face
    assert pending_kinds(step.state) == ["dylan-dog-card"]
    took = act(step.state, "take_dylan_dog", "p1")
    assert took.state["players"]["p1"]["dylan_dog"] == 1 and took.state["dylan_dog_deck"] == 5
    assert violations(act(took.state, "take_dylan_dog", "p1"))
    none = act(s, "move", "p1", interp(window_plane="reality-window"), path=[], rotation=2)
    assert pending_kinds(none.state) == []


def test_window_plane_point_reality_window():
    """dylan-dog/the-nightmare-plane: "A player who makes Dylan Dog's face appear in one of the
    "windows" (and stands on top of it)" """
    s = turn_of(started(), "p1", phase="action", die="2", square="R4")
    # rotation 1 puts N3 (a window square) beneath R4
    other = act(s, "move", "p1", interp(window_plane="reality-window"), path=[], rotation=1)
    assert violations(other)  # 1 square of a 2 throw
    other = act(at(s, 23), "move", "p1", interp(window_plane="reality-window"), path=[], rotation=2)
    assert pending_kinds(other.state) == ["dylan-dog-card"]
    default = act(at(s, 23), "move", "p1", path=[], rotation=2)
    assert pending_kinds(default.state) == []


def on_shadow():
    s = turn_of(started(), "p1", phase="action", die="2", square="MENTE-INFINITO")
    return act(
        s, "move", "p1", path=["MENTE-INFINITO>MENTE/1", "MENTE-INFINITO>MENTE/2"], rotation=0
    ).state


def test_shadow_square_without_a_card_returns_to_reality():
    """dylan-dog/shadow-squares: "If the player has neither a "Dylan Dog" card nor a playable "valid"
    shadow card, they return to reality, where they place their pawn, as always, on one of the white
    squares." """
    s = on_shadow()
    assert pending_kinds(s) == ["shadow-trap"]
    step = act(s, "accept_trap", "p1")
    assert pending_kinds(step.state) == ["place"]
    placed = act(step.state, "place", "p1", square="R12")
    assert not violations(placed) and placed.state["players"]["p1"]["square"] == "R12"
    assert violations(act(step.state, "accept_trap", "p1"))
    ended = act(s, "end_turn", "p1")
    # defined state: the first white square no other pawn holds (p2 is on R4, p3 on R8)
    assert violations(ended) and ended.state["players"]["p1"]["square"] == "R0"


def test_dylan_dog_and_shadow_cards_escape():
    """dylan-dog/shadow-cards: "They can be used only if their shadow matches a shadow on one of the
    player's own story cards; otherwise they may serve as trade goods." """
    s = on_shadow()
    dd = put(s, "p1", dylan_dog=1)
    step = act(dd, "play_dylan_dog", "p1", use="shadow")
    assert (
        pending_kinds(step.state) == [] and step.state["dylan_dog_deck"] == s["dylan_dog_deck"] + 1
    )
    # p1's story I1, A1, L1, F1: shadows bat, black-cat, hand, skull
    valid = act(put(s, "p1", shadow=["black-cat"]), "play_shadow", "p1", shadow="black-cat")
    assert not violations(valid) and pending_kinds(valid.state) == []
    assert valid.state["players"]["p1"]["shown_shadows"] == ["black-cat"]
    invalid = act(put(s, "p1", shadow=["ghost"]), "play_shadow", "p1", shadow="ghost")
    assert violations(invalid) and pending_kinds(invalid.state) == ["shadow-trap"]


def test_shadow_protection_point():
    """dylan-dog/shadow-squares: "If the player has neither a "Dylan Dog" card nor a playable "valid"
    shadow card, they return to reality" """
    s = put(on_shadow(), "p1", dylan_dog=1)
    assert violations(act(s, "accept_trap", "p1"))
    assert not violations(act(s, "accept_trap", "p1", interp(shadow_protection="optional")))
    assert not violations(act(on_shadow(), "accept_trap", "p1"))  # neither card: back it goes


def test_shadow_show_timing_point():
    """dylan-dog/shadow-cards: "To show that they hold a "useful" shadow card (and can therefore play
    it when needed), the player must show the others the matching shadow on one of their story
    cards." """
    s = put(on_shadow(), "p1", shadow=["bat"])
    strict = interp(shadow_show_timing="in-advance")
    assert violations(act(s, "play_shadow", "p1", strict, shadow="bat"))
    shown = act(s, "show_shadow", "p1", shadow="bat").state
    assert not violations(act(shown, "play_shadow", "p1", strict, shadow="bat"))
    assert violations(act(s, "show_shadow", "p1", shadow="ghost"))


def test_shadow_square_landing_point():
    """dylan-dog/shadow-squares: "Landing on one of these squares can be dangerous." """
    s = turn_of(started(), "p1", phase="action", die="3", square="MENTE-INFINITO")
    path = ["MENTE-INFINITO>MENTE/1", "MENTE-INFINITO>MENTE/2", "MENTE-INFINITO>MENTE/3"]
    assert pending_kinds(act(s, "move", "p1", path=path, rotation=0).state) == []
    passing = act(s, "move", "p1", interp(shadow_square_landing="passing"), path=path, rotation=0)
    assert pending_kinds(passing.state) == ["shadow-trap"]


def test_climb_out_of_an_empty_crypt():
    """dylan-dog/dylan-dog-cards: "They also let a player who has been "sent" by a nightmare card to a
    crypt that is already empty climb back onto the nightmare plane, even without looking for the
    dimensional passage." """
    s = landed_on_incubo()
    s["crypts"] = {**s["crypts"], "TEMPO": 0}
    sent = act(s, "nightmare_card", "p1", kind="go-to-crypt", crypt="TEMPO").state
    assert pending_kinds(sent) == []
    sent = put(sent, "p1", dylan_dog=1)
    step = act(sent, "play_dylan_dog", "p1", use="climb")
    assert (
        not violations(step) and step.state["players"]["p1"]["square"] == "N15"
    )  # slot 15 at rotation 0
    assert violations(act(sent, "play_dylan_dog", "p1", use="climb", square="N2"))
    assert not violations(
        act(
            sent,
            "play_dylan_dog",
            "p1",
            interp(empty_crypt_climb_square="any-nightmare-square"),
            use="climb",
            square="N2",
        )
    )
    walked = put(sent, "p1", sent_to_crypt=False)
    assert violations(act(walked, "play_dylan_dog", "p1", use="climb"))
    assert not violations(
        act(
            walked,
            "play_dylan_dog",
            "p1",
            interp(empty_crypt_climb_who="anyone-in-empty-crypt"),
            use="climb",
        )
    )


def test_back_in_reality_the_pawn_goes_on_a_white_square_under_every_reading():
    """dylan-dog/shadow-squares: "they return to reality, where they place their pawn, as
    always, on one of the white squares" """
    from games.dylan_dog.reaching_the_mystery_crypts import WHITE
    from games.dylan_dog.rules import ENGINE
    from tests.games.replay_baseline import readings

    back = act(landed_on_incubo(), "nightmare_card", "p1", kind="back-to-reality")
    taken = {p["square"] for p in back.state["players"].values()}
    free_white = next(square for square in WHITE if square not in taken)
    for _name, options in readings(ENGINE):
        reading = ENGINE.interpretation(options)
        assert not violations(act(back.state, "place", "p1", reading, square=free_white))
        for square in ("CRIPTA-INFINITO", "N3"):
            assert violations(act(back.state, "place", "p1", reading, square=square)), square
