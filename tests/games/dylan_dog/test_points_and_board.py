"""The interpretation points cite the rulebook exactly; the board is a documented reconstruction."""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

from games.core.points import DOUBT_KINDS
from games.dylan_dog import board as B
from games.dylan_dog.rules import ENGINE as E
from tests import paths

RULEBOOK = paths.RULEBOOKS / "dylan-dog.en.txt"


def passages() -> dict[str, str]:
    """Passage texts by slug, cut at the transcription's headings."""
    try:
        from archive.parsing import parse_transcription

        return {
            p.slug: p.text for p in parse_transcription("dylan-dog", RULEBOOK.read_text()).passages
        }
    except ImportError:  # pragma: no cover - the archive app is another team's
        text = RULEBOOK.read_text()
        out, current = {}, None
        for line in text.splitlines():
            if (
                line
                and len(line.split()) <= 8
                and line[0].isupper()
                and not line.rstrip().endswith((".", ":", ";"))
            ):
                slug = re.sub(
                    r"[^a-z0-9]+", "-", unicodedata.normalize("NFKD", line).lower()
                ).strip("-")
                current = f"dylan-dog/{slug}"
                out[current] = ""
            elif current:
                out[current] += line + "\n"
        return out


def test_every_point_quotes_its_passage_exactly():
    """dylan-dog/final-notes-before-starting: "Well, in the world of nightmares there is always room
    for uncertainty." """
    texts = passages()
    assert len(E.points) >= 20
    for point in E.points:
        assert point.id.startswith("dylan-dog.") and point.doubt in DOUBT_KINDS
        assert len(point.options) >= 2 and point.default in point.option_ids
        for citation in point.citations:
            assert citation.passage in texts, citation.passage
            assert citation.quote in texts[citation.passage], (point.id, citation.quote)
    assert any(p.doubt == "translation" for p in E.points)


def test_board_is_a_documented_reconstruction():
    """dylan-dog/the-game-board: "The board is made of 3 superimposed planes, representing 3 different
    "dimensions":" """
    board = E.board
    assert board["provenance"]["status"] == "reconstruction" and board["provenance"]["replaceable"]
    for sq in (
        board["reality"]
        + board["nightmare"]
        + board["mystery"]["access"]
        + board["mystery"]["crypts"]
    ):
        assert 0 <= sq["x"] <= 1000 and 0 <= sq["y"] <= 1000 and sq["kind"]
    for path in board["mystery"]["paths"]:
        for sq in path["squares"]:
            assert 0 <= sq["x"] <= 1000 and 0 <= sq["y"] <= 1000
    assert all("angle" in sq for sq in board["nightmare"])
    kinds = {sq["kind"] for sq in board["nightmare"]}
    assert {"passaggio", "cripta", "scambio", "finestra", "incubo"} <= kinds
    assert sorted(B.ACCESS) == [
        "INFINITO-PARANORMALE",
        "MENTE-INFINITO",
        "PARANORMALE-TEMPO",
        "TEMPO-MENTE",
    ]
    assert sorted(B.CRYPT_SQUARE) == sorted(["MENTE", "INFINITO", "PARANORMALE", "TEMPO"])
    assert B.SHADOW_SQUARES and B.WHITE
    assert B.NIGHTMARE_DECK_SIZE == 66 and len(B.HORROR_CARDS) == 12 and len(B.ELEMENTS) == 24


def test_rotation_drives_alignment():
    """dylan-dog/moving-between-planes: "Direct access to the crypts: from the nightmare plane it is also
    possible to go directly into a mystery crypt, at the points where the square "ENTRA NELLA CRIPTA
    DEL MISTERO" (enter the mystery crypt) lines up with one of the 4 crypts." """
    assert B.aligned_access("N0", 0) == "MENTE-INFINITO" and B.aligned_access("N0", 1) is None
    assert B.aligned_access("N0", 6) == "INFINITO-PARANORMALE"
    assert B.aligned_crypt("N5", 4) == "PARANORMALE" and B.aligned_crypt("N5", 5) is None
    assert B.scambio_aligned("N8", 12) and not B.scambio_aligned("N8", 0)
    assert B.beneath("R0", 3) == "N21"


def test_schema_refuses_malformed_events():
    """dylan-dog/the-die: "The die has 6 faces: the numbers 2, 3, 4, 5 and 6, and the face of Dylan Dog." """
    import pytest

    from games.core.events import EventSchemaError

    with pytest.raises(EventSchemaError):
        E.validate_event({"type": "move", "actor": "p1", "data": {"path": [], "rotation": 7}})
    with pytest.raises(EventSchemaError):
        E.validate_event({"type": "place", "actor": "p1", "data": {"square": "R1"}})
    E.validate_event({"type": "move", "actor": "p1", "data": {"path": ["R1"], "rotation": -2}})


def test_every_test_docstring_quotes_its_passage():
    """dylan-dog/final-notes-before-starting: "Each time, first throw the die, then carry out the
    action of the passage, the matching square, or whatever the square you landed on dictates." """
    import ast

    texts = {k: " ".join(v.split()) for k, v in passages().items()}
    checked = 0
    for path in Path(__file__).parent.glob("test_*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                doc = " ".join((ast.get_docstring(node) or "").split())
                match = re.match(r"(dylan-dog/[a-z0-9-]+): \"(.*)\"$", doc)
                assert match, f"{path.name}::{node.name} names no passage and quote"
                slug, quotes = match.groups()
                for quote in quotes.split('"; "'):
                    assert quote in texts[slug], f"{path.name}::{node.name}: {quote!r} not in {slug}"
                checked += 1
    assert checked >= 50


def certainty(short: str):
    (found,) = [c for c in E.certainties if c.id == f"dylan-dog.{short}"]
    return found


def test_a_mixed_move_may_turn_the_plane_first_by_default():
    """dylan-dog/later-turns: "make a "mixed" move."; "Example of a mixed move: the die shows 5.
    The player moves their pawn 3 squares and then rotates the nightmare plane by 2." """
    point = E.point("dylan-dog.mixed-move-order")
    assert point.default == "either-order" and point.default_words == "Example of a mixed move"
    assert point.option("pawn-then-rotate").conjecture
    # the versions that took the example's order as the rule are recorded, and this one is new
    assert E.version == "6"
    for version in ("2", "3", "4"):
        assert E.defaults_of(version)["dylan-dog.mixed-move-order"] == "pawn-then-rotate"


def test_the_way_back_up_leaves_who_may_climb_to_its_point():
    """dylan-dog/dylan-dog-cards: "They also let a player who has been "sent" by a nightmare card
    to a crypt that is already empty climb back onto the nightmare plane, even without looking
    for the dimensional passage." """
    way_back = certainty("way-back-up")
    assert "even without looking for the dimensional passage" in way_back.deciding
    assert "only" not in way_back.decision and "empty-crypt-climb-who" in way_back.decision
    assert E.point("dylan-dog.empty-crypt-climb-who").default_words in way_back.deciding


def test_the_nightmare_draw_names_the_sentences_that_meet_and_the_one_that_settles_them():
    """dylan-dog/final-notes-before-starting: "Every nightmare card drawn must be returned to the
    bottom of the nightmare deck."; "Every "Dylan Dog" card and every shadow card used must be
    returned to its respective deck." """
    draw = certainty("nightmare-draw")
    assert "Every nightmare card drawn must be returned to the bottom of the nightmare deck." \
        in draw.deciding and "Shadow cards must be kept face up." in draw.deciding
    assert "every shadow card used must be returned to its respective deck" in draw.deciding
    assert "Two sentences meet here" in draw.decision


def test_the_first_turn_leaves_the_square_under_the_pawn_to_its_point():
    """dylan-dog/first-turn: "In all other cases, nothing happens." """
    first = certainty("first-turn")
    assert "first-turn-square" in first.decision and "stands on its white square" \
        not in first.decision
    assert "In all other cases, nothing happens." in first.deciding
    point = E.point("dylan-dog.first-turn-square")
    assert point.default == "square-beneath" and point.option("white-square").conjecture
