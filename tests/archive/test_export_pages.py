"""The archival formats in the product: download links and stable URLs for TEI and IIIF, the
glossary on the game page and the points page, the curator's note forms, and the API
equivalents."""

from __future__ import annotations

import io
import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from lxml import etree
from PIL import Image

from archive.models import Rulebook, Transcription
from archive.scan_uploads import add_scan
from archive.services import load_archive
from archive.tei import TEI_NS, check_pointers
from tests.factories import UserFactory, make_curator

IIIF = 'application/ld+json;profile="http://iiif.io/api/presentation/3/context.json"'


@pytest.fixture
def archive(db):
    load_archive()


@pytest.fixture
def curator_client(client, db):
    client.force_login(make_curator("curator"))
    return client


@pytest.fixture
def reader_client(client, db):
    client.force_login(UserFactory(username="reader"))
    return client


@pytest.fixture
def scanned(archive, tmp_path, settings):
    settings.MEDIA_ROOT = tmp_path / "media"
    rulebook = Rulebook.objects.get(game__slug="fury-of-dracula")
    out = io.BytesIO()
    Image.new("RGB", (90, 120), (200, 180, 140)).save(out, format="PNG")
    add_scan(rulebook=rulebook, page_number=12, upload=SimpleUploadedFile("p.png", out.getvalue()))
    return rulebook


def gothic() -> Transcription:
    return Transcription.objects.get(rulebook__game__slug="gothic")


# -- pages ---------------------------------------------------------------------------------------


def test_dylan_dog_game_page_lists_the_italian_glossary(client, archive):
    page = client.get(reverse("game-detail", args=["dylan-dog"])).content.decode()
    assert 'id="glossary"' in page
    for pair in (
        "dragger (trascinatore)",
        "story cards (carte-racconto)",
        "PRENDI UNA CARTA INCUBO",
    ):
        assert pair in page
    assert "Italian terms" not in page or "Italian" in page
    transcription = Transcription.objects.get(rulebook__game__slug="dylan-dog")
    assert f'href="/transcriptions/{transcription.pk}/#' in page


def test_gothic_has_no_glossary_and_dracula_says_the_renderings_are_ours(client, archive):
    assert (
        'id="glossary"' not in client.get(reverse("game-detail", args=["gothic"])).content.decode()
    )
    page = client.get(reverse("game-detail", args=["fury-of-dracula"])).content.decode()
    assert "ticket token (gettone biglietto)" in page and "renderings are Ludoteca" in page


def test_transcription_page_links_its_tei_download(client, archive):
    t = gothic()
    page = client.get(reverse("transcription-detail", args=[t.pk])).content.decode()
    assert f'href="/transcriptions/{t.pk}/tei.xml"' in page
    game_page = client.get(reverse("game-detail", args=["gothic"])).content.decode()
    assert f'href="/transcriptions/{t.pk}/tei.xml"' in game_page


def test_tei_url_serves_the_version_as_tei_xml(client, archive):
    t = gothic()
    response = client.get(f"/transcriptions/{t.pk}/tei.xml")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/tei+xml")
    assert f'filename="gothic.{t.rulebook_id}.en.v1.tei.xml"' in response["Content-Disposition"]
    root = etree.fromstring(response.content)
    assert root.tag == f"{{{TEI_NS}}}TEI" and check_pointers(response.content) == []
    assert client.get("/transcriptions/99999/tei.xml").status_code == 404


def test_manifest_url_serves_iiif_with_cors_and_the_game_page_links_it(client, scanned):
    url = f"/rulebooks/{scanned.pk}/manifest.json"
    assert reverse("rulebook-manifest", args=[scanned.pk]) == url
    response = client.get(url)
    assert response.status_code == 200
    assert response["Content-Type"] == IIIF
    assert response["Access-Control-Allow-Origin"] == "*"
    manifest = json.loads(response.content)
    assert manifest["id"] == f"http://testserver{url}"
    assert [c["width"] for c in manifest["items"]] == [90]
    page = client.get(reverse("game-detail", args=["fury-of-dracula"])).content.decode()
    assert f'href="{url}"' in page
    preflight = client.options(url)
    assert preflight.status_code == 204 and preflight["Access-Control-Allow-Origin"] == "*"


def test_manifest_of_a_rulebook_without_scans_is_a_404_that_says_why(client, archive):
    rulebook = Rulebook.objects.get(game__slug="gothic")
    response = client.get(f"/rulebooks/{rulebook.pk}/manifest.json")
    assert response.status_code == 404
    assert "no image scan" in response.json()["detail"]
    page = client.get(reverse("game-detail", args=["gothic"])).content.decode()
    assert "manifest.json" not in page


def test_points_page_links_engine_names_to_the_original_words(client, archive):
    page = client.get(reverse("game-points", args=["dylan-dog"])).content.decode()
    assert "In the original rules:" in page
    assert "(ENTRA NELLA CRIPTA DEL MISTERO)" in page or "(trascinatore)" in page


# -- curator forms ---------------------------------------------------------------------------------


def test_curator_revises_a_note_through_the_form(curator_client, archive):
    t = gothic()
    note = t.annotations.get(target="Congolese Blow pipe")
    page = curator_client.get(reverse("transcription-detail", args=[t.pk])).content.decode()
    url = reverse("annotation-revise", args=[t.pk, note.pk])
    assert f'href="{url}"' in page and reverse("annotation-add", args=[t.pk]) in page
    assert curator_client.get(url).status_code == 200
    response = curator_client.post(
        url, {"body": '"Congolese Blow pipe" as printed', "certainty": "", "change_note": ""}
    )
    v2 = Transcription.objects.get(rulebook=t.rulebook, version=2)
    assert response.status_code == 302 and response["Location"] == f"/transcriptions/{v2.pk}/"
    assert v2.annotations.get(target="Congolese Blow pipe").certainty == "high"
    assert t.annotations.get(target="Congolese Blow pipe").certainty == "low"
    # version 1 is no longer the one to revise: its page offers no revise links
    old_page = curator_client.get(reverse("transcription-detail", args=[t.pk])).content.decode()
    assert "/revise/" not in old_page


def test_curator_adds_a_note_and_errors_stay_on_the_form(curator_client, archive):
    t = gothic()
    url = reverse("annotation-add", args=[t.pk])
    bad = curator_client.post(
        url,
        {
            "passage": "gothic/the-tower",
            "words": "flying carpet",
            "occurrence": 1,
            "kind": "legibility",
            "body": "blurred",
        },
    )
    assert bad.status_code == 400 and "is not in gothic/the-tower" in bad.content.decode()
    good = curator_client.post(
        url,
        {
            "passage": "gothic/the-tower",
            "words": "cauldron of oil",
            "occurrence": 1,
            "kind": "legibility",
            "body": "blurred",
            "certainty": "medium",
        },
    )
    assert good.status_code == 302
    assert (
        Transcription.objects.get(rulebook=t.rulebook, version=2)
        .annotations.filter(target="cauldron of oil", certainty="medium")
        .exists()
    )


def test_readers_cannot_change_notes(reader_client, archive):
    t = gothic()
    note = t.annotations.exclude(kind="page").first()
    assert reader_client.get(reverse("annotation-add", args=[t.pk])).status_code == 403
    assert (
        reader_client.post(
            reverse("annotation-revise", args=[t.pk, note.pk]), {"body": "x"}
        ).status_code
        == 403
    )
    assert Transcription.objects.filter(rulebook=t.rulebook).count() == 1


# -- API -------------------------------------------------------------------------------------------


def test_api_serves_tei_manifest_and_glossary(client, scanned):
    t = gothic()
    tei = client.get(f"/api/transcriptions/{t.pk}/tei/", HTTP_ACCEPT="application/tei+xml")
    assert tei.status_code == 200 and tei["Content-Type"].startswith("application/tei+xml")
    assert check_pointers(tei.content) == []
    manifest = client.get(f"/api/rulebooks/{scanned.pk}/manifest/")
    assert manifest.status_code == 200 and manifest["Content-Type"] == IIIF
    assert manifest["Access-Control-Allow-Origin"] == "*"
    assert json.loads(manifest.content)["type"] == "Manifest"
    gothic_book = Rulebook.objects.get(game__slug="gothic")
    missing = client.get(f"/api/rulebooks/{gothic_book.pk}/manifest/")
    assert missing.status_code == 404 and "no image scan" in missing.json()["detail"]
    glossary = client.get("/api/glossaries/dylan-dog/").json()
    assert {"term": "dragger", "original": "trascinatore"}.items() <= glossary[0].items() or any(
        item["term"] == "dragger" and item["original"] == "trascinatore" for item in glossary
    )
    assert client.get("/api/glossaries/chess/").status_code == 404


def test_api_note_changes_make_new_versions_for_curators_only(client, archive):
    t = gothic()
    note = t.annotations.get(target="Congolese Blow pipe")
    url = f"/api/transcriptions/{t.pk}/notes/"
    assert client.post(
        url, {"annotation": note.pk, "certainty": "medium"}, content_type="application/json"
    ).status_code in (401, 403)
    client.force_login(make_curator("api-curator"))
    bad = client.post(
        url, {"annotation": note.pk, "certainty": "high"}, content_type="application/json"
    )
    assert bad.status_code == 400 and bad.json()["field"] == "certainty"
    revised = client.post(
        url, {"annotation": note.pk, "body": "read from the photo"}, content_type="application/json"
    )
    assert revised.status_code == 201 and revised.json()["version"] == 2
    v2 = revised.json()["id"]
    added = client.post(
        f"/api/transcriptions/{v2}/notes/",
        {"passage": "gothic/the-tower", "words": "cauldron of oil", "body": "faded"},
        content_type="application/json",
    )
    assert added.status_code == 201 and added.json()["version"] == 3
    assert any(
        a["target"] == "cauldron of oil" and a["certainty"] == "medium"
        for a in added.json()["annotations"]
    )
    incomplete = client.post(url, {"passage": "gothic/the-tower"}, content_type="application/json")
    assert incomplete.status_code == 400 and incomplete.json()["field"] == "words"
