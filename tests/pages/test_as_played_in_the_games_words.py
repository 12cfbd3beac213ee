"""The as-played form in the game's words, as a person transcribing a sheet meets it: opened
from a choice ("as played…"), it asks the choice's open fields as the choice does (its prompt,
its values in its words, a path begun where the choice starts it) and reads those words back;
a space whose name holds a comma is typed in a path; a move kept as played is said by who did
what; and no field asks for an id."""

from __future__ import annotations

import re

import lxml.html
import pytest
from django.urls import reverse

import games
from replay.models import Event

PLAYERS = [{"id": "p1", "name": "Ana"}, {"id": "p2", "name": "Luis"}]


def sheet_match(slug: str, events: int, players=PLAYERS):
    """A match of ``slug`` holding the first ``events`` events of a simulated sheet."""
    from archive.models import Game
    from archive.services import load_archive, load_data_games
    from replay.log.matches import match_create

    load_archive()
    load_data_games()
    sheet = games.get(slug).simulate(seed=4, players=players, setup={})
    return match_create(game=Game.objects.get(slug=slug), title="The club's sheet",
                        players=players, events=sheet["events"][:events]).match


def as_played_form(client, match, choice_words: str):
    """The as-played form opened from the choice whose button says ``choice_words``."""
    url = reverse("match-record", args=[match.pk])
    tree = lxml.html.fromstring(client.get(url).content.decode())
    (link,) = [row.xpath(".//a[@class='as-played-link']/@href")[0]
               for row in tree.xpath("//li[contains(@class, 'choice')]")
               if choice_words in row.xpath("string(.//button[not(@name)])")]
    tree = lxml.html.fromstring(client.get(url + link.split("#")[0]).content.decode())
    (form,) = tree.xpath("//section[@id='as-played']//form[@method='post']")
    return tree, form


def posted(form) -> dict[str, list[str]]:
    """What the form posts as drawn (hidden inputs and the values it holds)."""
    values: dict[str, list[str]] = {}
    for box in form.xpath(".//input[@name]"):
        values.setdefault(box.get("name"), []).append(box.get("value") or "")
    return values


def words(node) -> str:
    return " ".join(node.text_content().split())


def suggestions(tree, box) -> list[str]:
    return tree.xpath(f"//datalist[@id='{box.get('list')}']/option/@value")


@pytest.mark.django_db
def test_a_path_opened_as_played_starts_where_the_choice_moves_from(curator_client):
    match = sheet_match("fox-and-geese", 0)
    tree, form = as_played_form(curator_client, match, "Ana moves the fox from 17")
    (path,) = form.xpath(".//input[@name='ap:path']")
    assert path.get("value") == "17 → "  # begun at the fox's space
    assert words(form.xpath(f".//label[@for='{path.get('id')}']")[0]).startswith(
        "Where it goes")  # the choice's prompt
    assert "17 → 24" in suggestions(tree, path)
    post = reverse("match-record-as-played", args=[match.pk])
    checked = curator_client.post(post, {**posted(form), "ap:path": "17 → 24",
                                         "action": "check"})
    tree = lxml.html.fromstring(checked.content.decode())
    (form,) = tree.xpath("//section[@id='as-played']//form[@method='post']")
    (path,) = form.xpath(".//input[@name='ap:path']")
    assert path.get("value") == "17 → 24" and "17 → 16" in suggestions(tree, path)
    kept = curator_client.post(post, {**posted(form), "action": "record"})
    assert kept.status_code == 302
    assert Event.objects.get(match=match, seq=1).data == {"path": ["p17", "p24"]}


@pytest.mark.django_db
def test_a_value_opened_as_played_is_offered_and_read_in_the_choices_words(curator_client):
    match = sheet_match("gothic", 11)  # Ana holds the card she drew, not read
    tree, form = as_played_form(curator_client, match, "Ana trades in a numbered card")
    (card,) = form.xpath(".//input[@name='ap:card']")
    said = "unrecorded (its number not read: worth 6 as read here)"
    assert suggestions(tree, card) == [said]
    post = reverse("match-record-as-played", args=[match.pk])
    kept = curator_client.post(post, {**posted(form), "ap:card": said, "action": "record"})
    assert kept.status_code == 302
    assert Event.objects.get(match=match, seq=12).data == {"card": "unrecorded"}


@pytest.mark.django_db
def test_a_select_opened_as_played_says_the_choices_words(curator_client):
    players = [*PLAYERS, {"id": "p3", "name": "Carla"}]
    match = sheet_match("dylan-dog", 0, players)
    _tree, form = as_played_form(curator_client, match, "Ana shows a shadow")
    (shadow,) = form.xpath(".//select[@name='ap:shadow']")
    options = {o.get("value"): words(o) for o in shadow.xpath("./option")}
    assert options["skull"] == "the skull shadow"
    post = reverse("match-record-as-played", args=[match.pk])
    kept = curator_client.post(post, {**posted(form), "ap:shadow": "skull", "action": "record"})
    assert kept.status_code == 302
    assert Event.objects.get(match=match, seq=1).data == {"shadow": "skull"}


@pytest.mark.django_db
def test_a_square_whose_name_holds_a_comma_is_typed_in_a_path(curator_client):
    """Gothic names its squares "The west battlements, 5th square from the north": typed in a
    path, the comma stays in the name; the move kept as played is said by who did what."""
    match = sheet_match("gothic", 12)  # Luis on the 4th square, Ana's go
    post = reverse("match-record-as-played", args=[match.pk])
    kept = curator_client.post(post, {
        "type": "move", "actor": "p2", "expected_seq": 12, "action": "record",
        "ap:path": "the west battlements, 5th square from the north → the battlements "
                   "inside the West Gate"})
    assert kept.status_code == 302
    assert Event.objects.get(match=match, seq=13).data == {"path": ["x0y5", "x0y6"]}
    tree = lxml.html.fromstring(curator_client.get(
        reverse("match-record", args=[match.pk])).content.decode())
    said = words(tree.xpath("//ol[@class='log']/li")[0])
    assert said.endswith("as recorded: move by Luis — path: The west battlements, 5th square "
                         "from the north; The battlements inside the West Gate")


@pytest.mark.django_db
def test_no_field_of_an_event_asks_for_an_id():
    """The as-played form labels each field by its description: a person names players,
    spaces and cards, never their ids."""
    from archive.services import load_data_games

    load_data_games()
    asking = [(slug, kind, name, spec.description)
              for slug in [*games.available(), "goose", "fox-and-geese"]
              for kind, event in games.get(slug).event_schema.items()
              for name, spec in event.fields.items()
              if re.search(r"\bids?\b", spec.description)]
    assert asking == []
