"""The README is where a historian finds every judgement the engine makes: each point, each
settled decision and each thing left out of scope is listed there, with the words that decide
it or that give its default, or the conjecture the default rests on."""

from __future__ import annotations

from pathlib import Path

from games.dylan_dog.rules import ENGINE as E

README = (Path(__file__).resolve().parents[3] / "games" / "dylan_dog" / "README.md").read_text(
    encoding="utf-8")
TABLE = README[README.index("## Every decision the engine makes"):]


def row(marker: str) -> str:
    """The table row holding ``marker``."""
    (found,) = [line for line in TABLE.splitlines() if marker in line]
    return found


def test_the_readme_lists_every_decision():
    """dylan-dog/final-notes-before-starting: "Each time, first throw the die, then carry out
    the action of the passage, the matching square, or whatever the square you landed on
    dictates." """
    for point in E.points:
        assert f"### `{point.id}` ({point.doubt})" in README
        assert f"point `{point.id}`, default `{point.default}`" in TABLE
        assert point.question in README
    for certainty in E.certainties:
        assert f"settled (`{certainty.id}`)" in TABLE
    for text in E.out_of_scope:
        assert f"| {text} | out of scope |" in TABLE


def test_each_settled_row_shows_the_words_that_decide_it():
    """dylan-dog/final-notes-before-starting: "Well, in the world of nightmares there is always
    room for uncertainty." """
    for certainty in E.certainties:
        decided = row(f"settled (`{certainty.id}`)").rsplit(" | ", 2)[-1]
        for words in certainty.deciding:
            assert f'**"{words}"**' in decided, (certainty.id, words)


def test_each_default_shows_its_words_or_says_it_is_a_conjecture():
    """dylan-dog/final-notes-before-starting: "Well, in the world of nightmares there is always
    room for uncertainty." """
    for point in E.points:
        given = row(f"point `{point.id}`, default").rsplit(" | ", 2)[-1]
        conjecture = point.option(point.default).conjecture
        if conjecture:
            assert f"default a **conjecture**: {conjecture}" in given, point.id
            assert f"Default: a **conjecture** ({conjecture})." in README
        else:
            assert f'default in the text\'s words: **"{point.default_words}"**' in given, point.id
            assert f'Default in the text\'s words: "{point.default_words}".' in README
        for option in point.options:
            if option.conjecture:
                assert f"*Conjecture:* {option.conjecture}." in README, (point.id, option.id)
    assert f"the default reading, with {len(E.conjectures())} conjectures" in README
