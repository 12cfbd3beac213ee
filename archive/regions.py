"""Legibility notes on the scan: a rectangle drawn on a page image and tied to a note of the
version and the words it concerns, stored as the next version (``archive.versions``), and
its W3C Web Annotation (``archive.webannotation``)."""

from __future__ import annotations

from archive.errors import ArchiveError
from archive.models import Annotation, Region, Scan, Transcription
from archive.review import curator
from archive.services import add_annotation
from archive.versions import (
    Box,
    Change,
    TranscriptionImport,
    check_region_box,
    store_next_version,
    version_pages,
    version_regions,
)


def _curator(user) -> str:
    return curator(user, to="draw a region")


def checked_box(*, version: Transcription, scan: Scan | None, x, y, w, h,
                target_index: int | None = None) -> Box:
    """The rectangle, refused with the field it gets wrong: a scan of another rulebook, a
    PDF page, a box outside the image, of no area."""
    if scan is None:
        raise ArchiveError("choose the scanned page the region is drawn on", field="scan")
    if scan.rulebook_id != version.rulebook_id:
        raise ArchiveError(f"scan {scan.pk} is a page of another rulebook: a note of "
                           f"{version.rulebook} is drawn on one of its own scans", field="scan")
    for name, value in (("x", x), ("y", y), ("w", w), ("h", h)):
        if not isinstance(value, int) or isinstance(value, bool):
            raise ArchiveError(f"{name} must be a whole number of pixels", field=name)
    check_region_box(scan=scan, x=x, y=y, w=w, h=h)
    return Box(scan.pk, x, y, w, h, target_index)


def tie_region(*, version: Transcription, note: Annotation, box: Box, user,
               change_note: str = "") -> TranscriptionImport:
    """A region for a note the version has (on the words it concerns, the ``target_index``-th
    quoted run, or the note itself): the next version, its text unchanged."""
    editor = _curator(user)
    if note.transcription_id != version.pk:
        raise ArchiveError(f"note {note.pk} is not a note of version {version.version}",
                           field="note")
    if note.kind not in (Annotation.LEGIBILITY, Annotation.EDITORIAL, Annotation.READING):
        raise ArchiveError("a page citation is printed text: draw regions for notes",
                           field="note")
    spans = note.target_spans or []
    if box.target_index is not None and not 0 <= box.target_index < len(spans):
        raise ArchiveError(f"the note concerns {len(spans)} run(s) of words, not "
                           f"{box.target_index + 1}", field="note")
    new = box.for_note(note.start, drawn_by=editor)
    regions = version_regions(version) + (new,)
    where = f" on “{note.target}”" if note.target else ""
    return store_next_version(
        rulebook=version.rulebook, language=version.language,
        make=lambda latest: Change(version.text, version_pages(version), lambda parsed: regions),
        transcriber=editor, created_by=user, keep_translation_of=True, base=version,
        change_note=change_note or f"{editor} drew a region for the "
        f"{note.get_kind_display().lower()}{where}")


def draw_with_new_note(*, version: Transcription, box: Box, passage: str, words: str, body: str,
                       kind: str, certainty: str | None, user, change_note: str = ""
                       ) -> TranscriptionImport:
    """A note on ``words`` of a passage written with the region that shows them: one next
    version (``archive.services.add_annotation``)."""
    editor = _curator(user)
    return add_annotation(
        transcription=version, passage=passage, words=words, body=body, kind=kind,
        certainty=certainty, editor=editor, created_by=user, change_note=change_note,
        region=Box(box.scan_id, box.x, box.y, box.w, box.h, 0),
    )


def remove_region(*, version: Transcription, region: Region, user) -> TranscriptionImport:
    """The version without ``region``: the next version, its text unchanged."""
    editor = _curator(user)
    if region.transcription_id != version.pk:
        raise ArchiveError(f"region {region.pk} is not a region of version {version.version}",
                           field="region")
    regions = list(version_regions(version))
    gone = next(r for r in regions if (r.note_start, r.scan_id, r.x, r.y, r.w, r.h)
                == (region.note.start, region.scan_id, region.x, region.y, region.w, region.h))
    regions.remove(gone)
    kept = tuple(regions)
    return store_next_version(
        rulebook=version.rulebook, language=version.language,
        make=lambda latest: Change(version.text, version_pages(version), lambda parsed: kept),
        transcriber=editor, created_by=user, keep_translation_of=True, base=version,
        change_note=f"{editor} removed the region {region.xywh} on p. "
        f"{region.scan.page_label or region.scan.page_number}")
