"""What ``legal_events`` offers: exactly what a correct record could hold next, checked state by
state against many events built from what each state holds, under every single-option reading;
few choices a state, with what a record reads open; and, for a seat, nothing its view hides."""

from __future__ import annotations

import json
import random

import pytest

from games.core.choices import ACTOR, OneOf, SomeOf, Text, covering
from games.core.replay import replay_document
from games.fury_of_dracula.board import BOARD
from games.fury_of_dracula.combat import ICONS
from games.fury_of_dracula.rules import ENGINE
from tests.games import replay_baseline

from .helpers import PLAYERS, ev, interp, run, start, to_time

ABSENT = object()
READINGS = list(replay_baseline.readings(ENGINE))


def documents():
    docs = [ENGINE.simulate(seed=seed, max_events=300) for seed in (5, 8)]
    for path in replay_baseline.record_paths():
        document = json.loads(path.read_text(encoding="utf-8"))
        if document["game"] == ENGINE.slug:
            docs.append(document)
    return docs


def sampled_states(every=11):
    found = []
    for document in documents():
        state = ENGINE.initial_state(document["players"], document["setup"])
        found.append(state)
        for n, (_event, step) in enumerate(replay_document(ENGINE, document)):
            if n % every == 0:
                found.append(step.state)
    return found


STATES = sampled_states()


def pools(state):
    """Values an event at this state could plausibly name, legal or not."""
    hunters = state["hunter_order"]
    players = [p["id"] for p in state["players"]]
    spaces = {h["space"] for h in state["hunters"].values() if h["space"]}
    spaces |= {entry["space"] for entry in state["dracula"]["trail"]}
    spaces |= set(BOARD.hospitals) | {"tyrrhenian-sea"}
    near = set()
    for space in list(spaces):
        near |= set(BOARD.roads.get(space, ())) | {b for b, _c in BOARD.rail_next.get(space, ())}
    cards = {"?", "Zz"}
    for h in state["hunters"].values():
        cards |= set(h["events"]) | set(h["items"])
    cards |= set(state["dracula"]["events"])
    for entry in state["dracula"]["trail"]:
        cards |= set(entry["encounters"])
    paths = []
    for h in state["hunters"].values():
        if h["space"]:
            for b, _c in BOARD.rail_next.get(h["space"], ()):
                paths.append([h["space"], b])
                paths += [[h["space"], b, c] for c, _c2 in BOARD.rail_next.get(b, ())]
            paths += [[h["space"], b] for b in BOARD.roads.get(h["space"], ())]
    return {
        "actor": players + [None],
        "hunter": hunters + [state["dracula_player"]],
        "to": players + ["discard"],
        "space": sorted(spaces | near),
        "card": sorted(cards),
        "path": paths or [["paris", "brussels"]],
        "bool": [True, False],
        "small": [1, 2, 3],
    }


FIELD_POOL = {
    "hunter": "hunter", "to": "to", "space": "space", "path": "path", "card": "card",
    "encounter": "card", "reveal_event": "card", "reveal_item": "card", "dracula_card": "card",
    "hunter_card": "card", "reason": "card", "cause": "card", "white": "small", "yellow": "small",
    "ticket_white": "small", "ticket_yellow": "small", "amount": "small",
}


def candidates(state, rng, per_type=60):
    values = pools(state)
    for spec in ENGINE.event_specs:
        fields = []
        for field_name, field in spec.fields.items():
            if field.allowed:
                options = list(field.allowed)
            elif field.kind == "bool":
                options = values["bool"]
            elif field_name == "to" and spec.type == "influence":
                options = [0, 5, 12, 13]
            elif field_name == "dracula_icon":
                options = ["fangs", "mist"]
            elif field_name == "banner":
                options = [[], ["mist"], ["fangs", "dodge"]]
            else:
                options = values[FIELD_POOL[field_name]]
            if not field.required:
                options = [ABSENT, *options]
            fields.append((field_name, options))
        actors = values["actor"] if not spec.actor_required else values["actor"][:-1]
        for _ in range(per_type):
            data = {}
            for field_name, options in fields:
                value = rng.choice(options)
                if value is not ABSENT:
                    data[field_name] = value
            yield {"type": spec.type, "actor": rng.choice(actors), "data": data}


@pytest.mark.parametrize("reading", READINGS, ids=[name for name, _c in READINGS])
def test_offered_exactly_when_legal(reading):
    """fury-of-dracula/para-3: "Se termini il tuo movimento in un rifugio" — what a record may hold next, and nothing else, is offered at every state, each event by exactly one choice"""
    name, choices = reading
    interpretation = ENGINE.interpretation(choices)
    rng = random.Random(name)
    states = STATES if name == "default" else STATES[::6]
    for state in states:
        offered = ENGINE.legal_events(state, interpretation)
        for event in candidates(state, rng, per_type=30 if name == "default" else 10):
            step = ENGINE.apply(state, event, interpretation)
            found = covering(offered, event)
            assert len(found) == (1 if step.legal else 0), (
                f"{name}: {event} is {'legal' if step.legal else 'a violation'} but covered by "
                f"{[c.label for c in found]}: "
                f"{[f.message for f in step.flags if f.kind == 'violation']}"
            )


def test_a_state_offers_few_choices_and_each_happening_nobody_decides_once():
    """fury-of-dracula/para-5: "Dracula fa avanzare l’influenza fino allo spazio 13" — a handful of choices, the rare happenings (an end of the match, a defeat the excerpts do not model) one choice each with what they name open"""
    state = start()
    offered = ENGINE.legal_events(state, interp())
    assert len(offered) <= 20
    by_type = {}
    for choice in offered:
        by_type.setdefault(choice.type, []).append(choice)
    assert len(by_type["game_over"]) == 1 and by_type["game_over"][0].open_fields == (ACTOR, "winner", "reason")
    assert len(by_type["hunter_defeated"]) == 1
    assert by_type["hunter_defeated"][0].field("hunter").domain.values == ("p1", "p2")
    assert len(by_type["influence"]) == 1 and by_type["influence"][0].open_fields == ("to",)
    # by road from Paris, by road and by sea from London; no ticket held yet
    assert [c.label for c in by_type["move"]] == [
        "Ana moves by road from Paris", "Luis moves by road from London",
        "Luis moves by sea from London"]
    most = max(len(ENGINE.legal_events(s, interp())) for s in STATES)
    assert most <= 40


def test_a_draw_asks_for_the_card_as_read_and_where_it_went():
    """fury-of-dracula/para-2: "Durante il giorno peschi dalla cima del mazzo degli eventi" — the card's name as read, among the names met, and its recipient as the rule allows"""
    state, _ = run(start(), ev("gain_item", "p2", card="Aglio"),
                   ev("draw_event", "p1", end="top", icon="hunter", card="Telegramma"))
    draws = [c for c in ENGINE.legal_events(state, interp()) if c.type == "draw_event"]
    assert {c.event["data"]["icon"] for c in draws} == {"hunter", "dracula"}
    for choice in draws:
        card = choice.field("card")
        assert isinstance(card.domain, Text) and card.optional
        assert card.domain.suggestions == ("Telegramma",)
        assert choice.field("to").optional and choice.event["data"]["end"] == "top"
    hunter_card = next(c for c in draws if c.event["data"]["icon"] == "hunter")
    assert hunter_card.field("to").domain.values == ("p1", "p2")
    dracula_card = next(c for c in draws if c.event["data"]["icon"] == "dracula")
    assert dracula_card.field("to").domain.values == ("discard",)


def hideout_with_topi():
    """Ana ended her movement in Brussels, where Dracula left the Encounter Topi, and Dracula
    renounced the ambush."""
    state, _ = run(start(), ev("dracula_move", "p3", space="brussels", encounter="Topi"),
                   ev("move", "p1", mode="road", path=["paris", "brussels"]),
                   ev("renounce", "p3", hunter="p1"))
    assert state["hideouts"]["p1"] == {"space": "brussels", "renounced": True}
    return state


def test_a_hunter_searching_a_hideout_is_not_told_the_encounter():
    """fury-of-dracula/para-3: "Dracula può scegliere di tenderti un’imboscata rivelando e risolvendo una carta Incontro lì presente" — the Encounter is seen only once resolved, so a hunter's Search leaves it open"""
    state = hideout_with_topi()
    mine = [c for c in ENGINE.legal_events(state, interp(), "p1") if c.type == "search"]
    assert len(mine) == 1
    encounter = mine[0].field("encounter")
    assert isinstance(encounter.domain, Text) and "Topi" not in encounter.domain.suggestions
    for seat in ("p1", "p2"):
        assert "Topi" not in json.dumps([c.as_dict() for c in ENGINE.legal_events(state, interp(), seat)])
    everything = [c for c in ENGINE.legal_events(state, interp()) if c.type == "search"
                  and c.actor == "p1"]
    assert everything[0].field("encounter").domain == OneOf(("?", "Topi"), labels=("a card nobody saw", "Topi"))
    for found in (mine, everything):
        assert covering(found, ev("search", "p1", encounter="Topi"))


def test_hunters_see_neither_the_trail_nor_draculas_cards_while_he_hides():
    """fury-of-dracula/para-4: "Dracula viene rivelato e la sua miniatura viene posizionata sul tabellone" — until then his location, his trail and its Encounters are his own"""
    state, _ = run(start(), ev("dracula_move", "p3", space="cologne", encounter="Lupi"),
                   ev("dracula_move", "p3", space="brussels", encounter="Topi"))
    night, _ = to_time(state, "night")
    state, _ = run(night, ev("draw_event", "p1", end="bottom", icon="dracula", card="Nebbia"))
    for seat in ("p1", "p2"):
        seen = ENGINE.view(state, seat)
        assert [e["space"] for e in seen["dracula"]["trail"]] == ["?", "?"]
        assert [e["encounters"] for e in seen["dracula"]["trail"]] == [["?"], ["?"]]
        assert seen["dracula"]["events"] == ["?"] and seen["dracula"]["space"] is None
        words = json.dumps([c.as_dict() for c in ENGINE.legal_events(state, interp(), seat)]
                           + [f.as_dict() for f in ENGINE.player_facts(state, seat)])
        assert "Topi" not in words and "Lupi" not in words and "Nebbia" not in words
        assert "Brussels" not in json.dumps([f.as_dict() for f in ENGINE.player_facts(state, seat)])
    assert ENGINE.view(state, "p3")["dracula"] == state["dracula"]
    revealed, _ = run(state, ev("move", "p1", mode="road", path=["paris", "brussels"]))
    assert ENGINE.view(revealed, "p2")["dracula"]["trail"][0]["space"] == "brussels"
    at_sea, _ = run(state, ev("dracula_move", "p3", space="english-channel"),
                    ev("move", "p2", mode="sea", path=["london", "english-channel"]))
    assert not at_sea["dracula"]["revealed"]  # "non può essere rivelato … in una zona di mare"
    assert ENGINE.view(at_sea, "p2")["dracula"]["trail"][0]["space"] == "?"


def test_a_reveal_no_hunters_movement_made_is_offered_where_dracula_is_to_who_sees_it():
    """fury-of-dracula/para-4: "Dracula non può essere rivelato mentre si trova in una zona di mare" (point recorded-reveal: a recorded reveal where the first trail card lies, never at sea)"""
    state, _ = run(start(), ev("dracula_move", "p3", space="brussels"))
    reveal = ev("dracula_revealed", None, space="brussels")
    offered = [c for c in ENGINE.legal_events(state, interp()) if c.type == "dracula_revealed"]
    assert len(covering(offered, reveal)) == 1 and offered[0].points == ("fury-of-dracula.recorded-reveal",)
    assert not covering(offered, ev("dracula_revealed", None, space="paris"))
    assert not [c for c in ENGINE.legal_events(state, interp(recorded_reveal="hunters-movement-only"))
                if c.type == "dracula_revealed"]
    # a hunter does not know where Dracula is; Dracula does
    assert not [c for c in ENGINE.legal_events(state, interp(), "p1") if c.type == "dracula_revealed"]
    assert [c for c in ENGINE.legal_events(state, interp(), "p3") if c.type == "dracula_revealed"]
    at_sea, _ = run(start(), ev("dracula_move", "p3", space="tyrrhenian-sea"))
    assert not [c for c in ENGINE.legal_events(at_sea, interp()) if c.type == "dracula_revealed"]


def test_a_hunters_unrevealed_cards_are_seen_by_him_alone():
    """fury-of-dracula/para-6: "lo obbliga a tenere rivelata una carta evento e una carta oggetto" — a card is seen by the others once revealed"""
    state, _ = run(start(), ev("draw_event", "p1", end="top", icon="hunter", card="Telegramma"),
                   ev("gain_item", "p1", card="Aglio"), ev("gain_item", "p1", card="Paletto"),
                   ev("bite", "p3", hunter="p1", reveal_item="Aglio"))
    assert ENGINE.view(state, "p1")["hunters"]["p1"] == state["hunters"]["p1"]
    for seat in ("p2", "p3"):
        hand = ENGINE.view(state, seat)["hunters"]["p1"]
        assert hand["events"] == ["?"] and hand["items"] == ["Aglio", "?"]
        assert "Paletto" not in json.dumps([f.as_dict() for f in ENGINE.player_facts(state, seat)])
    facts = dict(ENGINE.player_facts(state, "p2")[0].facts)
    assert facts["Item cards (carte oggetto)"] == "Aglio (revealed), 1 not seen"


def test_a_state_the_seat_cannot_tell_apart_gives_it_the_same_choices():
    """fury-of-dracula/para-3: "una carta Incontro lì presente" — the hidden trail is drawn again, a hideout the hunter knows kept on a trail card with an Encounter"""
    state, _ = run(start(), ev("dracula_move", "p3", space="cologne", encounter="Lupi"),
                   ev("dracula_move", "p3", space="brussels", encounter="Topi"),
                   ev("dracula_move", "p3", space="amsterdam"),
                   ev("move", "p1", mode="road", path=["paris", "brussels"]))
    assert state["hideouts"]["p1"]["space"] == "brussels" and not state["dracula"]["revealed"]
    rng = random.Random(3)
    redrawn = set()
    for _ in range(30):
        other = ENGINE.resample_hidden(state, "p2", rng)
        assert ENGINE.view(other, "p2") == ENGINE.view(state, "p2")
        assert [c.as_dict() for c in ENGINE.legal_events(other, interp(), "p2")] == \
            [c.as_dict() for c in ENGINE.legal_events(state, interp(), "p2")]
        trail = other["dracula"]["trail"]
        assert [e["encounters"] for e in trail] == [[], ["?"], ["?"]]
        assert "brussels" in {e["space"] for e in trail[1:]}
        redrawn.add(tuple(e["space"] for e in trail))
    assert len(redrawn) > 5
    assert ENGINE.resample_hidden(state, "p3", rng)["dracula"] == state["dracula"]


def test_a_combat_round_is_offered_once_per_icon_and_outcome():
    """fury-of-dracula/para-5: "se l’icona sulla carta combattimento di Dracula corrisponde a un’icona evidenziata sullo stendardo del cacciatore, la carta di Dracula viene annullata" — the icon and the banner depend on each other, so each outcome of each icon is a choice whose every banner agrees"""
    state, _ = run(start(starts={"p1": "paris", "p2": "cologne"}),
                   ev("dracula_move", "p3", space="brussels"),
                   ev("move", "p1", mode="road", path=["paris", "brussels"]), ev("time_passes"))
    rounds = [c for c in ENGINE.legal_events(state, interp()) if c.type == "combat_round"]
    assert len(rounds) == 2 * len(ICONS)
    rng = random.Random(1)
    for choice in rounds:
        icon = choice.event["data"]["dracula_icon"]
        cancelled = not choice.event["data"]["dracula_resolved"]
        banner = choice.field("banner").domain
        assert isinstance(banner, SomeOf)
        for _ in range(20):
            assert (icon in banner.sample(rng)) == cancelled
        event = choice.sampled(rng)
        assert ENGINE.apply(state, event, interp()).legal
    rounds_of = {seat: [c for c in ENGINE.legal_events(state, interp(), seat)
                        if c.type == "combat_round"] for seat in ("p1", "p3")}
    assert rounds_of["p1"] == [] and len(rounds_of["p3"]) == len(rounds)


def test_players_facts_say_what_each_seat_may_know():
    """fury-of-dracula/para-4: "Dracula viene rivelato" — facts in words: the archivist and Dracula know where he hides, the hunters do not"""
    state, _ = run(start(), ev("dracula_move", "p3", space="brussels", encounter="Topi"),
                   ev("influence", "p3", to=4))
    archivist = {f.player: dict(f.facts) for f in ENGINE.player_facts(state)}
    assert archivist["p3"]["Where he is"] == "hidden, in Brussels"
    assert archivist["p3"]["Influence (influenza)"] == "4 of 13"
    assert archivist["p1"]["Stands in"] == "Paris"
    hunter = {f.player: dict(f.facts) for f in ENGINE.player_facts(state, "p1")}
    assert hunter["p3"]["Where he is"] == "hidden"
    assert hunter["p3"]["Trail (traccia)"] == "1 Location card(s) face down with 1 Encounter card(s)"
    assert [f.player for f in ENGINE.player_facts(state, "p3")] == [p["id"] for p in PLAYERS]
