"""Reading our own TEI exports back (``import_tei``): the transcription text an export was
built from, in the layout the parser reads."""

from __future__ import annotations

from dataclasses import dataclass

from lxml import etree

from archive import tei
from archive.parsing import NOTE_LABELS  # a note written back as the parser reads it

_T = f"{{{tei.TEI_NS}}}"


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
