"""Ludoteca's rule engines: pure Python, no Django anywhere under this package.

``games.get("dagon")`` returns the engine for a game slug (as in DESIGN.md).
"""

from __future__ import annotations

from importlib import import_module

from games.core.engine import Engine

# slug -> module that defines ``ENGINE``; imported lazily so one broken game never hides others.
ENGINE_MODULES = {
    "dagon": "games.dagon.rules",
    "gothic": "games.gothic.rules",
    "dylan-dog": "games.dylan_dog.rules",
    "fury-of-dracula": "games.fury_of_dracula.rules",
}

_loaded: dict[str, Engine] = {}


class UnknownGame(KeyError):
    def __str__(self) -> str:
        return f"unknown game {self.args[0]!r} (known: {', '.join(sorted(ENGINE_MODULES))})"


def get(slug: str) -> Engine:
    if slug not in ENGINE_MODULES:
        raise UnknownGame(slug)
    if slug not in _loaded:
        _loaded[slug] = import_module(ENGINE_MODULES[slug]).ENGINE
    return _loaded[slug]


def available() -> list[str]:
    """Slugs whose engine module exists and imports."""
    found = []
    for slug in ENGINE_MODULES:
        try:
            get(slug)
        except ImportError:
            continue
        found.append(slug)
    return found
