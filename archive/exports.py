"""The archive in the formats of the field: TEI P5 of a transcription version, the IIIF
Presentation 3 manifest of a rulebook's scans, a game's original-language glossary, and the
text of a TEI export read back (for ``import_tei``).

Plain functions over the models; the builders themselves are pure (``archive.tei``,
``archive.iiif``, ``archive.glossary``).
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass

from django.conf import settings
from django.core.files.storage import default_storage
from django.urls import reverse
from lxml import etree

from archive import iiif, selectors, tei
from archive.glossary import extract_glossary, supplied_renderings
from archive.models import Annotation, Game, Passage, Rulebook, Scan, Transcription
from archive.parsing import (
    ParsedAnnotation,
    ParsedPassage,
    ParsedTranscription,
    cited_pages,
    note_language,
)

__all__ = [
    "IIIF_CONTENT_TYPE",
    "TEI_CONTENT_TYPE",
    "GlossaryItem",
    "game_glossary",
    "glossary_terms_in",
    "language_name",
    "rulebook_iiif_resource",
    "rulebook_manifest",
    "rulebook_tei_header",
    "tei_document",
    "tei_filename",
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
    # Sorted here rather than by the database: a caller may have loaded them already.
    passages = sorted(transcription.passages.all(), key=lambda p: p.order)
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
            for a in sorted(transcription.annotations.all(),
                            key=lambda a: (a.start, a.end, a.pk))
        ),
    )


def tei_filename(transcription: Transcription) -> str:
    game = transcription.rulebook.game.slug
    return f"{game}.{transcription.rulebook_id}.{transcription.language}.v{transcription.version}.tei.xml"


def transcription_tei(
    *, transcription: Transcription, request_base_url: str | None = None
) -> bytes:
    """TEI P5 of one transcription version (``tei_document``)."""
    return tei.build_tei(tei_document(transcription=transcription,
                                      request_base_url=request_base_url))


def tei_document(*, transcription: Transcription, request_base_url: str | None = None,
                 header_only: bool = False, versions: list[Transcription] | None = None
                 ) -> tei.TeiDocument:
    """What the TEI of a version says. The revision list is every published version of the
    same rulebook and language up to this one, and this one (a later version's change is not
    in this text; a draft is the curators' own); scans with a size become ``<facsimile>``
    surfaces, the regions drawn for the version's notes their zones, with absolute URLs when
    ``request_base_url`` is given (``https://ludoteca.example``), else site-relative ones;
    a text made of several pages, or of pages on scans, marks where each starts.
    ``header_only``: the text, its parts and the scans are left out (what a harvester's header
    needs); ``versions``: every version of the text up to this one, when already read."""
    rulebook = transcription.rulebook
    if versions is None:
        versions = list(Transcription.objects.filter(
            rulebook=rulebook, language=transcription.language,
            version__lte=transcription.version).order_by("version"))
    revisions = tuple(
        tei.Revision(
            version=v.version,
            date=v.created_at.date(),
            who=v.transcriber,
            description=v.change_note or f"version {v.version}",
            status="" if v.state == Transcription.PUBLISHED else v.state,
        )
        for v in versions
        if v.state == Transcription.PUBLISHED or v.pk == transcription.pk
    )
    zones: dict[int, list[tei.Zone]] = {}
    pages: tuple[tei.PageBreak, ...] = ()
    if not header_only:
        for region in transcription.regions.select_related("note"):
            zones.setdefault(region.scan_id, []).append(tei.Zone(
                f"region-{region.pk}", region.x, region.y, region.x + region.w,
                region.y + region.h, region.note.start, region.target_index))
        page_rows = list(transcription.pages.select_related("scan").order_by("number"))
        if len(page_rows) > 1 or any(p.scan_id for p in page_rows):
            pages = tuple(tei.PageBreak(p.start, p.number, _page_label(p.scan) if p.scan else None)
                          for p in page_rows)
    scans = () if header_only else tuple(
        tei.Scan(
            page=_page_label(s),
            url=_absolute(request_base_url, s.file.url),
            width=s.width,
            height=s.height,
            zones=tuple(zones.get(s.pk, ())),
        )
        for s in _image_scans(rulebook)
    )
    published = transcription.published_at or transcription.created_at
    return tei.TeiDocument(
        title=transcription.title or f"{rulebook.game.title}: {rulebook.edition}",
        game_title=rulebook.game.title,
        language=transcription.language,
        # whoever made a version up to this one is responsible for this text
        transcribers=tuple(dict.fromkeys(v.transcriber for v in versions)),
        publication_date=published.date(),
        source_edition=rulebook.edition,
        source_provenance=rulebook.provenance,
        text="" if header_only else transcription.text,
        parsed=EMPTY_PARSE if header_only else _parsed_from_models(transcription),
        revisions=revisions,
        scans=scans,
        pages=pages,
        licence=rulebook.licence,
        rights_holder=rulebook.rights_holder,
    )


def rulebook_tei_header(*, rulebook: Rulebook, updated: dt.date, id_prefix: str = ""
                        ) -> etree._Element:
    """A rulebook described as a TEI header: the printed edition, its provenance and rights."""
    game = rulebook.game
    return tei.header_element(id_prefix=id_prefix, doc=tei.TeiDocument(
        title=f"{game.title}: {rulebook.edition}", game_title=game.title,
        language=rulebook.language, transcribers=(), publication_date=updated,
        source_edition=rulebook.edition, source_provenance=rulebook.provenance, text="",
        parsed=EMPTY_PARSE, licence=rulebook.licence, rights_holder=rulebook.rights_holder))


EMPTY_PARSE = ParsedTranscription(title="", passages=(), annotations=())


# -- IIIF ---------------------------------------------------------------------------------------

# Our own words in a manifest (labels of fields, explanations) are in the site's language; a
# curator's (edition, provenance, source, holder) too, as the forms are.
SITE_LANGUAGE = settings.LANGUAGE_CODE
TEI_PROFILE = "http://www.tei-c.org/ns/1.0"
NOTE_KINDS = (Annotation.LEGIBILITY, Annotation.EDITORIAL, Annotation.READING)


def _words(text: str) -> iiif.Words:
    return iiif.Words(text, SITE_LANGUAGE)


def language_name(tag: str) -> str:
    return LANGUAGE_NAMES.get(tag.split("-")[0], tag)


def _title(rulebook: Rulebook) -> iiif.Words:
    """The game's title in the language it is printed in: the original title when the
    rulebook is printed in the game's own language (Dagon's sheet is Spanish); else the
    archive's title, whose language is not recorded."""
    game = rulebook.game
    original = game.original_language.split("-")[0]
    if game.original_title and original and original == rulebook.language.split("-")[0]:
        return iiif.Words(game.original_title, rulebook.language)
    if game.title == game.original_title and game.original_language:
        return iiif.Words(game.title, game.original_language)
    return iiif.Words(game.title, "none")


def _printed_text(passage: Passage, notes: list[Annotation]) -> str:
    """The passage as printed: its heading and text without the notes in it (each note is an
    annotation of its own), page citations kept."""
    text = passage.text
    for note in sorted(notes, key=lambda a: a.start, reverse=True):
        start, end = note.start - passage.start, note.end - passage.start
        if not 0 <= start <= end <= len(text):
            continue
        followed = end == len(text) or text[end] in " \t\n.,;:!?)"
        if start > 0 and text[start - 1] in " \t" and followed:
            start -= 1  # the space that set the note off goes with it
        text = text[:start] + text[end:]
    return f"{passage.heading}\n{text}" if passage.heading else text


@dataclass(frozen=True)
class _Placement:
    """Which passages are printed on which scanned page, as their page citations say."""

    texts: dict[int, list[iiif.PageText]]  # scan id → its passages and their notes
    cited: bool  # some passage cites a page
    unplaced: int  # passages on no scanned page (no citation, or a page not scanned)


def _placement(transcriptions: list[Transcription], scans: list[Scan]) -> _Placement:
    by_label = selectors.scans_by_page_label(scans)
    texts: dict[int, list[iiif.PageText]] = {}
    cited, unplaced = False, 0
    for transcription in transcriptions:
        notes: dict[int, list[Annotation]] = {}
        for note in transcription.annotations.filter(kind__in=NOTE_KINDS).order_by("start"):
            notes.setdefault(note.passage_id, []).append(note)
        for passage in transcription.passages.order_by("order"):
            labels = [label for citation in passage.pages or () for label in cited_pages(citation)]
            cited = cited or bool(labels)
            pages = list(dict.fromkeys(by_label[label] for label in labels if label in by_label))
            if not pages:
                unplaced += 1
                continue
            own = notes.get(passage.pk, [])
            on_page = [iiif.PageText(f"passage-{passage.pk}", _printed_text(passage, own),
                                     transcription.language)]
            on_page += [
                iiif.PageText(f"note-{note.pk}", note.raw.strip()[1:-1].strip(),
                              note_language(note.raw), iiif.COMMENTING)
                for note in own
            ]
            for scan in pages:
                texts.setdefault(scan.pk, []).extend(on_page)
        on_scans = {scan.pk for scan in scans}
        for region in transcription.regions.select_related("note").order_by("pk"):
            if region.scan_id in on_scans:
                texts.setdefault(region.scan_id, []).append(iiif.PageText(
                    f"region-{region.pk}", selectors.region_text(region, transcription.text),
                    note_language(region.note.raw), iiif.COMMENTING,
                    (region.x, region.y, region.w, region.h)))
    return _Placement(texts, cited, unplaced)


def _placement_words(placement: _Placement, transcriptions: list[Transcription]) -> str:
    if not transcriptions:
        return "No transcription yet."
    if not placement.cited:
        return ("Not placed: the transcription does not record on which printed page each "
                "passage stands, so no page carries its passages; the whole text is linked "
                "from this manifest (TEI).")
    words = "Each passage is shown on the scanned pages its printed page citation names"
    if placement.unplaced:
        words += (f"; {placement.unplaced} passage{'s' if placement.unplaced != 1 else ''} "
                  "cite no scanned page and are on none")
    return words + "."


def _empty_page_note(placement: _Placement, scan: Scan) -> iiif.PageText:
    if placement.cited:
        words = f"No passage of the transcription cites page {_page_label(scan)}."
    else:
        words = ("The transcription does not record on which printed page each passage "
                 "stands, so none is placed on this page; the whole text (TEI) is linked from "
                 "this rulebook's manifest.")
    return iiif.PageText("transcription-not-placed", words, SITE_LANGUAGE, iiif.COMMENTING)


def _transcription_words(t: Transcription) -> str:
    # a text in another language than the printed rulebook's translates it
    translated = t.translation_of_id or t.language.split("-")[0] != \
        t.rulebook.language.split("-")[0]
    kind = f"{language_name(t.language)}{' translation' if translated else ''}"
    return f"{kind}, version {t.version}, by {t.transcriber}"


def _description(
    *, rulebook: Rulebook, base_url: str, images: list[Scan],
    transcriptions: list[Transcription], placement: _Placement,
) -> iiif.Description:
    game = rulebook.game
    title = _title(rulebook)
    printed_in = language_name(rulebook.language)
    pages = len(images)
    summary = (f"{rulebook.edition} of {game.title}, printed in {printed_in}: {pages} "
               f"page{'s' if pages != 1 else ''} scanned")
    if transcriptions:
        summary += ", transcribed in " + " and ".join(
            language_name(t.language) for t in transcriptions)
    metadata = [(_words("Game"), title), (_words("Edition"), _words(rulebook.edition)),
                (_words("Printed in"), _words(printed_in))]
    for label, value in (("Year", game.year), ("Publisher", game.publisher),
                         ("Designer", game.designer)):
        if value:
            metadata.append((_words(label), iiif.Words(str(value), "none")))
    metadata.append((_words("Pages"), _words(
        f"{pages} scanned: " + ", ".join(_page_label(s) for s in images))))
    if transcriptions:
        metadata.append((_words("Transcriptions"),
                         _words("; ".join(map(_transcription_words, transcriptions)))))
    metadata.append((_words("Text on the pages"),
                     _words(_placement_words(placement, transcriptions))))
    holder = rulebook.rights_holder or "not recorded"
    for label, value in (("Source", rulebook.source), ("Provenance", rulebook.provenance)):
        if value:
            metadata.append((_words(label), _words(value)))
    metadata += [(_words("Rights holder"), _words(holder)),
                 (_words("Licence"), _words(rulebook.licence or "not recorded"))]
    provider_url = settings.IIIF_PROVIDER_URL or _absolute(base_url, reverse("home"))
    provider_name = iiif.Words(settings.IIIF_PROVIDER_NAME, "none")
    attribution = [f"Rights holder: {holder}."]
    if rulebook.source:
        attribution.append(f"Source: {rulebook.source}.")
    attribution.append(f"Provided by {settings.IIIF_PROVIDER_NAME}.")
    tei = [(t, _absolute(base_url, reverse("transcription-tei", args=[t.pk])))
           for t in transcriptions]
    return iiif.Description(
        label=title,
        summary=_words(summary + "."),
        metadata=tuple(metadata),
        required_statement=(_words("Attribution"), _words(" ".join(attribution))),
        rights=rulebook.licence,
        homepage=iiif.Link(
            _absolute(base_url, reverse("game-detail", args=[game.slug])
                      + f"#rulebook-{rulebook.pk}"),
            "Text", _words(f"{game.title}: {rulebook.edition}, in {settings.IIIF_PROVIDER_NAME}"),
            "text/html", language=SITE_LANGUAGE,
        ),
        provider=iiif.Provider(
            provider_url, provider_name,
            iiif.Link(provider_url, "Text", provider_name, "text/html"),
        ),
        see_also=tuple(
            iiif.Link(url, "Dataset",
                      _words(f"Transcription, {_transcription_words(t)} (TEI P5)"),
                      iiif.TEI_FORMAT, profile=TEI_PROFILE)
            for t, url in tei
        ),
        rendering=tuple(
            [iiif.Link(url, "Text", _words("Transcription (TEI P5)"), iiif.TEI_FORMAT)
             for _, url in tei[:1]]
            + [iiif.Link(_absolute(base_url, s.file.url), "Text",
                         _words(f"Scan of page {_page_label(s)} (PDF)"), s.content_type)
               for s in rulebook.scans.order_by("page_number", "id")
               if not (s.width and s.height)]
        ),
    )


def _iiif_scan(scan: Scan, *, canvas_id: str, base_url: str,
               placement: _Placement, transcriptions: list[Transcription]) -> iiif.IiifScan:
    texts = placement.texts.get(scan.pk, [])
    if transcriptions and not any(t.region is None for t in texts):
        texts = [_empty_page_note(placement, scan), *texts]
    thumbnail = None
    if scan.thumbnail:
        thumbnail = iiif.Thumbnail(_absolute(base_url, scan.thumbnail.url), "image/png",
                                   scan.thumbnail_width, scan.thumbnail_height)
    return iiif.IiifScan(
        canvas_id=canvas_id,
        image_url=_absolute(base_url, scan.file.url),
        width=scan.width,
        height=scan.height,
        format=scan.content_type,
        page_label=_page_label(scan),
        thumbnail=thumbnail,
        image_service=_absolute(base_url, default_storage.url(scan.tiles)) if scan.tiles else "",
        texts=tuple(texts),
    )


class NoScannedPage(ValueError):
    """A rulebook with no page image has no manifest: a manifest shows pages."""

    def __init__(self, rulebook: Rulebook):
        self.rulebook = rulebook
        super().__init__(
            f"{rulebook.game.title}, {rulebook.edition}: no page of this rulebook is scanned "
            "yet (no image scan archived), so it has no IIIF manifest, which shows page "
            "images. A curator adds one with “Upload a scan” on the game page, or POST "
            "/api/scans/; the manifest answers once a page image is archived."
        )

    def answer(self, scan_upload: str) -> dict:
        """The JSON a manifest request gets instead (with a 404)."""
        return {"error": "not_found", "reason": "no_scanned_page", "detail": str(self),
                "scan_upload": scan_upload}


def rulebook_manifest(*, rulebook: Rulebook, base_url: str) -> dict:
    """IIIF Presentation 3 manifest: one canvas per image scan, sized from the image, with its
    thumbnail, its deep-zoom tiles (once made) and the passages printed on it; the rulebook's
    description, rights, provider and links to its transcriptions (TEI). A PDF scan has no
    pixel size and no single image, so it is no canvas: it is listed in ``rendering`` as a
    download. Raises ``ValueError`` when the rulebook has no image scan (a manifest needs a
    canvas)."""
    if not base_url or "://" not in base_url:
        raise ValueError(
            f"base_url must be absolute, such as https://ludoteca.example, not {base_url!r}"
        )
    images = _image_scans(rulebook)
    if not images:
        raise NoScannedPage(rulebook)
    manifest_url = _absolute(base_url, reverse("rulebook-manifest", args=[rulebook.pk]))
    canvas_base = manifest_url.rsplit("/", 1)[0] + "/canvas/"
    transcriptions = selectors.rulebook_latest_transcriptions(rulebook=rulebook)
    placement = _placement(transcriptions, images)
    return iiif.build_manifest(
        manifest_id=manifest_url,
        description=_description(rulebook=rulebook, base_url=base_url, images=images,
                                 transcriptions=transcriptions, placement=placement),
        scans=[_iiif_scan(scan, canvas_id=f"{canvas_base}{scan.pk}", base_url=base_url,
                          placement=placement, transcriptions=transcriptions)
               for scan in images],
    )


def rulebook_iiif_resource(*, rulebook: Rulebook, base_url: str, resource_id: str) -> dict | None:
    """A canvas, annotation page or annotation of the rulebook's manifest, fetched by its id,
    exactly as the manifest embeds it; None when the manifest has no such resource."""
    try:
        manifest = rulebook_manifest(rulebook=rulebook, base_url=base_url)
    except ValueError:
        return None
    return iiif.find_resource(manifest, resource_id)


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
    supplied = set(supplied_renderings(game.slug).values())
    items, seen = [], set()
    for transcription in selectors.latest_transcriptions_with_parts(game=game):
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
