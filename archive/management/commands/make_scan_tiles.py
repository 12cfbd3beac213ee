from django.core.management.base import BaseCommand, CommandError

from archive.models import Scan
from archive.tiles import ALREADY_MADE, MADE, NOT_AN_IMAGE, make_scan_tiles


class Command(BaseCommand):
    help = (
        "Make the deep-zoom tile pyramid (IIIF Image API, level 0) of every page image that has "
        "none in the storage: scans archived before tiles were made at upload, a restored "
        "archive, or an upload whose tiling failed. Idempotent: a stored pyramid is kept."
    )

    def add_arguments(self, parser):
        parser.add_argument("--rulebook", type=int, help="only this rulebook's scans (its id)")

    def handle(self, *args, **options):
        scans = Scan.objects.exclude(width=None).order_by("rulebook_id", "page_number", "id")
        if options["rulebook"] is not None:
            scans = scans.filter(rulebook_id=options["rulebook"])
        done = {MADE: 0, ALREADY_MADE: 0}
        failed = 0
        for scan in scans.iterator():
            outcome = make_scan_tiles(scan=scan)
            if outcome in done:
                done[outcome] += 1
            elif outcome != NOT_AN_IMAGE:
                failed += 1
            if outcome != ALREADY_MADE:
                self.stdout.write(f"scan {scan.pk} ({scan}): {outcome}")
        self.stdout.write(
            f"{done[MADE]} made, {done[ALREADY_MADE]} already made, {failed} failed"
        )
        if failed:
            raise CommandError(f"{failed} scan(s) have no tiles: see the lines above")
