"""fury-of-dracula/para-6: bites, WEAKENED, defeat, discards, returned tokens, hospital at dawn."""

from __future__ import annotations

from games.fury_of_dracula.board import BOARD
from games.fury_of_dracula.rules import ENGINE

from .helpers import consulted, effects, ev, run, start, to_time, unchecked, violations


def bite(who="p1", **more):
    return ev("bite", "p3", hunter=who, **more)


def stocked():
    """Ana holds an event card, an item card and a ticket, and has taken some damage."""
    state, _ = run(
        start(),
        ev("draw_event", "p1", end="top", icon="hunter", card="Telegramma"),
        ev("gain_item", "p1", card="Aglio"),
        ev("book_ticket", "p1", white=2),
        ev("damage", "p3", hunter="p1", amount=2),
    )
    return state


def test_bite_puts_a_token_and_weakens():
    """fury-of-dracula/para-6: "Quando viene morso, un cacciatore mette un segnalino morso sulla propria scheda e diventa INDEBOLITO" """
    state, steps = run(stocked(), bite(reveal_event="Telegramma", reveal_item="Aglio"))
    h = state["hunters"]["p1"]
    assert h["bites"] == 1 and h["weakened"]
    assert h["shown_events"] == ["Telegramma"] and h["shown_items"] == ["Aglio"]
    assert not violations(steps[0])
    assert unchecked(steps[0])  # outside combat, the cause of the bite is not in the excerpts


def test_weakened_must_keep_an_event_and_an_item_revealed():
    """fury-of-dracula/para-6: "lo obbliga a tenere rivelata una carta evento e una carta oggetto" """
    _, steps = run(stocked(), bite(), ev("time_passes"))
    messages = [f.message for f in violations(steps[1])]
    assert len(messages) == 2 and "event" in messages[0] and "item" in messages[1]
    _state, steps = run(
        stocked(), bite(), ev("reveal_card", "p1", kind="event", card="Telegramma"),
        ev("reveal_card", "p1", kind="item", card="Aglio"), ev("time_passes"),
    )
    assert not any(violations(s) for s in steps)
    _, steps = run(stocked(), bite(), ev("reveal_card", "p1", kind="item", card="Paletto"))
    assert violations(steps[1])  # INDEBOLITO, he must reveal a card he holds


def test_a_hunter_not_weakened_revealing_a_card_he_lacks_is_noted_not_refereed():
    """fury-of-dracula/para-6: "lo obbliga a tenere rivelata una carta evento e una carta oggetto" — only INDEBOLITO obliges a reveal; any other reveal is outside the excerpts, and a card he does not hold is noted, as a discard of one is"""
    state = stocked()
    after, steps = run(state, ev("reveal_card", "p1", kind="item", card="Paletto"))
    assert not violations(steps[0])
    assert any("does not hold the item card Paletto" in note for note in unchecked(steps[0]))
    assert after["hunters"]["p1"]["shown_items"] == [] == state["hunters"]["p1"]["shown_items"]
    after, steps = run(state, ev("reveal_card", "p1", kind="item", card="Aglio"))
    assert after["hunters"]["p1"]["shown_items"] == ["Aglio"] and not violations(steps[0])


def test_weakened_reveal_count_under_each_option():
    """fury-of-dracula/para-6: "tenere rivelata una carta evento e una carta oggetto" (point weakened-reveal-count)"""
    state, _ = run(
        stocked(), ev("draw_event", "p1", end="top", icon="hunter", card="Lupi"),
        bite(reveal_event="Telegramma", reveal_item="Aglio"),
        ev("reveal_card", "p1", kind="event", card="Lupi"),
    )
    _, steps = run(state, ev("time_passes"))
    assert not violations(steps[0]) and "fury-of-dracula.weakened-reveal-count" in consulted(steps[0])
    _, steps = run(state, ev("time_passes"), choices={"weakened_reveal_count": "exactly-one"})
    assert violations(steps[0])


def test_no_room_for_a_bite_defeats_under_each_option():
    """fury-of-dracula/para-6: "se un cacciatore non ha spazio per collocare un segnalino morso, viene sconfitto" (point bite-spaces)"""
    for option, bites_before_defeat in (("one", 1), ("two", 2), ("three", 3)):
        state = stocked()
        for _ in range(bites_before_defeat):
            state, _ = run(state, bite(), choices={"bite_spaces": option})
            assert not state["hunters"]["p1"]["defeated"]
        state, steps = run(state, bite(), choices={"bite_spaces": option})
        assert state["hunters"]["p1"]["defeated"], option
        assert effects(steps[0], "no-room-for-bite")


def test_by_default_the_sentence_on_a_sheet_with_no_room_applies():
    """fury-of-dracula/para-6: "se un cacciatore non ha spazio per collocare un segnalino morso, viene sconfitto" (point bite-spaces: two spaces, a declared conjecture)"""
    state, _ = run(stocked(), bite(), bite())
    assert state["hunters"]["p1"]["bites"] == 2 and not state["hunters"]["p1"]["defeated"]
    state, steps = run(state, bite())
    assert state["hunters"]["p1"]["defeated"] and effects(steps[0], "no-room-for-bite")
    assert "fury-of-dracula.bite-spaces" in consulted(steps[0])
    point = ENGINE.point("fury-of-dracula.bite-spaces")
    assert point.default == "two" and point.option("two").conjecture
    assert ENGINE.defaults_of("3")["fury-of-dracula.bite-spaces"] == "as-recorded"


def test_defeat_discards_cards_and_returns_tokens():
    """fury-of-dracula/para-6: "scarta le sue carte evento e oggetto, restituisce alla riserva i segnalini danno/morso/biglietto" """
    state, steps = run(stocked(), bite(), ev("hunter_defeated", hunter="p1", cause="damage"))
    h = state["hunters"]["p1"]
    assert h["defeated"] and h["space"] is None and h["defeated_in"] == "paris"
    assert h["events"] == h["items"] == h["tickets"] == [] and h["bites"] == h["damage"] == 0
    assert state["discards"]["event"] == 1 and state["discards"]["item"] == 1
    assert state["tickets_returned"] == 1
    (done,) = effects(steps[1], "defeated")
    assert done["returned_bites"] == 1 and done["returned_damage"] == 2


def test_weakened_after_defeat_under_each_option():
    """fury-of-dracula/para-6: "restituisce alla riserva i segnalini danno/morso/biglietto" (point weakened-after-defeat)"""
    events = (bite(), ev("hunter_defeated", hunter="p1"))
    state, steps = run(stocked(), *events)
    assert state["hunters"]["p1"]["weakened"], "no sentence ends INDEBOLITO"
    assert "fury-of-dracula.weakened-after-defeat" in consulted(steps[1])
    state, _ = run(stocked(), *events, choices={"weakened_after_defeat": "cured"})
    assert not state["hunters"]["p1"]["weakened"]


def test_defeated_hunter_waits_for_the_hospital_at_dawn():
    """fury-of-dracula/para-6: "all’alba, viene collocato in uno spazio ospedale come descritto nelle regole" """
    state, _ = run(stocked(), ev("hunter_defeated", hunter="p1"))
    _, steps = run(state, ev("move", "p1", mode="road", path=["paris", "brussels"]))
    assert violations(steps[0])
    _, steps = run(state, ev("hospital", hunter="p1", space="london"))
    assert "not at dawn" in violations(steps[0])[0].message
    dawn, _ = to_time(state, "dawn")
    placed, steps = run(dawn, ev("hospital", hunter="p1", space="london"))
    assert not violations(steps[0]) and placed["hunters"]["p1"]["space"] == "london"
    assert not placed["hunters"]["p1"]["defeated"]
    _, steps = run(dawn, ev("hospital", hunter="p1", space="paris"))
    assert not violations(steps[0]), "which spaces are hospital spaces is not in the excerpts"
    _, steps = run(dawn, ev("hospital", hunter="p1", space="paris"), choices={"hospital_space": "any-hospital"})
    assert "not a hospital" in violations(steps[0])[0].message
    _, steps = run(dawn, ev("time_passes"))
    assert "not placed" in violations(steps[0])[0].message
    _, steps = run(start(), ev("hospital", hunter="p1", space="london"))
    assert violations(steps[0])


def test_hospital_space_under_each_option():
    """fury-of-dracula/para-6: "viene collocato in uno spazio ospedale come descritto nelle regole" (point hospital-space)"""

    state, _ = run(start(starts={"p1": "london"}), ev("hunter_defeated", hunter="p1"))
    dawn, _ = to_time(state, "dawn")
    far = next(h for h in BOARD.hospitals if h not in BOARD.nearest_hospitals("london"))
    _, steps = run(dawn, ev("hospital", hunter="p1", space=far))
    assert not violations(steps[0]) and "fury-of-dracula.hospital-space" in consulted(steps[0])
    _, steps = run(dawn, ev("hospital", hunter="p1", space=far), choices={"hospital_space": "nearest-hospital"})
    assert violations(steps[0])
    _, steps = run(dawn, ev("hospital", hunter="p1", space="paris"), choices={"hospital_space": "as-recorded"})
    assert not violations(steps[0]) and unchecked(steps[0])


def test_hospital_dawn_under_each_option():
    """fury-of-dracula/para-6: "all’alba, viene collocato in uno spazio ospedale" (point hospital-dawn)"""
    dawn, _ = to_time(stocked(), "dawn")
    state, _ = run(dawn, ev("hunter_defeated", hunter="p1"))
    _, steps = run(state, ev("hospital", hunter="p1", space="london"))
    assert not violations(steps[0]) and "fury-of-dracula.hospital-dawn" in consulted(steps[0])
    _, steps = run(state, ev("hospital", hunter="p1", space="london"), choices={"hospital_dawn": "following"})
    assert violations(steps[0])
    # defeated during this dawn: not yet late when the dawn ends
    _, steps = run(state, ev("time_passes"))
    assert not violations(steps[0])


def test_a_defeated_hunter_cannot_be_bitten_again():
    """fury-of-dracula/para-6: "Quando un cacciatore viene sconfitto" """
    state, _ = run(stocked(), ev("hunter_defeated", hunter="p1"))
    after, steps = run(state, bite())
    assert violations(steps[0]) and after == state
