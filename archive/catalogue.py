"""Writes that add to the archive's catalogue: a game, and a rulebook of a game.

Curators call these from the pages and the API. Every problem is an ``ArchiveError`` naming
its field; nothing is written unless everything is right.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone

from archive.models import Game, Rulebook
from archive.services import ArchiveError
from archive.signals import game_stored
from boundary import InputError, check_language, text_problem

SLUG_RE = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
# Page paths under /games/ that a slug must not shadow.
RESERVED_SLUGS = frozenset({"new"})
MAX_PLAYERS = 99
MAX_COMPONENTS = 200
# The rights a IIIF manifest may state (Presentation 3, "rights"): a Creative Commons licence
# or public-domain tool, or a RightsStatements.org statement, each in the http form its
# specification defines.
LICENCE_PATTERNS = (
    re.compile(r"http://creativecommons\.org/licenses/(?:by|by-sa|by-nd|by-nc|by-nc-sa|by-nc-nd)"
               r"/(?:1\.0|2\.0|2\.1|2\.5|3\.0|4\.0)/(?:[a-z]{2}(?:-[a-z]{2})?/)?"),
    re.compile(r"http://creativecommons\.org/publicdomain/(?:zero|mark)/1\.0/"),
    re.compile(r"http://rightsstatements\.org/vocab/(?:InC|InC-OW-EU|InC-EDU|InC-NC|InC-RUU"
               r"|NoC-CR|NoC-NC|NoC-OKLR|NoC-US|CNE|UND|NKC)/1\.0/"),
)
LICENCE_EXAMPLES = ("http://creativecommons.org/licenses/by-sa/4.0/, "
                    "http://creativecommons.org/publicdomain/mark/1.0/ or "
                    "http://rightsstatements.org/vocab/InC/1.0/")


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


def checked_licence(value, *, field: str = "licence") -> str:
    """A licence URI as IIIF states it, or "" where it is not known. The https address a
    browser shows, or one without its last slash, is taken in the specification's form."""
    value = _text(value, field=field, limit=200, required=False)
    if not value:
        return ""
    uri = re.sub(r"^https://", "http://", value)
    uri = uri if uri.endswith("/") else uri + "/"
    if not any(pattern.fullmatch(uri) for pattern in LICENCE_PATTERNS):
        raise ArchiveError(
            f"{field}: {value!r} is not a Creative Commons licence or a RightsStatements.org "
            f"statement, the only rights a IIIF manifest may state; give its address, such as "
            f"{LICENCE_EXAMPLES} (or leave it blank if it is not known)",
            field=field,
        )
    return uri


def _description(*, provenance, source, rights_holder, licence) -> dict:
    """The curator's description of a rulebook's copy and its rights, checked."""
    return {
        "provenance": _text(provenance, field="provenance", limit=5000, required=False,
                            lines=True),
        "source": _text(source, field="source", limit=2000, required=False, lines=True),
        "rights_holder": _text(rights_holder, field="rights_holder", limit=200,
                               required=False),
        "licence": checked_licence(licence),
    }


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
    fields: dict[str, Any] = {
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


def checked_rulebook_fields(
    *, edition, language, provenance="", source="", rights_holder="", licence=""
) -> dict:
    """A rulebook's fields as stored, each checked (the first problem is an ``ArchiveError``
    naming its field): for the create form, the API and the admin alike."""
    return {
        "edition": _text(edition, field="edition", limit=200),
        "language": checked_language(language),
        **_description(provenance=provenance, source=source, rights_holder=rights_holder,
                       licence=licence),
    }


def rulebook_create(
    *,
    game: Game,
    edition: str,
    language: str,
    provenance: str = "",
    source: str = "",
    rights_holder: str = "",
    licence: str = "",
) -> Rulebook:
    """A printed rulebook of ``game``: its scans and transcriptions are added to it."""
    fields = checked_rulebook_fields(edition=edition, language=language, provenance=provenance,
                                     source=source, rights_holder=rights_holder, licence=licence)
    try:
        with transaction.atomic():
            return Rulebook.objects.create(game=game, **fields)
    except IntegrityError:
        raise ArchiveError(
            f"{game.title} already has the {fields['edition']!r} edition in "
            f"{fields['language']}", field="edition",
        ) from None


def rulebook_describe(
    *, rulebook: Rulebook, provenance: str, source: str, rights_holder: str, licence: str
) -> Rulebook:
    """Change what the archive says of a rulebook's copy and its rights (where it comes from,
    who holds the rights, under which licence); its edition and language stay as they are."""
    fields = _description(provenance=provenance, source=source, rights_holder=rights_holder,
                          licence=licence)
    fields["updated_at"] = timezone.now()  # harvesters take the changed description again
    with transaction.atomic():
        Rulebook.objects.filter(pk=rulebook.pk).update(**fields)
    for name, value in fields.items():
        setattr(rulebook, name, value)
    return rulebook
