"""Words as the index sees them: one text-search configuration per language (PostgreSQL's
``english``, ``italian``, ``spanish``; ``simple`` for any other), and the same stemming and stop
words in Python for SQLite's FTS5 table and for marking hits in snippets."""

from __future__ import annotations

import functools
import re
from pathlib import Path

# PostgreSQL configuration for each language code the archive uses; anything else is "simple".
CONFIGS = {"en": "english", "it": "italian", "es": "spanish"}
SIMPLE = "simple"
# A query is tried in each of these: an entry matches if every word matches in one of them.
QUERY_CONFIGS = ("english", "italian", "spanish", SIMPLE)
# Text of unknown language (a collector's note on a match) is indexed in every configuration.
UNKNOWN = ""

WORD = re.compile(r"\w+")
_STOPWORDS_DIR = Path(__file__).resolve().parent / "stopwords"


def configs_for(language: str) -> tuple[str, ...]:
    """The configurations a field in ``language`` is indexed with."""
    if language == UNKNOWN:
        return QUERY_CONFIGS
    return (CONFIGS.get(language.split("-")[0].lower(), SIMPLE),)


@functools.cache
def _stemmer(config: str):
    if config == SIMPLE:
        return None
    import snowballstemmer  # 39 modules: loaded by the first search or index write, not at start

    return snowballstemmer.stemmer(config)


@functools.cache
def stopwords(config: str) -> frozenset[str]:
    if config == SIMPLE:
        return frozenset()
    lines = (_STOPWORDS_DIR / f"{config}.stop").read_text(encoding="utf-8").split()
    return frozenset(line.strip() for line in lines if line.strip())


def words(text: str) -> list[str]:
    return WORD.findall(text.lower())


@functools.lru_cache(maxsize=200_000)
def lexeme(word: str, config: str) -> str | None:
    """What ``config`` keeps of one lower-case word: its stem, or None for a stop word."""
    if word in stopwords(config):
        return None
    stemmer = _stemmer(config)
    return stemmer.stemWord(word) if stemmer else word


def lexemes(text: str, configs: tuple[str, ...]) -> list[str]:
    """Every lexeme of ``text`` under each of ``configs``, in order (duplicates kept)."""
    found = []
    for config in configs:
        for word in words(text):
            kept = lexeme(word, config)
            if kept:
                found.append(kept)
    return found
