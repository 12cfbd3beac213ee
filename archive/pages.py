"""Transcribing page by page: a page's text and scan changed, a page split in two or joined to
the next. Each change is the next version (``archive.versions``), made from the version the
transcriber opened, which must still be the latest."""

from __future__ import annotations

from archive.errors import ArchiveError
from archive.models import Scan, Transcription
from archive.review import curator, person
from archive.services import MAX_TRANSCRIPTION_TEXT, decode_text
from archive.versions import (
    Change,
    PageSpan,
    TextMap,
    TranscriptionImport,
    carried_regions,
    store_next_version,
    version_pages,
    version_regions,
)
from boundary import InputError, check_text


def _curator(user) -> str:
    return curator(user, to="change a transcription")


def _page_index(pages: tuple[PageSpan, ...], number: int, *, allow_next: bool = False) -> int:
    last = len(pages) + (1 if allow_next else 0)
    if not isinstance(number, int) or not 1 <= number <= last:
        raise ArchiveError(f"page {number} is not a page of this version (1 to {last})",
                           field="number")
    return number - 1


def _checked_scan(version: Transcription, scan: Scan | None) -> int | None:
    if scan is None:
        return None
    if scan.rulebook_id != version.rulebook_id:
        raise ArchiveError(f"scan {scan.pk} is a page of another rulebook, not of "
                           f"{version.rulebook}", field="scan")
    return scan.pk


def _with_text(version: Transcription, change: Change, *, user, change_note: str,
               base: Transcription) -> TranscriptionImport:
    return store_next_version(
        rulebook=version.rulebook, language=version.language, make=lambda latest: change,
        transcriber=_curator(user), change_note=change_note, created_by=user,
        keep_translation_of=True, base=base)


def save_page(*, version: Transcription, number: int, text: str, scan: Scan | None, user,
              change_note: str = "") -> TranscriptionImport:
    """Page ``number`` of ``version`` (or a new last page, number one past the end) with
    ``text`` on ``scan``: the next version. Every page but the last ends its last line."""
    _curator(user)
    try:
        check_text(change_note, field="change_note", max_length=500, required=False)
        check_text(text, field="text", max_length=MAX_TRANSCRIPTION_TEXT, required=False)
    except InputError as error:
        raise ArchiveError(f"{error.field} {error.message}", field=error.field) from None
    text = decode_text(text, field="text")
    pages = version_pages(version)
    index = _page_index(pages, number, allow_next=True)
    scan_id = _checked_scan(version, scan)
    old = version.text
    if index == len(pages):  # a new page after the last, which then ends its line
        glue = "\n" if old and not old.endswith("\n") else ""
        new_text = old + glue + text
        spans = [*pages[:-1], PageSpan(pages[-1].start, len(old) + len(glue), pages[-1].scan_id),
                 PageSpan(len(old) + len(glue), len(new_text), scan_id)]
    else:
        page = pages[index]
        if text and index < len(pages) - 1 and not text.endswith("\n"):
            text += "\n"
        new_text = old[:page.start] + text + old[page.end:]
        delta = len(text) - (page.end - page.start)
        spans = [*pages[:index], PageSpan(page.start, page.start + len(text), scan_id),
                 *(PageSpan(p.start + delta, p.end + delta, p.scan_id) for p in pages[index + 1:])]
    if len(new_text) > MAX_TRANSCRIPTION_TEXT:
        raise ArchiveError(f"the whole text would be {len(new_text):,} characters; the limit is "
                           f"{MAX_TRANSCRIPTION_TEXT:,}", field="text")
    regions = carried_regions(version_regions(version), list(version.annotations.all()),
                              TextMap(old, new_text))
    label = f"page {number}" + (f" (p. {scan.page_label})" if scan else "")
    return _with_text(version, Change(new_text, tuple(spans), regions), user=user,
                      change_note=change_note or f"{person(user)} transcribed {label}",
                      base=version)


def split_page(*, version: Transcription, number: int, line: int, user) -> TranscriptionImport:
    """Page ``number`` ends before its ``line``-th line, which starts a new page (with no scan
    yet): the next version, its text unchanged."""
    _curator(user)
    pages = version_pages(version)
    index = _page_index(pages, number)
    page = pages[index]
    lines = page_lines(version.text[page.start:page.end])
    if not isinstance(line, int) or not 2 <= line <= len(lines):
        raise ArchiveError(f"page {number} has {len(lines)} line(s): split it before a line "
                           f"from 2 to {len(lines)}" if len(lines) > 1 else
                           f"page {number} has one line: there is nothing to split",
                           field="line")
    at = page.start + sum(len(text) for text in lines[:line - 1])
    spans = (*pages[:index], PageSpan(page.start, at, page.scan_id), PageSpan(at, page.end),
             *pages[index + 1:])
    same = version_regions(version)
    return _with_text(version, Change(version.text, spans, lambda parsed: same), user=user,
                      change_note=f"{person(user)} split page {number} before its line {line}",
                      base=version)


def join_pages(*, version: Transcription, number: int, user) -> TranscriptionImport:
    """Page ``number`` and the next become one page, on the first's scan (else the next's)."""
    _curator(user)
    pages = version_pages(version)
    index = _page_index(pages, number)
    if index == len(pages) - 1:
        raise ArchiveError(f"page {number} is the last page: there is no next page to join",
                           field="number")
    first, second = pages[index], pages[index + 1]
    joined = PageSpan(first.start, second.end,
                      first.scan_id if first.scan_id is not None else second.scan_id)
    spans = (*pages[:index], joined, *pages[index + 2:])
    same = version_regions(version)
    return _with_text(version, Change(version.text, spans, lambda parsed: same), user=user,
                      change_note=f"{person(user)} joined pages {number} and {number + 1}",
                      base=version)


def page_lines(text: str) -> list[str]:
    """A page's lines, each with its line break (only ``\\n`` ends a line here)."""
    lines = text.split("\n")
    return [line + "\n" for line in lines[:-1]] + ([lines[-1]] if lines[-1] else [])
