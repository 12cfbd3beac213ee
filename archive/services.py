"""Writes to the archive: transcriptions (versioned), scans, the bundled seed archive."""

from __future__ import annotations

import json
import re
from pathlib import Path

from django.db import transaction

from archive.errors import ArchiveError
from archive.models import Annotation, Game, Rulebook, Transcription
from archive.parsing import NOTE_LABELS, TARGET_SEPARATOR, certainty_cues, parse_transcription
from archive.rules_documents import rules_load
from archive.signals import game_stored
from archive.versions import (
    Box,
    RegionSpec,
    TranscriptionImport,
    store_next_version,
    text_change,
)
from boundary import InputError, check_language, check_text

SEED_DIR = Path(__file__).resolve().parent / "seed"
MAX_TRANSCRIPTION_TEXT = 5_000_000
SEED_PUBLISHED = "the bundled seed archive, published as it is loaded"
DATA_GAME_EDITION = "written for the archive"  # the rulebook of a seed data game


def decode_text(raw: bytes | str, *, field: str = "file") -> str:
    if isinstance(raw, str):
        text = raw
    else:
        try:
            text = raw.decode("utf-8-sig")
        except UnicodeDecodeError as error:
            # Find the line so a collector can fix the file.
            line = raw[: error.start].count(b"\n") + 1
            raise ArchiveError(
                f"the text is not UTF-8 (line {line}, byte {error.start}); save it as UTF-8",
                field=field,
            ) from None
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    if "\x00" in text:
        raise ArchiveError("the text contains NUL characters: is it a binary file?", field=field)
    return text


def import_transcription(
    *,
    rulebook: Rulebook,
    text: str,
    language: str,
    transcriber: str,
    translation_of: Transcription | None = None,
    change_note: str = "",
    created_by=None,
    published_without_review: str = "",
    added_regions: tuple[RegionSpec, ...] = (),
) -> TranscriptionImport:
    """Store ``text`` as the next version of the rulebook's transcription in ``language``, a
    draft (``archive.review`` takes it to publication) unless ``published_without_review``
    says why it is published at once.

    The same text as the latest version is a no-op; a changed text becomes a new version and
    the old one stays as it was. The latest version's pages and regions follow their lines;
    ``added_regions`` are drawn for notes of the new text.
    """
    try:
        check_language(language)
        check_text(transcriber, field="transcriber", max_length=200, single_line=True)
        check_text(change_note, field="change_note", max_length=500, required=False)
        check_text(text, field="text", max_length=MAX_TRANSCRIPTION_TEXT)
    except InputError as error:
        raise ArchiveError(f"{error.field} {error.message}", field=error.field) from None
    if translation_of is not None and translation_of.language == language:
        raise ArchiveError(
            "a translation must be in another language than its original", field="translation_of"
        )
    return store_next_version(
        rulebook=rulebook,
        language=language,
        make=text_change(text, added=added_regions),
        transcriber=transcriber,
        change_note=change_note,
        created_by=created_by,
        translation_of=translation_of,
        published_without_review=published_without_review,
    )


def ensure_game(*, slug: str, **fields) -> Game:
    with transaction.atomic():
        game, _ = Game.objects.update_or_create(slug=slug, defaults=fields)
        game_stored.send(Game, game=game)
    return game


def load_archive(*, seed_dir: Path = SEED_DIR) -> list[TranscriptionImport]:
    """Load the bundled archive (games, rulebooks, the four transcriptions). Idempotent."""
    manifest = json.loads((seed_dir / "archive.json").read_text(encoding="utf-8"))
    results = []
    with transaction.atomic():
        for game_data in manifest["games"]:
            rulebooks = game_data.pop("rulebooks")
            game = ensure_game(**game_data)
            game_data["rulebooks"] = rulebooks
            for book in rulebooks:
                rulebook, _ = Rulebook.objects.get_or_create(
                    game=game,
                    edition=book["edition"],
                    language=book["language"],
                    defaults={"provenance": book.get("provenance", "")},
                )
                by_language: dict[str, Transcription] = {}
                for item in book["transcriptions"]:
                    path = seed_dir / "rulebooks" / item["file"]
                    if not path.exists():
                        continue
                    result = import_transcription(
                        rulebook=rulebook,
                        text=decode_text(path.read_bytes()),
                        language=item["language"],
                        transcriber=item["transcriber"],
                        translation_of=by_language.get(item.get("translation_of", "")),
                        change_note=item.get("note", ""),
                        published_without_review=SEED_PUBLISHED,
                    )
                    by_language[item["language"]] = result.transcription
                    results.append(result)
    return results


def load_data_games(*, seed_dir: Path = SEED_DIR) -> list[str]:
    """Load the seed archive's games whose rules are written as data (``seed_dir/rules/<slug>/``:
    ``game.json``, its transcriptions, ``rules.yaml`` published as the version it names).
    Idempotent; one line said for each thing loaded."""
    said = []
    with transaction.atomic():
        for directory in sorted(path.parent for path in (seed_dir / "rules").glob("*/game.json")):
            info = json.loads((directory / "game.json").read_text(encoding="utf-8"))
            game = ensure_game(
                slug=info["slug"], title=info["title"],
                original_title=info.get("original_title", ""),
                original_language=info.get("original_language", ""),
                min_players=info.get("min_players"), max_players=info.get("max_players"),
                components=info.get("components", []))
            for item in info["transcriptions"]:
                rulebook, _ = Rulebook.objects.get_or_create(
                    game=game, edition=DATA_GAME_EDITION, language=item["language"],
                    defaults={"provenance": item.get("note", "")})
                result = import_transcription(
                    rulebook=rulebook, text=decode_text((directory / item["file"]).read_bytes()),
                    language=item["language"], transcriber=item["transcriber"],
                    change_note=item.get("note", ""), published_without_review=SEED_PUBLISHED)
                t = result.transcription
                said.append(f"{'imported' if result.created else 'unchanged'}: {game.slug} "
                            f"[{t.language}] v{t.version} ({t.passages.count()} passages)")
            document, created = rules_load(
                game=game, text=decode_text((directory / "rules.yaml").read_bytes()),
                publish=True, change_note="the bundled seed archive")
            if str(document.version) != str(info["rules_version"]):
                raise ArchiveError(
                    f"{directory / 'game.json'}: rules_version {info['rules_version']} but the "
                    f"archive holds this text as version {document.version}",
                    field="rules_version")
            said.append(f"{'published' if created else 'unchanged'}: {game.slug} rules "
                        f"v{document.version}")
    return said


# -- notes as new versions -----------------------------------------------------------------
# A note's words are part of the transcription text, so changing a note is a new text version
# stored by import_transcription; the earlier version stays as it was.

CERTAINTY_ORDER = ("low", "medium", "high", "unknown")  # the parser's precedence, then none
# Wording the parser reads as each certainty (archive.parsing.CERTAINTY_CUES), added to a note
# whose own words do not already say it.
CERTAINTY_WORDING = {"low": "a guess", "medium": "probably right", "high": "clearly legible"}
_CERTAINTY_SUFFIX_RE = re.compile(
    r"\s*\((?:" + "|".join(map(re.escape, CERTAINTY_WORDING.values())) + r")\)\s*$"
)


def _note_key(annotation) -> tuple:
    passage = annotation.passage.slug if annotation.passage_id else ""
    return (annotation.kind, passage, annotation.body, annotation.target, annotation.certainty)


def _read_certainty(body: str, language: str) -> tuple[str, str]:
    """The certainty the parser reads in ``body`` and the words that say it."""
    for pattern, certainty in certainty_cues(language):
        match = re.search(pattern, body, re.IGNORECASE)
        if match:
            return certainty, match.group(0)
    return "unknown", ""


def _checked_body(body: str) -> str:
    body = " ".join((body or "").split())
    if not body:
        raise ArchiveError("write the note", field="body")
    if "[" in body or "]" in body:
        raise ArchiveError("a note cannot contain [ or ]: they open and close notes", field="body")
    return body


def _worded(body: str, certainty: str | None, language: str) -> str:
    """``body`` worded so that the parser reads ``certainty`` in it (the added words are
    English, which the parser reads in every language)."""
    if not certainty:
        return body
    if certainty not in CERTAINTY_ORDER:
        raise ArchiveError(
            f"certainty must be one of {', '.join(CERTAINTY_ORDER)}, not {certainty!r}",
            field="certainty",
        )
    base = _CERTAINTY_SUFFIX_RE.sub("", body)
    current, cue = _read_certainty(base, language)
    if current == certainty:
        return base
    if CERTAINTY_ORDER.index(current) < CERTAINTY_ORDER.index(certainty):
        raise ArchiveError(
            f"the note says “{cue}”, which reads as {current} certainty; reword it to mark it "
            f"{certainty}",
            field="certainty",
        )
    return f"{base} ({CERTAINTY_WORDING[certainty]})"


def _latest_or_error(transcription: Transcription) -> None:
    latest = (
        Transcription.objects.filter(
            rulebook_id=transcription.rulebook_id, language=transcription.language
        )
        .order_by("-version")
        .first()
    )
    if latest.pk != transcription.pk:
        raise ArchiveError(
            f"version {transcription.version} is not the latest [{transcription.language}] "
            f"version (v{latest.version}): revise the notes of the latest one",
            field="transcription",
        )


def _store_note_version(
    *,
    transcription: Transcription,
    text: str,
    editor: str,
    change_note: str,
    created_by,
    expected: list[tuple],
    changed: tuple,
    added_regions: tuple[RegionSpec, ...] = (),
) -> TranscriptionImport:
    """Store ``text`` as the next version; refuse (and store nothing) unless its notes are
    exactly ``expected``. The notes the editor did not touch keep who is responsible."""
    responsible: dict[tuple, str] = {}
    for a in transcription.annotations.select_related("passage"):
        responsible.setdefault(_note_key(a), a.responsible)
    with transaction.atomic():
        result = import_transcription(
            rulebook=transcription.rulebook,
            text=text,
            language=transcription.language,
            transcriber=editor,
            translation_of=transcription.translation_of,
            change_note=change_note[:500],
            created_by=created_by,
            added_regions=added_regions,
        )
        if not result.created:
            raise ArchiveError("the change leaves the text as it was", field="body")
        new = list(result.transcription.annotations.select_related("passage"))
        if sorted(map(_note_key, new)) != sorted(expected):
            raise ArchiveError(
                "the change would alter other notes (their words overlap the words chosen); "
                "choose other words or edit the transcription text",
                field="words",
            )
        carried = []
        for a in new:
            key = _note_key(a)
            if key != changed and responsible.get(key, a.responsible) != a.responsible:
                a.responsible = responsible[key]
                carried.append(a)
        Annotation.objects.bulk_update(carried, ["responsible"])
    return result


def revise_annotation(
    *,
    annotation: Annotation,
    editor: str,
    body: str | None = None,
    certainty: str | None = None,
    change_note: str = "",
    created_by=None,
) -> TranscriptionImport:
    """Edit a legibility, editorial or reading note (its words, its certainty) as the next
    version of its transcription. A certainty the note's words do not say is added in words
    the parser reads ("(a guess)", "(probably right)", "(clearly legible)")."""
    transcription = annotation.transcription
    if annotation.kind == Annotation.PAGE:
        raise ArchiveError("a page citation is printed text: edit the transcription instead",
                           field="annotation")
    if not editor.strip():
        raise ArchiveError("name the editor", field="editor")
    if body is None and not certainty:
        raise ArchiveError("give the note's new wording or its certainty", field="body")
    _latest_or_error(transcription)
    new_body = _worded(_checked_body(annotation.body if body is None else body), certainty,
                       transcription.language)
    raw = annotation.raw
    at = raw.rfind(annotation.body) if annotation.body else -1
    if at > 0:
        new_raw = raw[:at] + new_body + raw[at + len(annotation.body) :]
    else:
        new_raw = f"[{NOTE_LABELS[annotation.kind]}{new_body}]"
    if new_raw == raw:
        raise ArchiveError("the note is unchanged", field="body")
    text = transcription.text
    new_text = text[: annotation.start] + new_raw + text[annotation.end :]
    old_key = _note_key(annotation)
    expected = [_note_key(a) for a in transcription.annotations.select_related("passage")]
    expected.remove(old_key)
    # the target follows the quoted words of the new body, as the parser reads them
    parsed = parse_transcription(transcription.rulebook.game.slug, new_text,
                                 language=transcription.language, title=transcription.title)
    note = next((a for a in parsed.annotations if a.start == annotation.start), None)
    if note is None or note.kind != annotation.kind:
        raise ArchiveError("the new wording changes the kind of note; keep its label",
                           field="body")
    changed = (note.kind, note.passage, note.body, note.target, note.certainty)
    expected.append(changed)
    label = dict(Annotation.KINDS)[annotation.kind].lower()
    where = f" on “{annotation.target}”" if annotation.target else ""
    return _store_note_version(
        transcription=transcription,
        text=new_text,
        editor=editor,
        change_note=change_note or f"{editor} revised the {label}{where} in {old_key[1]}",
        created_by=created_by,
        expected=expected,
        changed=changed,
    )


def add_annotation(
    *,
    transcription: Transcription,
    passage: str,
    words: str,
    body: str,
    editor: str,
    kind: str = Annotation.LEGIBILITY,
    certainty: str | None = None,
    occurrence: int = 1,
    change_note: str = "",
    created_by=None,
    region: Box | None = None,
) -> TranscriptionImport:
    """Add a note on ``words`` of a passage (its ``occurrence``-th appearance outside the
    notes) as the next version: the note, quoting the words, is written right after them;
    with ``region``, the rectangle drawn on the scan for it (``archive.regions``)."""
    if kind not in NOTE_LABELS:
        raise ArchiveError("a note is a legibility, editorial or reading note", field="kind")
    if not editor.strip():
        raise ArchiveError("name the editor", field="editor")
    _latest_or_error(transcription)
    row = transcription.passages.filter(slug=passage).first()
    if row is None:
        raise ArchiveError(f"no passage {passage!r} in this transcription", field="passage")
    words = " ".join((words or "").split())
    if not words or any(c in words for c in '[]"“”'):
        raise ArchiveError("give the words as printed, without brackets or quotes", field="words")
    text = transcription.text
    notes = [(a.start, a.end) for a in transcription.annotations.all() if a.kind != "page"]
    hits = []
    for match in re.finditer(re.escape(words), text[row.start : row.end]):
        s, e = row.start + match.start(), row.start + match.end()
        inside = any(ns < e and s < ne for ns, ne in notes)
        glued = (s > 0 and text[s - 1].isalnum() and words[0].isalnum()) or (
            e < len(text) and text[e].isalnum() and words[-1].isalnum()
        )
        if not inside and not glued:
            hits.append((s, e))
    if not hits:
        raise ArchiveError(f"“{words}” is not in {passage} (as whole words, outside its notes)",
                           field="words")
    if not 1 <= occurrence <= len(hits):
        raise ArchiveError(f"“{words}” occurs {len(hits)} time(s) in {passage}", field="occurrence")
    start, end = hits[occurrence - 1]
    for a in transcription.annotations.all():
        for s, e in a.target_spans or []:
            if s < end and start < e:
                raise ArchiveError(
                    f"“{words}” overlaps “{text[s:e]}”, which another note concerns: "
                    "revise that note instead",
                    field="words",
                )
    note_body = _worded(_checked_body(f'"{words}": {body}'), certainty, transcription.language)
    new_text = f"{text[:end]} [{NOTE_LABELS[kind]}{note_body}]{text[end:]}"
    parsed = parse_transcription(transcription.rulebook.game.slug, new_text,
                                 language=transcription.language, title=transcription.title)
    note = next((a for a in parsed.annotations if a.start == end + 1), None)
    if note is None or note.kind != kind or note.target.split(TARGET_SEPARATOR)[0] != words:
        raise ArchiveError(f"a note after “{words}” would not concern those words; "
                           "choose other words", field="words")
    changed = (note.kind, note.passage, note.body, note.target, note.certainty)
    expected = [_note_key(a) for a in transcription.annotations.select_related("passage")]
    expected.append(changed)
    label = dict(Annotation.KINDS)[kind].lower()
    return _store_note_version(
        transcription=transcription,
        text=new_text,
        editor=editor,
        change_note=change_note or f"{editor} added a {label} on “{words}” in {passage}",
        created_by=created_by,
        expected=expected,
        changed=changed,
        added_regions=(region.for_note(note.start, drawn_by=editor),) if region else (),
    )


# -- TEI import ------------------------------------------------------------------------------


def import_tei(
    *,
    game: Game,
    xml: bytes,
    language: str,
    transcriber: str = "",
    rulebook: Rulebook | None = None,
    change_note: str = "",
    created_by=None,
) -> TranscriptionImport:
    """Store the text of one of our TEI exports as the next version of its rulebook's
    transcription, restoring its notes (kinds, words concerned, bodies, certainties)."""
    from archive.tei_reading import TeiReadError, tei_text

    try:
        found = tei_text(xml)
    except TeiReadError as error:
        raise ArchiveError(str(error), field="file") from None
    if found.language and language and found.language != language:
        raise ArchiveError(
            f"the file's text is in {found.language!r} (xml:lang), not {language!r}",
            field="language",
        )
    if rulebook is None:
        rulebooks = list(game.rulebooks.all())
        matching = [r for r in rulebooks if found.edition and r.edition == found.edition]
        if len(matching) == 1 or len(rulebooks) == 1:
            rulebook = (matching or rulebooks)[0]
        elif not rulebooks:
            raise ArchiveError(f"the game {game.slug} has no rulebook", field="game")
        else:
            raise ArchiveError(
                f"the game {game.slug} has {len(rulebooks)} rulebooks and the file's edition "
                f"{found.edition!r} names none of them: choose the rulebook",
                field="rulebook",
            )
    elif rulebook.game_id != game.pk:
        raise ArchiveError(f"that rulebook is not one of {game.slug}'s", field="rulebook")
    transcriber = transcriber.strip() or found.transcriber
    if not transcriber:
        raise ArchiveError("the file names no transcriber: give one", field="transcriber")
    language = language or found.language
    previous = (
        Transcription.objects.filter(rulebook=rulebook, language=language)
        .order_by("-version")
        .first()
    )
    return import_transcription(
        rulebook=rulebook,
        text=found.text,
        language=language,
        transcriber=transcriber,
        # a translation stays the translation of what its earlier version translated
        translation_of=previous.translation_of if previous else None,
        change_note=change_note or "imported from TEI",
        created_by=created_by,
    )
