"""fury-of-dracula/para-3 (ambush, Search) and para-4 (revealing Dracula, never at sea)."""

from __future__ import annotations

from .helpers import consulted, effects, ev, run, start, to_time, unchecked, violations


def road(path, who="p1"):
    return ev("move", who, mode="road", path=path)


def lair(*moves):
    """Dracula's trail from oldest to newest: (space, encounter or None)."""
    events = []
    for space, encounter in moves:
        data = {"space": space}
        if encounter:
            data["encounter"] = encounter
        events.append(ev("dracula_move", "p3", **data))
    state, _ = run(start(), *events)
    return state


def test_ending_in_a_hideout_opens_an_ambush_that_discards_the_encounter():
    """fury-of-dracula/para-3: "Dracula può scegliere di tenderti un’imboscata rivelando e risolvendo una carta Incontro lì presente (scartandola subito dopo)" """
    state, steps = run(lair(("brussels", "Topi")), road(["paris", "brussels"]))
    assert state["hideouts"]["p1"]["space"] == "brussels"
    state, steps = run(state, ev("ambush", "p3", hunter="p1", encounter="Topi"))
    assert not violations(steps[0])
    assert state["dracula"]["trail"][0]["encounters"] == []
    assert state["discards"]["encounter"] == 1
    assert "p1" not in state["hideouts"]


def test_ambush_with_matured_effects_is_a_violation():
    """fury-of-dracula/para-3: "in entrambi i casi si ignorano gli effetti maturati" """
    state, _ = run(lair(("brussels", "Topi")), road(["paris", "brussels"]))
    _, steps = run(state, ev("ambush", "p3", hunter="p1", encounter="Topi", matured=True))
    assert "matured" in violations(steps[0])[0].message
    _, steps = run(state, ev("renounce", "p3", hunter="p1"), ev("search", "p1", encounter="Topi", matured=True))
    assert "matured" in violations(steps[1])[0].message


def test_ambush_where_the_hunter_did_not_end_movement_is_a_violation():
    """fury-of-dracula/para-3: "Se termini il tuo movimento in un rifugio" """
    state = lair(("brussels", "Topi"))
    s1, steps = run(state, ev("ambush", "p3", hunter="p1", encounter="Topi"))
    assert violations(steps[0]) and s1 == state
    # an encounter that is not there
    s2, _ = run(state, road(["paris", "brussels"]))
    _, steps = run(s2, ev("ambush", "p3", hunter="p1", encounter="Lupi"))
    assert "no Encounter Lupi" in violations(steps[0])[0].message


def test_no_hideout_where_there_is_no_encounter():
    """fury-of-dracula/para-3: "una carta Incontro lì presente" """
    state, steps = run(lair(("brussels", None)), road(["paris", "brussels"]))
    assert state["hideouts"] == {}
    _, steps = run(state, ev("ambush", "p3", hunter="p1", encounter="Topi"))
    assert violations(steps[0])


def test_search_after_renounce_and_search_discards_under_each_option():
    """fury-of-dracula/para-3: "oppure può rinunciare e tu puoi invece effettuare un’azione Cerca per risolvere gli effetti dell’incontro" (point search-discards-encounter)"""
    state, _ = run(lair(("brussels", "Topi")), road(["paris", "brussels"]), ev("renounce", "p3", hunter="p1"))
    after, steps = run(state, ev("search", "p1", encounter="Topi"))
    assert not violations(steps[0])
    assert "fury-of-dracula.search-discards-encounter" in consulted(steps[0])
    assert after["dracula"]["trail"][0]["encounters"] == ["Topi"], "the text discards only the ambush card"
    gone, _ = run(state, ev("search", "p1", encounter="Topi"), choices={"search_discards_encounter": "discard"})
    assert gone["dracula"]["trail"][0]["encounters"] == []
    # after a renounce the ambush is no longer possible
    _, steps = run(state, ev("ambush", "p3", hunter="p1", encounter="Topi"))
    assert violations(steps[0])


def test_search_without_recorded_renounce_under_each_option():
    """fury-of-dracula/para-3: "oppure può rinunciare e tu puoi invece effettuare un’azione Cerca" (point search-needs-renounce)"""
    state, _ = run(lair(("brussels", "Topi")), road(["paris", "brussels"]))
    _, steps = run(state, ev("search", "p1", encounter="Topi"))
    assert not violations(steps[0]) and "fury-of-dracula.search-needs-renounce" in consulted(steps[0])
    _, steps = run(state, ev("search", "p1", encounter="Topi"), choices={"search_needs_renounce": "explicit"})
    assert violations(steps[0])[0].point == "fury-of-dracula.search-needs-renounce"


def test_search_outside_a_hideout():
    """fury-of-dracula/para-3: "effettuare un’azione Cerca per risolvere gli effetti dell’incontro" """
    _, steps = run(start(), ev("search", "p1", encounter="Topi"))
    assert violations(steps[0])
    _, steps = run(start(), ev("search", "p1"))
    assert not violations(steps[0]) and unchecked(steps[0])


def test_hideout_meaning_under_each_option():
    """fury-of-dracula/para-3: "Se termini il tuo movimento in un rifugio" (point hideout-meaning)"""
    state = lair(("brussels", "Topi"), ("cologne", None))
    s1, steps = run(state, road(["paris", "brussels"]))
    assert "fury-of-dracula.hideout-meaning" in consulted(steps[0]) and "p1" in s1["hideouts"]
    s2, _ = run(state, road(["paris", "brussels"]), choices={"hideout_meaning": "first-trail-space"})
    assert s2["hideouts"] == {}
    _, steps = run(s2, ev("ambush", "p3", hunter="p1", encounter="Topi"), choices={"hideout_meaning": "first-trail-space"})
    assert violations(steps[0])


def test_hunter_ending_in_the_first_trail_city_reveals_dracula():
    """fury-of-dracula/para-4: "Dracula viene rivelato e la sua miniatura viene posizionata sul tabellone" """
    state, steps = run(lair(("cologne", None), ("brussels", None)), road(["paris", "brussels"]))
    assert state["dracula"]["revealed"] and state["dracula"]["space"] == "brussels"
    assert effects(steps[0], "dracula-revealed")
    # an older trail city does not reveal him
    state, _ = run(lair(("brussels", None), ("cologne", None)), road(["paris", "brussels"]))
    assert not state["dracula"]["revealed"]


def test_dracula_is_never_revealed_at_sea():
    """fury-of-dracula/para-4: "Dracula non può essere rivelato mentre si trova in una zona di mare" """
    state, steps = run(lair(("english-channel", None)), ev("move", "p2", mode="sea", path=["london", "english-channel"]))
    assert not state["dracula"]["revealed"]
    assert effects(steps[0], "not-revealed")


def test_combat_at_the_next_dusk_with_the_hunters_there():
    """fury-of-dracula/para-4: "il combattimento avviene quindi all’alba o al tramonto successivi" (point combat-hunters)"""
    base, _ = run(lair(("brussels", None)), road(["paris", "brussels"]), road(["london", "plymouth"], "p2"))
    base, _ = run(base, ev("move", "p2", mode="road", path=["plymouth", "london"]))
    state, _ = run(base, ev("time_passes"))
    assert state["combat"]["hunters"] == ["p1"] and state["time"] == "dusk"
    # with Luis in Brussels too, who is involved depends on the reading
    two, _ = run(lair(("brussels", None)), road(["paris", "brussels"]))
    two = {**two, "hunters": {**two["hunters"], "p2": {**two["hunters"]["p2"], "space": "brussels"}}}
    state, steps = run(two, ev("time_passes"))
    assert state["combat"]["hunters"] == ["p1", "p2"]
    assert "fury-of-dracula.combat-hunters" in consulted(steps[0])
    state, _ = run(two, ev("time_passes"), choices={"combat_hunters": "revealing-hunter"})
    assert state["combat"]["hunters"] == ["p1"]


def test_no_combat_if_the_hunter_left_and_that_is_marked_unchecked():
    """fury-of-dracula/para-4: "il combattimento avviene quindi all’alba o al tramonto successivi" """
    state, _ = run(lair(("brussels", None)), road(["paris", "brussels"]), road(["brussels", "paris"]))
    state, steps = run(state, ev("time_passes"))
    assert state["combat"] is None and unchecked(steps[0])


def test_a_reveal_during_a_dusk_waits_for_the_following_dawn():
    """fury-of-dracula/para-4: "all’alba o al tramonto successivi" — settled by "successivi", a certainty"""
    from games.fury_of_dracula.rules import ENGINE

    dusk, _ = to_time(lair(("brussels", None)), "dusk")
    state, steps = run(dusk, road(["paris", "brussels"]))
    assert state["combat"] is None and not consulted(steps[0])
    later, _ = to_time(state, "dawn")
    assert later["combat"]["hunters"] == ["p1"]
    assert "fury-of-dracula.combat-at-the-next-twilight" in {c.id for c in ENGINE.certainties}
