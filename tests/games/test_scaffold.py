"""manage.py startengine NAME (games.scaffold): a plugin package that Ludoteca finds through its
entry point, whose generated contract tests pass, and fail once its engine is broken; a bad
name writes nothing.

The plugin is "installed" the way pip would make it visible: its folder on the path and a
``.dist-info`` declaring its entry point (what ``pip install -e`` writes, without building)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

import games
from games.registry import REGISTRY

NAME = "tortoise_race"
SLUG = "tortoise-race"


def install(plugin: Path, site: Path) -> None:
    """What ``pip install -e plugin`` makes visible: the package and its entry point."""
    info = site / f"ludoteca_{NAME}-0.1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: ludoteca-{SLUG}\n"
                                   "Version: 0.1.0\n", encoding="utf-8")
    (info / "entry_points.txt").write_text(
        f"[ludoteca.engines]\n{SLUG} = {NAME}.rules:ENGINE\n", encoding="utf-8")


def run_its_tests(plugin: Path, site: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(site), str(plugin)])}
    env.pop("DJANGO_SETTINGS_MODULE", None)
    return subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q"],
                          cwd=plugin, env=env, capture_output=True, text=True, timeout=600,
                          check=False)


@pytest.fixture
def plugin(tmp_path):
    """A scaffolded plugin, installed for this test only."""
    call_command("startengine", NAME, "--directory", str(tmp_path))
    folder, site = tmp_path / NAME, tmp_path / "site"
    install(folder, site)
    added = [str(site), str(folder)]
    sys.path[:0] = added
    REGISTRY.refresh()
    yield folder, site
    for entry in added:
        sys.path.remove(entry)
    for module in [m for m in sys.modules if m == NAME or m.startswith(NAME + ".")]:
        del sys.modules[module]
    REGISTRY.refresh()


def test_a_scaffolded_plugin_is_found_and_passes_its_contract_tests(plugin):
    folder, site = plugin
    assert sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*")
                  if p.is_file()) == [
        "README.md", "pyproject.toml", "tests/test_contract.py", f"{NAME}/__init__.py",
        f"{NAME}/evaluation.py", f"{NAME}/points.py", f"{NAME}/rules.py",
        f"{NAME}/the_race.py"]
    assert f'{SLUG} = "{NAME}.rules:ENGINE"' in (folder / "pyproject.toml").read_text()
    engine = games.get(SLUG)
    assert engine.slug == SLUG and SLUG in games.available()
    assert [point.id for point in engine.points] == [f"{SLUG}.overshoot"]
    assert engine.simulate(seed=2) == engine.simulate(seed=2)
    ran = run_its_tests(folder, site)
    assert ran.returncode == 0, ran.stdout + ran.stderr
    assert "5 passed" in ran.stdout


def test_its_contract_tests_fail_when_its_engine_is_broken(plugin):
    """A move offered one square beyond the throw: what is offered is no longer sound."""
    folder, site = plugin
    section = folder / NAME / "the_race.py"
    text = section.read_text(encoding="utf-8")
    assert "one_of(range(1, most + 1))" in text
    section.write_text(text.replace("one_of(range(1, most + 1))", "one_of(range(1, most + 2))"),
                       encoding="utf-8")
    ran = run_its_tests(folder, site)
    assert ran.returncode == 1, ran.stdout + ran.stderr
    assert "3 failed, 2 passed" in ran.stdout
    assert "breaks a rule" in ran.stdout


@pytest.mark.parametrize(("name", "message"), [
    ("Tortoise", "is not a package name"),
    ("2fast", "is not a package name"),
    ("snail-race", "is not a package name"),
    ("class", "is not a package name"),
    ("json", "is already an importable module"),
    ("dagon", "a game with the slug 'dagon' is already registered"),
    ("fury_of_dracula", "a game with the slug 'fury-of-dracula' is already registered"),
])
def test_a_bad_name_is_refused_and_nothing_is_written(tmp_path, name, message):
    with pytest.raises(CommandError, match=message):
        call_command("startengine", name, "--directory", str(tmp_path))
    assert list(tmp_path.iterdir()) == []


def test_an_existing_folder_is_left_alone(tmp_path):
    (tmp_path / NAME).mkdir()
    (tmp_path / NAME / "notes.txt").write_text("mine", encoding="utf-8")
    with pytest.raises(CommandError, match="already exists"):
        call_command("startengine", NAME, "--directory", str(tmp_path))
    assert [p.name for p in tmp_path.iterdir()] == [NAME]
    assert [p.name for p in (tmp_path / NAME).iterdir()] == ["notes.txt"]


def test_a_folder_that_is_not_there_is_named(tmp_path):
    with pytest.raises(CommandError, match="is not a folder"):
        call_command("startengine", NAME, "--directory", str(tmp_path / "nowhere"))
