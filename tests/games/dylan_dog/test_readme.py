"""The README is where a historian finds every judgement the engine makes: each point, each
settled decision and each thing left out of scope is listed there."""

from __future__ import annotations

from pathlib import Path

from games.dylan_dog.rules import ENGINE as E

README = (Path(__file__).resolve().parents[3] / "games" / "dylan_dog" / "README.md").read_text(
    encoding="utf-8")


def test_the_readme_lists_every_decision():
    """dylan-dog/final-notes-before-starting: "Each time, first throw the die, then carry out
    the action of the passage, the matching square, or whatever the square you landed on
    dictates." """
    table = README[README.index("## Every decision the engine makes"):]
    for point in E.points:
        assert f"### `{point.id}` ({point.doubt})" in README
        assert f"point `{point.id}`, default `{point.default}`" in table
        assert point.question in README
    for certainty in E.certainties:
        assert f"settled (`{certainty.id}`)" in table
    for text in E.out_of_scope:
        assert f"| {text} | out of scope |" in table
