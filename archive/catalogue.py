"""Writes that add to the archive's catalogue: a game, and a rulebook of a game.

Curators call these from the pages and the API. Every problem is an ``ArchiveError`` naming
its field; nothing is written unless everything is right.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from django.db import IntegrityError, transaction

from archive.models import Game, Rulebook
from archive.services import ArchiveError
from archive.signals import game_stored
from boundary import InputError, check_language, text_problem

SLUG_RE = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
# Page paths under /games/ that a slug must not shadow.
RESERVED_SLUGS = frozenset({"new"})
MAX_PLAYERS = 99
MAX_COMPONENTS = 200


def _text(value, *, field: str, limit: int, required: bool = True, lines: bool = False) -> str:
    if not isinstance(value, str):
        raise ArchiveError(f"{field} must be text", field=field)
    problem = text_problem(value)
    if problem:
        raise ArchiveError(f"{field} {problem}", field=field)
    value = value.strip() if lines else " ".join(value.split())
    if required and not value:
        raise ArchiveError(f"give the {field.replace('_', ' ')}", field=field)
    if len(value) > limit:
        raise ArchiveError(f"{field} is at most {limit} characters", field=field)
    return value


def checked_language(value, *, field: str = "language", required: bool = True) -> str:
    if isinstance(value, str):
        value = value.strip()
        if not value and not required:
            return ""
    try:
        return check_language(value, field=field)
    except InputError as error:
        raise ArchiveError(f"{field}: {error.message}", field=field) from None


def _whole(value, *, field: str, low: int, high: int) -> int | None:
    """A whole number in bounds, or None where the rulebook does not say."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ArchiveError(f"{field} must be a whole number from {low} to {high}, or left blank "
                           "where the rulebook does not say", field=field)
    return value


def _components(value) -> list[str]:
    if not isinstance(value, (list, tuple)):
        raise ArchiveError("components must be a list of the game's parts", field="components")
    if len(value) > MAX_COMPONENTS:
        raise ArchiveError(f"at most {MAX_COMPONENTS} components", field="components")
    items = []
    for index, item in enumerate(value):
        items.append(_text(item, field=f"components[{index}]", limit=200))
    return items


def game_create(
    *,
    slug: str,
    title: str,
    original_title: str = "",
    original_language: str = "",
    year: int | None = None,
    publisher: str = "",
    designer: str = "",
    min_players: int | None = None,
    max_players: int | None = None,
    components: Sequence[str] = (),
) -> Game:
    """A new game in the archive, as its rulebook presents it (what the text is silent on
    stays blank). It has no rule engine until one is written: its matches are recorded as
    annotated logs of generic moves."""
    if not isinstance(slug, str) or not SLUG_RE.fullmatch(slug) or len(slug) > 50:
        raise ArchiveError(
            "slug is 1 to 50 lower-case letters, digits and single hyphens, e.g. my-game",
            field="slug",
        )
    if slug in RESERVED_SLUGS:
        raise ArchiveError(f"{slug!r} is a page of the site, not a game's slug", field="slug")
    fields = {
        "slug": slug,
        "title": _text(title, field="title", limit=200),
        "original_title": _text(original_title, field="original_title", limit=200,
                                required=False),
        "original_language": checked_language(original_language, field="original_language",
                                              required=False),
        "year": _whole(year, field="year", low=1000, high=9999),
        "publisher": _text(publisher, field="publisher", limit=200, required=False),
        "designer": _text(designer, field="designer", limit=200, required=False),
        "min_players": _whole(min_players, field="min_players", low=1, high=MAX_PLAYERS),
        "max_players": _whole(max_players, field="max_players", low=1, high=MAX_PLAYERS),
        "components": _components(components),
    }
    low, high = fields["min_players"], fields["max_players"]
    if low is not None and high is not None and low > high:
        raise ArchiveError("min_players is more than max_players", field="min_players")
    try:
        with transaction.atomic():
            game = Game.objects.create(**fields)
            game_stored.send(Game, game=game)
            return game
    except IntegrityError:
        raise ArchiveError(f"the archive already has a game {slug!r}", field="slug") from None


def rulebook_create(*, game: Game, edition: str, language: str, provenance: str = "") -> Rulebook:
    """A printed rulebook of ``game``: its scans and transcriptions are added to it."""
    fields = {
        "edition": _text(edition, field="edition", limit=200),
        "language": checked_language(language),
        "provenance": _text(provenance, field="provenance", limit=5000, required=False,
                            lines=True),
    }
    try:
        with transaction.atomic():
            return Rulebook.objects.create(game=game, **fields)
    except IntegrityError:
        raise ArchiveError(
            f"{game.title} already has the {fields['edition']!r} edition in "
            f"{fields['language']}", field="edition",
        ) from None
