"""IIIF Presentation 3 manifest of a rulebook's scans, checked by iiif-prezi3's model of the
specification's schema.

Pure: plain values in, a JSON-LD ``dict`` out; no Django, no network, and the library's global
``config`` (auto ids, auto language) is left alone: every id is given explicitly.

One Canvas per scan, sized from the image, painted by one Image annotation whose image carries
its IIIF Image API service (a level-0 tile pyramid) when it has one, and with its thumbnail.
The text printed on the page is the canvas's annotation page: each passage a ``supplementing``
annotation whose ``TextualBody`` is in the passage's language, each note on it a
``commenting`` one, and each region drawn on the page for a note a ``commenting`` one whose
target is the canvas with a FragmentSelector ``xywh``. Every resource has an id under its
canvas's, so each can be fetched alone (``find_resource``).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from dataclasses import dataclass

__all__ = [
    "COMMENTING",
    "IMAGE_SERVICE_PROFILE",
    "PRESENTATION_CONTEXT",
    "SUPPLEMENTING",
    "TEI_FORMAT",
    "Description",
    "IiifScan",
    "Link",
    "PageText",
    "Provider",
    "Thumbnail",
    "Words",
    "build_manifest",
    "find_resource",
]

PRESENTATION_CONTEXT = "http://iiif.io/api/presentation/3/context.json"
MEDIA_FRAGMENTS = "http://www.w3.org/TR/media-frags/"
TEI_FORMAT = "application/tei+xml"
IMAGE_SERVICE_PROFILE = "level0"
SUPPLEMENTING, COMMENTING = "supplementing", "commenting"
# The schema's pattern for a language map's keys: letters and hyphens (or "none").
_LANGUAGE_KEY = re.compile(r"[a-zA-Z-]+")
# The resources of a manifest that are fetched by their id (canvases, annotation pages, notes).
_FETCHABLE = ("Canvas", "AnnotationPage", "Annotation")


def iiif_language(tag: str | None) -> str:
    """A BCP 47 tag as a language map's key: ``none`` when unknown, and the primary language
    of a tag the schema's pattern refuses (``es-419`` → ``es``)."""
    if not tag:
        return "none"
    if _LANGUAGE_KEY.fullmatch(tag):
        return tag
    return tag.split("-", 1)[0] if _LANGUAGE_KEY.fullmatch(tag.split("-", 1)[0]) else "none"


@dataclass(frozen=True)
class Words:
    """Words in one language (a BCP 47 tag, or ``none`` for names and numbers)."""

    text: str
    language: str

    def as_map(self) -> dict[str, list[str]]:
        return {iiif_language(self.language): [self.text]}


@dataclass(frozen=True)
class Link:
    id: str
    type: str  # "Text" for a page, "Dataset" for data
    label: Words
    format: str
    profile: str = ""
    language: str = ""

    def as_json(self) -> dict:
        link = {"id": self.id, "type": self.type, "label": self.label.as_map(),
                "format": self.format}
        if self.profile:
            link["profile"] = self.profile
        if self.language:
            link["language"] = [iiif_language(self.language)]
        return link


@dataclass(frozen=True)
class Provider:
    id: str
    label: Words
    homepage: Link


@dataclass(frozen=True)
class Thumbnail:
    url: str
    format: str
    width: int | None = None
    height: int | None = None


@dataclass(frozen=True)
class PageText:
    """Text on a page: a passage as printed there (``SUPPLEMENTING``) or a note on it
    (``COMMENTING``), on the whole page or, with ``region`` (x, y, w, h in the image's
    pixels), on a part of it. ``key`` names its annotation under the canvas, ``passage-12``;
    ``language`` is None where it is not known."""

    key: str
    text: str
    language: str | None
    motivation: str = SUPPLEMENTING
    region: tuple[int, int, int, int] | None = None


@dataclass(frozen=True)
class IiifScan:
    canvas_id: str
    image_url: str
    width: int
    height: int
    format: str  # media type of the image, "image/jpeg"
    page_label: str  # as printed, "12"
    thumbnail: Thumbnail | None = None
    image_service: str = ""  # id of its IIIF Image API 3 service, "" when it has none
    texts: tuple[PageText, ...] = ()


@dataclass(frozen=True)
class Description:
    """What a viewer's "About" panel and an aggregator read."""

    label: Words
    summary: Words | None = None
    metadata: tuple[tuple[Words, Words], ...] = ()
    required_statement: tuple[Words, Words] | None = None
    rights: str = ""  # a Creative Commons or RightsStatements.org URI
    homepage: Link | None = None
    provider: Provider | None = None
    see_also: tuple[Link, ...] = ()
    rendering: tuple[Link, ...] = ()


def _thumbnail(thumbnail: Thumbnail) -> dict:
    image: dict[str, str | int] = {"id": thumbnail.url, "type": "Image", "format": thumbnail.format}
    if thumbnail.width and thumbnail.height:
        image.update(width=thumbnail.width, height=thumbnail.height)
    return image


def _text_annotation(canvas_id: str, text: PageText) -> dict:
    body = {"type": "TextualBody", "value": text.text, "format": "text/plain"}
    if text.language:
        body["language"] = text.language
    target: str | dict = canvas_id
    if text.region is not None:
        # a Web Annotation's FragmentSelector on the canvas, whose size is the image's
        target = {"type": "SpecificResource", "source": {"id": canvas_id, "type": "Canvas"},
                  "selector": {"type": "FragmentSelector", "conformsTo": MEDIA_FRAGMENTS,
                               "value": "xywh={},{},{},{}".format(*text.region)}}
    return {
        "id": f"{canvas_id}/annotation/{text.key}",
        "type": "Annotation",
        "motivation": text.motivation,
        "body": body,
        "target": target,
    }


def _canvas(scan: IiifScan) -> dict:
    if scan.width <= 0 or scan.height <= 0:
        raise ValueError(f"scan {scan.page_label!r}: width and height must be positive")
    image = {
        "id": scan.image_url,
        "type": "Image",
        "format": scan.format,
        "width": scan.width,
        "height": scan.height,
    }
    if scan.image_service:
        image["service"] = [
            {"id": scan.image_service, "type": "ImageService3",
             "profile": IMAGE_SERVICE_PROFILE}
        ]
    painting = {
        "id": f"{scan.canvas_id}/annotation/painting",
        "type": "Annotation",
        "motivation": "painting",
        "body": image,
        "target": scan.canvas_id,
    }
    canvas = {
        "id": scan.canvas_id,
        "type": "Canvas",
        "label": {"none": [scan.page_label]},
        "width": scan.width,
        "height": scan.height,
        "items": [{"id": f"{scan.canvas_id}/page/painting", "type": "AnnotationPage",
                   "items": [painting]}],
    }
    if scan.thumbnail is not None:
        canvas["thumbnail"] = [_thumbnail(scan.thumbnail)]
    if scan.texts:
        canvas["annotations"] = [
            {
                "id": f"{scan.canvas_id}/page/transcription",
                "type": "AnnotationPage",
                "items": [_text_annotation(scan.canvas_id, text) for text in scan.texts],
            }
        ]
    return canvas


def build_manifest(
    *, manifest_id: str, description: Description, scans: Iterable[IiifScan]
) -> dict:
    """The manifest as a JSON-LD dict, checked against iiif-prezi3's model of the
    Presentation 3 schema (a ``pydantic.ValidationError`` names what is wrong)."""
    canvases = [_canvas(scan) for scan in scans]
    manifest: dict = {"id": manifest_id, "type": "Manifest", "label": description.label.as_map()}
    if description.summary is not None:
        manifest["summary"] = description.summary.as_map()
    if description.metadata:
        manifest["metadata"] = [{"label": label.as_map(), "value": value.as_map()}
                                for label, value in description.metadata]
    if description.required_statement is not None:
        label, value = description.required_statement
        manifest["requiredStatement"] = {"label": label.as_map(), "value": value.as_map()}
    if description.rights:
        manifest["rights"] = description.rights
    if description.provider is not None:
        provider = description.provider
        manifest["provider"] = [{"id": provider.id, "type": "Agent",
                                 "label": provider.label.as_map(),
                                 "homepage": [provider.homepage.as_json()]}]
    if description.homepage is not None:
        manifest["homepage"] = [description.homepage.as_json()]
    if description.see_also:
        manifest["seeAlso"] = [link.as_json() for link in description.see_also]
    if description.rendering:
        manifest["rendering"] = [link.as_json() for link in description.rendering]
    first = next((c["thumbnail"] for c in canvases if "thumbnail" in c), None)
    if first is not None:
        manifest["thumbnail"] = first
    manifest["items"] = canvases
    # Validated by the IIIF library only when a manifest is made (it brings pydantic and
    # more: a web process that never serves one never pays for it).
    from iiif_prezi3 import Manifest

    return json.loads(Manifest.model_validate(manifest).jsonld())


def find_resource(manifest: dict, resource_id: str) -> dict | None:
    """The canvas, annotation page or annotation of ``manifest`` whose id is
    ``resource_id``, as a document of its own (with the Presentation 3 context)."""
    found = _find(manifest, resource_id)
    return {"@context": PRESENTATION_CONTEXT, **found} if found is not None else None


def _find(node, resource_id: str) -> dict | None:
    children: Iterable
    if isinstance(node, dict):
        if node.get("id") == resource_id and node.get("type") in _FETCHABLE:
            return node
        children = node.values()
    elif isinstance(node, list):
        children = node
    else:
        return None
    for child in children:
        found = _find(child, resource_id)
        if found is not None:
            return found
    return None
