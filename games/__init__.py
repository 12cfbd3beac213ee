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


def find(slug: str) -> Engine | None:
    """The engine for a slug, or None while that game has none (unknown slug, or an engine
    module that does not import or defines no ENGINE yet): pages and logs of such a game
    still work, with only the common event types."""
    try:
        return get(slug)
    except (UnknownGame, ImportError, AttributeError):
        return None


def for_records(slug: str) -> Engine:
    """What replays a game's records: its rule engine, or, for a game with none yet, the
    annotated log (generic moves stepped through without a referee)."""
    from games.core.annotated_log import ANNOTATED_LOG

    return find(slug) or ANNOTATED_LOG


def available() -> list[str]:
    """Slugs whose engine module exists and imports."""
    return [slug for slug in ENGINE_MODULES if find(slug) is not None]
