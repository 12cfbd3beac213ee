"""Which engine referees a match: for a game whose rules are a document, the version the match
remembers (a newer version never changes what a stored match means); for any other game, the
registry's engine, or the annotated log while the game has none."""

from __future__ import annotations

from typing import TYPE_CHECKING

import games
from archive.rules_documents import rules_engine_of

if TYPE_CHECKING:
    from games.core.engine import Engine
    from replay.models import Match


def records_engine(game_slug: str, rules_version: str = "") -> Engine:
    """The engine a record of ``game_slug`` is checked and replayed with."""
    if rules_version:
        return rules_engine_of(game_slug, rules_version)
    return games.for_records(game_slug)


def engine_for(match: Match) -> Engine:
    """The match's rule engine (the annotated log for a game that has none yet)."""
    return records_engine(match.game.slug, match.rules_version)


def engine_or_none(match: Match) -> Engine | None:
    """The match's rule engine, or None for a game with no engine of its own."""
    if match.rules_version:
        return rules_engine_of(match.game.slug, match.rules_version)
    return games.find(match.game.slug)
