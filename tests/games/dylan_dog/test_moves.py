"""Turns, the die and moving across the three planes."""

from __future__ import annotations

import pytest

from games.core.events import EventSchemaError
from tests.games.dylan_dog.helpers import (
    E,
    act,
    at,
    consulted,
    ev,
    interp,
    pending_kinds,
    put,
    started,
    turn_of,
    violations,
)


def test_first_turn_rotates_only():
    """dylan-dog/first-turn: "each player throws the die and moves the nightmare plane (the middle,
    rotating plane) by as many squares as the die shows, in the direction they prefer." """
    s = act(started(), "roll", "p1", face="4").state
    step = act(s, "move", "p1", path=[], rotation=-4)
    assert not violations(step)
    assert step.state["rotation"] == 20 and step.state["players"]["p1"]["square"] == "R0"
    assert violations(act(s, "move", "p1", path=["R1"], rotation=3))
    assert violations(act(s, "move", "p1", path=[], rotation=3))


def test_first_turn_reads_the_square_under_the_pawn():
    """dylan-dog/first-turn: "If the square where their pawn now stands reads "PRENDI UNA CARTA
    INCUBO" (take a nightmare card)"; "In all other cases, nothing happens." """
    s = act(started(), "roll", "p1", face="3").state
    assert pending_kinds(act(s, "move", "p1", path=[], rotation=3).state) == ["nightmare-card"]
    s2 = act(started(), "roll", "p1", face="2").state
    assert pending_kinds(act(s2, "move", "p1", path=[], rotation=2).state) == []


def test_which_square_a_pawn_on_a_white_square_now_stands_on_is_a_point():
    """dylan-dog/first-turn: "If the square where their pawn now stands reads "PRENDI UNA CARTA
    INCUBO" (take a nightmare card), the player draws a nightmare card from the deck" """
    # turning 3 clockwise brings PRENDI UNA CARTA INCUBO (N21) under p1's white square R0
    s = act(started(), "roll", "p1", face="3").state
    beneath = act(s, "move", "p1", path=[], rotation=3)
    assert pending_kinds(beneath.state) == ["nightmare-card"]
    assert "dylan-dog.first-turn-square" in consulted(beneath)
    own_square = act(s, "move", "p1", interp(first_turn_square="white-square"), path=[],
                     rotation=3)
    assert pending_kinds(own_square.state) == [] and not violations(own_square)
    assert violations(act(own_square.state, "nightmare_card", "p1", kind="nothing"))
    # the point is read only where it decides: nothing comes under the pawn here
    s2 = act(started(), "roll", "p1", face="2").state
    assert "dylan-dog.first-turn-square" not in consulted(act(s2, "move", "p1", path=[],
                                                              rotation=2))


def test_die_faces_and_the_dylan_dog_face():
    """dylan-dog/the-die: "the numbers 2, 3, 4, 5 and 6, and the face of Dylan Dog. When Dylan Dog
    comes up, the player may freely decide which move to make (from 1 to 6)." """
    with pytest.raises(EventSchemaError):
        E.validate_event(ev("roll", "p1", face="1"))
    s = turn_of(started(), "p1", phase="action", die="dylan-dog", square="R1")
    assert not violations(act(s, "move", "p1", path=["R2"], rotation=0))
    assert not violations(act(s, "move", "p1", path=[], rotation=6))
    assert violations(act(s, "move", "p1", path=["R2"], rotation=6))


def test_wrong_player_and_double_throw():
    """dylan-dog/starting-the-game: "Decide the order of play (for example, clockwise)" """
    s = started()
    step = act(s, "roll", "p2", face="3")
    assert violations(step) and step.state == s
    s = act(s, "roll", "p1", face="3").state
    assert violations(act(s, "roll", "p1", face="3"))


def test_mixed_move_uses_the_whole_throw():
    """dylan-dog/later-turns: "The player moves their pawn 3 squares and then rotates the nightmare
    plane by 2." """
    s = turn_of(started(), "p1", phase="action", die="5", square="R1")
    step = act(s, "move", "p1", path=["R2", "R3", "R4"], rotation=2)
    assert not violations(step)
    assert step.state["players"]["p1"]["square"] == "R4" and step.state["rotation"] == 2
    assert violations(act(s, "move", "p1", path=["R2", "R3", "R4"], rotation=1))


def test_partial_move_point():
    """dylan-dog/reaching-the-mystery-crypts: "it is not necessary to reach the crypt with an
    "exact" throw; it is enough to arrive there." """
    s = turn_of(started(), "p1", phase="action", die="5", square="R1")
    exact = act(s, "move", "p1", path=["R2", "R3"], rotation=0)
    assert violations(exact) and "dylan-dog.partial-move" in consulted(exact)
    assert not violations(
        act(s, "move", "p1", interp(partial_move="up-to"), path=["R2", "R3"], rotation=0)
    )
    crypt = turn_of(started(), "p1", phase="action", die="5", square="MENTE-INFINITO>MENTE/3")
    step = act(crypt, "move", "p1", path=["CRIPTA-MENTE"], rotation=0)
    assert not violations(step) and "dylan-dog.partial-move" not in consulted(step)


def test_no_reversing_within_a_move_except_between_planes():
    """dylan-dog/final-notes-before-starting: "The direction of movement cannot be reversed during the
    same move (unless the pawn moves from one plane to another)." """
    s = turn_of(started(), "p1", phase="action", die="3", square="R2")
    step = act(s, "move", "p1", path=["R3", "R2", "R1"], rotation=0)
    assert any(f.rule == "dylan-dog/final-notes-before-starting" for f in violations(step))
    # R3 -> N3 (the square beneath at rotation 0) -> N2: back the other way, but on another plane
    assert not violations(act(s, "move", "p1", path=["R3", "N3", "N2"], rotation=0))
    mystery = turn_of(started(), "p1", phase="action", die="2", square="MENTE-INFINITO>MENTE/1")
    assert violations(
        act(
            mystery,
            "move",
            "p1",
            path=["MENTE-INFINITO>MENTE/2", "MENTE-INFINITO>MENTE/1"],
            rotation=0,
        )
    )


def test_no_passage_through_white_squares():
    """dylan-dog/moving-between-planes: "The passage from reality to the nightmare, and back, can take
    place through every square except the white ones." """
    s = turn_of(started(), "p1", phase="action", die="2", square="R0")
    assert violations(act(s, "move", "p1", path=["N0", "N1"], rotation=0))
    s = turn_of(started(), "p1", phase="action", die="2", square="R1")
    step = act(s, "move", "p1", path=["N1", "N2"], rotation=0)
    assert not violations(step) and step.state["players"]["p1"]["square"] == "N2"
    # the square beneath depends on the rotation
    assert violations(act(at(s, 3), "move", "p1", path=["N1", "N2"], rotation=0))


def test_passage_step_point():
    """dylan-dog/moving-between-planes: "When a dimensional passage is used to move from the nightmare
    plane to the mystery plane, the move always counts as one step for the pawn." """
    s = turn_of(started(), "p1", phase="action", die="2", square="R1")
    default = act(s, "move", "p1", path=["N1", "N2"], rotation=0)
    assert not violations(default) and "dylan-dog.passage-step" in consulted(default)
    other = act(
        s,
        "move",
        "p1",
        interp(passage_step="only-dimensional-passage"),
        path=["N1", "N2"],
        rotation=0,
    )
    assert violations(other)
    one = turn_of(started(), "p1", phase="action", die="3", square="R1")
    alt = act(
        one,
        "move",
        "p1",
        interp(passage_step="only-dimensional-passage", partial_move="exact"),
        path=["N1", "N2", "N3", "N4"],
        rotation=0,
    )
    assert not violations(alt)
    assert violations(act(one, "move", "p1", path=["N1", "N2", "N3", "N4"], rotation=0))


def test_dimensional_passage_needs_alignment():
    """dylan-dog/moving-between-planes: "The doors open at the points where the "PASSAGGIO
    DIMENSIONALE" (dimensional passage) lines up with "MENTE-INFINITO", "INFINITO-PARANORMALE",
    "PARANORMALE-TEMPO" or "TEMPO-MENTE"." """
    s = turn_of(started(), "p1", phase="action", die="2", square="N0")
    step = act(s, "move", "p1", path=["MENTE-INFINITO", "MENTE-INFINITO>MENTE/1"], rotation=0)
    assert not violations(step)
    assert violations(
        act(at(s, 1), "move", "p1", path=["MENTE-INFINITO", "MENTE-INFINITO>MENTE/1"], rotation=0)
    )
    # rotate first by 6 so that N0 lines up with INFINITO-PARANORMALE, then step through
    s5 = turn_of(started(), "p1", phase="action", die="6", square="N0")
    mixed = act(at(s5, 1), "move", "p1", path=["INFINITO-PARANORMALE"], rotation=5,
                rotate_first=True)
    assert not violations(mixed)
    assert "dylan-dog.mixed-move-order" in consulted(mixed)
    assert violations(
        act(at(s5, 1), "move", "p1", interp(mixed_move_order="pawn-then-rotate"),
            path=["INFINITO-PARANORMALE"], rotation=5, rotate_first=True)
    )


def test_mystery_plane_rotation_point():
    """dylan-dog/later-turns: "When a player reaches the mystery plane (the base plane), they may only
    move their pawn." """
    s = turn_of(started(), "p1", phase="action", die="3", square="MENTE-INFINITO")
    step = act(s, "move", "p1", path=[], rotation=3)
    assert violations(step) and "dylan-dog.mystery-plane-rotation" in consulted(step)
    assert not violations(
        act(s, "move", "p1", interp(mystery_plane_rotation="always"), path=[], rotation=3)
    )
    empty = dict(s)
    empty["crypts"] = {**s["crypts"], "MENTE": 0, "INFINITO": 0}
    step = act(empty, "move", "p1", path=[], rotation=3)
    assert not violations(step) and "dylan-dog.mystery-plane-rotation" not in consulted(step)


def test_crypt_stops_the_move():
    """dylan-dog/reaching-the-mystery-crypts: "When a player arrives in front of a mystery crypt, they
    draw a card (not necessarily the top one)" """
    s = turn_of(started(), "p1", phase="action", die="2", square="MENTE-INFINITO>MENTE/3")
    assert violations(
        act(s, "move", "p1", path=["CRIPTA-MENTE", "TEMPO-MENTE>MENTE/3"], rotation=0)
    )
    step = act(s, "move", "p1", path=["CRIPTA-MENTE"], rotation=0)
    assert pending_kinds(step.state) == ["crypt-draw"]


def test_direct_crypt_entry_on_an_exact_throw():
    """dylan-dog/moving-between-planes: "a player may enter a crypt immediately only if they stop on
    the square "ENTRA NELLA CRIPTA DEL MISTERO" at the end of their move (that is, with an exact
    throw), and that square lines up with a crypt." """
    s = at(turn_of(started(), "p1", phase="action", die="2", square="N3"), 4)  # N5 over slot 9
    step = act(s, "move", "p1", path=["N4", "N5"], rotation=0)
    assert pending_kinds(step.state) == ["crypt-entry"]
    entered = act(step.state, "enter_crypt", "p1")
    assert not violations(entered)
    assert entered.state["players"]["p1"]["square"] == "CRIPTA-PARANORMALE"
    assert pending_kinds(entered.state) == ["crypt-draw"]
    past = act(
        at(turn_of(started(), "p1", phase="action", die="3", square="N3"), 4),
        "move",
        "p1",
        path=["N4", "N5", "N6"],
        rotation=0,
    )
    assert violations(act(past.state, "enter_crypt", "p1"))


def test_crypt_entry_by_rotation_point():
    """dylan-dog/moving-between-planes: "a player may enter a crypt immediately only if they stop on
    the square "ENTRA NELLA CRIPTA DEL MISTERO" at the end of their move" """
    s = at(turn_of(started(), "p1", phase="action", die="4", square="N5"), 0)
    default = act(s, "move", "p1", path=[], rotation=4)
    assert pending_kinds(default.state) == ["crypt-entry"]
    strict = act(
        s, "move", "p1", interp(crypt_entry_by_rotation="pawn-must-stop"), path=[], rotation=4
    )
    assert pending_kinds(strict.state) == []


def test_rights_only_from_ones_own_move():
    """dylan-dog/the-nightmare-plane: "the right to a direct passage into a crypt, a forced exchange,
    or drawing a "Dylan Dog" card is acquired only by being on the right squares after one's own
    move, and not as a consequence of another player's move." """
    s = put(
        turn_of(started(), "p2", phase="action", die="4", square="R1"), "p1", square="N5", turns=1
    )
    s = act(s, "move", "p2", path=[], rotation=4).state  # lines up p1's N5 with a crypt
    assert pending_kinds(s, "p1") == []
    s = act(s, "end_turn", "p2").state
    s = turn_of(s, "p1", phase="resolve")
    assert violations(act(s, "enter_crypt", "p1"))
