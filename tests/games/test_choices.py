"""A choice is a small decision: what it fixes, its open fields with their domains, and the
events it stands for (``matches``), exactly those and no others."""

import random

import pytest

from games.core.choices import (
    ACTOR,
    Choice,
    Details,
    Number,
    OneOf,
    OpenField,
    SomeOf,
    Text,
    covering,
    event,
    one_of,
)


def test_an_open_field_must_be_given_a_value_of_its_domain():
    card = OpenField("card", OneOf(("Knife", "Axe")))
    stamina = OpenField("stamina", Number(-10, 10), optional=True)
    choice = Choice(event("draw", "p1", room="kitchen"), "Ana draws the top card",
                    fields=(card, stamina))
    assert choice.matches(event("draw", "p1", room="kitchen", card="Knife"))
    assert choice.matches(event("draw", "p1", room="kitchen", card="Axe", stamina=-3))
    assert not choice.matches(event("draw", "p1", room="kitchen"))  # the open card is missing
    assert not choice.matches(event("draw", "p1", room="kitchen", card="Rope"))  # not its domain
    assert not choice.matches(event("draw", "p1", room="kitchen", card="Axe", stamina=11))
    assert not choice.matches(event("draw", "p1", room="den", card="Knife"))  # fixed data
    assert not choice.matches(event("draw", "p1", room="kitchen", card="Knife", kind="weapon"))
    assert not choice.matches(event("draw", "p2", room="kitchen", card="Knife"))  # fixed actor
    assert choice.filled({"card": "Axe"}) == event("draw", "p1", room="kitchen", card="Axe")
    with pytest.raises(KeyError):
        choice.filled({"stamina": 2})


def test_a_selection_stands_for_every_subset_of_its_pool_in_any_order():
    hand = SomeOf(("I2", "dylan-dog", "dylan-dog", "shadow:bat"), least=1, most=3)
    choice = Choice(event("exchange", "p1", **{"with": "p2"}), "Ana offers cards to Luis",
                    fields=(OpenField("give", hand),))
    assert choice.matches(event("exchange", "p1", **{"with": "p2", "give": ["I2"]}))
    assert choice.matches(event("exchange", "p1",
                                **{"with": "p2", "give": ["dylan-dog", "I2", "dylan-dog"]}))
    assert not choice.matches(event("exchange", "p1", **{"with": "p2", "give": []}))  # too few
    assert not choice.matches(event("exchange", "p1", **{"with": "p2", "give": ["I3"]}))
    assert not choice.matches(event("exchange", "p1",  # the pool holds one I2, not two
                                    **{"with": "p2", "give": ["I2", "I2"]}))
    assert not choice.matches(event("exchange", "p1", **{"with": "p2", "give": "I2"}))
    rng = random.Random(5)
    assert all(hand.allows(hand.sample(rng)) for _ in range(50))


def test_a_throw_is_one_chance_choice_whose_outcomes_carry_their_odds():
    die = one_of((1, 2, 3, 4, 5, 6), label=lambda n: f"a {n}")
    throw = Choice(event("roll", "p1"), "Ana throws", chance=True,
                   fields=(OpenField("value", die),))
    assert [throw.matches(event("roll", "p1", value=n)) for n in (0, 1, 6, 7)] == [
        False, True, True, False]
    assert not throw.matches(event("roll", "p1", value=True))  # a boolean is not the number 1
    assert die.odds() == pytest.approx((1 / 6,) * 6)
    loaded = OneOf((2, 3, "dylan-dog"), weights=(1, 1, 2))
    assert loaded.odds() == pytest.approx((0.25, 0.25, 0.5))
    assert throw.as_dict()["fields"][0]["domain"]["labels"] == [f"a {n}" for n in range(1, 7)]


def test_a_path_is_one_value_of_a_list_domain_and_a_record_carries_it_as_a_list():
    routes = OneOf((("a", "b", "c"), ("a", "d", "c")), spaces=("c", "c"))
    choice = Choice(event("move", "p1"), "Ana moves to C", fields=(OpenField("path", routes),),
                    origin="a", target="c")
    assert choice.matches(event("move", "p1", path=["a", "d", "c"]))
    assert not choice.matches(event("move", "p1", path=["a", "c"]))
    assert choice.filled({"path": ("a", "b", "c")})["data"]["path"] == ["a", "b", "c"]


def test_an_open_actor_lets_the_record_name_any_allowed_player_or_none():
    anyone = OpenField(ACTOR, OneOf(("p1", "p2", None)))
    choice = Choice(event("time_passes", None), "Time passes", fields=(anyone,))
    assert choice.matches({"type": "time_passes", "actor": "p2", "data": {}})
    assert choice.matches({"type": "time_passes", "actor": None, "data": {}})
    assert not choice.matches({"type": "time_passes", "actor": "p3", "data": {}})
    assert choice.may_act("p1") and not choice.may_act("p3")
    mine = choice.for_actor("p1")
    assert mine.actor == "p1" and mine.fields == ()
    assert not mine.matches({"type": "time_passes", "actor": "p2", "data": {}})


def test_free_text_and_details_take_the_record_s_own_words():
    name = Text(max_length=5, suggestions=("Axe",))
    assert name.allows("Knife") and not name.allows("") and not name.allows("Crossbow")
    assert Details().allows({"from": "A1"}) and not Details().allows(["A1"])


def test_exactly_one_choice_covers_an_event_when_the_offers_do_not_overlap():
    stay = Choice(event("move", "p1", path=["a", "b"]), "Ana moves to B")
    other = Choice(event("move", "p1"), "Ana moves to C",
                   fields=(OpenField("path", OneOf((("a", "c"),))),))
    assert covering([stay, other], event("move", "p1", path=["a", "b"])) == [stay]
    assert covering([stay, other], event("move", "p1", path=["a", "d"])) == []


def test_a_domain_refuses_what_cannot_be_offered():
    with pytest.raises(ValueError):
        OneOf(())
    with pytest.raises(ValueError):
        OneOf((1, 2), labels=("one",))
    with pytest.raises(ValueError):
        SomeOf(("a",), least=2)
    with pytest.raises(ValueError):
        Number(3, 1)
