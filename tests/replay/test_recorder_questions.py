"""How the recorder asks for each kind of open field and reads the answer back into a value of
its domain: one of (by its place, in words), some of a pool (ticked and counted, in the order
given), a whole number within bounds, free text, named details, an open actor."""

from __future__ import annotations

import pytest

from games.core.choices import (
    Choice,
    Details,
    Number,
    OneOf,
    OpenField,
    SomeOf,
    Text,
    event,
)
from replay.recorder.questions import (
    UnansweredField,
    answered,
    choice_key,
    path_parts,
    questions,
)

NAMES = {"p1": "Ana", "p2": "Luis", "r1": "Route 1"}


def choice_with(*fields: OpenField) -> Choice:
    return Choice(event("draw", "p1", pile="north"), "Ana draws", fields=fields)


def test_one_of_is_asked_in_words_and_read_by_its_place():
    paths = OpenField("path", OneOf(((("r1", "r2")), ("r1", "r3")), labels=("by 2", "by 3")),
                      prompt="The way it went")
    whom = OpenField("actor", OneOf(("p1", "p2")))
    where = OpenField("space", OneOf(("r1", "r9"), spaces=("r1", "r9")))
    choice = choice_with(paths, whom, where)
    asked = questions(choice, NAMES)
    assert [[o.label for o in q.options] for q in asked] == [
        ["by 2", "by 3"], ["Ana", "Luis"], ["Route 1", "r9"]]
    assert [q.prompt for q in asked] == ["The way it went", "Who", "Space"]
    assert [q.board for q in asked] == [False, False, True]
    values = answered(choice, {"f:path": ["1"], "f:actor": ["1"], "f:space": ["0"]})
    assert values == {"path": ("r1", "r3"), "actor": "p2", "space": "r1"}
    assert choice.filled(values) == {"type": "draw", "actor": "p2", "data": {
        "pile": "north", "path": ["r1", "r3"], "space": "r1"}}
    for wrong in ("2", "-1", "x", "٠", "²"):
        with pytest.raises(UnansweredField, match=r"^The way it went: choose one of the values"):
            answered(choice, {"f:path": [wrong], "f:actor": ["0"], "f:space": ["0"]})
    with pytest.raises(UnansweredField) as raised:
        answered(choice, {"f:actor": ["0"], "f:space": ["0"]})
    assert raised.value.field == "f:path" and raised.value.message == \
        "The way it went: choose first"


def test_some_of_counts_repeated_items_and_keeps_the_order_given():
    charms = OpenField("charms", SomeOf(("sun", "moon", "sun", "star"), least=1, most=3),
                       prompt="The charms")
    choice = choice_with(charms)
    (asked,) = questions(choice, NAMES)
    assert [(o.value, o.label, o.count) for o in asked.options] == [
        ("0", "sun", 2), ("1", "moon", 1), ("3", "star", 1)]
    assert asked.bounds == "choose 1 to 3"
    # Without the page's script, the items come in the pool's order.
    assert answered(choice, {"f:charms": ["1"], "f:charms#0": ["2"]}) == {
        "charms": ["sun", "sun", "moon"]}
    ticked = {"f:charms": ["1"], "f:charms#0": ["2"], "f:charms:order": ["0,1,0"]}
    assert answered(choice, ticked) == {"charms": ["sun", "moon", "sun"]}
    # An order that does not match the ticks is not trusted: the pool's order.
    ticked = {"f:charms": ["1"], "f:charms#0": ["1"], "f:charms:order": ["3,1"]}
    assert answered(choice, ticked) == {"charms": ["sun", "moon"]}
    with pytest.raises(UnansweredField, match=r"^The charms: choose 1 to 3 of those offered"):
        answered(choice, {"f:charms": ["1", "3"], "f:charms#0": ["2"]})
    with pytest.raises(UnansweredField, match=r"^The charms: choose first"):
        answered(choice, {})
    with pytest.raises(UnansweredField, match=r"^The charms: choose 1 to 3 of those offered"):
        answered(choice, {"f:charms#0": ["3"]})  # the pool holds two suns


def test_some_of_may_be_empty_where_its_domain_allows():
    give = OpenField("give", SomeOf(("a", "b"), least=0, most=2))
    assert answered(choice_with(give), {}) == {"give": []}
    optional = OpenField("give", SomeOf(("a", "b"), least=0, most=2), optional=True)
    assert answered(choice_with(optional), {}) == {}


def test_a_number_is_a_whole_number_within_its_bounds():
    strength = OpenField("strength", Number(1, 6), prompt="Its strength")
    choice = choice_with(strength)
    (asked,) = questions(choice, NAMES)
    assert (asked.kind, asked.low, asked.high) == ("number", 1, 6)
    assert answered(choice, {"f:strength": [" 4 "]}) == {"strength": 4}
    for wrong, said in (("7", "a whole number from 1 to 6"), ("0", "a whole number from 1 to 6"),
                        ("four", "'four' is not a whole number"),
                        ("٤", "'٤' is not a whole number"), ("9" * 30, "is not a whole number")):
        with pytest.raises(UnansweredField, match=f"^Its strength: .*{said}"):
            answered(choice, {"f:strength": [wrong]})


def test_text_is_kept_as_written_and_an_optional_one_may_stay_empty():
    card = OpenField("card", Text(max_length=10, suggestions=("Ghoul",)), prompt="The card")
    reason = OpenField("reason", Text(), optional=True)
    choice = choice_with(card, reason)
    asked = questions(choice, NAMES)
    assert asked[0].suggestions == ("Ghoul",) and asked[1].optional
    assert answered(choice, {"f:card": ["Ghoul"], "f:reason": [""]}) == {"card": "Ghoul"}
    with pytest.raises(UnansweredField, match=r"^The card: at most 10 characters"):
        answered(choice, {"f:card": ["A long name for a card"]})


def test_details_are_rows_of_names_and_values():
    details = OpenField("fields", Details(), prompt="Details", optional=True)
    choice = choice_with(details)
    (asked,) = questions(choice, NAMES)
    assert asked.rows == [("", "")] * 3
    rows = {"f:fields:key": ["from", "", "to"], "f:fields:value": ["A1", "", "B3"]}
    assert answered(choice, rows) == {"fields": {"from": "A1", "to": "B3"}}
    assert answered(choice, {"f:fields:key": [""], "f:fields:value": [""]}) == {}
    with pytest.raises(UnansweredField, match="'from' is given twice"):
        answered(choice, {"f:fields:key": ["from", "from"], "f:fields:value": ["A1", "A2"]})
    with pytest.raises(UnansweredField, match="the value 'A1' has no name"):
        answered(choice, {"f:fields:key": [""], "f:fields:value": ["A1"]})
    # Refilled after an error, the rows keep what was typed.
    (again,) = questions(choice, NAMES, {"f:fields:key": ["from"], "f:fields:value": ["A1"]})
    assert again.rows == [("from", "A1"), ("", ""), ("", "")]


def test_a_choice_key_names_one_choice():
    first = choice_with(OpenField("card", Text()))
    second = Choice(event("draw", "p1", pile="south"), "Ana draws",
                    fields=(OpenField("card", Text()),))
    assert choice_key(first) == choice_key(choice_with(OpenField("card", Text())))
    assert choice_key(first) != choice_key(second) and len(choice_key(first)) == 16


def test_a_path_typed_by_names_keeps_a_comma_that_belongs_to_a_name():
    names = ["The west battlements, 5th square from the north",
             "The battlements inside the West Gate", "Paris", "Brussels"]
    assert path_parts("the west battlements, 5th square from the north → the battlements "
                      "inside the West Gate", names) == [
        "the west battlements, 5th square from the north",
        "the battlements inside the West Gate"]
    assert path_parts("Paris, Brussels; Paris", names) == ["Paris", "Brussels", "Paris"]
    assert path_parts("Paris, nowhere", names) == ["Paris", "nowhere"]  # refused, named
