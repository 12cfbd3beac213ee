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
