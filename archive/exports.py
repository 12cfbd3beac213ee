"""The archive in the formats of the field: TEI P5 of a transcription version, the IIIF
Presentation 3 manifest of a rulebook's scans, a game's original-language glossary, and the
text of a TEI export read back (for ``import_tei``).

Plain functions over the models; the builders themselves are pure (``archive.tei``,
``archive.iiif``, ``archive.glossary``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from django.urls import reverse
from lxml import etree

from archive import iiif, tei
from archive.glossary import SUPPLIED_RENDERINGS, extract_glossary
from archive.models import Game, Rulebook, Scan, Transcription
from archive.parsing import ParsedAnnotation, ParsedPassage, ParsedTranscription
from archive.selectors import latest_transcriptions

__all__ = [
    "IIIF_CONTENT_TYPE",
    "TEI_CONTENT_TYPE",
    "GlossaryItem",
    "TeiReadError",
    "TeiText",
    "game_glossary",
    "glossary_terms_in",
    "rulebook_manifest",
    "tei_filename",
    "tei_text",
    "transcription_tei",
]

TEI_CONTENT_TYPE = "application/tei+xml; charset=utf-8"
# As the IIIF Presentation 3 specification asks a server to answer (section "HTTP Requests
# and Responses"): JSON-LD with the Presentation 3 context as profile.
IIIF_CONTENT_TYPE = 'application/ld+json;profile="http://iiif.io/api/presentation/3/context.json"'
LANGUAGE_NAMES = {"it": "Italian", "es": "Spanish", "en": "English", "fr": "French", "de": "German"}


def _absolute(base_url: str | None, path: str) -> str:
    if not base_url or "://" in path:
        return path
    return base_url.rstrip("/") + "/" + path.lstrip("/")


def _image_scans(rulebook: Rulebook) -> list[Scan]:
    """Scans with a known size: PDFs have none, so a facsimile or canvas cannot be drawn."""
    return [s for s in rulebook.scans.order_by("page_number", "id") if s.width and s.height]


def _page_label(scan: Scan) -> str:
    return scan.page_label or str(scan.page_number)


# -- TEI ----------------------------------------------------------------------------------------


def _parsed_from_models(transcription: Transcription) -> ParsedTranscription:
    """The stored passages and notes as the TEI builder reads them (the parse, as stored)."""
    passages = list(transcription.passages.order_by("order"))
    slug_of = {p.pk: p.slug for p in passages}
    return ParsedTranscription(
        title=transcription.title,
        passages=tuple(
            ParsedPassage(p.slug, p.heading, p.order, p.start, p.end, p.text, tuple(p.pages or ()))
            for p in passages
        ),
        annotations=tuple(
            ParsedAnnotation(
                kind=a.kind,
                start=a.start,
                end=a.end,
                raw=a.raw,
                body=a.body,
                passage=slug_of.get(a.passage_id, ""),
                target=a.target,
                target_spans=tuple(tuple(span) for span in a.target_spans or ()),
                reason=a.reason,
                certainty=a.certainty,
            )
            for a in transcription.annotations.order_by("start", "end", "id")
        ),
    )


def tei_filename(transcription: Transcription) -> str:
    game = transcription.rulebook.game.slug
    return f"{game}.{transcription.rulebook_id}.{transcription.language}.v{transcription.version}.tei.xml"


def transcription_tei(
    *, transcription: Transcription, request_base_url: str | None = None
) -> bytes:
    """TEI P5 of one transcription version. The revision list is every version of the same
    rulebook and language up to this one (a later version's change is not in this text);
    scans with a size become ``<facsimile>`` surfaces, with absolute URLs when
    ``request_base_url`` is given (``https://ludoteca.example``), else site-relative ones."""
    rulebook = transcription.rulebook
    versions = Transcription.objects.filter(
        rulebook=rulebook, language=transcription.language, version__lte=transcription.version
    ).order_by("version")
    revisions = tuple(
        tei.Revision(
            version=v.version,
            date=v.created_at.date(),
            who=v.transcriber,
            description=v.change_note or f"version {v.version}",
        )
        for v in versions
    )
    scans = tuple(
        tei.Scan(
            page=_page_label(s),
            url=_absolute(request_base_url, s.file.url),
            width=s.width,
            height=s.height,
        )
        for s in _image_scans(rulebook)
    )
    document = tei.TeiDocument(
        title=transcription.title or f"{rulebook.game.title}: {rulebook.edition}",
        game_title=rulebook.game.title,
        language=transcription.language,
        # whoever made a version up to this one is responsible for this text
        transcribers=tuple(dict.fromkeys(v.transcriber for v in versions)),
        publication_date=transcription.created_at.date(),
        source_edition=rulebook.edition,
        source_provenance=rulebook.provenance,
        text=transcription.text,
        parsed=_parsed_from_models(transcription),
        revisions=revisions,
        scans=scans,
    )
    return tei.build_tei(document)


# -- reading our own TEI back ---------------------------------------------------------------------

_T = f"{{{tei.TEI_NS}}}"
NOTE_LABELS = {"legibility": "Legibility: ", "editorial": "Editorial note: ", "reading": ""}


class TeiReadError(ValueError):
    """A file that is not a TEI export of this project; the message says what is wrong."""


@dataclass(frozen=True)
class TeiText:
    title: str
    language: str
    transcriber: str
    edition: str
    text: str


def tei_text(xml: bytes) -> TeiText:
    """The transcription text a TEI export was built from, in the layout the parser reads:
    the title, then one block per ``<div>`` (its head, then one line per ``<p>``), each note
    written back as the bracketed note it was. Page breaks are dropped: the printed citation
    they stand before is still in the text. Blank-line layout and front matter are not kept,
    so the text is not byte-identical, but it yields the same passages and notes."""
    try:
        root = tei._parse(xml)
    except etree.XMLSyntaxError as error:
        raise TeiReadError(f"not well-formed XML: {error}") from None
    if root.tag != _T + "TEI":
        raise TeiReadError(
            f"the root element is <{etree.QName(root).localname}>, not a TEI P5 <TEI> "
            f"in the namespace {tei.TEI_NS}"
        )
    title = _first_text(root, "teiHeader/t:fileDesc/t:titleStmt/t:title")
    if not title:
        raise TeiReadError("the TEI header has no <titleStmt><title>")
    body = root.find(f"{_T}text/{_T}body")
    divs = body.findall(_T + "div") if body is not None else []
    if not divs:
        raise TeiReadError("the TEI <body> has no <div>: there is no passage to import")
    blocks = []
    for div in divs:
        lines = []
        head = div.find(_T + "head")
        if head is not None:
            lines.append(" ".join("".join(head.itertext()).split()))
        for p in div.findall(_T + "p"):
            line = _paragraph(p).strip()
            if line:
                lines.append(line)
        if lines:
            blocks.append("\n".join(lines))
    transcriber = ""
    for resp in root.iterfind(f"{_T}teiHeader/{_T}fileDesc/{_T}titleStmt/{_T}respStmt"):
        if (resp.findtext(_T + "resp") or "").strip() == "transcription":
            transcriber = (resp.findtext(_T + "persName") or "").strip()
            break
    text_el = root.find(_T + "text")
    language = (text_el.get(tei._XML_LANG) if text_el is not None else None) or root.get(
        tei._XML_LANG, ""
    )
    return TeiText(
        title=title,
        language=language,
        transcriber=transcriber,
        edition=_first_text(root, "teiHeader/t:fileDesc/t:sourceDesc/t:bibl/t:edition"),
        text="\n\n".join([title, *blocks]) + "\n",
    )


def _first_text(root, path: str) -> str:
    found = root.xpath("t:" + path, namespaces={"t": tei.TEI_NS})
    return " ".join("".join(found[0].itertext()).split()) if found else ""


def _paragraph(p) -> str:
    out = [p.text or ""]
    for child in p:
        if not isinstance(child.tag, str):  # a comment or processing instruction
            out.append(child.tail or "")
            continue
        name = etree.QName(child).localname
        if name == "note":
            kind = child.get("type", "reading")
            label = NOTE_LABELS.get(kind, "")
            out.append(f"[{label}{''.join(child.itertext())}]")
        elif name != "pb":
            out.append("".join(child.itertext()))
        out.append(child.tail or "")
    return "".join(out)


# -- IIIF ---------------------------------------------------------------------------------------


def _primary_transcription(rulebook: Rulebook) -> Transcription | None:
    latest: dict[str, Transcription] = {}
    for t in rulebook.transcriptions.order_by("version"):
        latest[t.language] = t
    return latest.get(rulebook.language) or next(iter(sorted(latest.items())), (None, None))[1]


def rulebook_manifest(*, rulebook: Rulebook, base_url: str) -> dict:
    """IIIF Presentation 3 manifest: one canvas per image scan, sized from the image, with the
    latest transcription (in the printed language when there is one) linked as a TEI
    rendering and as a supplementing annotation on each canvas. A PDF scan has no pixel size
    and no single image, so it is no canvas: it is listed in ``rendering`` as a download.
    Raises ``ValueError`` when the rulebook has no image scan (a manifest needs a canvas)."""
    if not base_url or "://" not in base_url:
        raise ValueError(
            f"base_url must be absolute, such as https://ludoteca.example, not {base_url!r}"
        )
    images = _image_scans(rulebook)
    if not images:
        raise ValueError(f"{rulebook}: no image scan archived, so there is no canvas to show")
    manifest_url = _absolute(base_url, reverse("rulebook-manifest", args=[rulebook.pk]))
    canvas_base = manifest_url.rsplit("/", 1)[0] + "/canvas/"
    primary = _primary_transcription(rulebook)
    tei_url = (
        _absolute(base_url, reverse("transcription-tei", args=[primary.pk])) if primary else None
    )
    manifest = iiif.build_manifest(
        manifest_id=manifest_url,
        label=f"{rulebook.game.title}: {rulebook.edition}",
        scans=[
            iiif.IiifScan(
                canvas_id=f"{canvas_base}{scan.pk}",
                image_url=_absolute(base_url, scan.file.url),
                width=scan.width,
                height=scan.height,
                format=scan.content_type,
                page_label=_page_label(scan),
            )
            for scan in images
        ],
        transcription_url=tei_url,
        language=primary.language if primary else "en",
    )
    pdfs = [s for s in rulebook.scans.order_by("page_number", "id") if not (s.width and s.height)]
    if pdfs:
        manifest.setdefault("rendering", []).extend(
            {
                "id": _absolute(base_url, s.file.url),
                "type": "Text",
                "label": {"en": [f"Scan of page {_page_label(s)} (PDF)"]},
                "format": s.content_type,
            }
            for s in pdfs
        )
    return manifest


# -- glossary -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class GlossaryItem:
    term: str
    original: str
    original_language: str
    passage: str  # slug, "dylan-dog/components"
    transcription_id: int
    supplied: bool  # the English rendering is ours, not the text's (an untranslated original)

    @property
    def anchor(self) -> str:
        return self.passage.split("/", 1)[-1]

    @property
    def language_name(self) -> str:
        return LANGUAGE_NAMES.get(self.original_language, self.original_language)

    def __str__(self) -> str:
        return f"{self.term} ({self.original})"


def game_glossary(*, game: Game) -> list[GlossaryItem]:
    """Translated term beside its original, from the latest version of each transcription,
    first occurrence first, each pair once."""
    supplied = set(SUPPLIED_RENDERINGS.get(game.slug, {}).values())
    items, seen = [], set()
    for transcription in latest_transcriptions(game=game):
        parsed = _parsed_from_models(transcription)
        for entry in extract_glossary(game.slug, transcription.text, parsed,
                                      original_language=game.original_language,
                                      text_language=transcription.language):
            key = (entry.term.casefold(), entry.original.casefold())
            if key in seen:
                continue
            seen.add(key)
            items.append(
                GlossaryItem(
                    term=entry.term,
                    original=entry.original,
                    original_language=entry.original_language,
                    passage=entry.passage,
                    transcription_id=transcription.pk,
                    supplied=entry.term in supplied,
                )
            )
    return items


def glossary_terms_in(texts, glossary: list[GlossaryItem]) -> list[GlossaryItem]:
    """The glossary entries whose term or original occurs, as whole words, in any of ``texts``
    (an engine's question, options and quotes): where its names meet the original rules."""
    joined = "\n".join(t for t in texts if t)
    found = []
    for item in glossary:
        for words in (item.term, item.original):
            if re.search(rf"(?<!\w){re.escape(words)}(?!\w)", joined, re.IGNORECASE):
                found.append(item)
                break
    return found
