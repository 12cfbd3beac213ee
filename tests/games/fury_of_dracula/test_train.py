"""fury-of-dracula/para-1: train travel with tickets and their white and yellow values."""

from __future__ import annotations

from .helpers import consulted, effects, ev, run, start, violations


def ticket(white, yellow=None, who="p1"):
    data = {"white": white} if yellow is None else {"white": white, "yellow": yellow}
    return ev("book_ticket", who, **data)


def rail(path, white, yellow=None, who="p1"):
    data = {"mode": "rail", "path": path, "ticket_white": white}
    if yellow is not None:
        data["ticket_yellow"] = yellow
    return ev("move", who, **data)


def test_white_journey_spends_the_ticket_which_returns_face_down():
    """fury-of-dracula/para-1: "dopo lo spostamento, il gettone torna nella riserva a faccia in giù" """
    state, steps = run(start(), ticket(2), rail(["paris", "brussels", "cologne"], 2))
    assert not violations(steps[1])
    assert state["hunters"]["p1"]["space"] == "cologne"
    assert state["hunters"]["p1"]["tickets"] == []
    assert state["tickets_returned"] == 1
    assert effects(steps[1], "ticket-returned")[0]["face"] == "down"


def test_train_without_a_ticket_is_a_violation():
    """fury-of-dracula/para-1: "Per spostarti in treno devi spendere un gettone biglietto" """
    state, steps = run(start(), rail(["paris", "brussels"], 2))
    assert [f.rule for f in violations(steps[0])] == ["fury-of-dracula/para-1"]
    assert "holds no ticket" in violations(steps[0])[0].message
    # defined state: the hunter is where the record puts him
    assert state["hunters"]["p1"]["space"] == "brussels"
    _, steps = run(start(), ev("move", "p1", mode="rail", path=["paris", "brussels"]))
    assert "without a ticket" in violations(steps[0])[0].message


def test_more_links_than_the_white_value_is_a_violation():
    """fury-of-dracula/para-1: "usare il valore riportato sulla sua faccia per determinare quanti collegamenti ferroviari puoi percorrere" """
    _, steps = run(start(), ticket(1), rail(["paris", "brussels", "cologne"], 1))
    assert violations(steps[1])
    _, steps = run(start(), ticket(2), rail(["paris", "brussels", "cologne"], 2))
    assert not violations(steps[1])


def test_a_link_that_is_no_railway_is_a_violation():
    """fury-of-dracula/para-1: "quanti collegamenti ferroviari puoi percorrere" """
    _, steps = run(start(), ticket(2), rail(["paris", "nantes"], 2))
    assert "no railway" in violations(steps[1])[0].message


def test_yellow_railway_uses_the_yellow_value():
    """fury-of-dracula/para-1: "se usi ferrovie gialle o una combinazione delle due, usi il valore giallo" """
    path = ["paris", "marseilles", "genoa"]  # white, then yellow
    _, steps = run(start(), ticket(1, 2), rail(path, 1, 2))
    assert not violations(steps[1])
    # a combination uses the yellow value even when the white one is higher
    _, steps = run(start(), ticket(3, 1), rail(path, 3, 1))
    assert violations(steps[1]) and "yellow value 1" in violations(steps[1])[0].message


def test_ticket_without_yellow_number_cannot_use_yellow_railways():
    """fury-of-dracula/para-1: "un biglietto senza un numero giallo non può essere usato per le ferrovie gialle" """
    _, steps = run(start(), ticket(3), rail(["paris", "marseilles", "genoa"], 3))
    (flag,) = violations(steps[1])
    assert flag.citations[0].quote.startswith("un biglietto senza un numero giallo")


def test_train_must_start_where_the_hunter_is():
    """fury-of-dracula/para-1: "Per spostarti in treno" """
    _, steps = run(start(), ticket(2), rail(["brussels", "cologne"], 2))
    assert violations(steps[1])


def test_ticket_partial_use_under_each_option():
    """fury-of-dracula/para-1: "quanti collegamenti ferroviari puoi percorrere" (point ticket-partial-use)"""
    events = (ticket(3), rail(["paris", "brussels"], 3))
    _, steps = run(start(), *events)
    assert "fury-of-dracula.ticket-partial-use" in consulted(steps[1])
    assert not violations(steps[1])
    _, steps = run(start(), *events, choices={"ticket_partial_use": "exactly"})
    assert violations(steps[1])[0].point == "fury-of-dracula.ticket-partial-use"
    # exactly the value: no need to ask
    _, steps = run(start(), ticket(1), rail(["paris", "brussels"], 1))
    assert not consulted(steps[1])


def test_white_railways_use_the_white_value_without_asking():
    """fury-of-dracula/para-1: "Se ti sposti usando solo ferrovie bianche, usi il valore bianco" — a certainty: the sentence settles it"""
    from games.fury_of_dracula.rules import ENGINE

    _, steps = run(start(), ticket(1, 3), rail(["paris", "brussels", "cologne"], 1, 3))
    assert violations(steps[1]) and not consulted(steps[1])
    assert "fury-of-dracula.white-only-value" not in {p.id for p in ENGINE.points}


def test_train_ends_movement_under_each_option():
    """fury-of-dracula/para-4: "Se un cacciatore termina il movimento nella città corrispondente alla carta Luogo nel primo spazio della traccia di Dracula, Dracula viene rivelato" (point train-ends-movement)"""
    base = start()
    base, _ = run(base, ev("dracula_move", "p3", space="brussels"), ticket(2))
    through = rail(["paris", "brussels", "cologne"], 2)
    state, steps = run(base, through)
    assert "fury-of-dracula.train-ends-movement" in consulted(steps[0])
    assert not state["dracula"]["revealed"]
    state, _ = run(base, through, choices={"train_ends_movement": "every-city"})
    assert state["dracula"]["revealed"] and state["dracula"]["space"] == "brussels"
    base2, _ = run(base, ticket(1))
    state, _ = run(base2, rail(["paris", "brussels"], 1))
    assert state["dracula"]["revealed"]
    state, _ = run(base2, rail(["paris", "brussels"], 1), choices={"train_ends_movement": "not-movement"})
    assert not state["dracula"]["revealed"]


def test_booking_a_ticket_is_an_unchecked_observation():
    """fury-of-dracula/para-1: "ottenuto con l’azione Prenota un biglietto" — when it may be taken is not in the excerpts"""
    state, steps = run(start(), ticket(2, 1))
    assert state["hunters"]["p1"]["tickets"] == [{"white": 2, "yellow": 1}]
    assert any(e["kind"] == "unchecked" for e in steps[0].effects)


def test_dracula_cannot_take_the_train_as_a_hunter():
    """fury-of-dracula/para-1: "Per spostarti in treno devi spendere un gettone biglietto" — a hunter's move"""
    state0 = start()
    state, steps = run(state0, ev("move", "p3", mode="road", path=["paris", "brussels"]))
    assert violations(steps[0]) and state == state0
