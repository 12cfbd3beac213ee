"""An API address with an id that is not one (letters, a 30-digit number) is a 404 from the
router, for anyone, on every resource: never a lookup the database cannot make (a 500)."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tests.factories import make_curator

RESOURCES = ["rulebooks", "scans", "transcriptions", "matches", "runs", "studies"]


@pytest.mark.parametrize("resource", RESOURCES)
@pytest.mark.parametrize("bad_id", ["abc", "1" * 30, "١", "01"])
def test_an_id_that_is_not_one_is_a_json_404(db, resource, bad_id):
    """An address no route matches is answered in the API's JSON error form, as every other
    API error, never with the site's HTML page."""
    response = APIClient().get(f"/api/{resource}/{bad_id}/")
    assert response.status_code == 404
    assert response["Content-Type"] == "application/json"
    assert response.json() == {"error": "not_found", "detail": "Not found."}


@pytest.mark.parametrize("path", ["/api/runs/1/steps/x/", "/api/runs/1/compare/01/",
                                  "/api/matches/x/compare/", "/api/no-such-thing/"])
def test_every_unrouted_api_address_is_a_json_404(db, path):
    response = APIClient().get(path)
    assert response.status_code == 404 and response.json()["error"] == "not_found"


def test_a_page_404_is_still_the_sites_page(client, db):
    response = client.get("/matches/x/")
    assert response.status_code == 404 and response["Content-Type"].startswith("text/html")


def test_a_transcriptions_tei_and_notes_with_a_bad_id_are_404s(db):
    assert APIClient().get("/api/transcriptions/abc/tei/").status_code == 404
    curator = APIClient()
    curator.force_authenticate(make_curator("curator"))
    response = curator.post("/api/transcriptions/abc/notes/", {"body": "x"}, format="json")
    assert response.status_code == 404


def test_a_language_tag_with_an_underscore_is_refused_by_the_api(db):
    from tests.factories import GameFactory

    game = GameFactory(slug="odd-game", title="Odd game")
    curator = APIClient()
    curator.force_authenticate(make_curator("curator"))
    response = curator.post("/api/rulebooks/", {"game": game.slug, "edition": "First",
                                                "language": "en_US"}, format="json")
    assert response.status_code == 400 and response.json()["field"] == "language"


@pytest.mark.parametrize("path", ["/api/matches/", "/api/studies/", "/api/transcriptions/",
                                  "/api/rulebooks/", "/api/rules/"])
@pytest.mark.parametrize("game", ["a\x00b", "two words", "x" * 51, "dagon;--", ""])
def test_a_game_filter_that_is_no_slug_is_a_400_naming_game(db, path, game):
    """Found on PostgreSQL by schemathesis: ``?game=`` with a NUL was refused there (400) and
    read on SQLite (200), while the schema allowed any string. Proves: the schema publishes
    the slug's pattern, and a value outside it is a 400 naming ``game`` on either database."""
    response = APIClient().get(path, {"game": game})
    assert response.status_code == 400, response.content
    assert response.json()["field"] == "game"
    assert "a game's slug" in response.json()["detail"]


def test_a_language_filter_that_is_no_tag_is_a_400_and_a_good_one_filters(db):
    assert APIClient().get("/api/transcriptions/", {"language": "en\x00"}).json()["field"] \
        == "language"
    assert APIClient().get("/api/transcriptions/", {"language": "pt-BR"}).status_code == 200


def test_a_game_filter_with_a_slug_of_no_game_finds_nothing(db):
    for path in ("/api/matches/", "/api/studies/", "/api/transcriptions/"):
        response = APIClient().get(path, {"game": "no-such-game"})
        assert response.status_code == 200 and response.json()["results"] == []


def test_a_download_asked_as_a_file_answers_its_404_as_json(db):
    """``?format=file`` picked the download renderer, whose media type is ``*/*``: its 404
    said ``Content-Type: */*``, which the schema does not list."""
    response = APIClient().get("/api/transcriptions/1/tei/", {"format": "file"})
    assert response.status_code == 404
    assert response["Content-Type"] == "application/json"
    assert response.json()["error"] == "not_found"
