"""Reading the search index: the entries a query finds, best first, each with its marked
snippet and the address of what it stands for."""

from __future__ import annotations

import functools
import operator
from collections import OrderedDict
from dataclasses import dataclass, field

from django.contrib.postgres.search import SearchQuery, SearchRank
from django.db import connection
from django.db.models import F, Q, QuerySet
from django.urls import reverse
from django.utils.safestring import SafeString

from archive.models import Game, Passage
from replay.models import ReplayRun
from replay.reading.policy import visible_matches
from search.language import QUERY_CONFIGS
from search.models import SearchEntry
from search.query import ParsedQuery, fts_expression, parse
from search.services import FTS_TABLE
from search.snippets import marked

KIND_LABELS = dict(SearchEntry.KINDS)
KINDS = tuple(KIND_LABELS)


@dataclass(frozen=True)
class Hit:
    entry: SearchEntry
    rank: float
    title: SafeString
    snippet: SafeString
    url: str
    # The passage it is in, as pages call it (a passage, a note, a glossary entry).
    passage_heading: str = ""

    @property
    def kind_label(self) -> str:
        return KIND_LABELS[self.entry.kind]


# Recorded matches and their notes: shown as a group of their own, apart from rule text.
MATCH_KINDS = (SearchEntry.MATCH, SearchEntry.ANNOTATION)


@dataclass
class GameHits:
    """One group of a page of results: a game's rule text (``game``), or the recorded
    matches and their notes (``game`` None)."""

    game: Game | None
    hits: list[Hit] = field(default_factory=list)

    @property
    def is_matches(self) -> bool:
        return self.game is None


@dataclass(frozen=True)
class SearchResults:
    query: str
    total: int
    page: int
    per_page: int
    hits: list[Hit]

    @property
    def pages(self) -> int:
        return max(1, -(-self.total // self.per_page))

    @property
    def groups(self) -> list[GameHits]:
        """This page's hits in groups, in the order of each group's best hit: the recorded
        matches and their notes together, and each game's rule text."""
        groups: OrderedDict[int | None, GameHits] = OrderedDict()
        for hit in self.hits:
            if hit.entry.kind in MATCH_KINDS:
                groups.setdefault(None, GameHits(None)).hits.append(hit)
            else:
                groups.setdefault(hit.entry.game_id, GameHits(hit.entry.game)).hits.append(hit)
        return list(groups.values())

    @property
    def by_game(self) -> list[GameHits]:
        """The games' groups of rule text, in the order of their best hit."""
        return [group for group in self.groups if not group.is_matches]


def search(
    *,
    query: str,
    user,
    game: Game | None = None,
    kinds: tuple[str, ...] = (),
    page: int = 1,
    per_page: int = 20,
) -> SearchResults:
    """What ``query`` finds among the entries ``user`` may see (a private match and its notes
    only for who sees the match, decided now), optionally of one game and some kinds; one page of it."""
    parsed = parse(query)
    entries = _visible_entries(user=user, game=game, kinds=kinds)
    offset = (page - 1) * per_page
    ranked: list[tuple[int, float]]  # (entry's pk, rank), best first
    if parsed.is_empty:
        ranked, total = [], 0
    elif connection.vendor == "postgresql":
        ranked, total = _postgres(entries, query, offset, per_page)
    else:
        ranked, total = _sqlite(entries, parsed, offset, per_page)
    rows = SearchEntry.objects.select_related("game", "transcription", "match").in_bulk(
        [pk for pk, _ in ranked]
    )
    runs = _latest_runs({rows[pk].match_id for pk, _ in ranked if rows[pk].match_id})
    headings = _passage_headings([rows[pk] for pk, _ in ranked])
    hits = [
        Hit(
            entry=rows[pk],
            rank=rank,
            title=marked(rows[pk].title, parsed, window=None),
            snippet=marked(rows[pk].text, parsed),
            url=_address(rows[pk], runs),
            passage_heading=headings.get((rows[pk].transcription_id, rows[pk].anchor), ""),
        )
        for pk, rank in ranked
    ]
    return SearchResults(query=query, total=total, page=page, per_page=per_page, hits=hits)


def _visible_entries(*, user, game, kinds) -> QuerySet[SearchEntry]:
    entries = SearchEntry.objects.filter(
        Q(match__isnull=True) | Q(match__in=visible_matches(user=user).values("pk"))
    )
    if game is not None:
        entries = entries.filter(game=game)
    if kinds:
        entries = entries.filter(kind__in=kinds)
    return entries


def _postgres(entries, query: str, offset: int, limit: int) -> tuple[list[tuple[int, float]], int]:
    """Each configuration's reading of the words, any of them matching, through the GIN index."""
    tsquery = functools.reduce(
        operator.or_,
        (SearchQuery(query, config=config, search_type="websearch") for config in QUERY_CONFIGS),
    )
    found = entries.filter(vector=tsquery)
    ranked = (
        found.annotate(rank=SearchRank(F("vector"), tsquery))
        .order_by("-rank", "pk")
        .values_list("pk", "rank")[offset : offset + limit]
    )
    return list(ranked), found.count()


def _sqlite(entries, parsed: ParsedQuery, offset: int, limit: int) -> tuple[list[tuple[int, float]], int]:
    """The FTS5 table's bm25 (a title word weighs four text words), within the visible entries."""
    expression = fts_expression(parsed)
    if expression is None:
        return [], 0
    within, params = entries.values("pk").query.sql_with_params()
    # "+rowid": test membership after the full-text match; a bare rowid constraint would make
    # FTS5 run the whole match once for every visible entry.
    where = f"{FTS_TABLE} MATCH %s AND +rowid IN ({within})"
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT count(*) FROM {FTS_TABLE} WHERE {where}", [expression, *params])
        (total,) = cursor.fetchone()
        cursor.execute(
            f"SELECT rowid, -bm25({FTS_TABLE}, 4.0, 1.0) AS rank FROM {FTS_TABLE} WHERE {where} "
            "ORDER BY rank DESC, rowid LIMIT %s OFFSET %s",
            [expression, *params, limit, offset],
        )
        return [(pk, rank) for pk, rank in cursor.fetchall()], total


def _passage_headings(entries: list[SearchEntry]) -> dict[tuple[int, str], str]:
    """The heading in words of each passage these entries are in, by (transcription,
    anchor), in one query."""
    wanted = {(e.transcription_id, f"{e.game.slug}/{e.anchor}") for e in entries
              if e.transcription_id and e.anchor}
    if not wanted:
        return {}
    passages = Passage.objects.filter(
        transcription_id__in={t for t, _ in wanted}, slug__in={slug for _, slug in wanted}
    ).only("transcription_id", "slug", "heading", "text", "pages")
    return {(p.transcription_id, p.anchor): p.heading_in_words for p in passages
            if (p.transcription_id, p.slug) in wanted}


def _latest_runs(match_ids: set[int]) -> dict[int, ReplayRun]:
    runs: dict[int, ReplayRun] = {}
    done = ReplayRun.objects.filter(match_id__in=match_ids, status=ReplayRun.DONE)
    for run in done.order_by("match_id", "created_at", "pk"):
        runs[run.match_id] = run
    return runs


def _address(entry: SearchEntry, runs: dict[int, ReplayRun]) -> str:
    """Where the hit is read: the passage's anchor, the point, the game, the match, or the
    noted step."""
    if entry.kind == SearchEntry.GAME:
        return reverse("game-detail", args=[entry.game.slug])
    if entry.kind == SearchEntry.MATCH:
        return reverse("match-detail", args=[entry.match_id])
    if entry.kind == SearchEntry.POINT:
        return reverse("game-points", args=[entry.game.slug]) + f"#{entry.anchor}"
    if entry.kind == SearchEntry.ANNOTATION:
        run = runs.get(entry.match_id)
        if run is not None and entry.step is not None and entry.step <= run.progress:
            return reverse("replay-step", args=[entry.match_id, run.pk, entry.step])
        return reverse("match-detail", args=[entry.match_id]) + f"#seq-{entry.seq}"
    url = reverse("transcription-detail", args=[entry.transcription_id])
    return url + (f"#{entry.anchor}" if entry.anchor else "")
