"""Curators add games and rulebooks from pages and the API; every problem names its field
and nothing is stored."""

from __future__ import annotations

import pytest
from django.urls import reverse

from archive.catalogue import game_create, rulebook_create
from archive.models import Game, Rulebook
from archive.services import ArchiveError
from tests.factories import GameFactory, make_curator


@pytest.mark.parametrize(
    ("fields", "field"),
    [
        ({"slug": "Torre Nera"}, "slug"),
        ({"slug": "new"}, "slug"),
        ({"title": "   "}, "title"),
        ({"original_language": "Italian"}, "original_language"),
        ({"original_language": '"><svg>'}, "original_language"),
        ({"original_language": "en\nx"}, "original_language"),
        ({"original_language": "xx"}, "original_language"),  # well formed, not registered
        ({"title": "La \ud800 Torre"}, "title"),
        ({"publisher": "Edizioni\x00"}, "publisher"),
        ({"min_players": 0}, "min_players"),
        ({"max_players": 100}, "max_players"),
        ({"min_players": 5, "max_players": 3}, "min_players"),
        ({"year": 87}, "year"),
        ({"publisher": "x" * 201}, "publisher"),
        ({"components": ["a board", ""]}, "components[1]"),
        ({"components": "a board"}, "components"),
    ],
)
def test_a_bad_game_is_refused_naming_the_field(db, fields, field):
    with pytest.raises(ArchiveError) as raised:
        game_create(**{"slug": "la-torre", "title": "La Torre", **fields})
    assert raised.value.field == field
    assert not Game.objects.exists()


def test_a_game_is_added_once(db):
    game = game_create(slug="la-torre", title=" La  Torre ", original_language="it",
                       year=1987, publisher="Edizioni X", designer="A. Rossi",
                       max_players=4, components=["a board", "4 pawns"])
    assert (game.title, game.components) == ("La Torre", ["a board", "4 pawns"])
    assert (game.year, game.publisher, game.designer) == (1987, "Edizioni X", "A. Rossi")
    assert (game.min_players, game.max_players) == (None, 4)  # the rulebook's words only
    with pytest.raises(ArchiveError, match="already has a game") as raised:
        game_create(slug="la-torre", title="Again")
    assert raised.value.field == "slug" and Game.objects.count() == 1


def test_a_rulebook_edition_is_added_once_per_language(db):
    game = GameFactory(slug="la-torre")
    rulebook_create(game=game, edition="1987 sheet", language="it", provenance="line one\nline two")
    assert Rulebook.objects.get().provenance == "line one\nline two"
    rulebook_create(game=game, edition="1987 sheet", language="es")
    with pytest.raises(ArchiveError) as raised:
        rulebook_create(game=game, edition="1987 sheet", language="it")
    assert raised.value.field == "edition" and Rulebook.objects.count() == 2
    with pytest.raises(ArchiveError) as raised:
        rulebook_create(game=game, edition="x", language="ital")
    assert raised.value.field == "language"


def test_the_pages_add_a_game_then_its_rulebook(client, db):
    client.force_login(make_curator())
    response = client.post(reverse("game-add"), {
        "slug": "la-torre", "title": "La Torre", "original_language": "it",
        "min_players": "2", "max_players": "4", "components": "a board\n\n4 pawns\n"})
    assert response.status_code == 302 and response["Location"] == "/games/la-torre/rulebooks/add/"
    assert Game.objects.get(slug="la-torre").components == ["a board", "4 pawns"]
    form = client.get(response["Location"]).content.decode()
    assert 'value="it"' in form  # the rulebook's language starts as the game's
    added = client.post(response["Location"], {"edition": "1987 sheet", "language": "it"})
    rulebook = Rulebook.objects.get(game__slug="la-torre")
    assert added["Location"] == f"/games/la-torre/#rulebook-{rulebook.pk}"
    page = client.get("/games/la-torre/").content.decode()
    assert "1987 sheet" in page and "Upload a scan" in page and "Record a match" in page


def test_a_refused_game_form_names_the_field_and_keeps_the_input(client, db):
    client.force_login(make_curator())
    GameFactory(slug="la-torre")
    response = client.post(reverse("game-add"), {"slug": "la-torre", "title": "Another",
                                                  "min_players": "2", "max_players": "4"})
    assert response.status_code == 400
    page = response.content.decode()
    assert "already has a game" in page and 'value="Another"' in page


def test_the_api_adds_a_game_and_a_rulebook(curator_client_api):
    created = curator_client_api.post("/api/games/", {
        "slug": "la-torre", "title": "La Torre", "year": 1987, "publisher": "Edizioni X",
        "components": ["a board"]}, format="json")
    assert created.status_code == 201 and created.json()["engine"] is None
    assert created.json()["year"] == 1987 and created.json()["min_players"] is None
    rulebook = curator_client_api.post("/api/rulebooks/", {
        "game": "la-torre", "edition": "1987 sheet", "language": "it"}, format="json")
    assert rulebook.status_code == 201 and rulebook.json()["game"] == "la-torre"
    bad = curator_client_api.post("/api/games/", {"slug": "x y", "title": "X"}, format="json")
    assert bad.status_code == 400 and bad.json()["field"] == "slug"
    unknown = curator_client_api.post("/api/games/", {"slug": "x", "title": "X", "colour": "red"},
                                      format="json")
    assert unknown.status_code == 400 and unknown.json()["field"] == "colour"
    missing = curator_client_api.post("/api/rulebooks/", {"game": "nope", "edition": "x",
                                                          "language": "it"}, format="json")
    assert missing.status_code == 400 and missing.json()["field"] == "game"


@pytest.fixture
def curator_client_api(db):
    from rest_framework.test import APIClient

    client = APIClient()
    client.force_authenticate(make_curator())
    return client
