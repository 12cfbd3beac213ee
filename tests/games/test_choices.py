"""A choice matches exactly the events it stands for: fixed data equal, open fields present,
optional fields free to be given or left out."""

from games.core.choices import Choice, event


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
