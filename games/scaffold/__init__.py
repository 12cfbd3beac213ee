"""A new game engine as a plugin package (``manage.py startengine NAME``): a project whose
``pyproject.toml`` declares the engine as a ``ludoteca.engines`` entry point, an engine with
one rulebook-section module in the house idiom (a small race to start from), its points, its
evaluation for the agents, a README, and tests that hold it to the engine contract
(``games.testing.contract``). The templates are the ``*.txt`` files beside this module.

Nothing is written unless everything can be: a bad name, an existing folder or a slug already
registered is refused with ``ScaffoldError`` before any file is made, and the package is
written in a temporary folder that is renamed into place at the end.
"""

from __future__ import annotations

import keyword
import re
import shutil
import tempfile
from importlib.util import find_spec
from pathlib import Path
from string import Template

from games.registry import REGISTRY

TEMPLATES = Path(__file__).parent
NAME = re.compile(r"[a-z][a-z0-9_]*\Z")
# where each template goes in the plugin's folder ({name}: the package's name)
FILES = {
    "pyproject.toml.txt": "pyproject.toml",
    "README.md.txt": "README.md",
    "package_init.py.txt": "{name}/__init__.py",
    "rules.py.txt": "{name}/rules.py",
    "the_race.py.txt": "{name}/the_race.py",
    "points.py.txt": "{name}/points.py",
    "evaluation.py.txt": "{name}/evaluation.py",
    "test_contract.py.txt": "tests/test_contract.py",
}


class ScaffoldError(ValueError):
    """Why a plugin cannot be made with that name there."""


def slug_of(name: str) -> str:
    """The game's slug from the package's name: ``snakes_and_ladders`` → ``snakes-and-ladders``."""
    return name.replace("_", "-")


def scaffold_engine(name: str, directory: Path) -> Path:
    """Write the plugin package for a game named ``name`` (a Python package name, its slug
    made from it) into ``directory/name``; return that folder."""
    directory = Path(directory)
    target = directory / name
    _check(name, directory, target)
    words = {
        "name": name,
        "slug": slug_of(name),
        "title": name.replace("_", " ").capitalize(),
        "class_name": "".join(part.capitalize() for part in name.split("_")) + "Engine",
    }
    building = Path(tempfile.mkdtemp(prefix=f".{name}-", dir=directory))
    try:
        for template, place in FILES.items():
            path = building / place.format(name=name)
            path.parent.mkdir(parents=True, exist_ok=True)
            text = Template((TEMPLATES / template).read_text(encoding="utf-8"))
            path.write_text(text.substitute(words), encoding="utf-8")
        building.rename(target)
    finally:
        if building.exists():
            shutil.rmtree(building)
    return target


def _check(name: str, directory: Path, target: Path) -> None:
    if not NAME.match(name) or keyword.iskeyword(name):
        raise ScaffoldError(
            f"{name!r} is not a package name: lower-case letters, digits and underscores, "
            "starting with a letter (the game's slug is made from it: snakes_and_ladders → "
            "snakes-and-ladders)")
    if find_spec(name) is not None:
        raise ScaffoldError(f"{name!r} is already an importable module here: the plugin's "
                            "package would hide it or be hidden by it")
    if slug_of(name) in REGISTRY.slugs():
        raise ScaffoldError(f"a game with the slug {slug_of(name)!r} is already registered")
    if not directory.is_dir():
        raise ScaffoldError(f"{directory} is not a folder")
    if target.exists():
        raise ScaffoldError(f"{target} already exists")
