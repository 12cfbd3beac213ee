"""IIIF Presentation 3 manifest of a rulebook's scans, built with iiif-prezi3.

Pure: plain values in, a JSON-LD ``dict`` out; no Django, no network, and the library's global
``config`` (auto ids, auto language) is left alone: every id is given explicitly.

One Canvas per scan, sized from the image, painted by one Image annotation. When a transcription
URL is given it is linked twice, the way viewers look for it: from the manifest as a
``rendering`` (a download of the whole text) and on each canvas as a ``supplementing``
annotation whose body is the text (a transcription supplements the page it transcribes).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from iiif_prezi3 import (
    Annotation,
    AnnotationBody,
    AnnotationPage,
    Canvas,
    Manifest,
)

__all__ = ["TEI_FORMAT", "IiifScan", "build_manifest"]

TEI_FORMAT = "application/tei+xml"


@dataclass(frozen=True)
class IiifScan:
    canvas_id: str
    image_url: str
    width: int
    height: int
    format: str  # media type of the image, "image/jpeg"
    page_label: str  # as printed, "12"


def _scan(value: IiifScan | Sequence) -> IiifScan:
    scan = value if isinstance(value, IiifScan) else IiifScan(*value)
    if scan.width <= 0 or scan.height <= 0:
        raise ValueError(f"scan {scan.page_label!r}: width and height must be positive")
    return scan


def build_manifest(
    *,
    manifest_id: str,
    label: str,
    scans: Iterable[IiifScan | Sequence],
    transcription_url: str | None = None,
    language: str = "en",
    transcription_format: str = TEI_FORMAT,
) -> dict:
    """The manifest as a JSON-LD dict; ``scans`` are ``IiifScan`` or tuples in its field order
    (canvas id, image url, width, height, format, page label)."""
    manifest = Manifest(id=manifest_id, label={language: [label]}, items=[])
    if transcription_url:
        manifest.rendering = [
            {
                "id": transcription_url,
                "type": "Text",
                "label": {"en": ["Transcription (TEI P5)"]},
                "format": transcription_format,
            }
        ]
    for scan in map(_scan, scans):
        canvas = Canvas(
            id=scan.canvas_id,
            label={"none": [scan.page_label]},
            width=scan.width,
            height=scan.height,
            items=[],
        )
        image = AnnotationBody(
            id=scan.image_url,
            type="Image",
            format=scan.format,
            width=scan.width,
            height=scan.height,
        )
        painting = Annotation(
            id=f"{scan.canvas_id}/annotation/painting",
            motivation="painting",
            body=image,
            target=scan.canvas_id,
        )
        canvas.items = [AnnotationPage(id=f"{scan.canvas_id}/page/painting", items=[painting])]
        if transcription_url:
            text = AnnotationBody(
                id=transcription_url,
                type="Text",
                format=transcription_format,
                language=language,
            )
            supplementing = Annotation(
                id=f"{scan.canvas_id}/annotation/transcription",
                motivation="supplementing",
                body=text,
                target=scan.canvas_id,
            )
            canvas.annotations = [
                AnnotationPage(
                    id=f"{scan.canvas_id}/page/transcription",
                    items=[supplementing],
                )
            ]
        manifest.items = [*manifest.items, canvas]
    return json.loads(manifest.jsonld())
