"""A choice matches exactly the events it stands for: fixed data equal, open fields present,
optional fields free to be given or left out,
picks narrowing an open list to selections of a pool."""

import random

import pytest

from games.core.choices import Choice, Pick, event


def test_open_fields_must_be_given_and_optional_fields_may_be():
    choice = Choice(event("draw", "p1", room="kitchen"), "Ana draws the top card",
                    open_fields=("card",), optional_fields=("number", "stamina"))
    assert choice.matches(event("draw", "p1", room="kitchen", card="Knife"))
    assert choice.matches(event("draw", "p1", room="kitchen", card="Knife", number=6))
    assert choice.matches(event("draw", "p1", room="kitchen", card="Knife", number=6, stamina=-2))
    assert not choice.matches(event("draw", "p1", room="kitchen"))  # the open card is missing
    assert not choice.matches(event("draw", "p1", room="den", card="Knife"))
    assert not choice.matches(event("draw", "p1", room="kitchen", card="Knife", kind="weapon"))
    assert not choice.matches(event("draw", "p2", room="kitchen", card="Knife"))
    assert choice.as_dict()["optional_fields"] == ["number", "stamina"]


def test_a_pick_stands_for_every_selection_of_its_pool_in_any_order():
    hand = Pick(("I2", "dylan-dog", "dylan-dog", "shadow:bat"), least=1, most=3)
    choice = Choice(event("exchange", "p1", **{"with": "p2"}), "Ana offers cards to Luis",
                    open_fields=("give",), picks={"give": hand})
    assert choice.matches(event("exchange", "p1", **{"with": "p2", "give": ["I2"]}))
    assert choice.matches(event("exchange", "p1",
                                **{"with": "p2", "give": ["dylan-dog", "I2", "dylan-dog"]}))
    assert not choice.matches(event("exchange", "p1", **{"with": "p2", "give": []}))  # too few
    assert not choice.matches(event("exchange", "p1", **{"with": "p2", "give": ["I3"]}))
    assert not choice.matches(event("exchange", "p1",  # the pool holds one I2, not two
                                    **{"with": "p2", "give": ["I2", "I2"]}))
    assert not choice.matches(event("exchange", "p1", **{"with": "p2", "give": "I2"}))
    rng = random.Random(5)
    assert all(hand.allows(hand.draw(rng)) for _ in range(50))
    assert choice.as_dict()["picks"] == {"give": {"pool": list(hand.pool), "least": 1, "most": 3}}


def test_a_pick_must_narrow_an_open_field():
    with pytest.raises(ValueError, match="not open"):
        Choice(event("exchange", "p1"), "Ana offers cards", picks={"give": Pick(("I2",))})
