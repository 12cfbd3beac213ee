"""Two texts compared word by word (archive.diff): what a page shows as <ins> and <del>."""

from __future__ import annotations

from archive.diff import DELETED, EQUAL, INSERTED, Piece, word_diff


def test_a_changed_word_is_deleted_then_inserted_in_place():
    assert word_diff("The cat sat.\n", "The dog sat.\n") == [
        Piece(EQUAL, "The "), Piece(DELETED, "cat"), Piece(INSERTED, "dog"),
        Piece(EQUAL, " sat.\n")]


def test_lines_added_and_removed_are_whole_runs():
    old = "Title\nA rule.\nAn old rule.\n"
    new = "Title\nA rule.\nA new rule.\nThe end.\n"
    pieces = word_diff(old, new)
    assert "".join(p.text for p in pieces if p.kind != INSERTED) == old
    assert "".join(p.text for p in pieces if p.kind != DELETED) == new
    assert Piece(INSERTED, "The end.\n") in pieces or any(
        p.kind == INSERTED and p.text.endswith("The end.\n") for p in pieces)


def test_a_word_added_inside_a_note_is_that_word_alone():
    old = 'It moves. [Legibility: "moves" is faded.]\n'
    new = 'It moves. [Legibility: "moves" is badly faded.]\n'
    assert [p for p in word_diff(old, new) if p.kind != EQUAL] == [Piece(INSERTED, "badly ")]


def test_equal_texts_have_no_change_and_every_text_is_given_back():
    assert word_diff("same\n", "same\n") == [Piece(EQUAL, "same\n")]
    assert word_diff("", "") == []
    assert word_diff("", "new") == [Piece(INSERTED, "new")]
