"""What a collector should never read: the identifiers a game keeps behind its words (space and
card ids such as ``x6y4``, ``R13`` or ``dylan-dog``, and snake_case names of event types and
state keys). A page, a label or a step summary says the game's words instead.

An id counts only where it is not itself a word the collector meets: a space named by its id
(Dylan Dog's ``MENTE-INFINITO``, printed on the board) or a word of the game's rulebook (the
Gothic Game's ``blow-pipe``) is not one; ``paris`` is one, since the page says ``Paris``."""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from functools import lru_cache
from pathlib import Path

import games

RULEBOOKS = Path(__file__).resolve().parents[1] / "archive" / "seed" / "rulebooks"
DATA_GAMES = Path(__file__).resolve().parents[1] / "archive" / "seed" / "rules"
SNAKE_CASE = re.compile(r"(?<![\w./#-])[a-z]+(?:_[a-z0-9]+)+(?![\w/-])")
LOOKS_MADE = re.compile(r"[0-9_/>-]")


@lru_cache(maxsize=16)
def _rulebook_words(slug: str) -> str:
    """The transcriptions of the game's rulebooks, as the seed archive lists them (and those
    of a game whose rules are data, beside its rules document)."""
    manifest = json.loads((RULEBOOKS.parent / "archive.json").read_text(encoding="utf-8"))
    books = [RULEBOOKS / text["file"] for game in manifest["games"] if game["slug"] == slug
             for book in game["rulebooks"] for text in book["transcriptions"]]
    books += sorted((DATA_GAMES / slug).glob("*.txt"))
    return " ".join(path.read_text(encoding="utf-8") for path in books)


def identifiers(slug: str, setup: Mapping | None = None) -> frozenset[str]:
    """The ids of a game a page must not show: the board's spaces, and what its event fields
    name (cards, crypts, faces...), each only where it differs from the name said for it."""
    engine = games.get(slug)
    setup = engine.setup_with_defaults(setup or {})
    names = engine.layout(None).names()
    found = set()
    for space, name in names.items():
        if space != name and (LOOKS_MADE.search(space) or space.lower() == name.lower()):
            found.add(space)
    kinds = {field.refers for spec in engine.event_schema.values()
             for field in spec.fields.values() if field.refers not in (None, "player")}
    for kind in kinds:
        found.update(item for item in engine.referents(kind, setup) or ()
                     if LOOKS_MADE.search(item) and names.get(item) != item)
    for spec in engine.event_schema.values():
        for field in spec.fields.values():
            found.update(value for value in field.allowed or ()
                         if LOOKS_MADE.search(value) and names.get(value) != value
                         and not re.fullmatch(r"[0-9]+\+?", value))
    words = set(re.findall(r"[\w:+-]+", _rulebook_words(slug)))  # as whole words, not inside one
    return frozenset(item for item in found if item not in words)


def leaks(text: str, ids: Iterable[str]) -> list[str]:
    """The identifiers ``text`` shows, each once: ids as whole tokens, and snake_case words."""
    found = []
    for item in sorted(ids, key=len, reverse=True):
        if re.search(rf"(?<![\w/>-]){re.escape(item)}(?![\w/>-])", text):
            found.append(item)
    found += sorted(set(SNAKE_CASE.findall(text)))
    return found
