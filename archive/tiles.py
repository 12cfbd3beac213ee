"""Deep zoom for scans: each page image gets a static IIIF Image API 3 tile pyramid (level 0).

libvips cuts the pyramid (``dzsave`` in its ``iiif3`` layout: tiles at
``{region}/{width},{height}/0/default.jpg`` and an ``info.json`` describing them), so a viewer
asks for the tiles of what it shows instead of the whole file. The pyramid is written through
Django's default storage, in a folder beside the scan named by the scan's sha256, so the same
image always lands in the same place and making it again rewrites the same files.

``info.json`` is written last: a pyramid counts as made (``Scan.tiles``) only once it is there.
Its ``id`` is the storage URL of the folder, absolute on a storage that serves from its own
host; on the file system it is site-relative, and ``image_info`` makes it absolute for the
request that asks (``config.media`` serves it).
"""

from __future__ import annotations

import io
import json
import logging
import re
import zipfile
from typing import Any

from django.core.files.base import ContentFile
from django.core.files.storage import default_storage

from archive.models import Scan

__all__ = [
    "ALREADY_MADE",
    "INFO",
    "MADE",
    "NOT_AN_IMAGE",
    "TILE_SIZE",
    "image_info",
    "image_pyramid",
    "is_tiles_folder",
    "make_scan_tiles",
    "tiles_folder",
]

logger = logging.getLogger(__name__)

TILE_SIZE = 512
JPEG_QUALITY = 85
INFO = "info.json"
MADE, ALREADY_MADE, NOT_AN_IMAGE = "made", "already made", "not an image (a PDF has no tiles)"
_ROOT = "pyramid"
_FOLDER = re.compile(r"scans/[0-9]+/tiles/[0-9a-f]{64}")


def tiles_folder(scan: Scan) -> str:
    return f"scans/{scan.rulebook_id}/tiles/{scan.sha256}"


def is_tiles_folder(name: str) -> bool:
    return _FOLDER.fullmatch(name) is not None


def _as_jpeg_pixels(image: Any) -> Any:
    """Eight-bit sRGB or grey with no alpha, which is what a JPEG tile holds: 16-bit and
    CMYK scans are converted, a transparent background becomes white paper."""
    grey = image.bands - (1 if image.hasalpha() else 0) == 1
    wanted = "b-w" if grey else "srgb"
    if image.interpretation != wanted or image.format != "uchar":
        image = image.colourspace(wanted)
    if image.hasalpha():
        image = image.flatten(background=[255] * (image.bands - 1))
    return image.cast("uchar")


def image_pyramid(data: bytes, *, tile_size: int = TILE_SIZE) -> dict[str, bytes]:
    """The tile pyramid of an image file's bytes: ``{name inside the folder: bytes}``, tiles
    and ``info.json`` (whose ``id`` the caller sets). Raises ``pyvips.Error`` for an image
    libvips cannot read."""
    import pyvips  # libvips loads only where a scan is tiled

    image = _as_jpeg_pixels(pyvips.Image.new_from_buffer(data, "", access="sequential"))
    packed = image.dzsave_buffer(
        basename=_ROOT,
        layout="iiif3",
        tile_size=tile_size,
        overlap=0,
        container="zip",
        compression=0,
        suffix=f".jpg[Q={JPEG_QUALITY},strip]",
    )
    files: dict[str, bytes] = {}
    with zipfile.ZipFile(io.BytesIO(packed)) as pack:
        for name in pack.namelist():
            if name.startswith(f"{_ROOT}/") and not name.endswith("/"):
                files[name.removeprefix(f"{_ROOT}/")] = pack.read(name)
    # A viewer asks for an image that fits in one tile at its full size as "max", Image API
    # 3's canonical size; libvips names that file by its pixel size only.
    whole = f"full/{image.width},{image.height}/0/default.jpg"
    if whole in files:
        files["full/max/0/default.jpg"] = files[whole]
    return files


def _put(name: str, content: bytes) -> str:
    # The storage would give a second file of a taken name another name: replace it instead.
    if default_storage.exists(name):
        default_storage.delete(name)
    stored = default_storage.save(name, ContentFile(content))
    if stored != name:
        raise OSError(f"the storage kept {name!r} as {stored!r}")
    return stored


def make_scan_tiles(*, scan: Scan) -> str:
    """Make and store the scan's tile pyramid unless it is already stored, and record it on
    the scan; returns what was done. A failure is logged and returned, never raised (it runs
    after an upload's commit, where an error must not become the upload's answer): the scan is
    then shown whole, and ``manage.py make_scan_tiles`` tries again."""
    if not (scan.width and scan.height):
        return NOT_AN_IMAGE
    folder = tiles_folder(scan)
    info_name = f"{folder}/{INFO}"
    if scan.tiles == folder and default_storage.exists(info_name):
        return ALREADY_MADE
    written: list[str] = []
    try:
        with scan.file.open("rb") as handle:
            files = image_pyramid(handle.read())
        info = json.loads(files.pop(INFO))
        info["id"] = default_storage.url(folder)
        for name, content in files.items():
            written.append(_put(f"{folder}/{name}", content))
        written.append(_put(info_name, json.dumps(info, indent=2).encode()))
    except Exception as error:  # noqa: BLE001 - libvips, the storage, a missing file: each says why
        logger.warning("scan %s: no tiles made: %s", scan.pk, error)
        for name in written:
            default_storage.delete(name)
        return f"failed: {error}"
    Scan.objects.filter(pk=scan.pk).update(tiles=folder)
    scan.tiles = folder
    return MADE


def image_info(*, folder: str, service_id: str) -> bytes | None:
    """The stored ``info.json`` of a pyramid with ``service_id`` (the absolute URL of the
    folder as the request reached it) as its id; None when there is none."""
    name = f"{folder}/{INFO}"
    if not default_storage.exists(name):
        return None
    with default_storage.open(name, "rb") as handle:
        info = json.loads(handle.read())
    info["id"] = service_id
    return json.dumps(info, indent=2).encode()
