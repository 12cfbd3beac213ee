"""A hit's words in context, the matching words marked with ``<mark>``, everything else escaped."""

from __future__ import annotations

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from search.language import QUERY_CONFIGS, WORD, lexeme
from search.query import ParsedQuery

SNIPPET_WORDS = 36


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

    spans = [(m.start(), m.end(), m.group()) for m in WORD.finditer(text)]
    lo, hi = 0, len(spans)
    if window is not None and len(spans) > window:
        first = next((i for i, (_, _, word) in enumerate(spans) if is_hit(word)), 0)
        lo = max(0, min(first - window // 3, len(spans) - window))
        hi = min(len(spans), lo + window)
    start = spans[lo][0] if lo else 0
    end = spans[hi - 1][1] if spans and hi < len(spans) else len(text)
    out, cursor = ["… "] if start > 0 else [], start
    for s, e, word in spans[lo:hi]:
        if is_hit(word):
            out.append(escape(text[cursor:s]))
            out.append(f"<mark>{escape(word)}</mark>")
            cursor = e
    out.append(escape(text[cursor:end]))
    if end < len(text):
        out.append(" …")
    return mark_safe("".join(out))  # noqa: S308 - every piece of the text is escaped above
