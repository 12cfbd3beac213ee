"""A search box's words, read as PostgreSQL's ``websearch_to_tsquery`` reads them: every word
must occur, ``"a phrase"`` in that order, ``or`` between two terms for either, ``-word`` for
its absence. The same reading gives SQLite's FTS5 expression and the words a snippet marks."""

from __future__ import annotations

import re
from dataclasses import dataclass

from search.language import QUERY_CONFIGS, lexeme, words

MAX_QUERY_LENGTH = 200
_TOKEN = re.compile(r'(-?)"([^"]*)"?|(\S+)')


@dataclass(frozen=True)
class Term:
    words: tuple[str, ...]  # one word, or a phrase's words
    negated: bool = False


@dataclass(frozen=True)
class ParsedQuery:
    # Every group must match; a group matches when any of its terms does.
    groups: tuple[tuple[Term, ...], ...]

    @property
    def positive_words(self) -> set[str]:
        return {w for group in self.groups for t in group if not t.negated for w in t.words}

    @property
    def is_empty(self) -> bool:
        return not any(not t.negated for group in self.groups for t in group)


def parse(text: str) -> ParsedQuery:
    groups: list[list[Term]] = []
    join_next = False
    for negated, phrase, bare in _TOKEN.findall(text[:MAX_QUERY_LENGTH]):
        if bare and bare.lower() == "or":
            join_next = bool(groups)
            continue
        if bare:
            negated, found = bare.startswith("-"), words(bare.lstrip("-"))
        else:
            found = words(phrase)
        if not found:
            continue
        # A hyphenated or punctuated word is its parts side by side, as a phrase.
        term = Term(tuple(found), negated=bool(negated))
        if join_next and groups:
            groups[-1].append(term)
        else:
            groups.append([term])
        join_next = False
    return ParsedQuery(tuple(tuple(group) for group in groups))


def _fts_term(term: Term, config: str) -> str | None:
    lexemes = [lexeme(word, config) for word in term.words]
    kept = [k for k in lexemes if k]
    return '"' + " ".join(kept) + '"' if kept else None


def fts_expression(query: ParsedQuery) -> str | None:
    """The FTS5 MATCH expression: the query in each configuration, any of them matching."""
    alternatives = []
    for config in QUERY_CONFIGS:
        positives, negatives = [], []
        for group in query.groups:
            terms = [(t, _fts_term(t, config)) for t in group]
            if all(t.negated for t, _ in terms):
                negatives += [text for _, text in terms if text]
                continue
            texts = [text for t, text in terms if text and not t.negated]
            if texts:
                positives.append(texts[0] if len(texts) == 1 else "(" + " OR ".join(texts) + ")")
        if not positives:
            continue
        expression = " AND ".join(positives)
        if negatives:
            expression = f"({expression}) NOT ({' OR '.join(negatives)})"
        alternatives.append(f"({expression})")
    unique = list(dict.fromkeys(alternatives))
    return " OR ".join(unique) if unique else None
