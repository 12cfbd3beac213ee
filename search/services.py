"""Writes of the search index. Every write goes through ``_replace``, which keeps the database's
own reading structure in step in the same transaction: the vectors on PostgreSQL, the FTS5
table on SQLite (a trigger removes an entry's lexemes whenever the entry is deleted)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import replace
from typing import Any

from django.contrib.postgres.search import SearchVector
from django.db import connection, transaction
from django.db.models import Q

from archive.models import Game, Transcription
from replay.models import Event, Match
from search import documents as docs
from search.language import configs_for, lexemes
from search.models import SearchEntry

FTS_TABLE = "search_searchentry_fts"
_CHUNK = 500
NOTE_TYPES = ("annotation", "correction")


def index_game(*, game: Game) -> None:
    """The game itself and its engine's interpretation points."""
    _replace(
        remove=Q(source=f"game:{game.pk}") | Q(source__startswith=f"point:{game.pk}:"),
        documents=[docs.game_document(game), *docs.point_documents(game)],
    )


_glossaries_waiting: ContextVar[set[int] | None] = ContextVar("glossaries_waiting", default=None)


def index_transcription(*, transcription: Transcription) -> None:
    """A published transcription version's passages and notes, and its game's glossary anew
    (once at the end of a ``bulk_indexing`` block)."""
    game = transcription.rulebook.game
    passages = transcription.passages.values_list("pk", flat=True)
    notes = transcription.annotations.values_list("pk", flat=True)
    waiting = _glossaries_waiting.get()
    if waiting is not None:
        waiting.add(game.pk)
    _replace(
        remove=Q(source__in=[f"passage:{pk}" for pk in passages])
        | Q(source__in=[f"note:{pk}" for pk in notes]),
        documents=docs.transcription_documents(transcription),
    )
    if waiting is None:
        index_glossary(game=game)


def index_glossary(*, game: Game) -> None:
    """A game's glossary, read again from the latest version of each of its transcriptions."""
    _replace(remove=Q(source__startswith=f"glossary:{game.pk}:"),
             documents=docs.glossary_documents(game))


@contextmanager
def bulk_indexing():
    """Many transcriptions stored in a row: each game's glossary, which reads all of the
    game's transcriptions, is read once at the end instead of once for each of them."""
    if _glossaries_waiting.get() is not None:
        yield
        return
    games: set[int] = set()
    token = _glossaries_waiting.set(games)
    try:
        yield
    finally:
        _glossaries_waiting.reset(token)
    for game in Game.objects.filter(pk__in=games).order_by("pk"):
        index_glossary(game=game)


def index_match_notes(*, match: Match, events: Iterable[Mapping[str, Any]]) -> None:
    """A match's appended annotations, and the corrections that reword or withdraw them; the
    match's own entry again, with its notes as they now read."""
    documents, withdrawn = docs.annotation_documents(
        game_id=match.game_id, match_id=match.pk, events=events
    )
    if not (documents or withdrawn):
        return
    _replace(remove=Q(source__in=withdrawn), documents=documents)
    if withdrawn:
        index_match(match=match)  # a note reworded or withdrawn: its entry read again
        return
    # Only new notes: added to the entry as it stands, without reading the log's notes again.
    kept = SearchEntry.objects.filter(source=docs.match_source(match.pk)).first()
    if kept is None:
        index_match(match=match)
        return
    text = docs.with_notes(kept.text, [note.text for note in documents])
    if text != kept.text:
        document = docs.match_document(match)
        _replace(remove=Q(pk=kept.pk), documents=[replace(document, text=text)])


def index_match(*, match: Match) -> None:
    """A recorded match by its title, players, day, source and notes as they read now. Who
    may read it is decided as each search is made, so a match made private leaves the
    results at once."""
    note_events = Event.objects.filter(
        match_id=match.pk, type__in=NOTE_TYPES).order_by("seq").values("seq", "type", "data")
    notes, _ = docs.annotation_documents(game_id=match.game_id, match_id=match.pk,
                                         events=note_events)
    _replace(remove=Q(source=docs.match_source(match.pk)),
             documents=[docs.match_document(match, notes=[note.text for note in notes])])


def rebuild_index() -> int:
    """Everything again from the archive, the engines and the logs; the number of entries."""
    with transaction.atomic():
        _replace(remove=Q(), documents=[])
        for game in Game.objects.order_by("pk"):
            index_game(game=game)
        with bulk_indexing():
            for transcription in Transcription.objects.filter(
                state=Transcription.PUBLISHED
            ).select_related("rulebook__game").order_by("pk"):
                index_transcription(transcription=transcription)
        notes = Event.objects.filter(type__in=NOTE_TYPES)
        by_match: dict[int, list] = defaultdict(list)
        for event in notes.order_by("match_id", "seq").iterator(chunk_size=2000):
            by_match[event.match_id].append(
                {"seq": event.seq, "type": event.type, "data": event.data}
            )
        for match in Match.objects.order_by("pk").iterator(chunk_size=500):
            notes, _ = docs.annotation_documents(game_id=match.game_id, match_id=match.pk,
                                                 events=by_match.get(match.pk, []))
            entry = docs.match_document(match, notes=[note.text for note in notes])
            _replace(remove=Q(pk__in=[]), documents=[*notes, entry])  # emptied above
        return SearchEntry.objects.count()


def _replace(*, remove: Q, documents: list[docs.Document]) -> None:
    with transaction.atomic():
        old = list(SearchEntry.objects.filter(remove).values_list("pk", flat=True))
        if old:
            # On SQLite a trigger deletes their lexemes from the FTS5 table with them.
            for start in range(0, len(old), _CHUNK):
                SearchEntry.objects.filter(pk__in=old[start : start + _CHUNK]).delete()
        if not documents:
            return
        entries = SearchEntry.objects.bulk_create(
            [document.entry() for document in documents], batch_size=_CHUNK
        )
        if connection.vendor == "postgresql":
            _set_vectors(entries)
        elif connection.vendor == "sqlite":
            _add_lexemes(entries)


def _set_vectors(entries: list[SearchEntry]) -> None:
    """Each field under its language's configuration (every one for an unknown language)."""
    groups: dict[tuple, list[int]] = defaultdict(list)
    for entry in entries:
        key = (configs_for(entry.title_language), configs_for(entry.language))
        groups[key].append(entry.pk)
    for (title_configs, text_configs), ids in groups.items():
        parts = [SearchVector("title", config=c, weight="A") for c in title_configs]
        parts += [SearchVector("text", config=c, weight="B") for c in text_configs]
        vector = parts[0]
        for part in parts[1:]:
            vector = vector + part
        for start in range(0, len(ids), _CHUNK):
            SearchEntry.objects.filter(pk__in=ids[start : start + _CHUNK]).update(vector=vector)


def _add_lexemes(entries: list[SearchEntry]) -> None:
    rows = [
        (
            entry.pk,
            " ".join(lexemes(entry.title, configs_for(entry.title_language))),
            " ".join(lexemes(entry.text, configs_for(entry.language))),
        )
        for entry in entries
    ]
    with connection.cursor() as cursor:
        cursor.executemany(
            f"INSERT INTO {FTS_TABLE} (rowid, title, text) VALUES (%s, %s, %s)", rows
        )
