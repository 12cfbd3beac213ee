"""The README documents the vocabulary, the points and the unchecked parts."""

from __future__ import annotations

from games.fury_of_dracula.rules import ENGINE

README = (ENGINE.package_dir / "README.md").read_text(encoding="utf-8")


def test_readme_lists_every_event_type_and_point():
    """fury-of-dracula/para-3: "in entrambi i casi si ignorano gli effetti maturati" — every event and point is documented"""
    for spec in ENGINE.event_specs:
        assert f"### `{spec.type}`" in README
    for point in ENGINE.points:
        assert f"### `{point.id}`" in README
        for option in point.option_ids:
            assert f"`{option}`" in README
    for key in ENGINE.initial_state([{"id": "a", "name": "A"}, {"id": "b", "name": "B"}], {}):
        assert f"`{key}`" in README


def test_readme_says_what_the_excerpts_do_not_give():
    """fury-of-dracula/para-6: "come descritto nelle regole" — the parts only the full rules give are named"""
    assert "Not in the excerpts" in README and '"unchecked"' in README
    assert "reconstruction" in README


def test_every_test_names_its_passage_with_exact_words():
    """fury-of-dracula/para-4: "Dracula viene rivelato" — each test quotes the paragraph it checks"""
    import ast
    import re
    from pathlib import Path

    from .helpers import passages

    paras = passages()
    checked = 0
    for path in sorted(Path(__file__).parent.glob("test_*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                doc = ast.get_docstring(node) or ""
                found = re.match(r'fury-of-dracula/para-(\d): "(.*?)"', doc, re.DOTALL)
                assert found, f"{path.name}::{node.name} names no passage"
                assert found.group(2) in paras[int(found.group(1)) - 1], f"{path.name}::{node.name}"
                checked += 1
    assert checked >= 40


def readme_out_of_scope():
    """The bullets of the README's "Not in the excerpts" list, joined and without code marks."""
    section = README.split("**Not in the excerpts**", 1)[1].split("\n\n", 2)[1]
    items = []
    for line in section.splitlines():
        if line.startswith("- "):
            items.append(line[2:].strip())
        else:
            items[-1] += " " + line.strip()
    return [item.replace("`", "").rstrip(";.") for item in items]


def test_out_of_scope_metadata_is_the_readme_list():
    """fury-of-dracula/para-6: "come descritto nelle regole" — what the excerpts leave to the full rules is declared in the README and in the engine's metadata alike"""
    from games.core.engine import Engine

    listed = readme_out_of_scope()
    assert len(listed) >= 10
    assert type(ENGINE).out_of_scope is not Engine.out_of_scope
    for item in listed:
        assert item in ENGINE.out_of_scope, item
    for item in ENGINE.out_of_scope:
        assert item in listed, item
    assert len(ENGINE.out_of_scope) == len(set(ENGINE.out_of_scope)) == len(listed)
    assert any("ad esempio" in item for item in ENGINE.out_of_scope)


def decision_row(marker):
    """The row of the README's "Every decision" table holding ``marker``."""
    table = README.split("## Every decision", 1)[1].split("\n## ", 1)[0]
    (found,) = [line for line in table.splitlines() if marker in line]
    return found


def test_every_decision_shows_the_words_that_decide_it_or_its_conjecture():
    """fury-of-dracula/para-5: "ad esempio" — a reader sees which words settle each row, and which defaults rest on a conjecture"""
    for certainty in ENGINE.certainties:
        decided = decision_row(f"settled (`{certainty.id}`)").rsplit(" | ", 2)[-1]
        for words in certainty.deciding:
            assert f"**«{words}»**" in decided, (certainty.id, words)
    for point in ENGINE.points:
        given = decision_row(f"point (`{point.id}`, {point.doubt})").rsplit(" | ", 2)[-1]
        conjecture = point.option(point.default).conjecture
        if conjecture:
            assert f"default a **conjecture**: {conjecture}" in given, point.id
            assert f"Default: a **conjecture** ({conjecture})." in README
        else:
            assert f"default in the text's words: **«{point.default_words}»**" in given, point.id
            assert f"Default in the text's words: «{point.default_words}»." in README
        for option in point.options:
            if option.conjecture:
                assert f"*Conjecture:* {option.conjecture}." in README, (point.id, option.id)
    assert f"the default reading, with {len(ENGINE.conjectures())} conjectures" in README
