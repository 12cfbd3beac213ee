"""The IIIF manifest as a viewer and an aggregator fetch it: every id resolves, everything it
points at is readable from another origin, the text printed on each page is on its canvas,
the description and rights are there, and nothing private becomes readable elsewhere."""

from __future__ import annotations

import io
import json
from urllib.parse import urlsplit

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from PIL import Image

from archive.catalogue import game_create, rulebook_create, rulebook_describe
from archive.models import Rulebook
from archive.scan_uploads import add_scan
from archive.services import import_transcription, load_archive
from archive.tiles import make_scan_tiles
from replay.log.interchange import import_match
from tests.archive.iiif_validation import validate_manifest
from tests.factories import make_curator

IIIF = 'application/ld+json;profile="http://iiif.io/api/presentation/3/context.json"'
RESOURCES = {"Canvas", "AnnotationPage", "Annotation"}


@pytest.fixture
def archive(db, settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    load_archive()


def scan_pages(rulebook, *pages, tiled=True):
    scans = []
    for page in pages:
        out = io.BytesIO()
        Image.new("RGB", (600, 800), (200, 180, page)).save(out, format="PNG")
        scan = add_scan(rulebook=rulebook, page_number=page,
                        upload=SimpleUploadedFile(f"p{page}.png", out.getvalue()))
        if tiled:
            make_scan_tiles(scan=scan)
        scans.append(scan)
    return scans


@pytest.fixture
def dracula(archive):
    rulebook = Rulebook.objects.get(game__slug="fury-of-dracula")
    scan_pages(rulebook, 7, 8, 12)
    return rulebook


def manifest_of(client, rulebook) -> dict:
    response = client.get(f"/rulebooks/{rulebook.pk}/manifest.json")
    assert response.status_code == 200, response.content
    return json.loads(response.content)


def walk(node):
    if isinstance(node, dict):
        yield node
        for value in node.values():
            yield from walk(value)
    elif isinstance(node, list):
        for value in node:
            yield from walk(value)


def local(url: str) -> str:
    parts = urlsplit(url)
    assert parts.netloc == "testserver", url
    return parts.path


def test_every_id_in_the_manifest_resolves_to_the_same_json_ld_with_cors(client, dracula):
    manifest = manifest_of(client, dracula)
    validate_manifest(manifest)
    resources = [node for node in walk(manifest) if node.get("type") in RESOURCES]
    assert {r["type"] for r in resources} == RESOURCES
    for resource in resources:
        response = client.get(local(resource["id"]))
        assert response.status_code == 200, resource["id"]
        assert response["Content-Type"] == IIIF
        assert response["Access-Control-Allow-Origin"] == "*"
        assert json.loads(response.content) == {
            "@context": "http://iiif.io/api/presentation/3/context.json", **resource}


def test_everything_the_manifest_points_at_is_readable_from_any_origin(client, dracula):
    manifest = manifest_of(client, dracula)
    urls = {node["id"] for node in walk(manifest) if "id" in node and "type" in node}
    services = {node["id"] for node in walk(manifest) if node.get("type") == "ImageService3"}
    assert len(services) == 3
    urls = (urls - services) | {f"{service}/info.json" for service in services}
    for url in sorted(urls):
        response = client.get(local(url))
        assert response.status_code == 200, url
        assert response["Access-Control-Allow-Origin"] == "*", url
        assert "Access-Control-Allow-Credentials" not in response, url
    preflight = client.options(local(next(iter(services)) + "/info.json"))
    assert preflight.status_code == 204 and preflight["Access-Control-Allow-Origin"] == "*"


def test_a_resource_the_manifest_does_not_have_is_a_json_404_with_cors(client, dracula):
    canvas = manifest_of(client, dracula)["items"][0]["id"]
    for path in (f"{local(canvas)}/annotation/passage-999999", f"{local(canvas)}/nothing",
                 f"/rulebooks/{dracula.pk}/canvas/999999"):
        response = client.get(path)
        assert response.status_code == 404 and response.json()["error"] == "not_found"
        assert response["Access-Control-Allow-Origin"] == "*"
    assert client.post(local(canvas)).status_code == 405


def texts(canvas) -> list[tuple[str, str | None, str]]:
    pages = canvas.get("annotations", [])
    return [(a["motivation"], a["body"].get("language"), a["body"]["value"])
            for page in pages for a in page["items"]]


def test_each_page_carries_the_passages_its_citations_place_there(client, dracula):
    seven, eight, twelve = manifest_of(client, dracula)["items"]
    on_seven = texts(seven)
    assert [language for _, language, _ in on_seven] == ["it", "it", "en", "en"]
    assert on_seven[0][2].startswith("Per spostarti in treno") and on_seven[0][2].endswith(
        "(pp. 6–7, 11)")
    assert on_seven[2][2].startswith("To travel by train")
    assert {motivation for motivation, _, _ in on_seven} == {"supplementing"}
    assert [value[:20] for _, language, value in texts(twelve) if language == "it"] == [
        "Se termini il tuo mo", "Se un cacciatore ter", "In ogni round di com"]
    assert texts(eight) == [("commenting", "en",
                             "No passage of the transcription cites page 8.")]


def test_where_the_text_does_not_say_the_page_it_says_so_instead_of_guessing(client, archive):
    gothic = Rulebook.objects.get(game__slug="gothic")
    scan_pages(gothic, 1, 2, tiled=False)
    manifest = manifest_of(client, gothic)
    for canvas in manifest["items"]:
        ((motivation, language, value),) = texts(canvas)
        assert motivation == "commenting" and language == "en"
        assert "does not record on which printed page" in value
    placed = {m["label"]["en"][0]: m["value"]["en"][0] for m in manifest["metadata"]
              if "en" in m["value"]}
    assert placed["Text on the pages"].startswith("Not placed")
    body = manifest["items"][0]["items"][0]["items"][0]["body"]
    assert "service" not in body  # not tiled yet: a viewer draws the file itself


@pytest.fixture
def noted_rulebook(archive):
    game = game_create(slug="la-torre", title="La Torre", original_title="La Torre",
                       original_language="it")
    rulebook = rulebook_create(game=game, edition="prima edizione", language="it")
    import_transcription(
        rulebook=rulebook, language="it", transcriber="Ana",
        text="La Torre\n\nIl gioco\nSi lancia il dado [Leggibilità: \"dado\" è sbiadito.] "
             "e si muove. (pag. 1)\n\nLa fine\nVince chi arriva in cima "
             "[Legibility: the last word is smudged.]. (pag. 2)\n",
        published_without_review="the manifest shows published versions",
    )
    scan_pages(rulebook, 1, 2, tiled=False)
    return rulebook


def test_notes_are_annotations_of_their_own_in_the_language_of_their_label(client,
                                                                           noted_rulebook):
    one, two = manifest_of(client, noted_rulebook)["items"]
    assert texts(one) == [
        ("supplementing", "it", "Il gioco\nSi lancia il dado e si muove. (pag. 1)"),
        ("commenting", "it", "Leggibilità: \"dado\" è sbiadito."),
    ]
    assert texts(two) == [
        ("supplementing", "it", "La fine\nVince chi arriva in cima. (pag. 2)"),
        ("commenting", "en", "Legibility: the last word is smudged."),
    ]


def test_labels_are_in_the_language_the_text_is_in(client, archive):
    dagon = Rulebook.objects.get(game__slug="dagon")
    scan_pages(dagon, 1, tiled=False)
    manifest = manifest_of(client, dagon)
    assert manifest["label"] == {"es": ["Dagon contra el Hechicero de los Reinos Negros"]}
    game = next(m for m in manifest["metadata"] if m["label"] == {"en": ["Game"]})
    assert game["value"] == {"es": ["Dagon contra el Hechicero de los Reinos Negros"]}
    assert manifest["summary"]["en"][0].startswith("Rules sheet of Dagon")
    see_also = manifest["seeAlso"]
    assert [link["format"] for link in see_also] == ["application/tei+xml"]
    assert "English translation" in see_also[0]["label"]["en"][0]  # of the Spanish sheet
    validate_manifest(manifest)


def test_the_rights_a_curator_records_are_what_the_manifest_states(client, dracula, settings):
    settings.IIIF_PROVIDER_NAME = "Archivio Ludico"
    settings.IIIF_PROVIDER_URL = "https://archivio.example/"
    rulebook_describe(rulebook=dracula, provenance="Photographed in 2024.",
                      source="Regolamento, 1987", rights_holder="Ana Rossi",
                      licence="https://creativecommons.org/licenses/by-nc/4.0")
    manifest = manifest_of(client, dracula)
    validate_manifest(manifest)
    assert manifest["rights"] == "http://creativecommons.org/licenses/by-nc/4.0/"
    assert manifest["requiredStatement"] == {
        "label": {"en": ["Attribution"]},
        "value": {"en": [("Rights holder: Ana Rossi. Source: Regolamento, 1987. "
                         "Provided by Archivio Ludico.")]}}
    metadata = {m["label"]["en"][0]: next(iter(m["value"].values()))[0]
                for m in manifest["metadata"]}
    assert metadata["Source"] == "Regolamento, 1987"
    assert metadata["Rights holder"] == "Ana Rossi"
    assert metadata["Licence"] == "http://creativecommons.org/licenses/by-nc/4.0/"
    (provider,) = manifest["provider"]
    assert provider["id"] == "https://archivio.example/"
    assert provider["label"] == {"none": ["Archivio Ludico"]}
    (homepage,) = manifest["homepage"]
    assert homepage["id"] == (
        f"http://testserver/games/fury-of-dracula/#rulebook-{dracula.pk}")
    assert client.get(local(homepage["id"]))["Access-Control-Allow-Origin"] == "*"


def test_nothing_private_is_readable_from_another_origin(client, dracula):
    """A private match's pages and API answers carry no CORS header even for its owner, and
    no answer anywhere allows credentials: a page on another site never reads as a signed-in
    user."""
    owner = make_curator("owner")
    import games

    document = games.get("dagon").simulate(seed=3, max_events=10)
    private = import_match(raw=document, created_by=owner, is_private=True)
    client.force_login(owner)
    for path in (f"/matches/{private.pk}/", f"/api/matches/{private.pk}/",
                 f"/api/matches/{private.pk}/events/", f"/matches/{private.pk}/export.json"):
        response = client.get(path)
        assert response.status_code == 200, path
        assert "Access-Control-Allow-Origin" not in response, path
    public = client.get(f"/rulebooks/{dracula.pk}/manifest.json")
    assert public["Access-Control-Allow-Origin"] == "*"
    assert "Access-Control-Allow-Credentials" not in public
    assert "Cookie" in client.get("/games/fury-of-dracula/").get("Vary", "")


def test_thumbnails_stored_before_their_size_was_kept_get_it_from_the_migration(dracula):
    import importlib

    from django.apps import apps

    from archive.models import Scan

    migration = importlib.import_module("archive.migrations.0004_rulebook_rights_scan_tiles")
    Scan.objects.update(thumbnail_width=None, thumbnail_height=None)
    migration.thumbnail_sizes(apps, None)
    assert set(Scan.objects.values_list("thumbnail_width", "thumbnail_height")) == {(240, 320)}
