"""Every rule the text settles holds under every reading: each test runs once for the default
and once for each other option of each point (no option may license what a sentence forbids)."""

from __future__ import annotations

import pytest

from games.core.choices import matching_choice
from games.core.events import EventSchemaError
from tests.games.dylan_dog.helpers import (
    E,
    at,
    ev,
    pending_kinds,
    put,
    started,
    turn_of,
    violations,
)
from tests.games.replay_baseline import readings

READINGS = [pytest.param(E.interpretation(choices), id=name) for name, choices in readings(E)]
every_reading = pytest.mark.parametrize("reading", READINGS)


def apply(state, reading, event_type, actor, /, **data):
    return E.apply(state, ev(event_type, actor, **data), reading)


def offered(state, reading, event_type, actor, /, **data):
    return matching_choice(E.legal_events(state, reading), ev(event_type, actor, **data)) is not None


def rights(state, pid="p1"):
    return [k for k in pending_kinds(state, pid) if k in ("crypt-entry", "dylan-dog-card",
                                                          "forced-exchange")]


@every_reading
def test_direct_entry_only_with_an_exact_throw(reading):
    """dylan-dog/moving-between-planes: "a player may enter a crypt immediately only if they stop
    on the square "ENTRA NELLA CRIPTA DEL MISTERO" at the end of their move (that is, with an
    exact throw), and that square lines up with a crypt." """
    # N5 (ENTRA) lies over the crypt of the paranormal with the plane turned 4 slots
    exact = turn_of(at(started(), 4), "p1", phase="action", die="2", square="N3")
    entered = apply(exact, reading, "move", "p1", path=["N4", "N5"], rotation=0)
    assert not violations(entered) and rights(entered.state) == ["crypt-entry"]
    assert offered(entered.state, reading, "enter_crypt", "p1")
    short = turn_of(at(started(), 4), "p1", phase="action", die="3", square="N3")
    stopped = apply(short, reading, "move", "p1", path=["N4", "N5"], rotation=0)
    assert rights(stopped.state) == []
    assert not offered(stopped.state, reading, "enter_crypt", "p1")
    assert violations(apply(stopped.state, reading, "enter_crypt", "p1"))
    on_entra = turn_of(started(), "p1", phase="action", die="5", square="N5")
    turned_short = apply(on_entra, reading, "move", "p1", path=[], rotation=4)
    assert rights(turned_short.state) == []


@every_reading
def test_the_first_turn_turns_the_plane_by_the_throw_and_nothing_else(reading):
    """dylan-dog/first-turn: "each player throws the die and moves the nightmare plane (the
    middle, rotating plane) by as many squares as the die shows, in the direction they
    prefer."; "In all other cases, nothing happens." """
    thrown = apply(started(), reading, "roll", "p1", face="3").state
    assert violations(apply(thrown, reading, "move", "p1", path=[], rotation=2))
    assert violations(apply(thrown, reading, "move", "p1", path=["R1"], rotation=2))
    # turning 3 anticlockwise brings a window square (N3) under the white square R0
    first = apply(thrown, reading, "move", "p1", path=[], rotation=-3)
    assert not violations(first) and pending_kinds(first.state) == []


@every_reading
def test_rights_come_only_from_ones_own_move(reading):
    """dylan-dog/the-nightmare-plane: "the right to a direct passage into a crypt, a forced
    exchange, or drawing a "Dylan Dog" card is acquired only by being on the right squares
    after one's own move, and not as a consequence of another player's move." """
    s = put(turn_of(started(), "p2", phase="action", die="4", square="R1"), "p1", square="N5",
            turns=1)
    turned = apply(s, reading, "move", "p2", path=[], rotation=4)  # lines up p1's ENTRA
    assert rights(turned.state, "p1") == []
    scambio = put(turn_of(started(), "p2", phase="action", die="4", square="R1", dylan_dog=0),
                  "p1", square="N8", turns=1)
    assert rights(apply(at(scambio, 8), reading, "move", "p2", path=[], rotation=4).state,
                  "p1") == []


@every_reading
def test_no_passage_through_a_white_square(reading):
    """dylan-dog/moving-between-planes: "The passage from reality to the nightmare, and back, can
    take place through every square except the white ones." """
    s = turn_of(started(), "p1", phase="action", die="2", square="R0")
    assert violations(apply(s, reading, "move", "p1", path=["N0", "N1"], rotation=0))
    assert not offered(s, reading, "move", "p1", path=["N0", "N1"], rotation=0)


@every_reading
def test_the_doors_open_only_where_passaggio_lines_up(reading):
    """dylan-dog/moving-between-planes: "to pass from the nightmare (the rotating plane) to the
    base plane (mystery), the player must find the right door." """
    s = turn_of(at(started(), 1), "p1", phase="action", die="2", square="N0")
    assert violations(apply(s, reading, "move", "p1",
                            path=["MENTE-INFINITO", "MENTE-INFINITO>MENTE/1"], rotation=0))


@every_reading
def test_no_reversing_within_a_move(reading):
    """dylan-dog/final-notes-before-starting: "The direction of movement cannot be reversed during
    the same move (unless the pawn moves from one plane to another)." """
    s = turn_of(started(), "p1", phase="action", die="3", square="R2")
    assert violations(apply(s, reading, "move", "p1", path=["R3", "R2", "R1"], rotation=0))


@every_reading
def test_dylan_dogs_face_lets_the_player_choose_one_to_six(reading):
    """dylan-dog/the-die: "When Dylan Dog comes up, the player may freely decide which move to
    make (from 1 to 6)." """
    s = turn_of(started(), "p1", phase="action", die="dylan-dog", square="R1")
    assert not violations(apply(s, reading, "move", "p1", path=["R2"], rotation=0))
    assert violations(apply(s, reading, "move", "p1", path=["R2"], rotation=6))


@every_reading
def test_a_crypt_reached_along_a_path_needs_no_exact_throw(reading):
    """dylan-dog/reaching-the-mystery-crypts: "it is not necessary to reach the crypt with an
    "exact" throw; it is enough to arrive there." """
    s = turn_of(started(), "p1", phase="action", die="5", square="MENTE-INFINITO>MENTE/3")
    step = apply(s, reading, "move", "p1", path=["CRIPTA-MENTE"], rotation=0)
    assert not violations(step) and pending_kinds(step.state) == ["crypt-draw"]


def in_crypt(reading, **player):
    s = turn_of(started(), "p1", phase="action", die="2", square="MENTE-INFINITO>MENTE/3",
                **player)
    return apply(s, reading, "move", "p1", path=["CRIPTA-MENTE"], rotation=0).state


@every_reading
def test_a_mystery_card_sends_its_drawer_back_to_reality(reading):
    """dylan-dog/reaching-the-mystery-crypts: "After drawing a mystery card, the player
    immediately returns, with a jump, to the reality plane, where they place their pawn on one
    of the white squares." """
    step = apply(in_crypt(reading), reading, "crypt_card", "p1", kind="mystery", element="I2")
    assert not violations(step) and pending_kinds(step.state) == ["place"]
    assert {square for c in E.legal_events(step.state, reading) if c.type == "place"
            for square in c.field("square").domain.values} <= {"R0", "R4", "R8", "R12", "R16",
                                                               "R20"}
    with pytest.raises(EventSchemaError):  # a record cannot even name another square
        E.validate_event(ev("place", "p1", square="R1"))


@every_reading
def test_each_mystery_card_and_each_horror_card_exists_once(reading):
    """dylan-dog/horror-cards: "There are 12 horror cards (carte-horror), each one different,
    hidden inside the mystery crypts." """
    s = in_crypt(reading)
    assert violations(apply(put(s, "p2", mystery=["I2"]), reading, "crypt_card", "p1",
                            kind="mystery", element="I2"))
    seen = dict(s, horror_drawn=["Zombi"])
    assert violations(apply(seen, reading, "crypt_card", "p1", kind="horror", name="Zombi",
                            threshold="4+"))


@every_reading
def test_a_horror_card_is_beaten_only_by_its_value(reading):
    """dylan-dog/horror-cards: "This means the player who drew it must throw the die and hope to
    get a 4, more than 4, or the face of Dylan Dog."; "If the card shows a 6, the only "useful"
    results are the 6 and "Dylan Dog"." """
    fights = {}
    for threshold, face in (("4+", "3"), ("4+", "4"), ("6", "5"), ("6", "dylan-dog"),
                            ("dylan-dog", "6")):
        drawn = apply(in_crypt(reading, mystery=["A3"]), reading, "crypt_card", "p1",
                      kind="horror", name="Zombi", threshold=threshold).state
        fights[threshold, face] = apply(drawn, reading, "roll", "p1", face=face).state
    lost = [key for key, state in fights.items() if "forfeit" in pending_kinds(state)]
    assert lost == [("4+", "3"), ("6", "5"), ("dylan-dog", "6")]
    assert all(state["players"]["p1"]["mystery"] == ["A3"] for state in fights.values())


@every_reading
def test_losing_to_a_horror_card_costs_reality_and_a_mystery_card(reading):
    """dylan-dog/horror-cards: "they must return to reality and put one of their mystery cards
    back into the crypt. The horror card leaves the game." """
    drawn = apply(in_crypt(reading, mystery=["A3"]), reading, "crypt_card", "p1", kind="horror",
                  name="Zombi", threshold="5+").state
    lost = apply(drawn, reading, "roll", "p1", face="2").state
    assert pending_kinds(lost) == ["forfeit", "place"] and lost["players"]["p1"]["horror"] == []


@every_reading
def test_a_dylan_dog_card_comes_before_the_throw(reading):
    """dylan-dog/horror-cards: "In this second case, the player must of course declare it before
    attempting the die throw." """
    drawn = apply(in_crypt(reading, dylan_dog=1), reading, "crypt_card", "p1", kind="horror",
                  name="Zombi", threshold="6").state
    thrown = apply(drawn, reading, "roll", "p1", face="3").state
    assert violations(apply(thrown, reading, "play_dylan_dog", "p1", use="horror"))


@every_reading
def test_a_challenge_is_against_a_player_on_the_same_plane(reading):
    """dylan-dog/horror-cards: "a player who has acquired a horror card may decide not to throw
    the die, and instead challenge another player who is on the same plane, using the horror
    card." """
    s = put(turn_of(started(), "p1", square="R1", horror=[{"name": "Zombi", "threshold": "5+"}]),
            "p2", square="N2")
    assert violations(apply(s, reading, "challenge", "p1", target="p2", horror="Zombi"))
    assert not offered(s, reading, "challenge", "p1", target="p2", horror="Zombi")


@every_reading
def test_story_cards_are_never_exchanged(reading):
    """dylan-dog/exchange: "All cards may be exchanged, except story cards." """
    s = put(turn_of(started(), "p1"), "p2", mystery=["A3"])
    step = apply(s, reading, "exchange", "p1", **{"with": "p2", "give": ["I1"],
                                                 "receive": ["A3"]})
    assert violations(step)


@every_reading
def test_exchanges_come_before_ones_own_throw(reading):
    """dylan-dog/exchange: "Before making their own die throw, each player is free to propose a
    card exchange to the others." """
    s = put(put(turn_of(started(), "p1", phase="action", die="3", mystery=["I2"]), "p2",
                mystery=["A3"]), "p3", mystery=[])
    data = {"with": "p2", "give": ["I2"], "receive": ["A3"]}
    assert violations(apply(s, reading, "exchange", "p1", **data))
    assert violations(apply(turn_of(s, "p2", phase="before-roll"), reading, "exchange", "p1",
                            **data))


@every_reading
def test_shadow_cards_work_only_with_a_matching_story_shadow(reading):
    """dylan-dog/shadow-cards: "They can be used only if their shadow matches a shadow on one of
    the player's own story cards; otherwise they may serve as trade goods." """
    s = turn_of(started(), "p1", phase="action", die="2", square="MENTE-INFINITO",
                shadow=["ghost"])
    trapped = apply(s, reading, "move", "p1",
                    path=["MENTE-INFINITO>MENTE/1", "MENTE-INFINITO>MENTE/2"], rotation=0).state
    assert violations(apply(trapped, reading, "play_shadow", "p1", shadow="ghost"))
    caught = apply(trapped, reading, "accept_trap", "p1")
    assert not violations(caught) and pending_kinds(caught.state) == ["place"]


@every_reading
def test_a_pawn_another_player_moves_gains_and_owes_nothing(reading):
    """dylan-dog/nightmare-cards: "When instead, again following a nightmare card, a player moves
    the pawn of another player, that other player is not entitled to carry out other behaviours
    until their next turn." """
    s = turn_of(started(), "p1", phase="resolve")
    s = dict(s, pending=[{"kind": "nightmare-card", "player": "p1"}])
    moved = apply(s, reading, "nightmare_card", "p1", kind="move-other", target="p2",
                  square="N4")
    assert not violations(moved) and pending_kinds(moved.state, "p2") == []
    into_crypt = apply(s, reading, "nightmare_card", "p1", kind="move-other", target="p2",
                       square="CRIPTA-TEMPO")
    assert pending_kinds(into_crypt.state, "p2") == []


@every_reading
def test_the_markers_start_on_white_squares(reading):
    """dylan-dog/starting-the-game: "place the markers (segnalini) on the white squares of the
    upper plane, which is reality." """
    players = [{"id": f"p{i}", "name": n} for i, n in enumerate(("Ana", "Luis", "Carla"), 1)]
    state = E.initial_state(players, {"start_squares": ["R0", "R5", "R8"]})
    for pid, cards in (("p1", ["I1", "A1", "L1", "F1"]), ("p2", ["I2", "A2", "L2", "F2"]),
                       ("p3", ["I3", "A3", "L3", "F3"])):
        state = apply(state, reading, "story_cards", pid, cards=cards).state
    assert any("white squares" in f.message for f in violations(
        apply(state, reading, "roll", "p1", face="3")))


@every_reading
def test_the_first_to_hold_their_story_wins(reading):
    """dylan-dog/the-end-of-the-game: "The first player to find the 4 useful mystery cards needed
    to "get out" of the story in which they became involved has won" """
    s = in_crypt(reading, mystery=["I1", "A1", "L1"])
    won = apply(s, reading, "crypt_card", "p1", kind="mystery", element="F1").state
    assert won["finished"] and won["winner"] == "p1" and E.legal_events(won, reading) == []
