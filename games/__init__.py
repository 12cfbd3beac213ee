"""Ludoteca's rule engines: pure Python, no Django anywhere under this package.

``games.get("dagon")`` returns the engine for a game slug (as in DESIGN.md), found in the one
registry (``games.registry``): installed entry points of ``ludoteca.engines``, the seed games
included, engines registered in this process, and any source added there (data games).
"""

from __future__ import annotations

from games.core.engine import Engine
from games.registry import REGISTRY, EngineUnavailable, UnknownGame

__all__ = ["EngineUnavailable", "UnknownGame", "available", "find", "for_records", "get"]


def get(slug: str) -> Engine:
    """The engine of ``slug``; ``UnknownGame`` if no source knows it, ``EngineUnavailable``
    if its engine does not load."""
    return REGISTRY.get(slug)


def find(slug: str) -> Engine | None:
    """The engine for a slug, or None while that game has none (unknown slug, or an engine
    that does not load): pages and logs of such a game still work, with only the common
    event types."""
    return REGISTRY.find(slug)


def for_records(slug: str) -> Engine:
    """What replays a game's records: its rule engine, or, for a game with none yet, the
    annotated log (generic moves stepped through without a referee)."""
    from games.core.annotated_log import ANNOTATED_LOG

    return find(slug) or ANNOTATED_LOG


def available() -> list[str]:
    """Slugs whose engine loads."""
    return REGISTRY.available()
