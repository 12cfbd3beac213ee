"""The transcriber's page: a page of the Gothic Game beside its scan (2000 × 2800 pixels, its
tiles made), with 50 regions drawn on it, each the next version as in use; then the page
timed as a curator opens it (every form drawn) and as a reader does, with its W3C annotation
page (what the viewer fetches next), in-process through Django's handler: server time, no
network.

Usage: python bench/workbench_page.py [--database sqlite|postgres|both] [--regions 50]
Target: the curator's page with its scan and 50 regions under 300 ms (median).
"""

from __future__ import annotations

import argparse
import io
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

TARGET_MS = 300
RUNS = 30


def scan_image() -> bytes:
    from PIL import Image, ImageDraw

    image = Image.new("RGB", (2000, 2800), (236, 228, 210))
    draw = ImageDraw.Draw(image)
    for y in range(200, 2700, 60):
        draw.rectangle((180, y, 1820, y + 22), fill=(60, 50, 40))
    out = io.BytesIO()
    image.save(out, format="JPEG", quality=85)
    return out.getvalue()


def build(regions: int):
    from django.core.files.uploadedfile import SimpleUploadedFile

    from archive.models import Transcription
    from archive.pages import save_page, split_page
    from archive.regions import Box, tie_region
    from archive.scan_uploads import add_scan
    from tests.factories import make_curator

    curator = make_curator("bench-curator")
    gothic = Transcription.objects.get(rulebook__game__slug="gothic")
    scan = add_scan(rulebook=gothic.rulebook, page_number=11, page_label="11",
                    upload=SimpleUploadedFile("p11.jpg", scan_image()))
    scan.refresh_from_db()
    assert scan.tiles, "the scan's tiles are made as it is stored"
    line = gothic.text.split("\n").index("11. The Tower") + 1
    version = split_page(version=gothic, number=1, line=line, user=curator).transcription
    page_two = version.pages.get(number=2)
    version = save_page(version=version, number=2, user=curator, scan=scan,
                        text=version.text[page_two.start:page_two.end]).transcription
    started = time.perf_counter()
    for n in range(regions):
        notes = list(version.annotations.filter(kind__in=("legibility", "reading"),
                                                start__gte=page_two.start))
        note = notes[n % len(notes)]
        index = n % len(note.target_spans) if note.target_spans else None
        box = Box(scan.pk, 40 + (n % 10) * 190, 60 + (n // 10) * 520, 150, 80, index)
        version = tie_region(version=version, note=note, box=box, user=curator).transcription
    drawn = time.perf_counter() - started
    return curator, version, drawn


def timed(client, url: str) -> list[float]:
    samples = []
    for _ in range(RUNS):
        t = time.perf_counter()
        response = client.get(url)
        samples.append((time.perf_counter() - t) * 1000)
        assert response.status_code == 200, (url, response.status_code)
    return samples


def report(database: str, label: str, samples: list[float]) -> float:
    median = statistics.median(samples)
    p95 = sorted(samples)[int(len(samples) * 0.95) - 1]
    print(f"[{database}] {label:<52} median {median:6.1f} ms  p95 {p95:6.1f} ms")
    return median


def measure(database: str, regions: int) -> int:
    import _django

    _django.setup(database)
    from django.test import Client
    from django.urls import reverse

    from archive.review import publish_without_review

    curator, version, drawn = build(regions)
    assert version.regions.count() == regions
    print(f"[{database}] {regions} regions drawn, each the next version: {drawn:.1f} s "
          f"({drawn / regions * 1000:.0f} ms a region); version {version.version}")
    page = reverse("transcription-page", args=[version.pk, 2])
    annotations = reverse("page-annotations", args=[version.pk, 2])
    client = Client()
    client.force_login(curator)
    client.get(page)  # templates compiled once, as in a running server
    worst = report(database, f"curator's page 2, scan and {regions} regions", timed(client, page))
    report(database, "its W3C annotation page (the viewer's next request)",
           timed(client, annotations))
    publish_without_review(version=version, user=curator)
    reader = Client()
    report(database, "a reader's page 2 (published)", timed(reader, page))
    verdict = "ok" if worst < TARGET_MS else f"ABOVE {TARGET_MS} ms"
    print(f"[{database}] curator's page median {worst:.1f} ms (target < {TARGET_MS} ms): "
          f"{verdict}")
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--database", choices=("sqlite", "postgres", "both"), default="sqlite")
    parser.add_argument("--regions", type=int, default=50)
    parser.add_argument("--one", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:
        return measure(args.database, args.regions)
    status = 0
    for database in ("sqlite", "postgres") if args.database == "both" else (args.database,):
        status |= subprocess.call([sys.executable, __file__, "--one", "--database", database,
                                   "--regions", str(args.regions)])
    return status


if __name__ == "__main__":
    sys.exit(main())
