"""Writes to the archive: transcriptions (versioned), scans, the bundled seed archive."""

from __future__ import annotations

import hashlib
import io
import json
from dataclasses import dataclass
from pathlib import Path

from django.conf import settings
from django.core.files.base import ContentFile
from django.db import transaction
from django.db.models import Max

from archive.models import Annotation, Game, Passage, Rulebook, Scan, Transcription
from archive.parsing import TranscriptionError, parse_transcription

SEED_DIR = Path(__file__).resolve().parent / "seed"


class ArchiveError(ValueError):
    def __init__(self, message: str, *, field: str | None = None):
        super().__init__(message)
        self.message = message
        self.field = field


@dataclass(frozen=True)
class TranscriptionImport:
    transcription: Transcription
    created: bool


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
) -> TranscriptionImport:
    """Store ``text`` as the next version of the rulebook's transcription in ``language``.

    The same text as the latest version is a no-op; a changed text becomes a new version and
    the old one stays as it was.
    """
    if not language or len(language) > 12:
        raise ArchiveError("language must be a code such as en or it", field="language")
    if not transcriber.strip():
        raise ArchiveError("name the transcriber", field="transcriber")
    if translation_of is not None and translation_of.language == language:
        raise ArchiveError(
            "a translation must be in another language than its original", field="translation_of"
        )
    try:
        parsed = parse_transcription(rulebook.game.slug, text)
    except TranscriptionError as error:
        raise ArchiveError(str(error), field="text") from None
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()
    with transaction.atomic():
        # Lock the rulebook so two imports never take the same version number.
        Rulebook.objects.select_for_update().get(pk=rulebook.pk)
        latest = (
            Transcription.objects.filter(rulebook=rulebook, language=language)
            .order_by("-version")
            .first()
        )
        if latest is not None and latest.sha256 == digest:
            return TranscriptionImport(latest, created=False)
        version = (latest.version + 1) if latest else 1
        transcription = Transcription.objects.create(
            rulebook=rulebook,
            language=language,
            translation_of=translation_of,
            version=version,
            title=parsed.title,
            text=text,
            sha256=digest,
            transcriber=transcriber,
            change_note=change_note or ("first version" if version == 1 else "new version"),
            created_by=created_by,
        )
        store_parsed(transcription, parsed, responsible=transcriber)
    return TranscriptionImport(transcription, created=True)


def store_parsed(transcription: Transcription, parsed, *, responsible: str) -> None:
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
    Annotation.objects.bulk_create(
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


def ensure_game(*, slug: str, **fields) -> Game:
    game, _ = Game.objects.update_or_create(slug=slug, defaults=fields)
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
                for item in book["transcriptions"]:
                    text = decode_text((seed_dir / "rulebooks" / item["file"]).read_bytes())
                    results.append(
                        import_transcription(
                            rulebook=rulebook,
                            text=text,
                            language=item["language"],
                            transcriber=item["transcriber"],
                            change_note=item.get("note", ""),
                        )
                    )
    return results


# -- scans ---------------------------------------------------------------------------------

ALLOWED_SCAN_TYPES = {
    "image/png": "png",
    "image/jpeg": "jpg",
    "image/tiff": "tif",
    "image/webp": "webp",
    "application/pdf": "pdf",
}
THUMBNAIL_SIZE = (320, 320)


def sniff_content_type(head: bytes) -> str | None:
    """The file's type from its first bytes, never from its name."""
    import filetype

    kind = filetype.guess(head)
    return kind.mime if kind else None


def add_scan(
    *, rulebook: Rulebook, page_number: int, upload, page_label: str = "", uploaded_by=None
) -> Scan:
    """Store an uploaded page image or PDF after checking what it really is."""
    from PIL import Image

    if isinstance(page_number, bool) or not isinstance(page_number, int) or page_number < 1:
        raise ArchiveError("page number must be a whole number ≥ 1", field="page_number")
    size = getattr(upload, "size", None)
    if size is not None and size > settings.SCAN_MAX_BYTES:
        raise ArchiveError(
            f"the file is {size:,} bytes; the limit is {settings.SCAN_MAX_BYTES:,}", field="file"
        )
    data = upload.read(settings.SCAN_MAX_BYTES + 1)
    if len(data) > settings.SCAN_MAX_BYTES:
        raise ArchiveError(f"the file is over the {settings.SCAN_MAX_BYTES:,}-byte limit",
                           field="file")
    if not data:
        raise ArchiveError("the file is empty", field="file")
    content_type = sniff_content_type(data[:8192])
    if content_type not in ALLOWED_SCAN_TYPES:
        found = content_type or "an unknown type"
        raise ArchiveError(
            f"the file's content is {found}; a scan must be a PNG, JPEG, TIFF, WebP image or a PDF",
            field="file",
        )
    width = height = None
    thumbnail_bytes = None
    if content_type != "application/pdf":
        width, height, thumbnail_bytes = _checked_image(data)
    digest = hashlib.sha256(data).hexdigest()
    if Scan.objects.filter(rulebook=rulebook, sha256=digest).exists():
        raise ArchiveError("this exact file is already archived for this rulebook", field="file")
    original = Path(getattr(upload, "name", "") or "").name[:255]
    scan = Scan(
        rulebook=rulebook,
        page_number=page_number,
        page_label=page_label or str(page_number),
        content_type=content_type,
        extension=ALLOWED_SCAN_TYPES[content_type],
        width=width,
        height=height,
        byte_size=len(data),
        sha256=digest,
        original_filename=original,
        uploaded_by=uploaded_by,
    )
    with transaction.atomic():
        scan.file.save("scan", ContentFile(data), save=False)
        if thumbnail_bytes is not None:
            scan.thumbnail.save("thumb.png", ContentFile(thumbnail_bytes), save=False)
        scan.save()
    return scan


def _checked_image(data: bytes) -> tuple[int, int, bytes]:
    import warnings

    from PIL import Image

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(io.BytesIO(data)) as image:
                width, height = image.size
                if width * height > settings.SCAN_MAX_PIXELS:
                    raise ArchiveError(
                        f"the image is {width}×{height} pixels; the limit is "
                        f"{settings.SCAN_MAX_PIXELS:,} pixels",
                        field="file",
                    )
                image.load()
                thumb = image.copy()
                thumb.thumbnail(THUMBNAIL_SIZE)
                if thumb.mode not in ("RGB", "RGBA", "L", "LA"):
                    thumb = thumb.convert("RGB")
                out = io.BytesIO()
                thumb.save(out, format="PNG")
    except ArchiveError:
        raise
    except (Image.DecompressionBombError, Image.DecompressionBombWarning):
        raise ArchiveError("the image expands to too many pixels (decompression bomb?)",
                           field="file") from None
    except Exception as error:  # Pillow raises many types for a damaged file
        raise ArchiveError(f"the image cannot be read: {error}", field="file") from None
    return width, height, out.getvalue()
