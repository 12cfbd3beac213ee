"""IIIF Presentation 3 manifest: structure, and validity by iiif-prezi3's own model."""

import json

import pytest
from iiif_prezi3 import Manifest
from pydantic import ValidationError

from archive.iiif import TEI_FORMAT, IiifScan, build_manifest

BASE = "https://ludoteca.example/iiif/fury-of-dracula"
SCANS = [
    (
        f"{BASE}/canvas/p7",
        "https://ludoteca.example/media/fury/7.jpg",
        1200,
        1700,
        "image/jpeg",
        "7",
    ),
    IiifScan(
        f"{BASE}/canvas/p12",
        "https://ludoteca.example/media/fury/12.png",
        1300,
        1800,
        "image/png",
        "12",
    ),
]


def _manifest(**extra) -> dict:
    return build_manifest(
        manifest_id=f"{BASE}/manifest",
        label="La Furia di Dracula",
        scans=SCANS,
        language="it",
        **extra,
    )


def _validate(manifest: dict) -> Manifest:
    assert manifest["@context"] == "http://iiif.io/api/presentation/3/context.json"
    body = {k: v for k, v in manifest.items() if k != "@context"}
    return Manifest.model_validate_json(json.dumps(body))


def test_one_canvas_per_scan_sized_from_the_image():
    manifest = _manifest()
    assert manifest["type"] == "Manifest" and manifest["id"] == f"{BASE}/manifest"
    assert manifest["label"] == {"it": ["La Furia di Dracula"]}
    canvases = manifest["items"]
    assert [(c["id"], c["width"], c["height"], c["label"]) for c in canvases] == [
        (f"{BASE}/canvas/p7", 1200, 1700, {"none": ["7"]}),
        (f"{BASE}/canvas/p12", 1300, 1800, {"none": ["12"]}),
    ]
    for canvas, (url, fmt) in zip(
        canvases,
        [
            ("https://ludoteca.example/media/fury/7.jpg", "image/jpeg"),
            ("https://ludoteca.example/media/fury/12.png", "image/png"),
        ],
    ):
        (page,) = canvas["items"]
        (painting,) = page["items"]
        assert painting["motivation"] == "painting" and painting["target"] == canvas["id"]
        assert painting["body"] == {
            "id": url,
            "type": "Image",
            "format": fmt,
            "width": canvas["width"],
            "height": canvas["height"],
        }
    assert "rendering" not in manifest and "annotations" not in canvases[0]


def test_transcription_is_linked():
    url = "https://ludoteca.example/archive/fury-of-dracula/transcription/1.tei.xml"
    manifest = _manifest(transcription_url=url)
    (rendering,) = manifest["rendering"]
    assert rendering["id"] == url and rendering["format"] == TEI_FORMAT
    assert rendering["type"] == "Text"
    for canvas in manifest["items"]:
        (page,) = canvas["annotations"]
        (note,) = page["items"]
        assert note["motivation"] == "supplementing"
        assert note["target"] == canvas["id"]
        assert note["body"] == {"id": url, "type": "Text", "format": TEI_FORMAT, "language": "it"}


def test_valid_by_the_library_model():
    url = "https://ludoteca.example/t.xml"
    manifest = _manifest(transcription_url=url)
    model = _validate(manifest)
    assert len(model.items) == 2
    assert json.loads(model.jsonld()) == manifest  # and it round-trips through the model


def test_the_model_does_refuse_a_broken_manifest():
    for breakage in (
        lambda m: m["items"][0].__setitem__("width", "wide"),
        lambda m: m["items"][0]["items"][0]["items"][0].pop("target"),
        lambda m: m.__setitem__("type", "Book"),
    ):
        manifest = _manifest()
        breakage(manifest)
        with pytest.raises(ValidationError):
            _validate(manifest)


def test_empty_and_bad_scans():
    manifest = build_manifest(manifest_id=f"{BASE}/m", label="x", scans=[], language="en")
    assert manifest["items"] == []
    _validate(manifest)
    with pytest.raises(ValueError):
        build_manifest(
            manifest_id=f"{BASE}/m",
            label="x",
            language="en",
            scans=[("c", "https://i.example/1.jpg", 0, 10, "image/jpeg", "1")],
        )
