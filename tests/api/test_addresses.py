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
