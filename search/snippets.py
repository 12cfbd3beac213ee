"""A hit's words in context, the matching words marked with ``<mark>``, everything else escaped.

A snippet is cut from a bounded stretch of the text around its first hit, however long the
text: the hit is looked for by the first letters of the query's stems (a hit's word begins as
its stem begins), each word found so checked by stemming it, so a megabyte passage costs a
search in C and the stemming of a handful of words, not the stemming of every word."""

from __future__ import annotations

import re

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from search.language import QUERY_CONFIGS, WORD, lexeme
from search.query import ParsedQuery

SNIPPET_WORDS = 36
# The stretch of text a snippet is cut from: this many characters, a third of them before
# the first hit (far more than SNIPPET_WORDS words need).
STRETCH_CHARS = 3000
# Words that begin like a stem but are not hits, looked at (for each stem) before giving up.
MAX_CANDIDATES = 2000
STEM_PREFIX = 3


def _wanted(query: ParsedQuery) -> dict[str, set[str]]:
    wanted = {
        config: {k for w in query.positive_words if (k := lexeme(w, config))}
        for config in QUERY_CONFIGS
    }
    return {config: lexemes for config, lexemes in wanted.items() if lexemes}


def marked(text: str, query: ParsedQuery, *, window: int | None = SNIPPET_WORDS) -> SafeString:
    """``text`` (or, with ``window``, about that many words around its first hit) with the
    query's words marked; an ellipsis where the text is cut."""
    wanted = _wanted(query)
    seen: dict[str, bool] = {}

    def is_hit(word: str) -> bool:
        lower = word.lower()
        if lower not in seen:
            seen[lower] = any(lexeme(lower, c) in wanted[c] for c in wanted)
        return seen[lower]

    offset, end_of_text = 0, len(text)
    if window is not None and len(text) > STRETCH_CHARS:
        first = _first_hit(text, wanted, is_hit)
        offset = max(0, min(first - STRETCH_CHARS // 3, len(text) - STRETCH_CHARS))
        text = text[offset:offset + STRETCH_CHARS]
    spans = [(m.start(), m.end(), m.group()) for m in WORD.finditer(text)]
    # A stretch may begin or end inside a word: those two are left out.
    lo = 1 if offset and spans and spans[0][0] == 0 else 0
    cut_end = offset + len(text) < end_of_text
    hi = len(spans) - (1 if cut_end and spans and spans[-1][1] == len(text) else 0)
    if window is not None and hi - lo > window:
        first = next((i for i in range(lo, hi) if is_hit(spans[i][2])), lo)
        lo = max(lo, min(first - window // 3, hi - window))
        hi = min(hi, lo + window)
    start = spans[lo][0] if spans and (lo or offset) else 0
    end = spans[hi - 1][1] if spans and (hi < len(spans) or cut_end) else len(text)
    out, cursor = ["… "] if offset + start > 0 else [], start
    for s, e, word in spans[lo:hi]:
        if is_hit(word):
            out.append(escape(text[cursor:s]))
            out.append(f"<mark>{escape(word)}</mark>")
            cursor = e
    out.append(escape(text[cursor:end]))
    if offset + end < end_of_text:
        out.append(" …")
    return mark_safe("".join(out))


def _first_hit(text: str, wanted: dict[str, set[str]], is_hit) -> int:
    """Where the first word that is a hit begins (0 when none is found)."""
    prefixes = {stem[:STEM_PREFIX] for stems in wanted.values() for stem in stems}
    lowered = text.lower()
    if len(lowered) != len(text):  # a letter that lowers to two: offsets would drift
        return _first_hit_ignoring_case(text, prefixes, is_hit)
    first = None
    for prefix in prefixes:
        position = lowered.find(prefix)
        for _ in range(MAX_CANDIDATES):
            if position < 0 or (first is not None and position >= first):
                break
            before = lowered[position - 1] if position else " "
            if not (before.isalnum() or before == "_"):
                word = WORD.match(text, position)
                if word and is_hit(word.group()):
                    first = position
                    break
            position = lowered.find(prefix, position + 1)
    return first or 0


def _first_hit_ignoring_case(text: str, prefixes: set[str], is_hit) -> int:
    if not prefixes:
        return 0
    pattern = r"\b(?:" + "|".join(map(re.escape, sorted(prefixes))) + r")\w*"
    for count, found in enumerate(re.finditer(pattern, text, re.IGNORECASE)):
        if count >= MAX_CANDIDATES:
            break
        if is_hit(found.group()):
            return found.start()
    return 0
