"""fury-of-dracula/para-5: combat rounds, cancellation by the banner, and the end conditions."""

from __future__ import annotations

from .helpers import consulted, effects, ev, run, start, unchecked, violations

BANNER = ["dodge", "mist"]


def fight(two=False):
    """A combat at dusk in Brussels against Ana (and Luis if ``two``)."""
    state = start(starts={"p1": "paris", "p2": "cologne"})
    events = [ev("dracula_move", "p3", space="brussels"), ev("move", "p1", mode="road", path=["paris", "brussels"])]
    if two:
        events.append(ev("move", "p2", mode="road", path=["cologne", "brussels"]))
    state, _ = run(state, *events, ev("time_passes"))
    assert state["combat"] is not None
    return state


def rnd(icon="fangs", resolved=True, hunter="p1", **more):
    return ev(
        "combat_round", "p3", hunter=hunter, dracula_card="Morso", dracula_icon=icon,
        hunter_card="Pugno", banner=BANNER, dracula_resolved=resolved, **more,
    )


def test_highlighted_icon_cancels_draculas_card():
    """fury-of-dracula/para-5: "se l’icona sulla carta combattimento di Dracula corrisponde a un’icona evidenziata sullo stendardo del cacciatore, la carta di Dracula viene annullata e non ha alcun effetto" """
    _, steps = run(fight(), rnd("dodge", resolved=False))
    assert not violations(steps[0]) and effects(steps[0], "combat-round")[0]["cancelled"]
    _, steps = run(fight(), rnd("dodge", resolved=True))
    assert "cancelled" in violations(steps[0])[0].message


def test_icon_not_on_the_banner_resolves():
    """fury-of-dracula/para-5: "Altrimenti, il suo effetto si risolve e poi si risolve la carta del cacciatore, se non è stata annullata" """
    _, steps = run(fight(), rnd("fangs", resolved=True))
    assert not violations(steps[0])
    _, steps = run(fight(), rnd("fangs", resolved=False))
    assert violations(steps[0])
    _, steps = run(fight(), rnd("fangs", resolved=True, hunter_resolved=False))
    assert not violations(steps[0]) and unchecked(steps[0])


def test_six_cards_end_the_combat():
    """fury-of-dracula/para-5: "Dracula ha giocato sei carte combattimento" """
    state, steps = run(fight(), *[rnd() for _ in range(5)])
    assert state["combat"]["cards"] == 5
    state, steps = run(state, rnd())
    assert state["combat"] is None and effects(steps[0], "combat-end")


def test_six_cards_count_under_each_option():
    """fury-of-dracula/para-5: "Dracula ha giocato sei carte combattimento" (point six-cards-count)"""
    rounds = [rnd("dodge", resolved=False)] + [rnd() for _ in range(5)]
    state, steps = run(fight(), *rounds)
    assert state["combat"] is None
    assert "fury-of-dracula.six-cards-count" in consulted(steps[0])
    state, _ = run(fight(), *rounds, choices={"six_cards_count": "resolved-only"})
    assert state["combat"] is not None and state["combat"]["cards"] == 5


def test_round_needs_a_combat_and_an_involved_hunter():
    """fury-of-dracula/para-5: "In ogni round di combattimento, entrambe le parti scelgono segretamente una carta e poi la rivelano" """
    s0 = start()
    state, steps = run(s0, rnd())
    assert violations(steps[0]) and state == s0
    _, steps = run(fight(), rnd(hunter="p2"))
    assert "not involved" in violations(steps[0])[0].message
    # only Dracula's player records his card
    _, steps = run(fight(), {**rnd(), "actor": "p1"})
    assert violations(steps[0])


def test_influence_13_ends_combat_and_match_under_each_option():
    """fury-of-dracula/para-5: "Dracula fa avanzare l’influenza fino allo spazio 13" (point victory)"""
    state, steps = run(fight(), ev("influence", "p3", to=13), choices={"victory": "full-game"})
    assert state["combat"] is None and state["finished"] and state["winner"] == "p3"
    # the default: the excerpts never say how the match ends, so only the record ends it
    state, steps = run(fight(), ev("influence", "p3", to=13))
    assert state["combat"] is None and not state["finished"]
    assert "fury-of-dracula.victory" in consulted(steps[0])
    state, steps = run(state, ev("game_over", winner="dracula"))
    assert state["finished"] and unchecked(steps[0])


def test_hunters_defeat_dracula():
    """fury-of-dracula/para-5: "i cacciatori sconfiggono Dracula" """
    state, _ = run(fight(), ev("dracula_defeated", "p1"), choices={"victory": "full-game"})
    assert state["combat"] is None and state["winner"] == "hunters"
    from games.fury_of_dracula.rules import ENGINE

    assert ENGINE.outcome(state).finished
    state, _ = run(fight(), ev("dracula_defeated", "p1"))
    assert state["combat"] is None and not ENGINE.outcome(state).finished
    s0 = start()
    state, steps = run(s0, ev("dracula_defeated", "p1"))
    assert violations(steps[0]) and not state["finished"]


def test_all_hunters_bitten_defeated_or_fled_ends_combat():
    """fury-of-dracula/para-5: "tutti i cacciatori coinvolti sono stati morsi/sconfitti/fuggiti" """
    state, _ = run(fight(two=True), ev("bite", "p3", hunter="p1"))
    assert state["combat"] is not None
    state, steps = run(state, ev("flee", "p2"))
    assert state["combat"] is None
    state, _ = run(fight(), ev("hunter_defeated", hunter="p1", cause="damage"))
    assert state["combat"] is None
    _, steps = run(start(), ev("flee", "p1"))
    assert violations(steps[0])


def test_bitten_hunter_fighting_on_under_each_option():
    """fury-of-dracula/para-5: "tutti i cacciatori coinvolti sono stati morsi/sconfitti/fuggiti" (point bitten-leaves-combat)"""
    state, _ = run(fight(two=True), ev("bite", "p3", hunter="p1"))
    _, steps = run(state, rnd(hunter="p1"))
    assert not violations(steps[0]) and "fury-of-dracula.bitten-leaves-combat" in consulted(steps[0])
    _, steps = run(state, rnd(hunter="p1"), choices={"bitten_leaves_combat": "leaves"})
    assert violations(steps[0])


def test_escape_under_each_option():
    """fury-of-dracula/para-5: "Dracula risolve una carta Fuga consentita" (point escape-allowed)"""
    escape = rnd("bat", escape=True)
    state, steps = run(fight(), escape)
    assert state["combat"] is None and "fury-of-dracula.escape-allowed" in consulted(steps[0])
    state, steps = run(fight(), escape, choices={"escape_allowed": "not-first-round"})
    assert state["combat"] is not None and violations(steps[0])
    state, _ = run(fight(), rnd(), escape, choices={"escape_allowed": "not-first-round"})
    assert state["combat"] is None
    state, steps = run(fight(), escape, choices={"escape_allowed": "not-cancelled"})
    assert state["combat"] is None and not unchecked(steps[0])
    state, steps = run(fight(), escape)
    assert state["combat"] is None and unchecked(steps[0]), "as-recorded, the default"
    # a cancelled Escape is no Escape
    state, _ = run(fight(), rnd("mist", resolved=False, escape=True))
    assert state["combat"] is not None


def test_time_and_moves_wait_for_the_end_of_combat():
    """fury-of-dracula/para-5: "Il combattimento continua round dopo round finché non si verifica una delle varie condizioni di fine" """
    _, steps = run(fight(), ev("time_passes"))
    assert violations(steps[0])[0].rule == "fury-of-dracula/para-5"
    _, steps = run(fight(), ev("move", "p1", mode="road", path=["brussels", "paris"]))
    assert violations(steps[0])
    _, steps = run(fight(), ev("dracula_move", "p3", space="cologne"))
    assert violations(steps[0])


def test_combat_end_for_another_reason_is_accepted_as_the_list_is_examples():
    """fury-of-dracula/para-5: "finché non si verifica una delle varie condizioni di fine (ad esempio" — a certainty, not a point"""
    from games.fury_of_dracula.rules import ENGINE

    end = ev("combat_ends", "p3", reason="Dracula's card Nebbia ends the combat")
    state, steps = run(fight(), rnd(), end)
    assert state["combat"] is None and effects(steps[1], "combat-end")
    assert not violations(steps[1]) and not consulted(steps[1])
    assert any("ad esempio" in note for note in unchecked(steps[1]))
    certain = {c.id: c for c in ENGINE.certainties}["fury-of-dracula.end-conditions-are-examples"]
    first = certain.citations[0]
    assert (first.passage, first.quote, first.page) == ("fury-of-dracula/para-5", "ad esempio", "p. 12–13")
    assert "fury-of-dracula.combat-end-conditions" not in {p.id for p in ENGINE.points}


def test_listed_end_conditions_never_consult_the_point():
    """fury-of-dracula/para-5: "Dracula ha giocato sei carte combattimento" — the listed ends need no reading of the list's doubt"""
    state, steps = run(fight(), *[rnd() for _ in range(6)], ev("influence", "p3", to=5))
    assert state["combat"] is None
    assert all("fury-of-dracula.combat-end-conditions" not in consulted(s) for s in steps)
    # a recorded end after a listed condition already ended the combat ends nothing: a
    # violation, the state unchanged
    after, steps = run(state, ev("combat_ends", reason="six cards"))
    assert after == state and violations(steps[0])
    assert "none is under way" in violations(steps[0])[0].message
    assert "fury-of-dracula.combat-end-conditions" not in consulted(steps[0])
