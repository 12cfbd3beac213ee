"""Reads of the transcription workbench: one page of a version beside its scan, with its notes
and the regions drawn for them; a version's history; two versions (or one page of each)
compared word by word, notes and regions included. Typed results a page reads from."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass

from django.db.models import Q, QuerySet

from archive.diff import Piece, word_diff
from archive.models import Annotation, Passage, Region, Scan, Transcription
from archive.pages import page_lines
from archive.parsing import note_language
from archive.review import person
from archive.selectors import KIND_LABELS, region_text
from archive.webannotation import RegionNote

NOTE_KINDS = (Annotation.LEGIBILITY, Annotation.EDITORIAL, Annotation.READING)


@dataclass(frozen=True)
class PageNote:
    note: Annotation
    number: int  # its place among the page's notes
    words: tuple[str, ...]  # the printed words it concerns, each run
    regions: tuple[Region, ...]


@dataclass(frozen=True)
class Line:
    number: int
    text: str


@dataclass(frozen=True)
class WorkbenchPage:
    version: Transcription
    number: int
    count: int
    scans: tuple[Scan | None, ...]  # each page's scan, page 1 first
    scan: Scan | None
    text: str
    lines: tuple[Line, ...]
    notes: tuple[PageNote, ...]
    regions: tuple[Region, ...]  # drawn on this page's scan, for any note of the version
    passages: tuple[Passage, ...]  # those with words on this page

    @property
    def previous(self) -> int | None:
        return self.number - 1 if self.number > 1 else None

    @property
    def next(self) -> int | None:
        return self.number + 1 if self.number < self.count else None

    @property
    def pager(self) -> list[tuple[int, Scan | None]]:
        return list(enumerate(self.scans, start=1))


def note_words(note: Annotation, text: str) -> tuple[str, ...]:
    return tuple(text[s:e] for s, e in note.target_spans or ())


def workbench_page(*, version: Transcription, number: int) -> WorkbenchPage | None:
    """Page ``number`` of ``version`` (1 when the version has one page), or None."""
    pages = list(version.pages.select_related("scan").order_by("number"))
    if not 1 <= number <= len(pages):
        return None
    page = pages[number - 1]
    text = version.text[page.start:page.end]
    notes = [n for n in version.annotations.filter(kind__in=NOTE_KINDS,
                                                   start__gte=page.start)
             .order_by("start", "pk") if n.start < page.end or page.start == page.end == n.start]
    regions = list(version.regions.select_related("note", "scan"))
    by_note: dict[int, list[Region]] = {}
    for region in regions:
        by_note.setdefault(region.note_id, []).append(region)
    passages = version.passages.filter(start__lt=max(page.end, page.start + 1),
                                       end__gt=page.start).order_by("order")
    line_numbers = page_lines(text)
    return WorkbenchPage(
        version=version,
        number=number,
        count=len(pages),
        scans=tuple(p.scan for p in pages),
        scan=page.scan,
        text=text,
        lines=tuple(Line(i, line.rstrip("\n")) for i, line in enumerate(line_numbers, start=1)),
        notes=tuple(PageNote(note, i, note_words(note, version.text),
                             tuple(by_note.get(note.pk, ())))
                    for i, note in enumerate(notes, start=1)),
        regions=tuple(r for r in regions if page.scan_id and r.scan_id == page.scan_id),
        passages=tuple(passages),
    )


def region_notes(regions, *, text: str, source: Callable[[Region], str],
                 id_for: Callable[[Region], str]) -> list[RegionNote]:
    return [
        RegionNote(id=id_for(r), source=source(r), x=r.x, y=r.y, w=r.w, h=r.h,
                   text=region_text(r, text), language=note_language(r.note.raw),
                   creator=r.drawn_by, created=r.drawn_at)
        for r in regions
    ]


# -- history and review ---------------------------------------------------------------------------


@dataclass(frozen=True)
class HistoryStep:
    what: str
    who: str
    when: dt.datetime
    note: str = ""


def history(version: Transcription) -> list[HistoryStep]:
    """Who did each step of the version: stored it, then each review step."""
    who = person(version.created_by) if version.created_by is not None else version.transcriber
    steps = [HistoryStep("stored", who, version.created_at, version.change_note)]
    steps += [HistoryStep(step.get_action_display(), step.by_name, step.at, step.note)
              for step in version.review_steps.order_by("at", "pk")]
    return steps


def review_queue() -> QuerySet[Transcription]:
    """Versions waiting for a reviewer, then drafts, the oldest first."""
    return (Transcription.objects.filter(Q(state=Transcription.REVIEW)
                                         | Q(state=Transcription.DRAFT))
            .select_related("rulebook__game", "created_by").order_by("-state", "created_at"))


# -- comparing two versions -----------------------------------------------------------------------


@dataclass(frozen=True)
class NoteChange:
    kind: str  # "added" or "removed"
    label: str
    words: str
    body: str


@dataclass(frozen=True)
class RegionChange:
    kind: str  # "added" or "removed"
    page: str
    xywh: str
    text: str


@dataclass(frozen=True)
class Comparison:
    old: Transcription
    new: Transcription
    page: int | None
    pages: int  # the most pages either version has
    pieces: list[Piece]
    notes: list[NoteChange]
    regions: list[RegionChange]

    @property
    def changed(self) -> bool:
        return any(p.kind != "equal" for p in self.pieces) or bool(self.notes or self.regions)


def _page_span(version: Transcription, page: int | None) -> tuple[int, int] | None:
    if page is None:
        return 0, len(version.text)
    found = version.pages.filter(number=page).values_list("start", "end").first()
    return found


def compare_versions(*, old: Transcription, new: Transcription, page: int | None = None
                     ) -> Comparison:
    """``new`` against ``old``, the whole text or page ``page`` of each (a page one of them
    lacks compares as empty): the words, the notes and the regions that differ."""
    old_span, new_span = _page_span(old, page), _page_span(new, page)
    old_text = old.text[old_span[0]:old_span[1]] if old_span else ""
    new_text = new.text[new_span[0]:new_span[1]] if new_span else ""
    notes = _note_changes(old, new, old_span, new_span)
    regions = _region_changes(old, new, old_span, new_span)
    pages = max(old.pages.count(), new.pages.count())
    return Comparison(old, new, page, pages, word_diff(old_text, new_text), notes, regions)


def _notes_in(version: Transcription, span) -> list[Annotation]:
    if span is None:
        return []
    return list(version.annotations.filter(kind__in=NOTE_KINDS, start__gte=span[0],
                                           start__lt=max(span[1], span[0] + 1))
                .select_related("passage").order_by("start"))


def _note_key(note: Annotation, text: str) -> tuple:
    return (note.kind, note.passage.slug if note.passage else "", note_words(note, text),
            note.body)


def _note_changes(old, new, old_span, new_span) -> list[NoteChange]:
    before = {_note_key(n, old.text): n for n in _notes_in(old, old_span)}
    after = {_note_key(n, new.text): n for n in _notes_in(new, new_span)}
    changes = [NoteChange("removed", KIND_LABELS[k[0]], " | ".join(k[2]), k[3])
               for k in before if k not in after]
    changes += [NoteChange("added", KIND_LABELS[k[0]], " | ".join(k[2]), k[3])
                for k in after if k not in before]
    return changes


def _regions_in(version: Transcription, span) -> dict[tuple, Region]:
    if span is None:
        return {}
    found = {}
    for region in version.regions.select_related("note__passage", "scan"):
        note = region.note
        if span[0] <= note.start < max(span[1], span[0] + 1):
            key = (_note_key(note, version.text), region.scan_id, region.xywh,
                   region.target_index)
            found[key] = region
    return found


def _region_changes(old, new, old_span, new_span) -> list[RegionChange]:
    before, after = _regions_in(old, old_span), _regions_in(new, new_span)

    def change(kind: str, region: Region, text: str) -> RegionChange:
        scan = region.scan
        return RegionChange(kind, scan.page_label or str(scan.page_number), region.xywh,
                            region_text(region, text))

    return ([change("removed", r, old.text) for k, r in before.items() if k not in after]
            + [change("added", r, new.text) for k, r in after.items() if k not in before])
