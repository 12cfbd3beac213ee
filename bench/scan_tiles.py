"""How long an upload of a large scan takes with its deep-zoom tiles, on the embedded default
(SQLite, tasks in-process: the tiles are made right after the upload commits, so the upload's
answer waits for them), and how much of it is the tiling, which a worker takes over when a
broker is configured. The scan is a generated 80 Mpx JPEG (10,000 × 8,000), the size limit.

Target: an 80 Mpx scan tiled in under 10 s on this 2-core machine (an upload of the embedded
default waits that long; with a broker it does not wait for the tiles at all).

Usage: python bench/scan_tiles.py [--width 10000 --height 8000]
"""

from __future__ import annotations

import argparse
import io
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

TARGET_SECONDS = 10.0


def scan_bytes(width: int, height: int) -> bytes:
    from PIL import Image, ImageDraw

    image = Image.new("RGB", (width, height), (236, 226, 204))
    draw = ImageDraw.Draw(image)
    for y in range(0, height, 37):  # lines of print, so the JPEG is a realistic size
        draw.line((0, y, width, y + 11), fill=(30, 30, 30), width=5)
    for x in range(0, width, 53):
        draw.line((x, 0, x + 7, height), fill=(120, 60, 40), width=2)
    out = io.BytesIO()
    image.save(out, format="JPEG", quality=92)
    return out.getvalue()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--width", type=int, default=10_000)
    parser.add_argument("--height", type=int, default=8_000)
    args = parser.parse_args()
    import _django

    _django.setup("sqlite")
    from django.core.files.storage import default_storage
    from django.core.files.uploadedfile import SimpleUploadedFile

    from archive.models import Rulebook, Scan
    from archive.scan_uploads import add_scan
    from archive.services import load_archive
    from archive.tiles import make_scan_tiles

    load_archive()

    rulebook = Rulebook.objects.get(game__slug="dagon")
    data = scan_bytes(args.width, args.height)
    pixels = args.width * args.height
    print(f"scan: {args.width} × {args.height} ({pixels / 1e6:.0f} Mpx), "
          f"{len(data) / 1e6:.1f} MB JPEG; load average {os.getloadavg()[0]:.2f}")

    started = time.perf_counter()
    scan = add_scan(rulebook=rulebook, page_number=1, upload=SimpleUploadedFile("p.jpg", data))
    upload = time.perf_counter() - started
    scan = Scan.objects.get(pk=scan.pk)
    assert scan.tiles, "the tiles were not made after the upload committed"
    Scan.objects.filter(pk=scan.pk).update(tiles="")
    scan.refresh_from_db()
    started = time.perf_counter()
    outcome = make_scan_tiles(scan=scan)
    tiling = time.perf_counter() - started
    count = sum(1 for _ in Path(default_storage.path(scan.tiles)).rglob("*.jpg"))
    print(f"upload with its tiles (embedded default): {upload:.2f} s")
    print(f"of which the tiling ({outcome}, {count} tiles through the storage): {tiling:.2f} s"
          f" — target < {TARGET_SECONDS:.0f} s: {'met' if tiling < TARGET_SECONDS else 'missed'}")
    print(f"upload alone (what a request waits when a worker tiles): {upload - tiling:.2f} s")
    print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
