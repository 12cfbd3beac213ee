"""Reads of the archive for pages and the API."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from django.db.models import FilteredRelation, Prefetch, Q, QuerySet

from archive.models import Annotation, Game, Passage, Region, Rulebook, Scan, Transcription
from web.access import is_curator

KIND_LABELS = {
    "legibility": "Legibility note",
    "editorial": "Editorial note",
    "reading": "Uncertain reading",
    "page": "Page citation",
    "target": "Words the note concerns",
}


# -- who reads which version ---------------------------------------------------------------------

PUBLISHED = Q(state=Transcription.PUBLISHED)


def may_read_drafts(user) -> bool:
    """Drafts and versions under review are the curators' work in progress."""
    return is_curator(user)


def readable_versions(*, user) -> QuerySet[Transcription]:
    """Every version ``user`` may read: the published ones, and for a curator all."""
    versions = Transcription.objects.all()
    return versions if may_read_drafts(user) else versions.filter(PUBLISHED)


def published_version(*, rulebook: Rulebook, language: str) -> Transcription | None:
    """The version readers, search, exports and citations use: the latest published one."""
    return (rulebook.transcriptions.filter(PUBLISHED, language=language)
            .order_by("-version").first())


def region_text(region: Region, text: str) -> str:
    """What a region says, in words: the note's kind, the words it concerns, the note."""
    note = region.note
    spans = note.target_spans or []
    if region.target_index is not None and region.target_index < len(spans):
        s, e = spans[region.target_index]
        words = f" on “{text[s:e]}”"
    else:
        words = f" on “{note.target}”" if note.target else ""
    return f"{KIND_LABELS[note.kind]}{words}: {note.body}"


def game_list(*, query: str = "") -> QuerySet[Game]:
    games = Game.objects.all()
    if query:
        games = games.filter(Q(title__icontains=query) | Q(original_title__icontains=query)
                             | Q(slug__icontains=query))
    return games.order_by("title")


def game_named(*, slug: str) -> Game | None:
    return Game.objects.filter(slug=slug).first()


def game_rulebooks(*, game: Game, user) -> QuerySet[Rulebook]:
    """The game's rulebooks with the versions ``user`` may read and the scans."""
    return game.rulebooks.prefetch_related(
        Prefetch("transcriptions",
                 queryset=readable_versions(user=user).order_by("language", "-version")),
        "scans",
    )


def rulebooks_with_game() -> QuerySet[Rulebook]:
    return Rulebook.objects.select_related("game")


def scans_with_rulebook() -> QuerySet[Scan]:
    return Scan.objects.select_related("rulebook__game")


def transcriptions_with_rulebook() -> QuerySet[Transcription]:
    return Transcription.objects.select_related("rulebook__game", "translation_of")


def annotations_with_transcription() -> QuerySet[Annotation]:
    return Annotation.objects.select_related("transcription__rulebook__game", "passage")


def rulebook_pages(*, rulebook: Rulebook) -> list[Scan]:
    """The rulebook's scans in page order."""
    return list(rulebook.scans.order_by("page_number", "id"))


def versions_in_language(*, transcription: Transcription, user) -> list[Transcription]:
    """Every version of the transcription's rulebook in its language that ``user`` may read,
    the newest first."""
    return list(readable_versions(user=user)
                .filter(rulebook_id=transcription.rulebook_id, language=transcription.language)
                .order_by("-version"))


def has_other_languages(*, transcription: Transcription, user) -> bool:
    return readable_versions(user=user).filter(rulebook_id=transcription.rulebook_id).exclude(
        language=transcription.language).exists()


def rulebook_transcriptions(*, rulebook: Rulebook, user) -> list[Transcription]:
    """Every version of every language ``user`` may read, by language then the newest
    first."""
    return list(readable_versions(user=user).filter(rulebook=rulebook)
                .select_related("translation_of").order_by("language", "-version"))


def default_pair(
    *, rulebook: Rulebook, transcriptions: Iterable[Transcription]
) -> tuple[Transcription | None, Transcription | None]:
    """The two transcriptions shown side by side unless asked otherwise: the original (in the
    printed language, else the one a translation points at) and the latest of another
    language."""
    latest: dict[str, Transcription] = {}
    for t in sorted(transcriptions, key=lambda t: t.version):
        latest[t.language] = t
    if not latest:
        return None, None
    original = latest.get(rulebook.language)
    if original is None:
        pointed = [t.translation_of for t in latest.values() if t.translation_of_id]
        original = pointed[0] if pointed else min(latest.values(), key=lambda t: t.pk)
    others = [t for lang, t in sorted(latest.items()) if lang != original.language]
    return original, (others[0] if others else None)


def latest_transcriptions(*, game: Game) -> list[Transcription]:
    """The published version of each of the game's rulebooks in each language."""
    latest: dict[tuple[int, str], Transcription] = {}
    for t in Transcription.objects.filter(PUBLISHED, rulebook__game=game).order_by("version"):
        latest[(t.rulebook_id, t.language)] = t
    return sorted(latest.values(), key=lambda t: (t.rulebook_id, t.language))


def latest_transcriptions_with_parts(*, game: Game) -> list[Transcription]:
    """``latest_transcriptions``, each with its passages and notes loaded: a fixed number of
    queries however many rulebooks and languages the game has."""
    latest = latest_transcriptions(game=game)
    return list(Transcription.objects.filter(pk__in=[t.pk for t in latest])
                .order_by("rulebook_id", "language").prefetch_related("passages", "annotations"))


def rulebook_latest_transcriptions(*, rulebook: Rulebook) -> list[Transcription]:
    """The published version in each language, the printed language's first, then by
    language."""
    latest: dict[str, Transcription] = {}
    for t in rulebook.transcriptions.filter(PUBLISHED).order_by("version"):
        latest[t.language] = t
    return sorted(latest.values(), key=lambda t: (t.language != rulebook.language, t.language))


def scans_by_page_label(scans: Iterable[Scan]) -> dict[str, Scan]:
    """Each page as a citation names it (its printed label, or its number) → its first scan."""
    found: dict[str, Scan] = {}
    for scan in scans:
        found.setdefault(scan.page_label or str(scan.page_number), scan)
        found.setdefault(str(scan.page_number), scan)
    return found


def cited_passages(*, slugs: Iterable[str]) -> dict[str, Passage]:
    """The published version's passage for each citation slug (such as
    ``dagon/the-lagoon``), in one query, each with its notes (page citations aside) in text
    order as ``notes``."""
    wanted = {slug for slug in slugs if slug}
    if not wanted:
        return {}
    passage_fields = [f.attname for f in Passage._meta.concrete_fields]
    note_fields = [f.attname for f in Annotation._meta.concrete_fields]
    rows = (
        Passage.objects.filter(slug__in=wanted, transcription__state=Transcription.PUBLISHED)
        .annotate(note=FilteredRelation("annotations", condition=~Q(annotations__kind="page")))
        .order_by("transcription__version", "transcription_id", "pk", "note__start", "note__pk")
        .values_list(*passage_fields, *(f"note__{name}" for name in note_fields))
    )
    passages: dict[int, Passage] = {}
    for row in rows:
        passage_row, note_row = row[:len(passage_fields)], row[len(passage_fields):]
        passage = passages.get(passage_row[0])
        if passage is None:
            passage = passages[passage_row[0]] = Passage(**dict(zip(passage_fields, passage_row, strict=False)))
            passage.notes = []
        if note_row[0] is not None:
            passage.notes.append(Annotation(**dict(zip(note_fields, note_row, strict=False))))
    return {passage.slug: passage for passage in passages.values()}  # the latest one stays


@dataclass(frozen=True)
class Segment:
    """A run of a passage's text; a marked one says which note it belongs to (``note_id``,
    ``number``: the note's number in its transcription)."""

    text: str
    kind: str | None = None
    note: str = ""
    certainty: str = ""
    note_id: int | None = None
    number: int = 0

    @property
    def label(self) -> str:
        return KIND_LABELS.get(self.kind or "", "")


@dataclass(frozen=True)
class Mark:
    start: int
    end: int
    kind: str
    note: str = ""
    certainty: str = ""
    note_id: int | None = None
    number: int = 0


def segments(text: str, offset: int, marks: list[Mark]) -> list[Segment]:
    """Cut ``text`` (which starts at ``offset`` in the transcription) at the marked spans,
    given in transcription coordinates; a mark overlapping an earlier one is left out rather
    than drawn twice."""
    out, cursor = [], offset
    end_of_text = offset + len(text)
    for mark in sorted(marks, key=lambda m: (m.start, m.end, m.kind)):
        if mark.start < cursor or mark.end > end_of_text or mark.start >= mark.end:
            continue
        if mark.start > cursor:
            out.append(Segment(text[cursor - offset : mark.start - offset]))
        out.append(Segment(text[mark.start - offset : mark.end - offset], mark.kind, mark.note,
                           mark.certainty, mark.note_id, mark.number))
        cursor = mark.end
    if cursor < end_of_text:
        out.append(Segment(text[cursor - offset :]))
    return out


@dataclass(frozen=True)
class NumberedNote:
    """A note as a transcription's page lists it: its number, one series for the whole
    transcription, so "note 3" names one note however many passages the page shows."""

    number: int
    note: Annotation


@dataclass(frozen=True)
class AnnotatedPassage:
    passage: Passage
    segments: list[Segment]
    notes: list[NumberedNote]


def annotated_passages(*, transcription: Transcription) -> list[AnnotatedPassage]:
    """Each passage cut at its marks, with its notes (page citations aside) in text order: a
    note is written out once, in the list; its place in the text and the words it concerns
    point at it by number, the notes numbered through the whole transcription."""
    annotations = list(transcription.annotations.all())
    result = []
    counted = 0
    for passage in transcription.passages.all():
        inside = [a for a in annotations if a.passage_id == passage.pk]
        notes = [NumberedNote(counted + i, a)
                 for i, a in enumerate((a for a in inside if a.kind != "page"), start=1)]
        counted += len(notes)
        numbers = {item.note.pk: item.number for item in notes}
        marks = []
        for a in inside:
            number = numbers.get(a.pk, 0)
            marks.append(Mark(a.start, a.end, a.kind, a.body, a.certainty, a.pk, number))
            for span in a.target_spans or []:
                marks.append(Mark(span[0], span[1], "target", a.body, a.certainty, a.pk, number))
        result.append(
            AnnotatedPassage(
                passage=passage,
                segments=segments(passage.text, passage.start, marks),
                notes=notes,
            )
        )
    return result
