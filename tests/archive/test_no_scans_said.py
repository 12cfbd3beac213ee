"""None of the four bundled rulebooks has a scanned page: the game page, the transcription and
the page-by-page workbench say so plainly and how a curator adds one; a manifest request
answers with a message that says why there is none; rights not recorded are a link to the form
that records them, for a curator."""

from __future__ import annotations

import re

import pytest

from archive.models import Rulebook, Transcription
from archive.services import load_archive
from tests.factories import make_curator

NOTHING_SCANNED = "No page of this rulebook (Rules sheet) is scanned yet"


@pytest.fixture
def dagon(db):
    load_archive()
    return Rulebook.objects.get(game__slug="dagon")


def _plain(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", html))


def test_the_game_and_rulebook_pages_say_no_page_is_scanned_and_how_to_add_one(client, dagon):
    transcription = Transcription.objects.get(rulebook=dagon)
    pages = ("/games/dagon/", f"/transcriptions/{transcription.pk}/",
             f"/transcriptions/{transcription.pk}/pages/1/")
    for url in pages:
        said = _plain(client.get(url).content.decode())
        assert NOTHING_SCANNED in said, url
        assert "no transcription shows a scan beside its text" in said, url
        assert "A curator adds one with “Upload a scan” on the game page (sign in)" in said, url
    client.force_login(make_curator())
    for url in pages:
        page = client.get(url).content.decode()
        assert (f'<a href="/rulebooks/{dagon.pk}/scans/add/">Upload the scan of a printed '
                'page</a>: an image') in page, url


@pytest.mark.parametrize("address", ["/rulebooks/{pk}/manifest.json",
                                     "/api/rulebooks/{pk}/manifest/"])
def test_a_manifest_of_a_rulebook_with_no_scanned_page_says_why_and_where_to_add_one(
    client, dagon, address
):
    response = client.get(address.format(pk=dagon.pk))
    assert response.status_code == 404 and response["Access-Control-Allow-Origin"] == "*"
    answer = response.json()
    assert answer["reason"] == "no_scanned_page"
    assert answer["detail"].startswith("Dagon contra el Hechicero de los Reinos Negros, Rules "
                                       "sheet: no page of this rulebook is scanned yet")
    assert "“Upload a scan” on the game page" in answer["detail"]
    assert answer["scan_upload"] == f"http://testserver/rulebooks/{dagon.pk}/scans/add/"


def test_rights_not_recorded_lead_a_curator_to_the_form_that_records_them(client, dagon):
    reader = client.get("/games/dagon/").content.decode()
    assert "not recorded" in reader and f"/rulebooks/{dagon.pk}/edit/" not in reader
    client.force_login(make_curator())
    page = client.get("/games/dagon/").content.decode()
    assert f'not recorded — <a href="/rulebooks/{dagon.pk}/edit/#id_rights_holder">record it</a>' \
        in page
    assert f'not recorded — <a href="/rulebooks/{dagon.pk}/edit/#id_licence">record it</a>' in page
    done = client.post(f"/rulebooks/{dagon.pk}/edit/", {
        "provenance": dagon.provenance, "source": "", "rights_holder": "Ana Ruiz",
        "licence": "http://creativecommons.org/licenses/by/4.0/"})
    assert done.status_code == 302
    page = client.get("/games/dagon/").content.decode()
    assert "Ana Ruiz" in page and 'rel="license">http://creativecommons.org/licenses/by/4.0/' in page
    assert "record it" not in page
