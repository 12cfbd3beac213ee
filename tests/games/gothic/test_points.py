"""The Gothic Game's interpretation points: ids, citations, legibility notes, board provenance."""

from __future__ import annotations

import games
from games.gothic import points as P
from games.gothic.rules import ENGINE
from tests.games.gothic.helpers import passages

ILLEGIBLE_POINTS = {
    "gothic.circled-card-number",
    "gothic.spiral-staircase-bottom",
    "gothic.tower-oil-victims",
    "gothic.blow-pipe-card",
}


def test_registry_finds_the_engine():
    """gothic/play: "The object of the game is to kill every other player on the board." """
    assert games.get("gothic") is ENGINE
    assert ENGINE.slug == "gothic" and ENGINE.version == "4"


def test_every_quote_occurs_in_its_passage():
    """gothic/rooms: "Cards with numbers in the top left-hand corner" (every citation quotes its passage)."""
    texts = passages()
    for point in ENGINE.points:
        assert point.id.startswith("gothic.")
        assert len(point.options) >= 2 and point.default in point.option_ids
        for citation in point.citations:
            assert citation.passage in texts, citation.passage
            assert citation.quote and citation.quote in texts[citation.passage], (
                point.id,
                citation.quote,
            )
            if citation.note:
                assert citation.note in texts[citation.passage], (point.id, citation.note)


def test_the_engine_declares_every_section_of_the_rulebook_and_cites_only_those():
    """gothic/good-luck: "No body text follows it in the photographed pages." (the last heading is a passage too)"""
    assert ENGINE.rulebook.ids == set(passages())
    cited = {c.passage for p in ENGINE.points for c in p.citations}
    cited |= {c.passage for certainty in ENGINE.certainties for c in certainty.citations}
    assert cited <= ENGINE.rulebook.ids


def test_legibility_notes_become_illegible_points():
    """gothic/the-tower: "[Legibility: "any one player" and "unluckily enough" are read from a small, soft-focus print.]" """
    texts = passages()
    by_id = {p.id: p for p in ENGINE.points}
    for point_id in ILLEGIBLE_POINTS:
        point = by_id[point_id]
        assert point.doubt == "illegible"
        assert any(c.note for c in point.citations)
    notes = [line for text in texts.values() for line in text.splitlines() if "[" in line]
    cited_notes = {c.note for p in (*ENGINE.points, *ENGINE.certainties) for c in p.citations
                   if c.note}
    for note_line in notes:
        assert any(note in note_line for note in cited_notes), note_line


def test_unspecified_cases_are_declared():
    """gothic/good-luck: "No body text follows it in the photographed pages." (an archival fact, not a point)"""
    ids = {p.id for p in ENGINE.points}
    for required in (
        "room-cards",
        "vampire-goes",
        "control-timing",
        "vampire-passing",
        "blocked-choice",
        "vampire-double-back",
        "vampire-corridors",
        "six-into-the-moat",
        "vampire-throws",
        "advantage",
        "sneak-past",
        "next-to",
    ):
        assert f"gothic.{required}" in ids
    assert P.VAMPIRE_GOES.doubt == "conflict"
    # an archival fact (a heading with no body) and a sentence the text settles are no points
    assert "gothic.good-luck" not in ids and "gothic.lavatory" not in ids
    certain = {c.id for c in ENGINE.certainties}
    assert {"gothic.the-end", "gothic.lavatory", "gothic.iron-maiden", "gothic.last-section",
            "gothic.moat-floundering"} <= certain
    # rows once called settled whose sentence does not settle them are points now
    assert not {"gothic.vampire-throws", "gothic.advantage", "gothic.sneak-past"} & certain


def test_the_end_rests_on_the_text_and_the_empty_section_on_its_note():
    """gothic/play: "The only survivor is the winner of the game." -- the end cites the rule,
    not the transcriber's note on the empty 'Good Luck' section, which is a row of its own."""
    by_id = {c.id: c for c in ENGINE.certainties}
    end = by_id["gothic.the-end"]
    assert "good-luck" not in {c.passage.split("/")[1] for c in end.citations}
    assert not any(c.note for c in end.citations)
    assert "no one wins" not in end.decision
    assert by_id["gothic.last-section"].citations == (P.CITE_GOOD_LUCK,)


def test_the_moat_charges_a_failing_throw_only():
    """gothic/the-moat: "it is necessary to throw a 4, 5 or 6. Otherwise you remain floundering
    in its putrid waters and lose a further 5 stamina points each go." """
    from tests.games.gothic.helpers import apply, ev, position

    fallen = position(at={"p1": "moat"}, stage="throw")
    for value, loss in ((1, 5), (3, 5), (4, 20), (5, 0), (6, 0)):
        step = apply(fallen, ev("throw", "p1", value=value))
        assert step.legal and 100 - step.state["players"]["p1"]["stamina"] == loss, value
    assert "gothic.moat-floundering" in {c.id for c in ENGINE.certainties}


def test_defaults_that_are_conjectures_say_so():
    """gothic/rooms: "e.g. [a circled number in the photo, probably 6]" -- the unread card's
    worth, the blow pipe by its recorded kind, the staircase's top, and the new points read by
    version 3's behaviour are declared conjectures; the red-squares sentence gives the
    Vampire's battlements."""
    assert [p.id for p, _ in ENGINE.conjectures()] == [
        "gothic.circled-card-number", "gothic.blow-pipe-card", "gothic.staircase-top",
        "gothic.advantage", "gothic.sneak-past", "gothic.next-to",
        "gothic.someone-elses-control"]
    assert all(o.conjecture for o in P.STAIRCASE_TOP.options)
    assert P.VAMPIRE_CORRIDORS.default == "battlements-too"
    assert "red squares" in P.VAMPIRE_CORRIDORS.default_words


def test_board_is_a_documented_reconstruction():
    """gothic/squares: "The green squares are entrances to a network of secret passages." """
    board = ENGINE.board
    assert board["provenance"]["status"] == "documented reconstruction"
    for place in (
        *board["squares"].values(),
        *board["rooms"].values(),
        *board["gates"].values(),
        board["moat"],
    ):
        assert 0 <= place["x"] <= 1000 and 0 <= place["y"] <= 1000 and place["kind"]
    kinds = {s["kind"] for s in board["squares"].values()}
    assert {"green", "yellow", "oubliette", "red"} <= kinds
    names = {r["name"] for r in board["rooms"].values()}
    assert {
        "Torture Chamber",
        "Trophy Room",
        "Kitchen",
        "Den",
        "Great Hall",
        "Bedrooms",
        "Vault",
        "Tower",
        "Lavatory",
        "Great Spiral Staircase",
    } <= names
    for square in board["squares"].values():
        if square["kind"] == "yellow":
            assert square["arrow_to"] in board["squares"]
    for node, near in board["adjacent"].items():
        for other in near:
            assert node in board["adjacent"][other]


def test_the_readme_lists_every_decision():
    """gothic/rooms: "There is only one completely deadly card." (every point and certainty is in the README's table)"""
    readme = (ENGINE.package_dir / "README.md").read_text(encoding="utf-8")
    table = readme.split("## Every decision, and what it rests on")[1].split("\n## ")[0]
    for point in ENGINE.points:
        assert f"point `{point.id}`" in table and f"default `{point.default}`" in table
        assert f"### `{point.id}`" in readme
    for certainty in ENGINE.certainties:
        assert f"settled (`{certainty.id}`)" in table
    for entry in ENGINE.out_of_scope:
        assert entry[1:] in table


def test_the_readme_table_says_what_decides_each_row():
    """gothic/play: "The only survivor is the winner of the game." -- a settled row shows the
    words that settle it; a point's row its default's words, or "conjecture" and what it
    assumes."""
    readme = (ENGINE.package_dir / "README.md").read_text(encoding="utf-8")
    table = readme.split("## Every decision, and what it rests on")[1].split("\n## ")[0]

    def row(marker):
        [line] = [line for line in table.splitlines() if marker in line]
        return line

    for certainty in ENGINE.certainties:
        line = row(f"settled (`{certainty.id}`)")
        assert all(f'"{words}"' in line for words in certainty.deciding), certainty.id
    for point in ENGINE.points:
        line = row(f"point `{point.id}`")
        conjecture = point.option(point.default).conjecture
        if conjecture:
            assert f"**conjecture**: {conjecture}" in line, point.id
        else:
            assert f'the words "{point.default_words}"' in line, point.id
