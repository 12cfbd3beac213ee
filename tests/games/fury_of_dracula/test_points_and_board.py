"""Points, citations, the event vocabulary and the reconstructed board."""

from __future__ import annotations

import json

import pytest

import games
from games.core.points import DOUBT_KINDS
from games.fury_of_dracula import points as P
from games.fury_of_dracula.rules import ENGINE

from .helpers import passages

PAGES_AS_PRINTED = ["pp. 6–7, 11", "pag. 7", "pag. 12", "pag. 12", "p. 12–13", "p. 13"]


def all_citations():
    cites = [v for k, v in vars(P).items() if k.startswith("C_")]
    for point in P.POINTS:
        cites.extend(point.citations)
    return cites


def test_registry_finds_the_engine():
    """fury-of-dracula/para-1: "Per spostarti in treno devi spendere un gettone biglietto" (the engine that referees it is registered)"""
    assert games.get("fury-of-dracula") is ENGINE
    assert ENGINE.slug == "fury-of-dracula" and ENGINE.version == "5"


def test_six_paragraphs_end_with_the_printed_pages():
    """fury-of-dracula/para-5: "(p. 12–13)" — each passage ends with its page citation, as the engine records it"""
    paras = passages()
    assert len(paras) == 6
    for n, para in enumerate(paras, start=1):
        assert P.PAGES[n] == PAGES_AS_PRINTED[n - 1]
        assert para.endswith(f"({P.PAGES[n]})")


@pytest.mark.parametrize("citation", all_citations(), ids=lambda c: c.quote[:30])
def test_every_quote_is_in_its_passage_with_its_page(citation):
    """fury-of-dracula/para-6: "Quando viene morso" — every quote is copied exactly from its paragraph"""
    paras = passages()
    n = int(citation.passage.rsplit("-", 1)[1])
    assert citation.passage == f"fury-of-dracula/para-{n}"
    assert citation.quote in paras[n - 1]
    assert citation.page == PAGES_AS_PRINTED[n - 1]


def test_points_are_well_formed():
    """fury-of-dracula/para-3: "Se termini il tuo movimento in un rifugio" — every doubt is a point with options and citations"""
    ids = [p.id for p in ENGINE.points]
    assert len(ids) == len(set(ids)) >= 15
    for point in ENGINE.points:
        assert point.id.startswith("fury-of-dracula.")
        assert point.doubt in DOUBT_KINDS
        assert len(point.options) >= 2 and point.default in point.option_ids
        assert point.citations
    kinds = {p.doubt for p in ENGINE.points}
    assert {"unspecified", "translation"} <= kinds


def test_event_specs_refuse_malformed_events():
    """fury-of-dracula/para-1: "usare il valore riportato sulla sua faccia" — a ticket's faces must be numbers"""
    from games.core.events import EventSchemaError

    ids = ["p1", "p2", "p3"]
    ENGINE.validate_event({"type": "book_ticket", "actor": "p1", "data": {"white": 2}}, ids)
    for bad in (
        {"type": "book_ticket", "actor": "p1", "data": {"white": 0}},
        {"type": "book_ticket", "actor": "p1", "data": {"white": "2"}},
        {"type": "move", "actor": "p1", "data": {"mode": "plane", "path": ["paris", "brussels"]}},
        {"type": "draw_event", "actor": "p1", "data": {"end": "middle", "icon": "hunter"}},
        {"type": "influence", "actor": "p3", "data": {"to": 14}},
        {"type": "move", "actor": "p9", "data": {"mode": "road", "path": ["paris", "brussels"]}},
    ):
        with pytest.raises(EventSchemaError):
            ENGINE.validate_event(bad, ids, seq=7)


def test_board_is_a_flagged_reconstruction_with_coordinates():
    """fury-of-dracula/para-1: "Se ti sposti usando solo ferrovie bianche, usi il valore bianco" — the board has white and yellow railways"""
    board = json.loads((ENGINE.package_dir / "board.json").read_text(encoding="utf-8"))
    assert board["provenance"]["reconstructed"] is True
    assert "replace" in board["provenance"]["replaceable"]
    spaces = board["spaces"]
    for space in spaces.values():
        assert 0 <= space["x"] <= 1000 and 0 <= space["y"] <= 1000
        assert space["kind"] in ("city", "sea") and space["colour"].startswith("#")
    for a, b in board["roads"] + board["railways"]["white"] + board["railways"]["yellow"]:
        assert spaces[a]["kind"] == spaces[b]["kind"] == "city"
    for a, b in board["sea_links"]:
        assert spaces[b]["kind"] == "sea" and a in spaces
    assert board["railways"]["white"] and board["railways"]["yellow"]
    assert [s for s, d in spaces.items() if d.get("hospital")]
    assert set(board["default_starts"]) <= set(spaces)


def test_setup_must_name_a_player_as_dracula():
    """fury-of-dracula/para-2: "le carte con l’icona di Dracula vanno a Dracula" — Dracula is one named player"""
    from .helpers import PLAYERS

    state = ENGINE.initial_state(PLAYERS, {"dracula": "p1"})
    assert state["dracula_player"] == "p1" and state["hunter_order"] == ["p2", "p3"]
    assert ENGINE.initial_state(PLAYERS, {})["dracula_player"] == "p3"
    with pytest.raises(ValueError):
        ENGINE.initial_state(PLAYERS, {"dracula": "p9"})


def test_english_translation_keeps_every_paragraph_and_page_citation():
    """fury-of-dracula/para-5: "(p. 12–13)" — the archive's English translation keeps the six paragraphs and their pages as printed"""
    from pathlib import Path

    english = Path(__file__).resolve().parents[3] / "archive/seed/rulebooks/la-furia-di-dracula.en.txt"
    blocks = [b.strip() for b in english.read_text(encoding="utf-8").split("\n\n") if b.strip()]
    assert blocks[0] == "La Furia di Dracula (English translation of the excerpts)"
    paras = blocks[1:]
    assert len(paras) == len(passages()) == 6
    for n, para in enumerate(paras, start=1):
        assert para.endswith(f"({PAGES_AS_PRINTED[n - 1]})")
        assert para.count("(p") == passages()[n - 1].count("(p")
    assert "weakened (INDEBOLITO)" in paras[5] and "(ad esempio)" in paras[4]


def test_what_a_hideout_is_and_who_fights_are_declared_conjectures():
    """fury-of-dracula/para-3: "Se termini il tuo movimento in un rifugio" — the excerpts never say what makes a space a hideout, nor (para-5, «tutti i cacciatori coinvolti») who is involved in a combat: every reading of either is a conjecture, and says what it assumes"""
    for point_id in ("fury-of-dracula.hideout-meaning", "fury-of-dracula.combat-hunters"):
        point = ENGINE.point(point_id)
        assert not point.default_words
        assert all(option.conjecture for option in point.options), point_id
    conjectured = [point.id for point, _option in ENGINE.conjectures()]
    assert conjectured == ["fury-of-dracula.road-and-sea-paths",
                           "fury-of-dracula.hideout-meaning", "fury-of-dracula.combat-hunters",
                           "fury-of-dracula.bite-spaces"]
