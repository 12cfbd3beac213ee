"""A region as a W3C Web Annotation (https://www.w3.org/TR/annotation-model/): its body the
note, its target the scan's image with a FragmentSelector ``xywh=pixel:x,y,w,h`` (Media
Fragments), as Annotorious draws and reads them and IIIF viewers show them.

Pure: plain values in, JSON-ready dicts out.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

__all__ = [
    "ANNOTATION_CONTEXT",
    "MEDIA_FRAGMENTS",
    "RegionNote",
    "annotation_page",
    "fragment",
    "web_annotation",
]

ANNOTATION_CONTEXT = "http://www.w3.org/ns/anno.jsonld"
MEDIA_FRAGMENTS = "http://www.w3.org/TR/media-frags/"


@dataclass(frozen=True)
class RegionNote:
    """What a region says: the note and the words it concerns, in the note's language."""

    id: str
    source: str  # the scan's image (or a IIIF canvas)
    x: int
    y: int
    w: int
    h: int
    text: str
    language: str | None
    creator: str
    created: dt.datetime


def fragment(x: int, y: int, w: int, h: int) -> str:
    return f"xywh=pixel:{x},{y},{w},{h}"


def web_annotation(region: RegionNote) -> dict:
    body = {"type": "TextualBody", "value": region.text, "format": "text/plain",
            "purpose": "commenting"}
    if region.language:
        body["language"] = region.language
    return {
        "@context": ANNOTATION_CONTEXT,
        "id": region.id,
        "type": "Annotation",
        "motivation": "commenting",
        "creator": {"type": "Person", "name": region.creator},
        "created": region.created.isoformat().replace("+00:00", "Z"),
        "body": [body],
        "target": {
            "source": region.source,
            "selector": {"type": "FragmentSelector", "conformsTo": MEDIA_FRAGMENTS,
                         "value": fragment(region.x, region.y, region.w, region.h)},
        },
    }


def annotation_page(*, id: str, regions: list[RegionNote]) -> dict:
    """The regions of one page as a W3C AnnotationPage."""
    return {"@context": ANNOTATION_CONTEXT, "id": id, "type": "AnnotationPage",
            "items": [web_annotation(region) for region in regions]}
