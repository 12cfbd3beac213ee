"""The project's packages are layers, and no import reaches up or goes round in a circle, not
even a lazy one inside a function: a module that needs another which needs it back hides where
the code belongs, and an import moved into a function only hides the cycle until someone reads
the code. The graph is built from the source with ``ast``, every import counted wherever it
stands."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("config", "archive", "replay", "trust", "studies", "search", "harvest", "web",
            "boundary", "background", "games")
# Which packages each package may import, from the bottom up: the engines know no Django;
# boundary and web are helpers every app uses; trust guards the logs below the apps that keep
# them; archive, then replay, then what reads both. config (settings, URLs) sits on top.
MAY_IMPORT: dict[str, set[str]] = {
    "games": set(),
    "boundary": set(),
    "web": {"boundary"},
    "background": {"config"},  # the Celery app only, to send a task by its name
    "trust": {"games", "boundary", "web"},
    "archive": {"games", "boundary", "web", "trust", "background"},
    "replay": {"games", "boundary", "web", "trust", "archive", "background"},
    "studies": {"games", "boundary", "web", "trust", "archive", "replay", "background"},
    "search": {"games", "boundary", "web", "trust", "archive", "replay"},
    "harvest": {"boundary", "web", "archive"},
    "config": set(PACKAGES) - {"config"},
}


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def project_modules() -> dict[str, Path]:
    return {module_name(path): path
            for package in PACKAGES for path in sorted((ROOT / package).rglob("*.py"))}


def imported(path: Path, name: str, known: set[str]) -> set[str]:
    """The project's modules a file imports, wherever the import stands: ``from a import b``
    depends on ``a.b`` when that is a module, else on ``a`` (a name its ``__init__`` holds)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                base = ".".join(anchor + ([base] if base else []))
            for alias in node.names:
                found.add(f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base)
    return found & known - {name}


def import_graph(modules: dict[str, Path]) -> dict[str, set[str]]:
    known = set(modules)
    return {name: imported(path, name, known) for name, path in modules.items()}


def import_cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """One cycle, written ``a → b → … → a``, for each group of modules that reach each other
    (Tarjan's strongly connected components)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[set[str]] = []

    def connect(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph.get(node, ())):
            if nxt not in index:
                connect(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = set()
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.add(member)
                if member == node:
                    break
            if len(group) > 1 or node in graph.get(node, ()):
                groups.append(group)

    for node in sorted(graph):
        if node not in index:
            connect(node)
    return [_cycle_within(graph, group) for group in groups]


def _cycle_within(graph: dict[str, set[str]], group: set[str]) -> list[str]:
    """A shortest way from the group's first module back to itself, inside the group."""
    start = min(group)
    paths = {start: [start]}
    frontier = [start]
    while frontier:
        following = []
        for node in frontier:
            for nxt in sorted(graph[node] & group):
                if nxt == start:
                    return paths[node] + [start]
                if nxt not in paths:
                    paths[nxt] = paths[node] + [nxt]
                    following.append(nxt)
        frontier = following
    raise AssertionError(f"no cycle in {sorted(group)}")


def test_the_cycle_finder_names_a_planted_cycle_and_only_it():
    planted = {"a": {"b"}, "b": {"c"}, "c": {"a", "d"}, "d": set(), "e": {"a", "d"},
               "f": {"f"}}
    assert import_cycles(planted) == [["a", "b", "c", "a"], ["f", "f"]]
    assert import_cycles({"a": {"b", "c"}, "b": {"c"}, "c": set()}) == []


def test_the_graph_counts_an_import_inside_a_function(tmp_path):
    source = tmp_path / "late.py"
    source.write_text("def later():\n    from replay.log.append import append_events\n")
    assert imported(source, "late", {"late", "replay", "replay.log.append"}) == {
        "replay.log.append"}


def test_no_module_of_the_project_imports_itself_back_even_inside_a_function():
    modules = project_modules()
    graph = import_graph(modules)
    assert {"replay.log.append", "trust.reader"} <= set(graph)  # the walk found the project
    cycles = [" → ".join(cycle) for cycle in import_cycles(graph)]
    assert cycles == [], "import cycles:\n" + "\n".join(cycles)


def upward_imports(graph: dict[str, set[str]]) -> list[str]:
    """Every import of a package its layer may not import, as ``module → module``."""
    found = []
    for module, targets in sorted(graph.items()):
        package = module.split(".")[0]
        for target in sorted(targets):
            other = target.split(".")[0]
            if other != package and other not in MAY_IMPORT[package]:
                found.append(f"{module} → {target}")
    return found


def test_the_layer_check_names_a_planted_upward_import():
    planted = {"trust.reader": {"replay.models", "games.core.canonical"},
               "replay.runs": {"trust.reader"}}
    assert upward_imports(planted) == ["trust.reader → replay.models"]


def test_every_package_is_a_layer():
    found = {path.parent.name for path in ROOT.glob("*/__init__.py")} - {"tests", "bench"}
    assert found == set(PACKAGES) == set(MAY_IMPORT)


def test_no_package_imports_one_above_its_layer():
    found = upward_imports(import_graph(project_modules()))
    assert found == [], "imports across layers:\n" + "\n".join(found)
