"""Snippets are cut from a bounded stretch around the first hit: a passage of megabytes costs
the stemming of a handful of words, not of every word before the hit."""

from __future__ import annotations

import search.snippets
from search.query import parse
from search.snippets import SNIPPET_WORDS, marked


def long_text(words: int) -> str:
    """Distinct words (none a hit), in sentences, then the hit near the end."""
    body = " ".join(f"word{n}." if n % 12 == 11 else f"word{n}" for n in range(words))
    return f"{body} The hidden lagoon floods the vault. {body[:2000]}"


def test_a_megabyte_passage_is_marked_around_its_hit_stemming_few_words(monkeypatch):
    """Tries: a passage of about 1.3 MB whose only hit is near its end. Proves: the snippet
    shows the hit marked, about SNIPPET_WORDS words around it with an ellipsis each side,
    and fewer than a thousand words were stemmed to find it."""
    stemmed = []
    original = search.snippets.lexeme

    def counting(word, config):
        stemmed.append(word)
        return original(word, config)

    monkeypatch.setattr(search.snippets, "lexeme", counting)
    text = long_text(150_000)
    assert len(text) > 1_000_000
    snippet = marked(text, parse("lagoons"))
    assert "<mark>lagoon</mark>" in snippet
    assert snippet.startswith("… ") and snippet.endswith(" …")
    assert len(snippet.split()) <= SNIPPET_WORDS + 4
    assert len(set(stemmed)) < 1000, len(set(stemmed))


def test_a_short_text_is_marked_as_before():
    text = "A trap door. Nothing else but the trap."
    assert marked(text, parse("trap")) == \
        "A <mark>trap</mark> door. Nothing else but the <mark>trap</mark>."
    assert marked(text, parse("trap"), window=None) == marked(text, parse("trap"))


def test_a_long_text_without_a_findable_hit_shows_its_beginning():
    text = long_text(2000)
    snippet = marked(text, parse("zzzunfindable"))
    assert snippet.startswith("word0 word1") and snippet.endswith(" …")
