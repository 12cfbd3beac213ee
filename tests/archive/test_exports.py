"""TEI P5 and IIIF exports built from the database, the original-language glossary,
and TEI read back. The shapes of the pure builders are tested in test_tei/test_iiif/test_glossary;
here they are fed by the models."""

from __future__ import annotations

import io

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from lxml import etree
from PIL import Image

from archive import tei
from archive.exports import (
    game_glossary,
    rulebook_manifest,
    transcription_tei,
)
from archive.models import Game, Rulebook, Transcription
from archive.scan_uploads import add_scan
from archive.services import ArchiveError, import_tei, load_archive
from archive.tei import TEI_NS, check_pointers, parse_tei
from archive.tei_reading import tei_text

NS = {"t": TEI_NS}
GAMES = ("dylan-dog", "fury-of-dracula", "gothic", "dagon")


@pytest.fixture(scope="module")
def tei_schema():
    return tei.tei_schema()


@pytest.fixture
def archive(db):
    load_archive()
    return {g.slug: g for g in Game.objects.all()}


@pytest.fixture
def media(tmp_path, settings):
    settings.MEDIA_ROOT = tmp_path / "media"
    return settings.MEDIA_ROOT


def png(size=(90, 120), colour=(210, 190, 150)) -> SimpleUploadedFile:
    out = io.BytesIO()
    Image.new("RGB", size, colour).save(out, format="PNG")
    return SimpleUploadedFile("page.png", out.getvalue(), content_type="image/png")


def pdf() -> SimpleUploadedFile:
    return SimpleUploadedFile("page.pdf", b"%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n")


# the language of each seeded rulebook's first transcription (Dracula also has an English one)
SEEDED = {"dylan-dog": "en", "fury-of-dracula": "it", "gothic": "en", "dagon": "en"}


def latest(slug: str, language: str | None = None) -> Transcription:
    return (
        Transcription.objects.filter(rulebook__game__slug=slug, language=language or SEEDED[slug])
        .order_by("-version")
        .first()
    )


def exported(slug: str, **kwargs) -> etree._Element:
    return etree.fromstring(transcription_tei(transcription=latest(slug), **kwargs))


# -- TEI from the database ------------------------------------------------------------------------


@pytest.mark.parametrize("slug", GAMES)
def test_tei_export_of_each_seeded_rulebook_is_valid_and_its_pointers_resolve(
    archive, tei_schema, slug
):
    xml = transcription_tei(transcription=latest(slug))
    root = etree.fromstring(xml)
    assert tei_schema.validate(root), tei_schema.error_log
    assert check_pointers(xml) == []
    transcription = latest(slug)
    ids = {div.get("n") for div in root.iterfind(".//t:body/t:div", NS)}
    assert ids == set(transcription.passages.values_list("slug", flat=True))


def test_every_seeded_transcription_exports_valid_tei(archive, tei_schema):
    transcriptions = list(Transcription.objects.all())
    assert len(transcriptions) >= 4
    for transcription in transcriptions:
        xml = transcription_tei(transcription=transcription)
        assert tei_schema.validate(etree.fromstring(xml)), (transcription, tei_schema.error_log)
        assert check_pointers(xml) == [], transcription


def test_gothic_export_carries_its_three_unclear_spans(archive):
    root = exported("gothic")
    unclear = root.findall(".//t:unclear", NS)
    assert ["".join(u.itertext()) for u in unclear] == [
        "any one player",
        "unluckily enough",
        "Congolese Blow pipe",
    ]
    for u in unclear:
        assert u.get("cert") in {"high", "medium", "low", "unknown"}
        pointer = f"#{u.get('{http://www.w3.org/XML/1998/namespace}id')}"
        notes = root.xpath(".//t:note[@type='legibility']", namespaces=NS)
        assert any(pointer in (n.get("target") or "").split() for n in notes)


def test_dagon_export_carries_its_two_editorial_notes(archive):
    notes = exported("dagon").findall(".//t:note[@type='editorial']", NS)
    assert len(notes) == 2
    assert "closing parenthesis" in "".join(notes[0].itertext())
    assert "Lagoon" in "".join(notes[1].itertext())


def test_dracula_export_carries_its_page_citations(archive):
    breaks = exported("fury-of-dracula").findall(".//t:citedRange", NS)
    assert len(breaks) == 6
    assert all(cited.text for cited in breaks)
    assert all(cited.get("target") is None for cited in breaks)  # no scan archived yet


def test_header_names_revisions_responsibility_and_source(archive):
    gothic = latest("gothic")
    root = exported("gothic")
    assert root.findtext(".//t:titleStmt/t:title", namespaces=NS) == gothic.title
    assert root.findtext(".//t:respStmt/t:persName", namespaces=NS) == "Ludoteca seed archive"
    assert (
        root.findtext(".//t:sourceDesc/t:bibl/t:edition", namespaces=NS) == "Booklet (photographed)"
    )
    changes = root.findall(".//t:revisionDesc/t:change", NS)
    assert [c.get("n") for c in changes] == ["1"]


def test_tei_with_a_scan_links_its_page_breaks_to_the_facsimile(archive, media, tei_schema):
    dracula = latest("fury-of-dracula")
    scan = add_scan(rulebook=dracula.rulebook, page_number=12, upload=png())
    xml = transcription_tei(transcription=dracula, request_base_url="https://ludoteca.example")
    root = etree.fromstring(xml)
    assert tei_schema.validate(root), tei_schema.error_log
    assert check_pointers(xml) == []
    surfaces = root.findall(".//t:facsimile/t:surface", NS)
    assert len(surfaces) == 1 and surfaces[0].get("n") == "12"
    graphic = surfaces[0].find("t:graphic", NS)
    assert graphic.get("url") == f"https://ludoteca.example{scan.file.url}"
    assert graphic.get("width") == "90px" and graphic.get("height") == "120px"
    surface_id = surfaces[0].get("{http://www.w3.org/XML/1998/namespace}id")
    linked = [cited for cited in root.iterfind(".//t:citedRange", NS) if cited.get("target")]
    assert linked and all(cited.get("target") == f"#{surface_id}" for cited in linked)


def test_a_pdf_scan_is_no_facsimile_surface(archive, media):
    dracula = latest("fury-of-dracula")
    add_scan(rulebook=dracula.rulebook, page_number=12, upload=pdf())
    root = exported("fury-of-dracula")
    assert root.find(".//t:facsimile", NS) is None


# -- TEI read back ---------------------------------------------------------------------------------


def _notes(transcription):
    return sorted(
        (a.kind, a.passage.slug, a.target, a.body, a.certainty)
        for a in transcription.annotations.select_related("passage")
    )


@pytest.mark.parametrize("slug", GAMES)
def test_import_of_an_export_restores_the_same_notes(archive, slug):
    original = latest(slug)
    xml = transcription_tei(transcription=original)
    result = import_tei(game=archive[slug], xml=xml, language=original.language)
    restored = result.transcription
    assert restored.version == original.version + 1
    assert _notes(restored) == _notes(original)
    assert list(restored.passages.values_list("slug", "heading")) == list(
        original.passages.values_list("slug", "heading")
    )
    assert restored.transcriber == original.transcriber
    # what parse_tei reads from both exports is the same too
    again = transcription_tei(transcription=restored)
    assert parse_tei(again) == parse_tei(xml)


def test_tei_text_rebuilds_the_bracketed_notes(archive):
    text = tei_text(transcription_tei(transcription=latest("gothic"))).text
    assert "[a circled number in the photo, probably 6]" in text
    assert '[Legibility: "Congolese Blow pipe" is the printed phrase' in text


@pytest.mark.parametrize(
    ("xml", "message"),
    [
        (b"<TEI><teiHeader>", "not well-formed XML"),
        (b"<html xmlns='http://www.w3.org/1999/xhtml'/>", "not a TEI P5 <TEI>"),
        (
            f"<TEI xmlns='{TEI_NS}'><teiHeader><fileDesc><titleStmt><title>X</title>"
            f"</titleStmt></fileDesc></teiHeader><text><body/></text></TEI>".encode(),
            "no <div>",
        ),
    ],
)
def test_import_of_a_malformed_tei_file_names_the_problem(archive, xml, message):
    with pytest.raises(ArchiveError, match=message) as caught:
        import_tei(game=archive["gothic"], xml=xml, language="en")
    assert caught.value.field == "file"


def test_import_refuses_another_language(archive):
    xml = transcription_tei(transcription=latest("gothic"))
    with pytest.raises(ArchiveError, match=r"'en'.*not 'it'"):
        import_tei(game=archive["gothic"], xml=xml, language="it")


# -- IIIF --------------------------------------------------------------------------------------------


def test_manifest_has_one_canvas_per_image_scan_sized_from_the_image(archive, media):
    rulebook = Rulebook.objects.get(game__slug="fury-of-dracula")
    first = add_scan(rulebook=rulebook, page_number=12, upload=png((90, 120)))
    second = add_scan(rulebook=rulebook, page_number=13, upload=png((100, 140), (1, 2, 3)))
    add_scan(rulebook=rulebook, page_number=14, upload=pdf())
    manifest = rulebook_manifest(rulebook=rulebook, base_url="https://ludoteca.example/")
    assert manifest["@context"] == "http://iiif.io/api/presentation/3/context.json"
    assert manifest["type"] == "Manifest"
    assert manifest["id"] == f"https://ludoteca.example/rulebooks/{rulebook.pk}/manifest.json"
    canvases = manifest["items"]
    assert [(c["width"], c["height"]) for c in canvases] == [(90, 120), (100, 140)]
    assert [c["label"]["none"] for c in canvases] == [["12"], ["13"]]
    body = canvases[0]["items"][0]["items"][0]["body"]
    assert body["id"] == f"https://ludoteca.example{first.file.url}"
    assert body["format"] == "image/png" and (body["width"], body["height"]) == (90, 120)
    assert canvases[1]["items"][0]["items"][0]["body"]["id"].endswith(second.file.url)
    tei_url = f"https://ludoteca.example/transcriptions/{latest('fury-of-dracula').pk}/tei.xml"
    supplementing = canvases[0]["annotations"][0]["items"][0]
    assert supplementing["motivation"] == "supplementing"
    assert supplementing["body"]["type"] == "TextualBody"
    assert supplementing["body"]["value"].startswith("Se termini il tuo movimento in un rifugio")
    assert tei_url in [link["id"] for link in manifest["seeAlso"]]
    renderings = {r["format"]: r for r in manifest["rendering"]}
    assert renderings["application/tei+xml"]["id"] == tei_url
    assert renderings["application/pdf"]["label"]["en"] == ["Scan of page 14 (PDF)"]


def test_manifest_of_a_rulebook_without_image_scans_is_refused(archive):
    rulebook = Rulebook.objects.get(game__slug="gothic")
    with pytest.raises(ValueError, match="no image scan"):
        rulebook_manifest(rulebook=rulebook, base_url="https://ludoteca.example")


# -- glossary ----------------------------------------------------------------------------------------


def test_dylan_dog_glossary_lists_its_italian_terms(archive):
    pairs = {str(item) for item in game_glossary(game=archive["dylan-dog"])}
    assert {"dragger (trascinatore)", "story cards (carte-racconto)"} <= pairs
    assert any("PRENDI UNA CARTA INCUBO" in pair for pair in pairs)
    items = game_glossary(game=archive["dylan-dog"])
    assert all(item.original_language == "it" and not item.supplied for item in items)


def test_dracula_glossary_renderings_are_marked_as_ours(archive):
    items = game_glossary(game=archive["fury-of-dracula"])
    assert items and all(item.supplied for item in items)
    assert game_glossary(game=archive["gothic"]) == []
