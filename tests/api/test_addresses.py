"""An API address with an id that is not one (letters, a 30-digit number) is a 404 from the
router, for anyone, on every resource: never a lookup the database cannot make (a 500)."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tests.factories import make_curator

RESOURCES = ["rulebooks", "scans", "transcriptions", "matches", "runs", "studies"]


@pytest.mark.parametrize("resource", RESOURCES)
@pytest.mark.parametrize("bad_id", ["abc", "1" * 30, "١"])
def test_an_id_that_is_not_one_is_a_404(db, resource, bad_id):
    assert APIClient().get(f"/api/{resource}/{bad_id}/").status_code == 404


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
