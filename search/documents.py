"""What the index holds for each kind of text: plain values built from the archive's rows, a
game's engine and a match's notes."""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from django.utils.dateformat import format as format_date
from django.utils.text import slugify

import games
from archive.models import Annotation, Game, Transcription
from search.language import UNKNOWN
from search.models import SearchEntry

# The notes a collector reads; page citations are found through their passage.
NOTE_KINDS = (Annotation.LEGIBILITY, Annotation.EDITORIAL, Annotation.READING)
# The engines and their points are written in English.
ENGINE_LANGUAGE = "en"


@dataclass(frozen=True)
class Document:
    source: str
    kind: str
    game_id: int
    title: str = ""
    title_language: str = UNKNOWN
    text: str = ""
    language: str = UNKNOWN
    transcription_id: int | None = None
    anchor: str = ""
    match_id: int | None = None
    step: int | None = None
    seq: int | None = None

    def entry(self) -> SearchEntry:
        return SearchEntry(**self.__dict__)


def game_document(game: Game) -> Document:
    facts = [game.original_title, game.publisher, game.designer, str(game.year or "")]
    return Document(
        source=f"game:{game.pk}",
        kind=SearchEntry.GAME,
        game_id=game.pk,
        title=game.title,
        text=" · ".join(fact for fact in facts if fact and fact != game.title),
    )


def point_documents(game: Game) -> list[Document]:
    engine = games.find(game.slug)
    if engine is None:
        return []
    return [
        Document(
            source=f"point:{game.pk}:{point.id}",
            kind=SearchEntry.POINT,
            game_id=game.pk,
            title=point.question,
            title_language=ENGINE_LANGUAGE,
            text="\n".join(option.description for option in point.options),
            language=ENGINE_LANGUAGE,
            anchor=slugify(point.id),
        )
        for point in engine.points
    ]


def transcription_documents(transcription: Transcription) -> list[Document]:
    game_id, language = transcription.rulebook.game_id, transcription.language
    documents = [
        Document(
            source=f"passage:{passage.pk}",
            kind=SearchEntry.PASSAGE,
            game_id=game_id,
            title=passage.heading,
            title_language=language,
            text=passage.text,
            language=language,
            transcription_id=transcription.pk,
            anchor=passage.anchor,
        )
        for passage in transcription.passages.all()
    ]
    notes = transcription.annotations.filter(kind__in=NOTE_KINDS).select_related("passage")
    documents += [
        Document(
            source=f"note:{note.pk}",
            kind=note.kind,
            game_id=game_id,
            title=note.target,
            title_language=language,
            text=note.body,
            language=language,
            transcription_id=transcription.pk,
            anchor=note.passage.anchor if note.passage else "",
        )
        for note in notes
    ]
    return documents


def glossary_documents(game: Game) -> list[Document]:
    # archive.exports brings the IIIF and TEI libraries: loaded when a glossary is indexed, not
    # by every process that starts the search app.
    from archive.exports import game_glossary

    documents = []
    for item in game_glossary(game=game):
        key = hashlib.sha256(f"{item.term}\n{item.original}".encode()).hexdigest()[:16]
        documents.append(
            Document(
                source=f"glossary:{game.pk}:{key}",
                kind=SearchEntry.GLOSSARY,
                game_id=game.pk,
                title=item.term,
                title_language=ENGINE_LANGUAGE,  # the rendering: the text's or ours, in English
                text=item.original,
                language=item.original_language,
                transcription_id=item.transcription_id,
                anchor=item.anchor,
            )
        )
    return documents


def match_source(match_id: int) -> str:
    return f"match:{match_id}"


# A match's own entry carries its notes up to this many characters of text; later notes are
# found by their own entries (shown in the same group), so appending a note costs the same in
# a log of ten notes as in one of ten thousand.
MATCH_TEXT_CHARS = 20_000


def match_document(match, *, notes: Iterable[str] = ()) -> Document:
    """A recorded match as a collector looks for it: by its title, then its players' names,
    the day it was played (in words and as written, 1989-03-12), its source (where a place
    is written) and its notes as they read now (the first ``MATCH_TEXT_CHARS`` of them), in
    no known language."""
    played = (f"{format_date(match.played_on, 'j F Y')} {match.played_on.isoformat()}"
              if match.played_on else "")
    names = ", ".join(player.get("name") or player["id"] for player in match.players)
    text = "\n".join(part for part in (names, played, match.source) if part)
    return Document(
        source=match_source(match.pk),
        kind=SearchEntry.MATCH,
        game_id=match.game_id,
        title=match.title,
        text=with_notes(text, notes),
        match_id=match.pk,
    )


def with_notes(text: str, notes: Iterable[str]) -> str:
    """``text`` and then each of ``notes`` on a line of its own, cut at ``MATCH_TEXT_CHARS``:
    a text that long is full, and stays so whatever is appended after."""
    if len(text) >= MATCH_TEXT_CHARS:
        return text
    parts = [text] if text else []
    length = len(text)
    for note in notes:
        parts.append(note)
        length += len(note) + 1
        if length >= MATCH_TEXT_CHARS:
            break
    return "\n".join(parts)[:MATCH_TEXT_CHARS]


def annotation_source(match_id: int, seq: int) -> str:
    return f"annotation:{match_id}:{seq}"


def annotation_documents(
    *, game_id: int, match_id: int, events: Iterable[Mapping[str, Any]]
) -> tuple[list[Document], list[str]]:
    """The notes among ``events`` and the sources their corrections withdraw: a correction of
    an annotation replaces its words, a correction into any other event withdraws it."""
    # By source: a note corrected in the same batch keeps only its last words.
    documents: dict[str, Document] = {}
    withdrawn = []
    for event in events:
        data = event.get("data") or {}
        if event["type"] == "annotation":
            seq = event["seq"]
        elif event["type"] == "correction" and isinstance(data.get("supersedes"), int):
            seq = data["supersedes"]
            withdrawn.append(annotation_source(match_id, seq))
            documents.pop(annotation_source(match_id, seq), None)
            corrected = data.get("event") or {}
            if corrected.get("type") != "annotation":
                continue
            data = corrected.get("data") or {}
        else:
            continue
        text = data.get("text")
        if not isinstance(text, str) or not text.strip():
            continue
        step = data.get("step")
        documents[annotation_source(match_id, seq)] = Document(
            source=annotation_source(match_id, seq),
            kind=SearchEntry.ANNOTATION,
            game_id=game_id,
            text=text,
            match_id=match_id,
            step=step if isinstance(step, int) and not isinstance(step, bool) else None,
            seq=seq,
        )
    return list(documents.values()), withdrawn
