"""A scanned page added to a rulebook: the file checked (size, type from its content, pixels,
decompression bombs), its thumbnail made, and its deep-zoom tiles sent off the request."""

from __future__ import annotations

import hashlib
import io
from dataclasses import dataclass
from pathlib import Path

from django.conf import settings
from django.core.files.base import ContentFile
from django.db import transaction

import background
from archive.errors import ArchiveError
from archive.models import Rulebook, Scan
from boundary import MAX_DB_INTEGER, InputError, check_text, check_whole_number

ALLOWED_SCAN_TYPES = {
    "image/png": "png",
    "image/jpeg": "jpg",
    "image/tiff": "tif",
    "image/webp": "webp",
    "application/pdf": "pdf",
}
THUMBNAIL_SIZE = (320, 320)


@dataclass(frozen=True)
class Thumbnail:
    data: bytes  # PNG
    size: tuple[int, int]


def sniff_content_type(head: bytes) -> str | None:
    """The file's type from its first bytes, never from its name."""
    import filetype

    kind = filetype.guess(head)
    return kind.mime if kind else None


def add_scan(
    *, rulebook: Rulebook, page_number: int, upload, page_label: str = "", uploaded_by=None
) -> Scan:
    """Store an uploaded page image or PDF after checking what it really is."""

    try:
        check_whole_number(page_number, field="page_number", low=1, high=MAX_DB_INTEGER)
        check_text(page_label, field="page_label", max_length=40, required=False,
                   single_line=True)
    except InputError as error:
        raise ArchiveError(f"{error.field.replace('_', ' ')} {error.message}",
                           field=error.field) from None
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
    thumbnail = None
    if content_type != "application/pdf":
        width, height, thumbnail = _checked_image(data)
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
        if thumbnail is not None:
            scan.thumbnail.save("thumb.png", ContentFile(thumbnail.data), save=False)
            scan.thumbnail_width, scan.thumbnail_height = thumbnail.size
        scan.save()
        if width:
            # Deep-zoom tiles are made once the scan is committed: by a worker when a broker
            # is configured, else in this process right after the commit (archive.tiles).
            transaction.on_commit(lambda: background.send("archive.tasks.tile_scan", scan.pk))
    return scan



def _checked_image(data: bytes) -> tuple[int, int, Thumbnail]:
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
    except Exception as error:  # noqa: BLE001 - Pillow raises many types for a damaged file
        raise ArchiveError(f"the image cannot be read: {error}", field="file") from None
    return width, height, Thumbnail(out.getvalue(), thumb.size)
