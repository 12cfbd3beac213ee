"""Every rule the excerpts state outright is refereed as written under every reading: no option
of any point may license what a sentence settles. Each test runs once per single-option
reading (``tests.games.replay_baseline.readings``)."""

from __future__ import annotations

import pytest

from games.fury_of_dracula.rules import ENGINE
from tests.games.replay_baseline import readings

from .helpers import ev, start, violations

READINGS = list(readings(ENGINE))
every_reading = pytest.mark.parametrize(
    "choices", [c for _n, c in READINGS], ids=[n for n, _c in READINGS]
)


def play(state, choices, *events):
    interpretation = ENGINE.interpretation(choices)
    steps = []
    for event in events:
        step = ENGINE.apply(state, event, interpretation)
        steps.append(step)
        state = step.state
    return state, steps


def rail(path, white, yellow=None, who="p1"):
    data = {"mode": "rail", "path": path, "ticket_white": white}
    if yellow is not None:
        data["ticket_yellow"] = yellow
    return ev("move", who, **data)


def ticket(white, yellow=None, who="p1"):
    return ev("book_ticket", who, **({"white": white} if yellow is None else {"white": white, "yellow": yellow}))


def passes(n):
    return [ev("time_passes")] * n


# -- para-1 ------------------------------------------------------------------------------------


@every_reading
def test_a_train_journey_spends_a_ticket(choices):
    """fury-of-dracula/para-1: "Per spostarti in treno devi spendere un gettone biglietto" """
    _, steps = play(start(), choices, rail(["paris", "brussels"], 1))
    assert violations(steps[0])
    state, steps = play(start(), choices, ticket(1), rail(["paris", "brussels"], 1))
    assert not violations(steps[1]) and state["hunters"]["p1"]["tickets"] == []


@every_reading
def test_the_ticket_returns_to_the_reserve_face_down(choices):
    """fury-of-dracula/para-1: "dopo lo spostamento, il gettone torna nella riserva a faccia in giù" """
    state, steps = play(start(), choices, ticket(1), rail(["paris", "brussels"], 1))
    assert state["tickets_returned"] == 1
    assert [e["face"] for e in steps[1].effects if e["kind"] == "ticket-returned"] == ["down"]


@every_reading
def test_white_railways_only_use_the_white_value(choices):
    """fury-of-dracula/para-1: "Se ti sposti usando solo ferrovie bianche, usi il valore bianco" """
    _, steps = play(start(), choices, ticket(1, 3), rail(["paris", "brussels", "cologne"], 1, 3))
    assert violations(steps[1]), "a higher yellow value never lengthens a white journey"


@every_reading
def test_a_yellow_railway_uses_the_yellow_value(choices):
    """fury-of-dracula/para-1: "se usi ferrovie gialle o una combinazione delle due, usi il valore giallo" """
    _, steps = play(start(), choices, ticket(3, 1), rail(["paris", "marseilles", "genoa"], 3, 1))
    assert violations(steps[1])
    _, steps = play(start(), choices, ticket(1, 2), rail(["paris", "marseilles", "genoa"], 1, 2))
    assert not violations(steps[1])


@every_reading
def test_no_yellow_number_no_yellow_railway(choices):
    """fury-of-dracula/para-1: "un biglietto senza un numero giallo non può essere usato per le ferrovie gialle" """
    _, steps = play(start(), choices, ticket(3), rail(["paris", "marseilles", "genoa"], 3))
    assert violations(steps[1])


# -- para-2 ------------------------------------------------------------------------------------


@every_reading
def test_by_day_from_the_top_and_dracula_cards_face_down_on_the_discards(choices):
    """fury-of-dracula/para-2: "Durante il giorno peschi dalla cima del mazzo degli eventi" """
    _, steps = play(start(), choices, ev("draw_event", "p1", end="bottom", icon="hunter"))
    assert violations(steps[0])
    state, steps = play(start(), choices, ev("draw_event", "p1", end="top", icon="dracula"))
    assert not violations(steps[0]) and state["discards"]["event_face_down"] == 1
    _, steps = play(start(), choices, ev("draw_event", "p1", end="top", icon="dracula", to="p3"))
    assert violations(steps[0]), "le carte con l’icona di Dracula vengono messe a faccia in giù nella pila degli scarti"


@every_reading
def test_by_night_from_the_bottom_to_the_hunter_or_to_dracula(choices):
    """fury-of-dracula/para-2: "mentre durante la notte peschi dal fondo" """
    night, _ = play(start(), choices, *passes(2))
    _, steps = play(night, choices, ev("draw_event", "p1", end="top", icon="hunter"))
    assert violations(steps[0])
    state, steps = play(night, choices, ev("draw_event", "p1", end="bottom", icon="dracula", card="Lupi"))
    assert not violations(steps[0]) and state["dracula"]["events"] == ["Lupi"]
    _, steps = play(night, choices, ev("draw_event", "p1", end="bottom", icon="hunter", to="p2"))
    assert violations(steps[0]), "le carte con l’icona del cacciatore vanno al cacciatore"


# -- para-3 ------------------------------------------------------------------------------------


def in_a_hideout(choices):
    """Ana (p1) ends her movement in Brussels, where Dracula left an Encounter."""
    state, _ = play(start(), choices, ev("dracula_move", "p3", space="brussels", encounter="Topi"),
                    ev("move", "p1", mode="road", path=["paris", "brussels"]))
    return state


@every_reading
def test_an_ambush_only_in_a_hideout_and_discarded_at_once(choices):
    """fury-of-dracula/para-3: "Dracula può scegliere di tenderti un’imboscata rivelando e risolvendo una carta Incontro lì presente (scartandola subito dopo)" """
    _, steps = play(start(), choices, ev("ambush", "p3", hunter="p1", encounter="Topi"))
    assert violations(steps[0])
    state, steps = play(in_a_hideout(choices), choices, ev("ambush", "p3", hunter="p1", encounter="Topi"))
    assert not violations(steps[0])
    assert state["dracula"]["trail"][0]["encounters"] == [] and state["discards"]["encounter"] == 1


@every_reading
def test_no_ambush_after_a_renounce(choices):
    """fury-of-dracula/para-3: "oppure può rinunciare e tu puoi invece effettuare un’azione Cerca per risolvere gli effetti dell’incontro" """
    _, steps = play(in_a_hideout(choices), choices, ev("renounce", "p3", hunter="p1"),
                    ev("ambush", "p3", hunter="p1", encounter="Topi"))
    assert violations(steps[1])
    _, steps = play(in_a_hideout(choices), choices, ev("renounce", "p3", hunter="p1"),
                    ev("search", "p1", encounter="Topi"))
    assert not violations(steps[1])


@every_reading
def test_matured_effects_are_ignored_either_way(choices):
    """fury-of-dracula/para-3: "in entrambi i casi si ignorano gli effetti maturati" """
    _, steps = play(in_a_hideout(choices), choices, ev("ambush", "p3", hunter="p1", encounter="Topi", matured=True))
    assert violations(steps[0])
    _, steps = play(in_a_hideout(choices), choices, ev("renounce", "p3", hunter="p1"),
                    ev("search", "p1", encounter="Topi", matured=True))
    assert violations(steps[1])


# -- para-4 ------------------------------------------------------------------------------------


@every_reading
def test_revealed_in_the_city_of_the_first_trail_card_only(choices):
    """fury-of-dracula/para-4: "Se un cacciatore termina il movimento nella città corrispondente alla carta Luogo nel primo spazio della traccia di Dracula, Dracula viene rivelato" """
    state, _ = play(start(), choices, ev("dracula_move", "p3", space="brussels"),
                    ev("move", "p1", mode="road", path=["paris", "brussels"]))
    assert state["dracula"]["revealed"] and state["dracula"]["space"] == "brussels"
    _, steps = play(start(), choices, ev("dracula_move", "p3", space="brussels"),
                    ev("dracula_revealed", "p1", space="paris"))
    assert violations(steps[1])


@every_reading
def test_never_revealed_at_sea(choices):
    """fury-of-dracula/para-4: "Dracula non può essere rivelato mentre si trova in una zona di mare" """
    state, steps = play(start(starts={"p1": "genoa", "p2": "london"}), choices, ev("dracula_move", "p3", space="tyrrhenian-sea"),
                        ev("move", "p1", mode="sea", path=["genoa", "tyrrhenian-sea"]),
                        ev("dracula_revealed", "p1", space="tyrrhenian-sea"))
    assert not state["dracula"]["revealed"] and violations(steps[2])


@every_reading
def test_the_combat_comes_at_the_following_dawn_or_dusk(choices):
    """fury-of-dracula/para-4: "il combattimento avviene quindi all’alba o al tramonto successivi" """
    dusk, _ = play(start(), choices, ev("time_passes"))
    state, _ = play(dusk, choices, ev("dracula_move", "p3", space="brussels"),
                    ev("move", "p1", mode="road", path=["paris", "brussels"]))
    assert state["dracula"]["revealed"] and state["combat"] is None, "not during the dusk of the reveal"
    state, _ = play(state, choices, ev("time_passes"))
    assert state["time"] == "night" and state["combat"] is None
    state, _ = play(state, choices, ev("time_passes"))
    assert state["time"] == "dawn" and state["combat"] is not None


# -- para-5 ------------------------------------------------------------------------------------


def in_combat(choices):
    """A combat against Ana (p1) in Brussels, at dusk."""
    state, _ = play(start(), choices, ev("dracula_move", "p3", space="brussels"),
                    ev("move", "p1", mode="road", path=["paris", "brussels"]), ev("time_passes"))
    assert state["combat"] is not None
    return state


def round_(icon="claws", banner=("dodge",), resolved=None, **more):
    if resolved is None:
        resolved = icon not in banner
    return ev("combat_round", "p3", hunter="p1", dracula_card="Artigli", dracula_icon=icon,
              hunter_card="Pugno", banner=list(banner), dracula_resolved=resolved, **more)


@every_reading
def test_the_banner_cancels_dracula_card_and_it_resolves_otherwise(choices):
    """fury-of-dracula/para-5: "se l’icona sulla carta combattimento di Dracula corrisponde a un’icona evidenziata sullo stendardo del cacciatore, la carta di Dracula viene annullata e non ha alcun effetto" """
    combat = in_combat(choices)
    _, steps = play(combat, choices, round_("dodge", resolved=True))
    assert violations(steps[0])
    _, steps = play(combat, choices, round_("claws", resolved=False))
    assert violations(steps[0]), "Altrimenti, il suo effetto si risolve"
    _, steps = play(combat, choices, round_("dodge", resolved=False), round_("claws", resolved=True))
    assert not violations(steps[0]) and not violations(steps[1])


@every_reading
def test_the_combat_goes_on_round_after_round(choices):
    """fury-of-dracula/para-5: "Il combattimento continua round dopo round finché non si verifica una delle varie condizioni di fine" """
    combat = in_combat(choices)
    for event in (ev("time_passes"), ev("move", "p1", mode="road", path=["brussels", "paris"]),
                  ev("dracula_move", "p3", space="cologne")):
        _, steps = play(combat, choices, event)
        assert violations(steps[0]), event


@every_reading
def test_six_combat_cards_end_the_combat(choices):
    """fury-of-dracula/para-5: "Dracula ha giocato sei carte combattimento" """
    state, _ = play(in_combat(choices), choices, *[round_("claws")] * 5)
    assert state["combat"] is not None
    state, _ = play(state, choices, round_("claws"))
    assert state["combat"] is None


@every_reading
def test_influence_13_and_dracula_defeated_end_the_combat(choices):
    """fury-of-dracula/para-5: "Dracula fa avanzare l’influenza fino allo spazio 13" """
    state, _ = play(in_combat(choices), choices, ev("influence", "p3", to=13))
    assert state["combat"] is None
    state, _ = play(in_combat(choices), choices, ev("dracula_defeated", "p1"))
    assert state["combat"] is None, "i cacciatori sconfiggono Dracula"


@every_reading
def test_all_hunters_involved_out_end_the_combat(choices):
    """fury-of-dracula/para-5: "tutti i cacciatori coinvolti sono stati morsi/sconfitti/fuggiti" """
    for event in (ev("bite", "p3", hunter="p1"), ev("flee", "p1"), ev("hunter_defeated", None, hunter="p1")):
        state, steps = play(in_combat(choices), choices, event)
        assert not violations(steps[0]) and state["combat"] is None, event


@every_reading
def test_an_allowed_escape_ends_the_combat_a_cancelled_one_never(choices):
    """fury-of-dracula/para-5: "Dracula risolve una carta Fuga consentita" """
    state, _ = play(in_combat(choices), choices, round_("claws"), round_("mist", escape=True))
    assert state["combat"] is None
    state, _ = play(in_combat(choices), choices, round_("claws"), round_("dodge", escape=True))
    assert state["combat"] is not None, "a cancelled card has no effect"


@every_reading
def test_a_combat_may_end_for_a_reason_the_list_does_not_give(choices):
    """fury-of-dracula/para-5: "ad esempio" """
    state, steps = play(in_combat(choices), choices, ev("combat_ends", None, reason="Nebbia"))
    assert not violations(steps[0]) and state["combat"] is None


# -- para-6 ------------------------------------------------------------------------------------


@every_reading
def test_a_bite_puts_a_token_and_weakens(choices):
    """fury-of-dracula/para-6: "Quando viene morso, un cacciatore mette un segnalino morso sulla propria scheda e diventa INDEBOLITO" """
    state, _ = play(start(), choices, ev("bite", "p3", hunter="p1"))
    assert state["hunters"]["p1"]["bites"] == 1 and state["hunters"]["p1"]["weakened"]


@every_reading
def test_weakened_keeps_an_event_and_an_item_card_revealed(choices):
    """fury-of-dracula/para-6: "lo obbliga a tenere rivelata una carta evento e una carta oggetto" """
    state, _ = play(start(), choices, ev("gain_item", "p1", card="Aglio"), ev("bite", "p3", hunter="p1"))
    _, steps = play(state, choices, ev("time_passes"))
    assert violations(steps[0])
    _, steps = play(state, choices, ev("reveal_card", "p1", kind="item", card="Aglio"), ev("time_passes"))
    assert not violations(steps[1])


@every_reading
def test_no_room_for_a_bite_token_defeats(choices):
    """fury-of-dracula/para-6: "se un cacciatore non ha spazio per collocare un segnalino morso, viene sconfitto" """
    room = {"one": 1, "two": 2, "three": 3}.get(ENGINE.interpretation(choices).option("fury-of-dracula.bite-spaces"))
    if room is None:  # the excerpts give no number: the record says when he is defeated
        state, _ = play(start(), choices, *[ev("bite", "p3", hunter="p1")] * 4)
        assert not state["hunters"]["p1"]["defeated"] and state["hunters"]["p1"]["bites"] == 4
        state, _ = play(state, choices, ev("hunter_defeated", None, hunter="p1", cause="no room for a bite token"))
    else:
        state, _ = play(start(), choices, *[ev("bite", "p3", hunter="p1")] * room)
        assert not state["hunters"]["p1"]["defeated"]
        state, _ = play(state, choices, ev("bite", "p3", hunter="p1"))
    assert state["hunters"]["p1"]["defeated"]


@every_reading
def test_a_defeat_discards_the_cards_and_returns_the_tokens(choices):
    """fury-of-dracula/para-6: "scarta le sue carte evento e oggetto, restituisce alla riserva i segnalini danno/morso/biglietto" """
    state, _ = play(start(), choices, ev("gain_item", "p1", card="Aglio"), ticket(2),
                    ev("draw_event", "p1", end="top", icon="hunter", card="Telegramma"),
                    ev("damage", "p3", hunter="p1", amount=2), ev("bite", "p3", hunter="p1"),
                    ev("hunter_defeated", None, hunter="p1"))
    h = state["hunters"]["p1"]
    assert h["events"] == h["items"] == h["tickets"] == [] and h["bites"] == h["damage"] == 0
    assert state["discards"]["event"] == 1 and state["discards"]["item"] == 1
    assert state["tickets_returned"] == 1


@every_reading
def test_a_defeated_hunter_goes_to_a_hospital_at_dawn(choices):
    """fury-of-dracula/para-6: "all’alba, viene collocato in uno spazio ospedale come descritto nelle regole" """
    state, _ = play(start(), choices, ev("hunter_defeated", None, hunter="p1"))
    _, steps = play(state, choices, ev("hospital", None, hunter="p1", space="london"))
    assert violations(steps[0]), "not by day"
    dawn, _ = play(state, choices, *passes(3))
    state, steps = play(dawn, choices, ev("hospital", None, hunter="p1", space="london"))
    assert state["hunters"]["p1"]["space"] == "london" and not state["hunters"]["p1"]["defeated"]
    _, steps = play(dawn, choices, ev("time_passes"))
    assert violations(steps[0]), "a dawn passed with the defeated hunter still waiting"
