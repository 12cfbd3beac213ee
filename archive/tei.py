"""TEI P5 export of a transcription, its check, and the import of our own export.

Pure: plain dataclasses in, bytes out; no Django. Validates against ``tei_all.rng`` (TEI 4.3.0),
kept in ``archive/schemas/`` with its licence.

What the body carries, per passage (one ``<div xml:id=… n="dagon/the-lagoon">``):

- ``<head>`` with the heading as printed (none for a passage without heading), then one ``<p>``
  per line of the passage (a line is a paragraph in all four rulebooks; a note that runs over a
  line break keeps its lines in one ``<p>``);
- a legibility note becomes ``<note type="legibility" cert=…>`` at its place, and each of its
  target spans is wrapped in ``<unclear reason=… cert=…>``, which the note points to with
  ``@target``. One ``<unclear>`` per target span, so Gothic has three: "any one player" and
  "unluckily enough" (two targets of the Tower note) and "Congolese Blow pipe". The Great Spiral
  Staircase note has no ``<unclear>``: its reading exists only inside the note, no printed words
  of the passage are there to wrap;
- an editorial note is ``<note type="editorial">``, any other bracketed note
  ``<note type="reading">``; their quoted targets, if any, are wrapped in ``<seg type="target">``;
- a page citation, "(pp. 6–7, 11)", says on which printed pages the passage's words stand (a
  source citation, not a page break: a ``<pb/>`` there would start a new page mid-sentence):
  ``<bibl type="page-citation">(pp. <citedRange unit="page" target="#page-6 #page-7
  #page-11">6–7, 11</citedRange>)</bibl>``, the printed words kept as they are; ``target``
  names only pages that have a scan, and is left out when none has.

- a region drawn on a scan for a note is a ``<zone>`` of that scan's ``<surface>`` in the
  ``<facsimile>`` (its corners in the image's pixels, the surface's own coordinates), and the
  ``<unclear>`` or ``<seg>`` of the words it shows, or the ``<note>`` itself, points at it
  with ``facs``;
- where the transcription is made of pages, each page starts with ``<pb n=…>``, its ``facs``
  the surface of the page's scan.

``parse_tei`` reads those elements back to (kind, passage, target, body, certainty).
"""

from __future__ import annotations

import datetime as dt
import functools
import re
from dataclasses import dataclass, field
from pathlib import Path

from lxml import etree

from archive.parsing import (
    TARGET_SEPARATOR,
    ParsedAnnotation,
    ParsedPassage,
    ParsedTranscription,
    cited_pages,
    slugify_heading,
)

__all__ = [
    "SCHEMA_PATH",
    "TEI_NS",
    "PageBreak",
    "Revision",
    "Scan",
    "TeiAnnotation",
    "TeiDocument",
    "Zone",
    "build_tei",
    "check_pointers",
    "header_element",
    "ncname",
    "parse_tei",
    "tei_schema",
    "validate",
]

SCHEMA_PATH = Path(__file__).resolve().parent / "schemas" / "tei_all.rng"
TEI_NS = "http://www.tei-c.org/ns/1.0"
XML_NS = "http://www.w3.org/XML/1998/namespace"
_T = f"{{{TEI_NS}}}"
_XML_ID = f"{{{XML_NS}}}id"
_XML_LANG = f"{{{XML_NS}}}lang"
NOTE_KINDS = ("legibility", "editorial", "reading")
POINTER_ATTRIBUTES = (
    "facs",
    "target",
    "targetEnd",
    "corresp",
    "who",
    "ref",
    "sameAs",
    "copyOf",
    "next",
    "prev",
    "resp",
    "source",
    "ana",
    "synch",
    "select",
    "exclude",
    "hand",
    "start",
    "end",
    "scribeRef",
)


@dataclass(frozen=True)
class Revision:
    version: int
    date: dt.date | str
    who: str
    description: str
    status: str = ""  # the version's state when it is not published ("draft", "review")


@dataclass(frozen=True)
class Zone:
    """A region of a scan: its corners in the image's pixels and the note it shows, by where
    the note starts in the text, on its ``target_index``-th run of words (None: the note)."""

    key: str  # names its xml:id, "region-12"
    ulx: int
    uly: int
    lrx: int
    lry: int
    note_start: int
    target_index: int | None = None


@dataclass(frozen=True)
class Scan:
    page: str  # page label as printed, "12"
    url: str
    width: int
    height: int
    zones: tuple[Zone, ...] = ()


@dataclass(frozen=True)
class PageBreak:
    """Where a page of the transcription starts in the text, and its scan's printed page
    label (None for a page with no scan: ``n`` is then its number)."""

    start: int
    number: int
    page: str | None = None


@dataclass(frozen=True)
class TeiDocument:
    title: str  # of this transcription, "Dagon — English translation"
    game_title: str
    language: str  # BCP 47 of the transcription, "en", "it"
    transcribers: tuple[str, ...]
    publication_date: dt.date | str
    source_edition: str  # the rulebook edition transcribed
    source_provenance: str
    text: str
    parsed: ParsedTranscription
    revisions: tuple[Revision, ...] = ()
    scans: tuple[Scan, ...] = ()
    publisher: str = "Ludoteca"
    pages: tuple[PageBreak, ...] = ()  # none: a text not divided into pages
    licence: str = ""  # the printed rulebook's licence or rights statement, a URI
    rights_holder: str = ""


@dataclass(frozen=True)
class TeiAnnotation:
    kind: str
    passage: str
    target: str
    body: str
    certainty: str


@dataclass
class _Ids:
    used: set[str] = field(default_factory=set)
    prefix: str = ""  # for a header among others in one document (a harvest)

    def make(self, wanted: str) -> str:
        base = ncname(self.prefix + wanted)
        candidate, n = base, 1
        while candidate in self.used:
            n += 1
            candidate = f"{base}-{n}"
        self.used.add(candidate)
        return candidate


def ncname(value: str) -> str:
    """An xml:id from a slug: ``"dagon/the-lagoon"`` → ``"dagon.the-lagoon"``."""
    text = re.sub(r"[^A-Za-z0-9._-]", "_", value.replace("/", "."))
    if not text or not (text[0].isalpha() or text[0] == "_"):
        text = "id-" + text
    return text


def _iso(value: dt.date | str) -> str:
    return value.isoformat() if isinstance(value, (dt.date, dt.datetime)) else str(value)


def _el(parent, tag: str, text: str | None = None, **attrs) -> etree._Element:
    node = etree.SubElement(parent, _T + tag)
    for key, value in attrs.items():
        if value is not None and value != "":
            node.set(_XML_ID if key == "xml_id" else key, str(value))
    if text:
        node.text = text
    return node


def _add_text(parent, text: str) -> None:
    if not text:
        return
    if len(parent):
        parent[-1].tail = (parent[-1].tail or "") + text
    else:
        parent.text = (parent.text or "") + text


# --- export ------------------------------------------------------------------------------------


def build_tei(doc: TeiDocument) -> bytes:
    """The TEI P5 document of ``doc``, UTF-8, with an XML declaration."""
    ids = _Ids()
    root = etree.Element(_T + "TEI", nsmap={None: TEI_NS})
    root.set(_XML_LANG, doc.language)
    _header(root, doc, ids)
    surfaces, zones = _facsimile(root, doc.scans, ids)
    text = _el(root, "text")
    text.set(_XML_LANG, doc.language)
    body = _el(text, "body")
    by_passage: dict[str, list[ParsedAnnotation]] = {}
    for a in doc.parsed.annotations:
        by_passage.setdefault(a.passage, []).append(a)
    breaks = _PageBreaks(list(doc.pages), surfaces)
    div = None
    for passage in doc.parsed.passages:
        div = _passage(body, doc.text, passage, by_passage.get(passage.slug, []), surfaces, ids,
                       zones, breaks)
    if div is not None:
        breaks.before(div, len(doc.text) + 1)  # pages after the last words: empty ones
    return etree.tostring(root, xml_declaration=True, encoding="UTF-8", pretty_print=False)


@dataclass
class _PageBreaks:
    """The ``<pb/>`` still to write, each before the first line at or after its start."""

    pages: list[PageBreak]
    surfaces: dict[str, str]

    def before(self, parent, position: int) -> None:
        while self.pages and self.pages[0].start <= position:
            page = self.pages.pop(0)
            facs = f"#{self.surfaces[page.page]}" if page.page in self.surfaces else None
            _el(parent, "pb", n=page.page if page.page is not None else page.number, facs=facs)


def _header(root, doc: TeiDocument, ids: _Ids) -> dict[str, str]:
    header = _el(root, "teiHeader")
    file_desc = _el(header, "fileDesc")
    title_stmt = _el(file_desc, "titleStmt")
    _el(title_stmt, "title", doc.title)
    people: dict[str, str] = {}
    roles = [(name, "transcription") for name in doc.transcribers]
    roles += [(r.who, "revision") for r in doc.revisions if r.who and r.who not in doc.transcribers]
    for name, role in roles:
        if name in people:
            continue
        people[name] = ids.make("person-" + (slugify_heading(name) or "unnamed"))
        resp_stmt = _el(title_stmt, "respStmt")
        _el(resp_stmt, "resp", role)
        _el(resp_stmt, "persName", name, xml_id=people[name])
    publication = _el(file_desc, "publicationStmt")
    _el(publication, "publisher", doc.publisher)
    _el(publication, "date", _iso(doc.publication_date), when=_iso(doc.publication_date))
    if doc.licence:
        availability = _el(publication, "availability")
        words = f"Rights holder: {doc.rights_holder}." if doc.rights_holder else doc.licence
        _el(availability, "licence", words, target=doc.licence)
    source = _el(file_desc, "sourceDesc")
    bibl = _el(source, "bibl")
    _el(bibl, "title", doc.game_title)
    if doc.source_edition:
        _el(bibl, "edition", doc.source_edition)
    if doc.source_provenance:
        _el(bibl, "note", doc.source_provenance, type="provenance")
    if doc.revisions:
        revision_desc = _el(header, "revisionDesc")
        for r in sorted(doc.revisions, key=lambda r: r.version):
            who = f"#{people[r.who]}" if r.who in people else None
            _el(revision_desc, "change", r.description, n=r.version, when=_iso(r.date), who=who,
                status=r.status or None)
    return people


def _facsimile(root, scans: tuple[Scan, ...], ids: _Ids
               ) -> tuple[dict[str, str], dict[tuple[int, int | None], list[str]]]:
    """Page label → surface xml:id, and (note start, target index) → its zones' xml:ids."""
    surfaces: dict[str, str] = {}
    zones: dict[tuple[int, int | None], list[str]] = {}
    if not scans:
        return surfaces, zones
    facsimile = _el(root, "facsimile")
    for scan in scans:
        surface_id = ids.make("page-" + scan.page)
        surfaces.setdefault(scan.page, surface_id)
        surface = _el(
            facsimile,
            "surface",
            xml_id=surface_id,
            n=scan.page,
            ulx=0,
            uly=0,
            lrx=scan.width,
            lry=scan.height,
        )
        _el(surface, "graphic", url=scan.url, width=f"{scan.width}px", height=f"{scan.height}px")
        for zone in scan.zones:
            zone_id = ids.make(f"zone-{zone.key}")
            _el(surface, "zone", xml_id=zone_id, ulx=zone.ulx, uly=zone.uly, lrx=zone.lrx,
                lry=zone.lry)
            zones.setdefault((zone.note_start, zone.target_index), []).append(zone_id)
    return surfaces, zones


def _segments(text: str, passage: ParsedPassage, notes: list[ParsedAnnotation]):
    """(start, end) of each non-blank line of the passage, lines joined under a note."""
    out, start = [], passage.start
    for index in range(passage.start, passage.end + 1):
        if index < passage.end and (
            text[index] != "\n" or any(a.start < index < a.end for a in notes)
        ):
            continue
        chunk = text[start:index]
        if chunk.strip():
            lead = len(chunk) - len(chunk.lstrip())
            out.append((start + lead, start + len(chunk.rstrip())))
        start = index + 1
    return out


def _facs(zone_ids: list[str]) -> str | None:
    return " ".join(f"#{z}" for z in zone_ids) or None


def _passage(body, text, passage, annotations, surfaces, ids, zones, breaks):
    div_id = ids.make(passage.slug)
    div = _el(
        body,
        "div",
        xml_id=div_id,
        n=passage.slug,
        type="section" if passage.heading else "paragraph",
    )
    breaks.before(div, passage.start)
    if passage.heading:
        _el(div, "head", passage.heading)
    notes = [a for a in annotations if a.kind in NOTE_KINDS]
    pages = [a for a in annotations if a.kind == "page"]
    # wraps: (start, end, element name, attributes, owning note)
    wraps = []
    for note in notes:
        for s, e in note.target_spans:
            wraps.append((s, e, note))
    wraps.sort(key=lambda w: (w[0], w[1]))
    kept, cursor = [], -1
    for s, e, note in wraps:
        if s >= cursor and not any(n.start < e and s < n.end for n in notes):
            kept.append((s, e, note))
            cursor = e
    wrap_ids: dict[tuple[int, int, int], str] = {}
    for s, e, note in kept:
        name = "unclear" if note.kind == "legibility" else "target"
        wrap_ids[(s, e, note.start)] = ids.make(f"{div_id}.{name}-{len(wrap_ids) + 1}")
    for seg_start, seg_end in _segments(text, passage, notes):
        breaks.before(div, seg_start)
        p = _el(div, "p")
        events = []  # (position, order, kind, payload)
        for note in notes:
            if seg_start <= note.start < seg_end:
                events.append((note.start, 1, "note", note))
        for page in pages:
            if seg_start <= page.start < seg_end:
                events.append((page.start, 0, "page", page))
        for s, e, note in kept:
            if seg_start <= s < seg_end:
                events.append((s, 2, "wrap", (s, e, note)))
        events.sort(key=lambda ev: (ev[0], ev[1]))
        cursor = seg_start
        for position, _, kind, payload in events:
            # an event inside words already wrapped (a page break) comes right after them
            _add_text(p, text[cursor : max(cursor, position)])
            cursor = max(cursor, position)
            if kind == "page":
                _page_citation(p, text[payload.start : payload.end], payload, surfaces)
                cursor = payload.end
            elif kind == "note":
                targets = " ".join(
                    f"#{wrap_ids[(s, e, payload.start)]}" for s, e, n in kept if n is payload
                )
                wrapped = {(s, e) for s, e, n in kept if n is payload}
                # the note's own zones, and those of words of it no element wraps
                shown = list(zones.get((payload.start, None), []))
                for index, span in enumerate(payload.target_spans):
                    if tuple(span) not in wrapped:
                        shown += zones.get((payload.start, index), [])
                _el(
                    p,
                    "note",
                    payload.body,
                    type=payload.kind,
                    place="inline",
                    cert=payload.certainty,
                    target=targets or None,
                    facs=_facs(shown),
                    xml_id=ids.make(f"{div_id}.note-{payload.start}"),
                )
                cursor = payload.end
            else:
                s, e, note = payload
                index = [tuple(span) for span in note.target_spans].index((s, e))
                attrs = {"xml_id": wrap_ids[(s, e, note.start)],
                         "facs": _facs(zones.get((note.start, index), []))}
                if note.kind == "legibility":
                    tag = "unclear"
                    attrs.update(reason=note.reason or None, cert=note.certainty)
                else:
                    tag = "seg"
                    attrs["type"] = "target"
                _el(p, tag, text[s:e], **attrs)
                cursor = e
        _add_text(p, text[cursor:seg_end])
    return div


def _page_citation(parent, printed: str, page: ParsedAnnotation, surfaces: dict[str, str]) -> None:
    """The printed citation, its pages marked as the range it cites, pointing at their scans."""
    facs = " ".join(f"#{surfaces[label]}" for label in cited_pages(page.body) if label in surfaces)
    bibl = _el(parent, "bibl", type="page-citation", cert=page.certainty)
    at = printed.find(page.body) if page.body else -1
    if at < 0:
        bibl.text = printed
        return
    bibl.text = printed[:at]
    cited = _el(bibl, "citedRange", page.body, unit="page", target=facs or None)
    cited.tail = printed[at + len(page.body):]


def header_element(doc: TeiDocument, *, id_prefix: str = "") -> etree._Element:
    """The ``<teiHeader>`` of ``doc`` on its own, in the text's language (what a harvester
    asks for): no facsimile, no text. ``id_prefix`` starts its xml:ids, which must differ
    from those of other headers in the same response."""
    root = etree.Element(_T + "TEI", nsmap={None: TEI_NS})
    _header(root, doc, _Ids(prefix=id_prefix))
    header = root[0]
    header.set(_XML_LANG, doc.language)
    # read back alone, so that it declares the TEI namespace itself wherever it is put
    return etree.fromstring(etree.tostring(header))


# --- checks and import -------------------------------------------------------------------------


def _parse(xml: bytes) -> etree._Element:
    # collect_ids=False: a duplicated xml:id is a problem to report, not a parse failure
    parser = etree.XMLParser(
        resolve_entities=False, no_network=True, load_dtd=False, collect_ids=False
    )
    return etree.fromstring(xml, parser)


def check_pointers(xml: bytes) -> list[str]:
    """Problems with ``#id`` pointers: ones that resolve to nothing, and duplicated ids."""
    try:
        root = _parse(xml)
    except etree.XMLSyntaxError as error:
        return [f"not well-formed XML: {error}"]
    problems, ids = [], set()
    for node in root.iter():
        value = node.get(_XML_ID)
        if value is not None:
            if value in ids:
                problems.append(f"xml:id {value!r} is used twice")
            ids.add(value)
    for node in root.iter():
        if not isinstance(node.tag, str):
            continue
        for name in POINTER_ATTRIBUTES:
            for token in (node.get(name) or "").split():
                if token.startswith("#") and token[1:] not in ids:
                    tag = etree.QName(node).localname
                    problems.append(f"<{tag} {name}={token!r}> points to no element")
    return problems


@functools.cache
def tei_schema() -> etree.RelaxNG:
    """The tei_all schema, compiled once per process (a second or two: the file is 1 MB)."""
    return etree.RelaxNG(etree.parse(str(SCHEMA_PATH)))


def validate(xml: bytes) -> list[str]:
    """Everything wrong with a TEI document: schema errors (with their line) and pointers."""
    try:
        root = _parse(xml)
    except etree.XMLSyntaxError as error:
        return [f"not well-formed XML: {error}"]
    schema = tei_schema()
    problems = []
    if not schema.validate(root.getroottree()):
        problems = [f"line {e.line}: {e.message}" for e in schema.error_log]
    return problems + check_pointers(xml)


def parse_tei(xml: bytes) -> list[TeiAnnotation]:
    """The annotations of a TEI export, in document order, as ``build_tei`` wrote them."""
    root = _parse(xml)
    by_id = {node.get(_XML_ID): node for node in root.iter() if node.get(_XML_ID)}
    found = []
    for div in root.iter(_T + "div"):
        passage = div.get("n") or div.get(_XML_ID) or ""
        for node in div.iter(_T + "note", _T + "bibl"):
            if _nearest_div(node) is not div:
                continue
            if etree.QName(node).localname == "bibl":
                if node.get("type") == "page-citation":
                    cited = node.find(_T + "citedRange")
                    body = "".join(cited.itertext()) if cited is not None else ""
                    found.append(TeiAnnotation("page", passage, "", body,
                                               node.get("cert", "high")))
                continue
            kind = node.get("type", "")
            if kind not in NOTE_KINDS:
                continue
            targets = [
                by_id[t[1:]]
                for t in (node.get("target") or "").split()
                if t.startswith("#") and t[1:] in by_id
            ]
            target = TARGET_SEPARATOR.join("".join(t.itertext()) for t in targets)
            found.append(
                TeiAnnotation(
                    kind, passage, target, "".join(node.itertext()), node.get("cert", "unknown")
                )
            )
    return found


def _nearest_div(node):
    parent = node.getparent()
    while parent is not None and parent.tag != _T + "div":
        parent = parent.getparent()
    return parent
