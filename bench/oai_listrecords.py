"""OAI-PMH ListRecords over an archive forty times the seed's size: every seed rulebook copied
39 more times with its transcriptions, each published as it is stored, and a second published
version of each (a harvester's TEI header lists both); then a harvest timed page by page (100
records a page, the size the endpoint serves), in oai_dc and as TEI headers, following the
resumption tokens, in-process through Django's handler: server time, no network.

Usage: python bench/oai_listrecords.py [--database sqlite|postgres|both] [--copies 39]
Target: every page of 100 records under 200 ms (median over the harvests).
"""

from __future__ import annotations

import argparse
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

TARGET_MS = 200
HARVESTS = 5
_TOKEN = re.compile(rb"<resumptionToken[^>]*>([^<]+)</resumptionToken>")


def grow(copies: int) -> float:
    from archive.models import Rulebook, Transcription
    from archive.services import import_transcription
    from search.services import bulk_indexing

    started = time.perf_counter()
    seed = list(Transcription.objects.select_related("rulebook__game").order_by("pk"))
    with bulk_indexing():
        for copy in range(1, copies + 1):
            for rulebook in {t.rulebook for t in seed}:
                twin = Rulebook.objects.create(
                    game=rulebook.game, edition=f"{rulebook.edition} (copy {copy})",
                    language=rulebook.language, provenance=rulebook.provenance)
                for t in (t for t in seed if t.rulebook_id == rulebook.pk):
                    for text in (t.text, t.text + "\nA line read again.\n"):
                        import_transcription(rulebook=twin, text=text, language=t.language,
                                             transcriber="bench",
                                             published_without_review="bench")
    return time.perf_counter() - started


def harvest(client, prefix: str) -> tuple[list[float], int]:
    """One whole ListRecords harvest: each page's time, and the records read."""
    times, records = [], 0
    params = {"verb": "ListRecords", "metadataPrefix": prefix}
    while True:
        t = time.perf_counter()
        response = client.get("/oai", params)
        times.append((time.perf_counter() - t) * 1000)
        assert response.status_code == 200 and b"<error" not in response.content
        records += response.content.count(b"<record>")
        token = _TOKEN.search(response.content)
        if token is None:
            return times, records
        params = {"verb": "ListRecords", "resumptionToken": token.group(1).decode()}


def measure(database: str, copies: int) -> int:
    import _django

    _django.setup(database)
    from django.test import Client

    from archive.models import Rulebook, Transcription

    seed = Rulebook.objects.count(), Transcription.objects.count()
    grown = grow(copies)
    rulebooks, versions = Rulebook.objects.count(), Transcription.objects.count()
    print(f"[{database}] archive: {rulebooks} rulebooks and {versions} transcription versions "
          f"({rulebooks / seed[0]:.0f}x the seed's {seed[0]} and {seed[1]}), grown in "
          f"{grown:.0f} s")
    client = Client()
    harvest(client, "oai_dc")  # the code's first import and the resolver, as in a running server
    worst = 0.0
    for prefix in ("oai_dc", "tei"):
        pages: list[list[float]] = []
        for _ in range(HARVESTS):
            times, records = harvest(client, prefix)
            pages.append(times)
        for number in range(len(pages[0])):
            samples = [run[number] for run in pages]
            median = statistics.median(samples)
            worst = max(worst, median)
            print(f"[{database}] ListRecords {prefix:<6} page {number + 1} "
                  f"median {median:6.1f} ms  max {max(samples):6.1f} ms")
        print(f"[{database}] {prefix}: {records} records in {len(pages[0])} pages")
    verdict = "ok" if worst < TARGET_MS else f"ABOVE {TARGET_MS} ms"
    print(f"[{database}] slowest page median {worst:.1f} ms (target < {TARGET_MS} ms): "
          f"{verdict}")
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--database", choices=("sqlite", "postgres", "both"), default="sqlite")
    parser.add_argument("--copies", type=int, default=39)
    parser.add_argument("--one", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:
        return measure(args.database, args.copies)
    status = 0
    for database in ("sqlite", "postgres") if args.database == "both" else (args.database,):
        status |= subprocess.call([sys.executable, __file__, "--one", "--database", database,
                                   "--copies", str(args.copies)])
    return status


if __name__ == "__main__":
    sys.exit(main())
