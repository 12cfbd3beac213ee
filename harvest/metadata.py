"""A record's metadata in the formats this repository serves: simple Dublin Core
(``oai_dc``, the format every OAI-PMH repository serves) and the record's TEI header
(``tei``): a transcription's as its TEI export has it, a rulebook's made for it.

Each page's transcriptions read their versions in one query (``versions_of``), so a page of a
hundred records costs a fixed number of queries.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from django.db.models import Q
from django.urls import reverse
from lxml import etree

from archive import exports, tei
from archive.exports import language_name
from archive.models import Transcription
from harvest.records import Record

OAI_DC_NS = "http://www.openarchives.org/OAI/2.0/oai_dc/"
DC_NS = "http://purl.org/dc/elements/1.1/"
XSI_NS = "http://www.w3.org/2001/XMLSchema-instance"


@dataclass(frozen=True)
class MetadataFormat:
    prefix: str
    schema: str
    namespace: str


FORMATS = {
    "oai_dc": MetadataFormat("oai_dc", "http://www.openarchives.org/OAI/2.0/oai_dc.xsd",
                             OAI_DC_NS),
    "tei": MetadataFormat("tei", "https://tei-c.org/release/xml/tei/custom/schema/xsd/"
                          "tei_all.xsd", "http://www.tei-c.org/ns/1.0"),
}


def versions_of(records: list[Record]) -> dict[tuple[int, str], list[Transcription]]:
    """Every version of each record's text up to its published one, oldest first."""
    wanted = [r.transcription for r in records if r.transcription is not None]
    if not wanted:
        return {}
    match = Q()
    for t in wanted:
        match |= Q(rulebook_id=t.rulebook_id, language=t.language, version__lte=t.version)
    found: dict[tuple[int, str], list[Transcription]] = defaultdict(list)
    for version in Transcription.objects.filter(match).defer("text").order_by("version"):
        found[(version.rulebook_id, version.language)].append(version)
    return found


def metadata(record: Record, prefix: str, *, base_url: str,
             versions: dict[tuple[int, str], list[Transcription]]) -> etree._Element:
    if prefix == "tei":
        return _tei_header(record, base_url, versions)
    return _dublin_core(record, base_url, versions)


def _tei_header(record: Record, base_url: str, versions) -> etree._Element:
    # xml:ids are unique in a whole response, which may hold a hundred headers
    prefix = f"{record.kind}-{record.key[2]}."
    if record.transcription is None:
        return exports.rulebook_tei_header(rulebook=record.rulebook, id_prefix=prefix,
                                           updated=record.datestamp.date())
    t = record.transcription
    return tei.header_element(exports.tei_document(
        transcription=t, request_base_url=base_url, header_only=True,
        versions=versions[(t.rulebook_id, t.language)]), id_prefix=prefix)


def _dublin_core(record: Record, base_url: str, versions) -> etree._Element:
    root = etree.Element(f"{{{OAI_DC_NS}}}dc", nsmap={"oai_dc": OAI_DC_NS, "dc": DC_NS,
                                                       "xsi": XSI_NS})
    root.set(f"{{{XSI_NS}}}schemaLocation",
             f"{OAI_DC_NS} {FORMATS['oai_dc'].schema}")

    def dc(name: str, value) -> None:
        if value:
            etree.SubElement(root, f"{{{DC_NS}}}{name}").text = str(value)

    rulebook, game = record.rulebook, record.rulebook.game
    page = f"{base_url}{reverse('game-detail', args=[game.slug])}#rulebook-{rulebook.pk}"
    if record.transcription is None:
        dc("title", f"{game.title}: {rulebook.edition}")
        dc("creator", game.designer)
        dc("publisher", game.publisher)
        dc("date", game.year)
        dc("type", "Text")
        dc("description", f"Rulebook of the board game {game.title}, {rulebook.edition}, "
           f"printed in {language_name(rulebook.language)}")
        dc("description", rulebook.provenance)
        dc("language", rulebook.language)
        dc("source", rulebook.source)
        dc("identifier", page)
        if rulebook.has_image_scans:  # its IIIF manifest
            dc("relation", f"{base_url}{reverse('rulebook-manifest', args=[rulebook.pk])}")
    else:
        t = record.transcription
        made = versions[(t.rulebook_id, t.language)]
        dc("title", t.title or f"{game.title}: {rulebook.edition}")
        for name in dict.fromkeys(v.transcriber for v in made):
            dc("creator", name)
        dc("publisher", "Ludoteca")
        dc("date", t.published_at.date().isoformat())
        dc("type", "Text")
        translated = t.translation_of_id or t.language.split("-")[0] != \
            rulebook.language.split("-")[0]
        dc("description", f"{'Translation' if translated else 'Transcription'} of the rulebook "
           f"of {game.title} ({rulebook.edition}) in {language_name(t.language)}, version "
           f"{t.version}, with its legibility and editorial notes")
        dc("format", "application/tei+xml")
        dc("language", t.language)
        dc("source", rulebook.source or f"{game.title}: {rulebook.edition}")
        dc("identifier", f"{base_url}{reverse('transcription-detail', args=[t.pk])}")
        dc("identifier", f"{base_url}{reverse('transcription-tei', args=[t.pk])}")
        dc("relation", page)
    dc("rights", rulebook.licence)
    if rulebook.rights_holder:
        dc("rights", f"Rights holder: {rulebook.rights_holder}")
    return root
