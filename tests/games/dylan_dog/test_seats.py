"""What a seat sees, what it is offered from it, and the states it cannot tell apart."""

from __future__ import annotations

import random

from games.core.choices import covering
from games.dylan_dog.board import CATEGORIES, STORY
from tests.games.dylan_dog.helpers import E, ev, interp, put, started, turn_of

FACE_DOWN = interp(mystery_card_visibility="face-down")


def holding_face_down(card):
    """Ana to throw, holding A3; Luis holding ``card`` face down and the shadow card bat."""
    s = put(turn_of(started(), "p1"), "p1", mystery=["A3"])
    return put(s, "p2", mystery=[card], mystery_hidden=[card], shadow=["bat"])


def exchanges(state, reading, viewer=None):
    return [c.as_dict() for c in E.legal_events(state, reading, viewer) if c.type == "exchange"
            and c.event["data"].get("with") == "p2"]


def test_an_exchange_never_names_a_card_another_holds_face_down():
    """dylan-dog/reaching-the-mystery-crypts: "Only the player who drew it knows whether the
    card is useful to them or not; the others do not know" """
    # under mystery-card-visibility = face-down the others do not see the card at all
    with_i3, with_l5 = holding_face_down("I3"), holding_face_down("L5")
    assert E.view(with_i3, "p1") == E.view(with_l5, "p1")
    assert E.view(with_i3, "p1")["players"]["p2"]["mystery"] == ["?"]
    assert E.view(with_i3, "p2")["players"]["p2"]["mystery"] == ["I3"]
    # Ana's choices are the same whichever card Luis holds face down ...
    mine = exchanges(with_i3, FACE_DOWN, "p1")
    assert mine and mine == exchanges(with_l5, FACE_DOWN, "p1")
    pool = mine[0]["fields"][1]["domain"]["pool"]
    # ... listing every card it could be (those Ana sees in nobody's hand), never it alone
    assert pool[0] == "shadow:bat" and {"I3", "L5"} <= set(pool) and "A3" not in pool
    assert len(pool) == 1 + 23
    # her own record of the exchange is one of them
    took = ev("exchange", "p1", **{"with": "p2", "give": ["A3"], "receive": ["I3"]})
    assert len(covering(E.legal_events(with_i3, FACE_DOWN, "p1"), took)) == 1
    # the archivist sees the card; so does Ana where the cards lie face up
    archivist = exchanges(with_i3, FACE_DOWN)
    assert archivist[0]["fields"][1]["domain"]["pool"] == ["I3", "shadow:bat"]
    face_up = put(with_i3, "p2", mystery_hidden=[])
    assert exchanges(face_up, E.interpretation(), "p1")[0]["fields"][1]["domain"]["pool"] == [
        "I3", "shadow:bat"]


def test_a_challenger_asks_for_a_face_down_card_without_seeing_it():
    """dylan-dog/horror-cards: "if they are defeated, they must hand over a mystery card, on
    request, to the player who challenged them." """
    s = put(turn_of(started(), "p1", phase="resolve"), "p2", mystery=["I3", "L5"],
            mystery_hidden=["L5"])
    s = dict(s, pending=[{"kind": "forfeit", "player": "p2", "to": "p1"}])
    (request,) = [c for c in E.legal_events(s, FACE_DOWN, "p1") if c.type == "forfeit"]
    cards = request.field("card").domain.values
    assert cards[0] == "I3" and "L5" in cards and len(cards) == 1 + 23
    (archivist,) = [c for c in E.legal_events(s, FACE_DOWN) if c.type == "forfeit"]
    assert archivist.field("card").domain.values == ("I3", "L5")


def test_a_seat_cannot_tell_apart_the_states_resample_hidden_draws():
    """dylan-dog/before-playing: "Each player places these 4 cards face down in front of them,
    without showing them to the other players." """
    document = E.simulate(seed=6, max_events=260, interpretation=FACE_DOWN)
    state = E.initial_state(document["players"], document["setup"])
    rng, redrawn, face_down_redrawn = random.Random(1), 0, 0
    for event in document["events"]:
        state = E.apply(state, event, FACE_DOWN).state
        for seat in state["order"]:
            other = E.resample_hidden(state, seat, rng)
            assert E.view(other, seat) == E.view(state, seat)
            redrawn += other != state
            stories = [c for p in other["players"].values() for c in p["story"] or []]
            assert len(stories) == len(set(stories))
            held = [c for p in other["players"].values() for c in p["mystery"]]
            assert len(held) == len(set(held))
            for pid, player in other["players"].items():
                if player["story"] is None:
                    continue
                assert sorted(STORY[c]["category"] for c in player["story"]) == sorted(
                    CATEGORIES)
                assert set(player["shown_shadows"]) <= {STORY[c]["shadow"]
                                                        for c in player["story"]}
                real = state["players"][pid]
                face_down_redrawn += (pid != seat and real["mystery_hidden"] != []
                                      and player["mystery_hidden"] != real["mystery_hidden"])
    assert redrawn > 0 and face_down_redrawn > 0


def test_another_players_story_is_drawn_again_showing_the_shadows_they_showed():
    """dylan-dog/shadow-cards: "To show that they hold a "useful" shadow card (and can
    therefore play it when needed), the player must show the others the matching shadow on one
    of their story cards." """
    s = put(started(), "p2", shown_shadows=["black-cat", "hand"])
    rng = random.Random(2)
    stories = set()
    for _ in range(40):
        other = E.resample_hidden(s, "p1", rng)
        story = other["players"]["p2"]["story"]
        stories.add(tuple(story))
        assert {"black-cat", "hand"} <= {STORY[c]["shadow"] for c in story}
        assert not set(story) & {"I1", "A1", "L1", "F1"}  # Ana's own cards
        assert E.view(other, "p1") == E.view(s, "p1")
    assert len(stories) > 5


def test_a_seat_reads_its_own_story_in_sequence_and_the_others_as_face_down_cards():
    """dylan-dog/before-playing: "Read in sequence, these 4 cards tell the story in which the
    player has been involved (for example: you - are chased - to the castle - by the
    vampire)." """
    s = started()
    facts = {f.player: dict(f.facts) for f in E.player_facts(s, "p1")}
    assert facts["p1"]["Story"] == "you - are chased - to the castle - by the vampire"
    assert facts["p2"]["Story"] == "4 cards, face down"
    assert {f.player: dict(f.facts) for f in E.player_facts(s)}["p2"]["Story"] == (
        "the detective - are trapped - in the cemetery - by the werewolf")
