"""An OAI-PMH response checked as a harvester's validator would: against the protocol's XML
schema (harvest/schemas/OAI-PMH.xsd), and its payloads, which that schema skips, each against
its own rules: a TEI header against tei_all (inside the smallest TEI document), Dublin Core
as the fifteen elements of its element set in the oai_dc container."""

from __future__ import annotations

import functools
from pathlib import Path

from lxml import etree

from archive import tei

ROOT = Path(__file__).resolve().parents[2]
NS = {"o": "http://www.openarchives.org/OAI/2.0/", "t": tei.TEI_NS,
      "oai_dc": "http://www.openarchives.org/OAI/2.0/oai_dc/",
      "dc": "http://purl.org/dc/elements/1.1/"}
DC_ELEMENTS = {"title", "creator", "subject", "description", "publisher", "contributor", "date",
               "type", "format", "identifier", "source", "language", "relation", "coverage",
               "rights"}


@functools.cache
def oai_schema() -> etree.XMLSchema:
    return etree.XMLSchema(etree.parse(str(ROOT / "harvest/schemas/OAI-PMH.xsd")))


def valid_response(body: bytes) -> etree._Element:
    """The response's root, once it and every payload in it is valid."""
    root = etree.fromstring(body)
    schema = oai_schema()
    assert schema.validate(root), "\n".join(f"line {e.line}: {e.message}"
                                            for e in schema.error_log)
    for header in root.xpath("//o:metadata/t:teiHeader", namespaces=NS):
        document = (f'<TEI xmlns="{tei.TEI_NS}">'.encode() + etree.tostring(header)
                    + b"<text><body><p/></body></text></TEI>")
        problems = tei.validate(document)
        assert problems == [], problems
    for dc in root.xpath("//o:metadata/oai_dc:dc", namespaces=NS):
        names = {etree.QName(child).localname for child in dc}
        assert all(etree.QName(child).namespace == NS["dc"] for child in dc)
        assert names <= DC_ELEMENTS and "title" in names and "identifier" in names
    for metadata in root.xpath("//o:metadata", namespaces=NS):
        assert len(metadata) == 1
    return root


def error_codes(root) -> list[str]:
    return root.xpath("o:error/@code", namespaces=NS)
