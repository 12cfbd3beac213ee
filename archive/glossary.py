"""Glossary of a rulebook transcription: each translated term beside the original it renders.

Pure: no Django. Three sources, in the order the words occur in the text:

1. a term followed by its original in parentheses, ``story cards (carte-racconto)``,
   ``"dragger" (trascinatore)``: the parenthesis must read as the original language (see
   ``_reads_as_original``); the term is the words just before it, as many as the original has
   content words (at least one), stopping at an article, a number or a verb of the sentence;
2. a quoted original followed by an English gloss in parentheses, the board labels
   ``"PRENDI UNA CARTA INCUBO" (take a nightmare card)`` and ``"via" (start)``;
3. for a text in the original language (La Furia di Dracula, Italian throughout), the game terms
   its engine supplies (``Engine.supplied_renderings``, see ``supplied_renderings``), whose
   English renderings are ours, not the text's; sources 1 and 2 are then skipped, since its
   parentheses are Italian prose, not kept originals.

The original language is the game's (``Game.original_language``), the text's own language the
transcription's; a text in its game's original language (Gothic, Dracula) keeps no originals of
its own, a game whose original language is not known has none either, and a game whose terms
are supplied takes them from the table only. A pair is kept once
(case-insensitive on both sides), at its first passage. For Spanish (Dagon) only a quoted
original counts, ``die ("dadofetiche")``: the translator quotes the Spanish words it keeps, and an
unquoted parenthesis there is English (``(throne)``, ``(ark)``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

import games
from archive.parsing import ParsedTranscription, parse_transcription

__all__ = [
    "GlossaryEntry",
    "extract_glossary",
    "supplied_renderings",
]

_ITALIAN_FUNCTION_WORDS = frozenset(
    [
        "di",
        "del",
        "della",
        "dello",
        "dei",
        "degli",
        "delle",
        "da",
        "dal",
        "dalla",
        "in",
        "nel",
        "nella",
        "nei",
        "con",
        "per",
        "il",
        "lo",
        "la",
        "le",
        "gli",
        "i",
        "un",
        "una",
        "uno",
        "e",
        "o",
        "non",
        "a",
        "al",
        "alla",
    ]
)
_SPANISH_FUNCTION_WORDS = frozenset(
    ["de", "del", "la", "el", "los", "las", "y", "en", "con", "por", "un", "una"]
)
_ENGLISH_WORDS = frozenset(
    [
        "the",
        "a",
        "an",
        "and",
        "or",
        "of",
        "to",
        "in",
        "on",
        "at",
        "by",
        "for",
        "from",
        "with",
        "see",
        "that",
        "this",
        "these",
        "those",
        "is",
        "are",
        "be",
        "one",
        "not",
        "unless",
        "because",
        "since",
        "which",
        "who",
        "there",
        "here",
        "more",
        "some",
        "any",
        "all",
        "each",
        "both",
    ]
)
# words before a term that are not part of it: articles, numbers, linking verbs
_TERM_STOPS = _ENGLISH_WORDS | frozenset(
    [
        "its",
        "their",
        "his",
        "her",
        "your",
        "our",
        "my",
        "has",
        "have",
        "draws",
        "contain",
        "contains",
        "place",
        "insert",
        "also",
        "are",
        "is",
        "as",
    ]
)

_PAREN_RE = re.compile(r"\(([^()\n]{1,80})\)")
_QUOTE_THEN_PAREN_RE = re.compile(r"[\"“]([^\"“”\n]{1,60})[\"”]\s*\(([^()\n]{1,60})\)")


@dataclass(frozen=True)
class GlossaryEntry:
    term: str
    original: str
    original_language: str
    passage: str


def extract_glossary(
    game_slug: str, text: str, parsed: ParsedTranscription | None = None, *,
    original_language: str, text_language: str,
) -> list[GlossaryEntry]:
    """Translated term ↔ original pairs of ``text`` (in ``text_language``, of a game first
    published in ``original_language``, "" when not known), first occurrence first, each kept
    once."""
    parsed = parsed or parse_transcription(game_slug, text, language=text_language)
    language = _primary(original_language)
    found: list[tuple[int, str, str]] = []
    # a translation keeps originals of its own, unless the game's terms are supplied here (the
    # Dracula excerpts: their English translation repeats the same terms, less reliably)
    supplied = supplied_renderings(game_slug)
    if language and language != _primary(text_language) and not supplied:
        found += _parenthesised_originals(text, language)
        found += _glossed_labels(text, language)
    for original, rendering in supplied.items():
        flags = 0 if original.isupper() else re.IGNORECASE
        match = re.search(rf"(?<!\w){re.escape(original)}(?!\w)", text, flags)
        if match:
            found.append((match.start(), rendering, match.group(0)))
    entries, seen = [], set()
    for position, term, original in sorted(found):
        key = (term.casefold(), original.casefold())
        if key in seen:
            continue
        seen.add(key)
        entries.append(GlossaryEntry(term, original, language, _passage_at(parsed, position)))
    return entries


def supplied_renderings(game_slug: str) -> Mapping[str, str]:
    """The game's terms with our renderings, as its engine supplies them (none for a game
    without an engine, or whose transcriptions keep their originals)."""
    engine = games.find(game_slug)
    return engine.supplied_renderings if engine is not None else {}


def _primary(tag: str) -> str:
    """The language of a BCP 47 tag without its region or script (``it-IT`` → ``it``)."""
    return (tag or "").split("-")[0].lower()


def _passage_at(parsed: ParsedTranscription, position: int) -> str:
    for p in parsed.passages:
        if p.start <= position <= p.end:
            return p.slug
    before = [p for p in parsed.passages if p.start <= position]
    return (before[-1] if before else parsed.passages[0]).slug


def _words(phrase: str) -> list[str]:
    return [w for w in re.split(r"[\s\-]+", phrase.strip()) if w]


def _reads_as_original(phrase: str, language: str) -> bool:
    """Italian: every word is a function word or ends in a vowel, and none is English; a
    hyphenated compound counts by its first part (``carte-horror``)."""
    if not phrase or any(c in phrase for c in "=:;!?0123456789"):
        return False
    if language != "it":
        return False
    words = [w.split("-")[0].lower() for w in phrase.split()]
    if not words or len(words) > 6:
        return False
    for word in words:
        if word in _ENGLISH_WORDS or not word.isalpha():
            return False
        if word not in _ITALIAN_FUNCTION_WORDS and word[-1] not in "aeiouàèéìòù":
            return False
    return True


def _content_words(phrase: str, language: str) -> int:
    function = _ITALIAN_FUNCTION_WORDS if language == "it" else _SPANISH_FUNCTION_WORDS
    return max(1, sum(1 for w in _words(phrase) if w.lower() not in function))


def _parenthesised_originals(text: str, language: str) -> list[tuple[int, str, str]]:
    out = []
    for m in _PAREN_RE.finditer(text):
        inner = m.group(1).split(",")[0].strip()
        quoted = re.fullmatch(r"[\"“]([^\"“”]+)[\"”]", inner)
        if quoted:
            original = quoted.group(1).strip()
            if any(w.lower() in _ENGLISH_WORDS for w in _words(original)):
                continue
        elif _reads_as_original(inner, language):
            original = inner
        else:
            continue
        # a quoted original is often one compound word ("dadofetiche" → "magic fetish die")
        size = 4 if quoted else _content_words(original, language)
        term = _term_before(text, m.start(), size)
        if term:
            out.append((m.start() - len(term), term, original))
    return out


def _term_before(text: str, index: int, size: int) -> str:
    line_start = text.rfind("\n", 0, index) + 1
    before = text[line_start:index].rstrip()
    tokens = before.split()
    taken: list[str] = []
    while tokens and len(taken) < size:
        token = tokens[-1]
        word = token.strip("\"“”'")
        if (
            not word
            or not word.replace("-", "").replace("'", "").isalpha()
            or word.lower() in _TERM_STOPS
            or token[-1] in ",.;:)"
        ):
            break
        taken.insert(0, word)
        tokens.pop()
        if token[0] in '"“':
            break  # a quoted term ends at its opening quote
    if not taken:
        return ""
    term = " ".join(taken)
    at_sentence_start = not tokens or tokens[-1][-1] in ".!?"
    if at_sentence_start and term[1:] == term[1:].lower():
        term = term[0].lower() + term[1:]
    return term


def _glossed_labels(text: str, language: str) -> list[tuple[int, str, str]]:
    out = []
    for m in _QUOTE_THEN_PAREN_RE.finditer(text):
        original, gloss = m.group(1).strip(), m.group(2).strip()
        if (
            _reads_as_original(original, language)
            and not _reads_as_original(gloss, language)
            and len(gloss.split()) <= 6
            and not any(c in gloss for c in '"“:;')
        ):
            out.append((m.start(), gloss, original))
    return out
