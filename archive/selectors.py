"""Reads of the archive for pages and the API."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Prefetch, Q, QuerySet

from archive.models import Annotation, Game, Passage, Rulebook, Transcription

KIND_LABELS = {
    "legibility": "Legibility note",
    "editorial": "Editorial note",
    "reading": "Uncertain reading",
    "page": "Page citation",
    "target": "Words the note concerns",
}


def game_list(*, query: str = "") -> QuerySet[Game]:
    games = Game.objects.all()
    if query:
        games = games.filter(
            Q(title__icontains=query) | Q(original_title__icontains=query) | Q(slug__icontains=query)
        )
    return games.order_by("title")


def game_rulebooks(*, game: Game) -> QuerySet[Rulebook]:
    return game.rulebooks.prefetch_related(
        Prefetch("transcriptions", queryset=Transcription.objects.order_by("language", "-version")),
        "scans",
    )


def latest_transcriptions(*, game: Game) -> list[Transcription]:
    latest: dict[tuple[int, str], Transcription] = {}
    for t in Transcription.objects.filter(rulebook__game=game).order_by("version"):
        latest[(t.rulebook_id, t.language)] = t
    return sorted(latest.values(), key=lambda t: (t.rulebook_id, t.language))


def passage_text(*, slug: str) -> Passage | None:
    """The latest version's passage for a citation slug such as ``dagon/the-lagoon``."""
    return (
        Passage.objects.filter(slug=slug)
        .select_related("transcription")
        .order_by("-transcription__version", "-transcription_id")
        .first()
    )


@dataclass(frozen=True)
class Segment:
    text: str
    kind: str | None = None
    note: str = ""
    certainty: str = ""

    @property
    def label(self) -> str:
        return KIND_LABELS.get(self.kind or "", "")


def segments(text: str, offset: int, marks: list[tuple[int, int, str, str, str]]) -> list[Segment]:
    """Cut ``text`` (which starts at ``offset`` in the transcription) at the marked spans.
    ``marks`` are (start, end, kind, note, certainty) in transcription coordinates; a mark
    overlapping an earlier one is left out rather than drawn twice."""
    out, cursor = [], offset
    end_of_text = offset + len(text)
    for start, end, kind, note, certainty in sorted(marks):
        if start < cursor or end > end_of_text or start >= end:
            continue
        if start > cursor:
            out.append(Segment(text[cursor - offset : start - offset]))
        out.append(Segment(text[start - offset : end - offset], kind, note, certainty))
        cursor = end
    if cursor < end_of_text:
        out.append(Segment(text[cursor - offset :]))
    return out


@dataclass(frozen=True)
class AnnotatedPassage:
    passage: Passage
    segments: list[Segment]
    notes: list[Annotation]


def annotated_passages(*, transcription: Transcription) -> list[AnnotatedPassage]:
    annotations = list(transcription.annotations.all())
    result = []
    for passage in transcription.passages.all():
        inside = [a for a in annotations if a.passage_id == passage.pk]
        marks = []
        for a in inside:
            marks.append((a.start, a.end, a.kind, a.body, a.certainty))
            for span in a.target_spans or []:
                marks.append((span[0], span[1], "target", a.body, a.certainty))
        result.append(
            AnnotatedPassage(
                passage=passage,
                segments=segments(passage.text, passage.start, marks),
                notes=[a for a in inside if a.kind != "page"],
            )
        )
    return result
