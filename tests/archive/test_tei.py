"""TEI P5 export: valid against tei_all, every pointer resolves, our own export reads back."""

import datetime as dt

import pytest
from lxml import etree

from archive import tei
from archive.parsing import parse_transcription
from archive.tei import (
    TEI_NS,
    Revision,
    Scan,
    TeiDocument,
    build_tei,
    check_pointers,
    ncname,
    parse_tei,
)
from tests import paths

RULEBOOKS = paths.RULEBOOKS
FILES = {
    "dagon": ("dagon.en.txt", "en"),
    "gothic": ("the-gothic-game.en.txt", "en"),
    "dylan-dog": ("dylan-dog.en.txt", "en"),
    "fury-of-dracula": ("la-furia-di-dracula.it.txt", "it"),
}
NS = {"t": TEI_NS}


@pytest.fixture(scope="module")
def tei_schema() -> etree.RelaxNG:
    return tei.tei_schema()


def _document(game: str, scans=()) -> TeiDocument:
    name, language = FILES[game]
    text = (RULEBOOKS / name).read_text(encoding="utf-8")
    parsed = parse_transcription(game, text)
    return TeiDocument(
        title=f"{parsed.title}: transcription",
        game_title=parsed.title,
        language=language,
        transcribers=("Ana Pérez", "Luis Gil"),
        publication_date=dt.date(2024, 5, 1),
        source_edition="first printing",
        source_provenance="photographs of the collector's copy",
        text=text,
        parsed=parsed,
        revisions=(
            Revision(1, dt.date(2024, 5, 1), "Ana Pérez", "first version"),
            Revision(2, "2024-06-02", "Marta", "second reading of the photographs"),
        ),
        scans=tuple(scans),
    )


DRACULA_SCANS = [
    Scan("7", "https://scans.example/fury/7.jpg", 1200, 1700),
    Scan("12", "https://scans.example/fury/12.jpg", 1200, 1700),
    Scan("13", "https://scans.example/fury/13.jpg", 1200, 1700),
]


@pytest.fixture(scope="module")
def exports() -> dict[str, tuple[TeiDocument, bytes]]:
    out = {}
    for game in FILES:
        doc = _document(game, DRACULA_SCANS if game == "fury-of-dracula" else ())
        out[game] = (doc, build_tei(doc))
    return out


@pytest.mark.parametrize("game", FILES)
def test_export_is_valid_tei(tei_schema, exports, game):
    _, xml = exports[game]
    assert tei_schema.validate(etree.fromstring(xml)), tei_schema.error_log
    assert check_pointers(xml) == []


@pytest.mark.parametrize("game", FILES)
def test_import_restores_the_annotations(exports, game):
    doc, xml = exports[game]
    expected = [(a.kind, a.passage, a.target, a.body, a.certainty) for a in doc.parsed.annotations]
    restored = [(a.kind, a.passage, a.target, a.body, a.certainty) for a in parse_tei(xml)]
    assert restored == expected


@pytest.mark.parametrize("game", FILES)
def test_one_div_per_passage(exports, game):
    doc, xml = exports[game]
    divs = etree.fromstring(xml).findall(".//t:body/t:div", NS)
    assert [d.get("n") for d in divs] == [p.slug for p in doc.parsed.passages]
    assert [d.get("{http://www.w3.org/XML/1998/namespace}id") for d in divs] == [
        ncname(p.slug) for p in doc.parsed.passages
    ]


def test_header(exports):
    root = etree.fromstring(exports["dagon"][1])
    assert root.findtext(".//t:publicationStmt/t:publisher", namespaces=NS) == "Ludoteca"
    assert [
        r.findtext("t:persName", namespaces=NS) for r in root.iterfind(".//t:respStmt", NS)
    ] == ["Ana Pérez", "Luis Gil", "Marta"]
    changes = root.findall(".//t:revisionDesc/t:change", NS)
    assert [(c.get("n"), c.get("when"), c.get("who")) for c in changes] == [
        ("1", "2024-05-01", "#person-ana-perez"),
        ("2", "2024-06-02", "#person-marta"),
    ]
    assert root.findtext(".//t:sourceDesc/t:bibl/t:edition", namespaces=NS) == "first printing"


def test_gothic_has_three_unclear_elements_with_their_spans(exports):
    doc, xml = exports["gothic"]
    root = etree.fromstring(xml)
    unclear = root.findall(".//t:unclear", NS)
    spans = [
        span for a in doc.parsed.annotations if a.kind == "legibility" for span in a.target_spans
    ]
    assert len(unclear) == len(spans) == 3
    assert (
        [u.text for u in unclear]
        == [doc.text[s:e] for s, e in spans]
        == ["any one player", "unluckily enough", "Congolese Blow pipe"]
    )
    assert [u.get("cert") for u in unclear] == ["medium", "medium", "low"]
    assert all(u.get("reason") for u in unclear)
    notes = root.findall(".//t:note[@type='legibility']", NS)
    assert len(notes) == 3
    assert notes[1].get("target").split() == [
        "#" + u.get("{http://www.w3.org/XML/1998/namespace}id") for u in unclear[:2]
    ]
    assert notes[0].get("target") is None  # the staircase reading exists only in the note
    assert len(root.findall(".//t:note[@type='reading']", NS)) == 2


def test_dagon_has_its_two_editorial_notes(exports):
    root = etree.fromstring(exports["dagon"][1])
    notes = root.findall(".//t:note[@type='editorial']", NS)
    assert len(notes) == 2
    assert notes[0].text.startswith("the printed sheet omits the closing parenthesis")
    assert notes[1].text.startswith("the printed sheet is internally inconsistent")
    (seg,) = root.findall(".//t:seg[@type='target']", NS)
    assert seg.text == "Wizard's Spell"


def test_dracula_page_citations(exports):
    """"(pag. 7)" closing a paragraph says where its words are printed: a cited range in the
    text as printed, never a page break before it, mid-sentence."""
    root = etree.fromstring(exports["fury-of-dracula"][1])
    assert root.findall(".//t:pb", NS) == []
    citations = root.findall(".//t:bibl[@type='page-citation']", NS)
    breaks = [c.find("t:citedRange", NS) for c in citations]
    assert all(b.get("unit") == "page" for b in breaks)
    assert [(b.text, b.get("target")) for b in breaks] == [
        ("6–7, 11", "#page-7"),  # pages 6 and 11 have no scan here
        ("7", "#page-7"),
        ("12", "#page-12"),
        ("12", "#page-12"),
        ("12–13", "#page-12 #page-13"),
        ("13", "#page-13"),
    ]
    surfaces = root.findall(".//t:facsimile/t:surface", NS)
    assert [s.get("{http://www.w3.org/XML/1998/namespace}id") for s in surfaces] == [
        "page-7",
        "page-12",
        "page-13",
    ]
    graphic = surfaces[0].find("t:graphic", NS)
    assert (graphic.get("url"), graphic.get("width"), graphic.get("height")) == (
        "https://scans.example/fury/7.jpg",
        "1200px",
        "1700px",
    )
    # the printed citation stays in the text, word for word
    assert "".join(citations[0].itertext()) == "(pp. 6–7, 11)"
    paragraph = citations[0].getparent()
    assert "".join(paragraph.itertext()).endswith("gialle). (pp. 6–7, 11)")


def test_page_citation_without_scan_points_nowhere(exports):
    doc = _document("fury-of-dracula")
    root = etree.fromstring(build_tei(doc))
    assert all(b.get("target") is None for b in root.findall(".//t:citedRange", NS))
    assert root.find(".//t:facsimile", NS) is None


def test_check_pointers_reports_dangling_and_duplicate_ids():
    xml = (
        f'<TEI xmlns="{TEI_NS}"><text><body><div xml:id="a"><p>'
        '<pb facs="#nowhere"/><note target="#a #b" xml:id="a"/></p></div></body></text></TEI>'
    ).encode()
    problems = check_pointers(xml)
    assert any("'#nowhere'" in p for p in problems)
    assert any("'#b'" in p for p in problems)
    assert any("used twice" in p for p in problems)
