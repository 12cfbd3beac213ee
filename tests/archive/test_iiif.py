"""IIIF Presentation 3 manifest builder: structure, and validity by the official schema."""

import json

import pytest
from pydantic import ValidationError

from archive.iiif import (
    COMMENTING,
    TEI_FORMAT,
    Description,
    IiifScan,
    Link,
    PageText,
    Provider,
    Thumbnail,
    Words,
    build_manifest,
    find_resource,
)
from tests.archive.iiif_validation import validate_manifest

BASE = "https://ludoteca.example/rulebooks/3"
SERVICE = "https://ludoteca.example/media/scans/3/tiles/abc"
SCANS = [
    IiifScan(f"{BASE}/canvas/7", "https://ludoteca.example/media/7.jpg", 1200, 1700,
             "image/jpeg", "7",
             thumbnail=Thumbnail("https://ludoteca.example/media/7.png", "image/png", 226, 320),
             image_service=SERVICE,
             texts=(PageText("passage-1", "Durante il giorno peschi", "it"),
                    PageText("note-4", "Leggibilità: sfocato", "it", COMMENTING))),
    IiifScan(f"{BASE}/canvas/8", "https://ludoteca.example/media/12.png", 1300, 1800,
             "image/png", "12"),
]
TEI = "https://ludoteca.example/transcriptions/1/tei.xml"
DESCRIPTION = Description(
    label=Words("Dagon contra el Hechicero de los Reinos Negros", "es"),
    summary=Words("Rules sheet of Dagon, printed in Spanish: 2 pages scanned.", "en"),
    metadata=((Words("Game", "en"), Words("Dagon contra el Hechicero", "es")),
              (Words("Year", "en"), Words("1986", "none"))),
    required_statement=(Words("Attribution", "en"), Words("Rights holder: Ana.", "en")),
    rights="http://creativecommons.org/licenses/by-nc/4.0/",
    homepage=Link("https://ludoteca.example/games/dagon/#rulebook-3", "Text",
                  Words("Dagon in Ludoteca", "en"), "text/html", language="en"),
    provider=Provider("https://ludoteca.example/", Words("Ludoteca", "none"),
                      Link("https://ludoteca.example/", "Text", Words("Ludoteca", "none"),
                           "text/html")),
    see_also=(Link(TEI, "Dataset", Words("Transcription (TEI P5)", "en"), TEI_FORMAT,
                   profile="http://www.tei-c.org/ns/1.0"),),
)


def _manifest(description=DESCRIPTION, scans=SCANS) -> dict:
    return build_manifest(manifest_id=f"{BASE}/manifest.json", description=description,
                          scans=scans)


def test_one_canvas_per_scan_with_its_image_tiles_and_thumbnail():
    manifest = _manifest()
    canvases = manifest["items"]
    assert [(c["id"], c["width"], c["height"], c["label"]) for c in canvases] == [
        (f"{BASE}/canvas/7", 1200, 1700, {"none": ["7"]}),
        (f"{BASE}/canvas/8", 1300, 1800, {"none": ["12"]}),
    ]
    (page,) = canvases[0]["items"]
    (painting,) = page["items"]
    assert painting["motivation"] == "painting" and painting["target"] == canvases[0]["id"]
    assert painting["body"]["service"] == [
        {"id": SERVICE, "type": "ImageService3", "profile": "level0"}]
    thumbnail = {"id": "https://ludoteca.example/media/7.png", "type": "Image",
                 "format": "image/png", "width": 226, "height": 320}
    assert canvases[0]["thumbnail"] == [thumbnail] and manifest["thumbnail"] == [thumbnail]
    # a page with no tiles yet is drawn from its file; one with no text has no annotations
    assert "service" not in canvases[1]["items"][0]["items"][0]["body"]
    assert "annotations" not in canvases[1] and "thumbnail" not in canvases[1]


def test_the_text_on_a_page_is_its_annotation_page_in_the_texts_language():
    canvas = _manifest()["items"][0]
    (page,) = canvas["annotations"]
    assert page["id"] == f"{BASE}/canvas/7/page/transcription"
    passage, note = page["items"]
    assert passage == {
        "id": f"{BASE}/canvas/7/annotation/passage-1", "type": "Annotation",
        "motivation": "supplementing", "target": canvas["id"],
        "body": {"type": "TextualBody", "value": "Durante il giorno peschi",
                 "format": "text/plain", "language": "it"},
    }
    assert note["motivation"] == "commenting" and note["body"]["language"] == "it"
    unknown = _manifest(scans=[IiifScan(f"{BASE}/canvas/9", "https://l.example/9.png", 10, 10,
                                        "image/png", "9",
                                        texts=(PageText("note-1", "x", None, COMMENTING),))])
    assert "language" not in unknown["items"][0]["annotations"][0]["items"][0]["body"]


def test_the_description_a_viewer_shows():
    manifest = _manifest()
    assert manifest["label"] == {"es": ["Dagon contra el Hechicero de los Reinos Negros"]}
    assert manifest["summary"]["en"][0].startswith("Rules sheet")
    assert manifest["metadata"][1] == {"label": {"en": ["Year"]}, "value": {"none": ["1986"]}}
    assert manifest["requiredStatement"]["value"] == {"en": ["Rights holder: Ana."]}
    assert manifest["rights"] == "http://creativecommons.org/licenses/by-nc/4.0/"
    assert manifest["homepage"][0]["language"] == ["en"]
    assert manifest["provider"][0]["type"] == "Agent"
    assert manifest["seeAlso"][0]["format"] == TEI_FORMAT


def test_valid_by_the_official_schema_and_round_trips():
    manifest = _manifest()
    model = validate_manifest(manifest)
    assert json.loads(model.jsonld()) == manifest


def test_the_model_does_refuse_a_broken_manifest():
    for breakage in (
        lambda m: m["items"][0].__setitem__("width", "wide"),
        lambda m: m["items"][0]["items"][0]["items"][0].pop("target"),
        lambda m: m.__setitem__("type", "Book"),
        lambda m: m.__setitem__("rights", "https://creativecommons.org/licenses/by/4.0/"),
        lambda m: m["items"][1].__setitem__("id", m["items"][0]["id"]),
    ):
        manifest = _manifest()
        breakage(manifest)
        with pytest.raises((ValidationError, AssertionError)):
            validate_manifest(manifest)


def test_a_language_key_the_schema_refuses_becomes_its_language():
    words = Words("Dagon", "es-419")
    assert words.as_map() == {"es": ["Dagon"]}
    assert Words("x", "").as_map() == {"none": ["x"]}
    validate_manifest(_manifest(description=Description(label=words)))


def test_empty_and_bad_scans():
    manifest = _manifest(scans=[])
    assert manifest["items"] == [] and "thumbnail" not in manifest
    with pytest.raises(ValueError):
        _manifest(scans=[IiifScan("c", "https://i.example/1.jpg", 0, 10, "image/jpeg", "1")])


def test_each_resource_is_found_by_its_id_as_a_document():
    manifest = _manifest()
    for path, kind in (("canvas/7", "Canvas"), ("canvas/7/page/painting", "AnnotationPage"),
                       ("canvas/7/annotation/passage-1", "Annotation"),
                       ("canvas/7/page/transcription", "AnnotationPage")):
        found = find_resource(manifest, f"{BASE}/{path}")
        assert found["type"] == kind and found["id"] == f"{BASE}/{path}"
        assert found["@context"] == "http://iiif.io/api/presentation/3/context.json"
    assert find_resource(manifest, SERVICE) is None  # a service is not a manifest's resource
    assert find_resource(manifest, f"{BASE}/canvas/99") is None
