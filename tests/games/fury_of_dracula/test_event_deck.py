"""fury-of-dracula/para-2: the event deck, top by day and bottom by night, routed by icon."""

from __future__ import annotations

from .helpers import consulted, ev, run, start, to_time, unchecked, violations


def draw(end, icon, who="p1", **more):
    return ev("draw_event", who, end=end, icon=icon, card="Telegramma", **more)


def test_day_draw_from_top_hunter_card_to_the_hunter():
    """fury-of-dracula/para-2: "Durante il giorno peschi dalla cima del mazzo degli eventi" """
    state, steps = run(start(), draw("top", "hunter"))
    assert not violations(steps[0])
    assert state["hunters"]["p1"]["events"] == ["Telegramma"]


def test_day_draw_from_bottom_is_a_violation():
    """fury-of-dracula/para-2: "Durante il giorno peschi dalla cima del mazzo degli eventi" """
    state, steps = run(start(), draw("bottom", "hunter"))
    assert violations(steps[0])[0].rule == "fury-of-dracula/para-2"
    assert state["hunters"]["p1"]["events"] == ["Telegramma"]  # defined: routed as the record says


def test_day_dracula_card_goes_face_down_to_the_discards():
    """fury-of-dracula/para-2: "le carte con l’icona di Dracula vengono messe a faccia in giù nella pila degli scarti" """
    state, steps = run(start(), draw("top", "dracula"))
    assert state["discards"]["event_face_down"] == 1
    assert state["dracula"]["events"] == []
    _, steps = run(start(), draw("top", "dracula", to="p3"))
    assert violations(steps[0])


def test_night_draw_from_bottom_routes_by_icon():
    """fury-of-dracula/para-2: "durante la notte peschi dal fondo (le carte con l’icona del cacciatore vanno al cacciatore, le carte con l’icona di Dracula vanno a Dracula)" """
    night, _ = to_time(start(), "night")
    state, steps = run(night, draw("bottom", "dracula"), draw("bottom", "hunter"))
    assert not violations(steps[0]) and not violations(steps[1])
    assert state["dracula"]["events"] == ["Telegramma"]
    assert state["hunters"]["p1"]["events"] == ["Telegramma"]
    _, steps = run(night, draw("top", "hunter"))
    assert violations(steps[0])
    _, steps = run(night, draw("bottom", "dracula", to="discard"))
    assert violations(steps[0])


def test_night_hunter_card_to_another_hunter_is_a_violation_without_asking():
    """fury-of-dracula/para-2: "le carte con l’icona del cacciatore vanno al cacciatore" """
    night, _ = to_time(start(), "night")
    _, steps = run(night, draw("bottom", "hunter", to="p2"))
    assert violations(steps[0]) and not consulted(steps[0])


def test_day_hunter_card_recipient_under_each_option():
    """fury-of-dracula/para-2: "le carte con l’icona del cacciatore vanno ai cacciatori" (point day-hunter-card-recipient)"""
    state, steps = run(start(), draw("top", "hunter", to="p2"))
    assert not violations(steps[0]) and state["hunters"]["p2"]["events"] == ["Telegramma"]
    assert "fury-of-dracula.day-hunter-card-recipient" in consulted(steps[0])
    _, steps = run(start(), draw("top", "hunter", to="p2"), choices={"day_hunter_card_recipient": "drawing-hunter"})
    assert violations(steps[0])


def test_draw_at_dusk_is_unchecked_not_silently_accepted():
    """fury-of-dracula/para-2: "mentre durante la notte peschi dal fondo" — a draw at dusk is neither day nor night"""
    dusk, _ = to_time(start(), "dusk")
    state, steps = run(dusk, draw("bottom", "dracula"))
    assert not violations(steps[0]) and unchecked(steps[0])
    assert state["dracula"]["events"] == ["Telegramma"]


def test_a_draw_at_dawn_goes_where_the_record_says():
    """fury-of-dracula/para-2: "Durante il giorno peschi dalla cima del mazzo degli eventi" — the excerpts route a card only by day and by night; at dawn where it went is as recorded"""
    dawn, _ = to_time(start(), "dawn")
    state, steps = run(dawn, draw("top", "dracula", to="p3"))
    assert not violations(steps[0]) and state["dracula"]["events"] == ["Telegramma"]
    assert not consulted(steps[0]) and any("at dawn" in note for note in unchecked(steps[0]))
    state, steps = run(dawn, draw("bottom", "hunter", to="p2"))
    assert not violations(steps[0]) and state["hunters"]["p2"]["events"] == ["Telegramma"]
    state, _ = run(dawn, draw("bottom", "hunter"))  # naming no one: to the hunter who drew it
    assert state["hunters"]["p1"]["events"] == ["Telegramma"]


def test_dracula_does_not_draw_as_a_hunter():
    """fury-of-dracula/para-2: "le carte con l’icona del cacciatore vanno al cacciatore" — the drawer is a hunter"""
    s0 = start()
    state, steps = run(s0, draw("top", "hunter", who="p3"))
    assert violations(steps[0]) and state == s0
