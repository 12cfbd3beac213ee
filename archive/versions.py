"""The next version of a transcription, stored whole: its text parsed into passages and notes,
its pages, and the regions drawn for its notes.

Every change to a transcription (a new text, one page's text, the page layout, a note, a
region) is made here from the latest version, read under a lock on the rulebook, so two writers
never take one version number, a writer who opened an older version is told so, and nothing
half-made stays. What the change does not touch is carried over: the pages keep their scans
where their lines went, and a region follows its note (``TextMap``).
"""

from __future__ import annotations

import bisect
import datetime as dt
import difflib
import hashlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone

from archive.errors import ArchiveError
from archive.models import (
    Annotation,
    Passage,
    Region,
    ReviewStep,
    Rulebook,
    Scan,
    Transcription,
    TranscriptionPage,
)
from archive.parsing import (
    ParsedAnnotation,
    ParsedTranscription,
    TranscriptionError,
    parse_transcription,
)
from archive.signals import transcription_stored

NOTE_KINDS = (Annotation.LEGIBILITY, Annotation.EDITORIAL, Annotation.READING)


@dataclass(frozen=True)
class TranscriptionImport:
    transcription: Transcription
    created: bool


@dataclass(frozen=True)
class PageSpan:
    """A page as a span ``[start, end)`` of the text, and its scan."""

    start: int
    end: int
    scan_id: int | None = None


@dataclass(frozen=True)
class RegionSpec:
    """A region as a version holds it: its note by where the note starts in the text."""

    note_start: int
    scan_id: int
    x: int
    y: int
    w: int
    h: int
    target_index: int | None
    drawn_by: str
    drawn_at: dt.datetime


@dataclass(frozen=True)
class Box:
    """A rectangle drawn on a scan, in its image's pixels, before it is tied to a note."""

    scan_id: int
    x: int
    y: int
    w: int
    h: int
    target_index: int | None = None

    def for_note(self, note_start: int, *, drawn_by: str) -> RegionSpec:
        return RegionSpec(note_start, self.scan_id, self.x, self.y, self.w, self.h,
                          self.target_index, drawn_by, timezone.now())


@dataclass(frozen=True)
class Change:
    """A next version: its text and pages, and its regions once its notes are parsed."""

    text: str
    pages: tuple[PageSpan, ...]
    regions: Callable[[ParsedTranscription], tuple[RegionSpec, ...]]


# -- reading a version back ---------------------------------------------------------------------


def latest_version(*, rulebook_id: int, language: str) -> Transcription | None:
    return (Transcription.objects.filter(rulebook_id=rulebook_id, language=language)
            .order_by("-version").first())


def version_pages(version: Transcription) -> tuple[PageSpan, ...]:
    return tuple(PageSpan(p.start, p.end, p.scan_id)
                 for p in sorted(version.pages.all(), key=lambda p: p.number))


def version_regions(version: Transcription) -> tuple[RegionSpec, ...]:
    regions = [
        RegionSpec(r.note.start, r.scan_id, r.x, r.y, r.w, r.h, r.target_index, r.drawn_by,
                   r.drawn_at)
        for r in version.regions.select_related("note")
    ]
    return tuple(sorted(regions, key=_region_order))


def _region_order(region: RegionSpec) -> tuple:
    return (region.note_start, region.scan_id, region.y, region.x, region.w, region.h,
            region.target_index if region.target_index is not None else -1)


# -- where a text's positions went ----------------------------------------------------------------


def line_starts(text: str) -> list[int]:
    """Where each line starts, and the end of the text (a page may start there, empty)."""
    starts = [0]
    at = text.find("\n")
    while at != -1:
        starts.append(at + 1)
        at = text.find("\n", at + 1)
    if starts[-1] != len(text):
        starts.append(len(text))
    return starts


class TextMap:
    """Where positions of one text are in another made from it, by the lines they share
    (difflib): exact in a run of shared lines, and in a changed run, the same distance into
    what replaced it (``exact`` False)."""

    def __init__(self, old: str, new: str):
        self.identical = old == new
        old_lines, new_lines = old.splitlines(keepends=True), new.splitlines(keepends=True)
        old_at, new_at = _offsets(old_lines), _offsets(new_lines)
        if self.identical:
            blocks = [(0, 0, len(old))]
        else:
            matcher = difflib.SequenceMatcher(None, old_lines, new_lines, autojunk=False)
            blocks = [(old_at[a], new_at[b], old_at[a + size] - old_at[a])
                      for a, b, size in matcher.get_matching_blocks()]
        # a run of length 0 at both starts and both ends, so every change lies between two runs
        self.blocks = [(0, 0, 0), *blocks, (len(old), len(new), 0)]
        self._starts = [a for a, _, _ in self.blocks]

    def position(self, offset: int) -> tuple[int, bool]:
        """(position in the new text, whether it is exact)."""
        index = bisect.bisect_right(self._starts, offset) - 1
        a, b, size = self.blocks[index]
        if offset <= a + size:
            return b + offset - a, True
        low, high = self.changed(offset)
        return min(low + offset - (a + size), high), False

    def changed(self, offset: int) -> tuple[int, int]:
        """The span of the new text that replaced the change ``offset`` lies in."""
        index = bisect.bisect_right(self._starts, offset) - 1
        _, b, size = self.blocks[index]
        following = self.blocks[index + 1] if index + 1 < len(self.blocks) else self.blocks[-1]
        return b + size, following[1]


def _offsets(lines: list[str]) -> list[int]:
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line))
    return offsets


def carried_pages(pages: Sequence[PageSpan], new_text: str, text_map: TextMap
                  ) -> tuple[PageSpan, ...]:
    """The pages of a text made from another: each page starts where its first line went
    (the next line start when that line changed), with its scan."""
    if not pages:
        return (PageSpan(0, len(new_text)),)
    starts = line_starts(new_text)
    bounds = [0]
    for page in pages[1:]:
        position, _ = text_map.position(page.start)
        snapped = starts[bisect.bisect_left(starts, position)] if position < len(new_text) \
            else len(new_text)
        bounds.append(max(snapped, bounds[-1]))
    bounds.append(len(new_text))
    return tuple(PageSpan(bounds[i], bounds[i + 1], page.scan_id) for i, page in enumerate(pages))


def carried_regions(regions: Sequence[RegionSpec], notes: Sequence[Annotation],
                    text_map: TextMap) -> Callable[[ParsedTranscription], tuple[RegionSpec, ...]]:
    """The regions of ``regions`` whose notes the new text still has: a note outside the
    change is where its words went; a note inside it is the note of its kind there with the
    same words, else the same target, else the one in the same order. A region whose note is
    gone is not carried."""
    by_start = {note.start: note for note in notes}

    def regions_for(parsed: ParsedTranscription) -> tuple[RegionSpec, ...]:
        new_notes = [a for a in parsed.annotations if a.kind in NOTE_KINDS]
        new_by_start = {a.start: a for a in new_notes}
        carried = []
        for region in regions:
            note = by_start.get(region.note_start)
            if note is None:
                continue
            found = _note_after(note, notes, new_notes, new_by_start, text_map)
            if found is None:
                continue
            target_index = region.target_index
            if target_index is not None and target_index >= len(found.target_spans):
                target_index = None
            carried.append(RegionSpec(found.start, region.scan_id, region.x, region.y, region.w,
                                      region.h, target_index, region.drawn_by, region.drawn_at))
        return tuple(carried)

    return regions_for


def _note_after(note: Annotation, old_notes: Sequence[Annotation],
                new_notes: list[ParsedAnnotation], new_by_start: dict[int, ParsedAnnotation],
                text_map: TextMap) -> ParsedAnnotation | None:
    start, exact_start = text_map.position(note.start)
    _, exact_end = text_map.position(note.end)
    if exact_start and exact_end:
        found = new_by_start.get(start)
        return found if found is not None and found.raw == note.raw else None
    low, high = text_map.changed(note.start)
    there = [a for a in new_notes if a.kind == note.kind and low <= a.start < high]
    for same in (lambda a: a.raw == note.raw, lambda a: a.target == note.target and a.target):
        matching = [a for a in there if same(a)]
        if len(matching) == 1:
            return matching[0]
    before = [n for n in old_notes if n.kind == note.kind
              and not all(text_map.position(o)[1] for o in (n.start, n.end))
              and text_map.changed(n.start) == (low, high)]
    before.sort(key=lambda n: n.start)
    if len(before) == len(there):
        return there[before.index(note)] if note in before else None
    return None


# -- checks ---------------------------------------------------------------------------------------


def check_pages(pages: Sequence[PageSpan], text: str, *, rulebook_id: int,
                scans: dict[int, Scan]) -> None:
    """Pages follow each other over the whole text, each starting on a line, each on a scan
    of this rulebook or none."""
    if not pages:
        raise ArchiveError("a transcription has at least one page", field="pages")
    starts = set(line_starts(text))
    at = 0
    for number, page in enumerate(pages, start=1):
        if page.start != at or page.end < page.start:
            raise ArchiveError(f"page {number} does not follow page {number - 1}",
                               field="pages")
        if page.start not in starts:
            raise ArchiveError(f"page {number} does not start at the beginning of a line",
                               field="pages")
        if page.scan_id is not None:
            scan = scans.get(page.scan_id)
            if scan is None or scan.rulebook_id != rulebook_id:
                raise ArchiveError(f"page {number}: scan {page.scan_id} is not a scan of this "
                                   "rulebook", field="scan")
        at = page.end
    if at != len(text):
        raise ArchiveError("the pages do not cover the whole text", field="pages")


def check_region_box(*, scan: Scan, x: int, y: int, w: int, h: int) -> None:
    """A region lies inside its scan's image and has an area; the message names the field."""
    if not (scan.width and scan.height):
        raise ArchiveError(f"page {scan.page_label} is a PDF: a region is drawn on a page "
                           "image", field="scan")
    for name, value in (("x", x), ("y", y)):
        if value < 0:
            raise ArchiveError(f"{name} is {value}: a region starts inside the image (0 or "
                               "more)", field=name)
    for name, value in (("w", w), ("h", h)):
        if value <= 0:
            raise ArchiveError(f"{name} is {value}: a region is at least one pixel "
                               f"{'wide' if name == 'w' else 'high'}", field=name)
    if x + w > scan.width:
        raise ArchiveError(f"the region runs past the image's right edge (x + w = {x + w}, "
                           f"the image is {scan.width} px wide)", field="w")
    if y + h > scan.height:
        raise ArchiveError(f"the region runs past the image's bottom edge (y + h = {y + h}, "
                           f"the image is {scan.height} px high)", field="h")


def _check_regions(regions: Sequence[RegionSpec], parsed: ParsedTranscription, *,
                   rulebook_id: int, scans: dict[int, Scan]) -> None:
    notes = {a.start: a for a in parsed.annotations if a.kind in NOTE_KINDS}
    for region in regions:
        scan = scans.get(region.scan_id)
        if scan is None or scan.rulebook_id != rulebook_id:
            raise ArchiveError(f"scan {region.scan_id} is not a scan of this rulebook",
                               field="scan")
        check_region_box(scan=scan, x=region.x, y=region.y, w=region.w, h=region.h)
        note = notes.get(region.note_start)
        if note is None:
            raise ArchiveError("a region is drawn for a legibility, editorial or reading note "
                               "of the version", field="note")
        if region.target_index is not None and region.target_index >= len(note.target_spans):
            raise ArchiveError(f"the note concerns {len(note.target_spans)} run(s) of words, "
                               f"not {region.target_index + 1}", field="target")


# -- storing --------------------------------------------------------------------------------------


def known_title(rulebook: Rulebook, language: str, translation_of) -> str:
    """The title the archive knows this rulebook's text by: its earlier version's in this
    language, else the game's (in the language the game was published in, or its title)."""
    earlier = (Transcription.objects.filter(rulebook=rulebook, language=language)
               .order_by("-version").values_list("title", flat=True).first())
    if earlier:
        return earlier
    game = rulebook.game
    if translation_of is None and game.original_title:
        return game.original_title
    return game.title


def store_parsed(transcription: Transcription, parsed, *, responsible: str
                 ) -> dict[int, Annotation]:
    """The parse's passages and notes as rows; the notes by where they start."""
    passages = Passage.objects.bulk_create(
        [
            Passage(
                transcription=transcription,
                slug=p.slug,
                heading=p.heading,
                order=p.order,
                start=p.start,
                end=p.end,
                text=p.text,
                pages=list(p.pages),
            )
            for p in parsed.passages
        ]
    )
    by_slug = {p.slug: p for p in passages}
    notes = Annotation.objects.bulk_create(
        [
            Annotation(
                transcription=transcription,
                passage=by_slug.get(a.passage),
                kind=a.kind,
                start=a.start,
                end=a.end,
                raw=a.raw,
                body=a.body,
                target=a.target,
                target_spans=[list(span) for span in a.target_spans],
                reason=a.reason,
                certainty=a.certainty,
                responsible=responsible,
            )
            for a in parsed.annotations
        ]
    )
    return {note.start: note for note in notes}


def store_next_version(
    *,
    rulebook: Rulebook,
    language: str,
    make: Callable[[Transcription | None], Change],
    transcriber: str,
    change_note: str,
    created_by=None,
    translation_of: Transcription | None = None,
    keep_translation_of: bool = False,
    base: Transcription | None = None,
    published_without_review: str = "",
) -> TranscriptionImport:
    """Store the version ``make`` makes from the latest one (None for the first), as a draft
    unless ``published_without_review`` gives the reason it is published at once. ``base``:
    the version the writer worked from, refused if another was stored since. A change that
    leaves text, pages and regions as they are stores nothing and answers the latest."""
    with transaction.atomic():
        # Lock the rulebook so two writers never take the same version number.
        Rulebook.objects.select_for_update().get(pk=rulebook.pk)
        latest = latest_version(rulebook_id=rulebook.pk, language=language)
        if base is not None and (latest is None or latest.pk != base.pk):
            raise ArchiveError(
                f"version {latest.version if latest else '?'} was stored after version "
                f"{base.version}, which you worked from: open the latest version and make "
                "your change there", field="base")
        if keep_translation_of and latest is not None:
            translation_of = latest.translation_of
        change = make(latest)
        try:
            parsed = parse_transcription(
                rulebook.game.slug, change.text, language=language,
                title=known_title(rulebook, language, translation_of))
        except TranscriptionError as error:
            raise ArchiveError(str(error), field="text") from None
        regions = tuple(sorted(change.regions(parsed), key=_region_order))
        scan_ids = {p.scan_id for p in change.pages} | {r.scan_id for r in regions}
        scans = Scan.objects.in_bulk([pk for pk in scan_ids if pk is not None])
        check_pages(change.pages, change.text, rulebook_id=rulebook.pk, scans=scans)
        _check_regions(regions, parsed, rulebook_id=rulebook.pk, scans=scans)
        if latest is not None and latest.text == change.text \
                and version_pages(latest) == change.pages \
                and version_regions(latest) == regions:
            return TranscriptionImport(latest, created=False)
        version = (latest.version + 1) if latest else 1
        now = timezone.now()
        transcription = Transcription.objects.create(
            rulebook=rulebook,
            language=language,
            translation_of=translation_of,
            version=version,
            title=parsed.title,
            text=change.text,
            sha256=hashlib.sha256(change.text.encode("utf-8")).hexdigest(),
            transcriber=transcriber,
            change_note=change_note or ("first version" if version == 1 else "new version"),
            created_by=created_by,
            state=Transcription.PUBLISHED if published_without_review else Transcription.DRAFT,
            published_at=now if published_without_review else None,
        )
        notes = store_parsed(transcription, parsed, responsible=transcriber)
        TranscriptionPage.objects.bulk_create(
            TranscriptionPage(transcription=transcription, number=number, start=page.start,
                              end=page.end, scan_id=page.scan_id)
            for number, page in enumerate(change.pages, start=1))
        Region.objects.bulk_create(
            Region(transcription=transcription, note=notes[r.note_start], scan_id=r.scan_id,
                   x=r.x, y=r.y, w=r.w, h=r.h, target_index=r.target_index,
                   drawn_by=r.drawn_by, drawn_at=r.drawn_at)
            for r in regions)
        if published_without_review:
            ReviewStep.objects.create(
                transcription=transcription, action=ReviewStep.PUBLISHED_WITHOUT_REVIEW,
                by=created_by, by_name=transcriber, note=published_without_review[:500])
        transcription_stored.send(Transcription, transcription=transcription)
    return TranscriptionImport(transcription, created=True)


def text_change(text: str, *, added: tuple[RegionSpec, ...] = ()
                ) -> Callable[[Transcription | None], Change]:
    """A new whole text: the pages and regions of the latest version follow their lines;
    ``added``, regions drawn with the change (for notes of the new text)."""

    def make(latest: Transcription | None) -> Change:
        if latest is None:
            return Change(text, (PageSpan(0, len(text)),), lambda parsed: added)
        text_map = TextMap(latest.text, text)
        carried = carried_regions(version_regions(latest), list(latest.annotations.all()),
                                  text_map)
        return Change(text, carried_pages(version_pages(latest), text, text_map),
                      lambda parsed: carried(parsed) + added)

    return make
