"""The shape of the engines' package: small files, no import circles, no Django. A game's
code is read beside its rulebook for years; these keep it readable and importable alone."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

GAMES = Path(__file__).resolve().parents[2] / "games"
MODULES = sorted(GAMES.rglob("*.py"))


def module_name(path: Path) -> str:
    parts = path.relative_to(GAMES.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported(path: Path, name: str) -> set[str]:
    """Every module a file imports, wherever the import stands (a lazy import inside a
    function is still a dependency)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - (node.level - 1)]
                base = ".".join(anchor + ([base] if base else []))
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
    return found


KNOWN = {module_name(p): p for p in MODULES}


def graph() -> dict[str, set[str]]:
    return {name: {m for m in imported(path, name) if m in KNOWN and m != name}
            for name, path in KNOWN.items()}


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(GAMES)))
def test_no_file_under_games_is_over_600_lines(path):
    assert len(path.read_text(encoding="utf-8").splitlines()) <= 600


def test_the_engines_never_import_django():
    users = {name for name, path in KNOWN.items()
             if any(m == "django" or m.startswith("django.") for m in imported(path, name))}
    assert users == set()


def test_there_is_no_import_circle_among_the_engine_modules():
    edges = graph()
    # A package importing its own submodules (``__init__`` re-exporting) is not a circle.
    for name in edges:
        edges[name] = {m for m in edges[name] if not m.startswith(name + ".")}
    circles, state = [], {}

    def visit(node, trail):
        state[node] = "open"
        for nxt in sorted(edges[node]):
            if state.get(nxt) == "open":
                circles.append(trail[trail.index(nxt):] + [nxt])
            elif nxt not in state:
                visit(nxt, trail + [nxt])
        state[node] = "done"

    for name in sorted(edges):
        if name not in state:
            visit(name, [name])
    assert circles == []


def test_the_circle_finder_finds_a_circle(tmp_path, monkeypatch):
    """The finder above must be able to fail: two modules importing each other are caught."""
    a, b = tmp_path / "a.py", tmp_path / "b.py"
    a.write_text("from games.dylan_dog import b\n")
    b.write_text("import games.dylan_dog.a\n")
    monkeypatch.setitem(KNOWN, "games.dylan_dog.a", a)
    monkeypatch.setitem(KNOWN, "games.dylan_dog.b", b)
    with pytest.raises(AssertionError):
        test_there_is_no_import_circle_among_the_engine_modules()


def test_test_frameworks_stay_test_only_imports():
    """games.testing holds checks a plugin's tests call; pytest and hypothesis belong to the
    tests, so the installed package never needs them."""
    users = {name for name, path in KNOWN.items()
             if any(m.split(".")[0] in ("pytest", "hypothesis") for m in imported(path, name))}
    assert users == set()
