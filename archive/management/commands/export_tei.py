from django.core.management.base import BaseCommand

from archive.exports import tei_filename, transcription_tei
from archive.management.commands._exporting import (
    checked_base_url,
    chosen_game,
    default_out,
    writable_out,
    write,
)
from archive.models import Transcription


class Command(BaseCommand):
    help = (
        "Write every transcription version as TEI P5 XML, one file each "
        "(<game>.<rulebook id>.<language>.v<version>.tei.xml). Validation against tei_all.rng "
        "is the test suite's job."
    )

    def add_arguments(self, parser):
        parser.add_argument("--game", help="only this game's transcriptions (a slug, e.g. dagon)")
        parser.add_argument("--out", help="folder to write to (default: var/exports/tei)")
        parser.add_argument(
            "--base-url",
            help="site address for absolute scan URLs, e.g. https://ludoteca.example "
            "(default: site-relative URLs)",
        )

    def handle(self, *args, **options):
        game = chosen_game(options["game"])
        base_url = checked_base_url(options["base_url"])
        out = writable_out(options["out"] or default_out("tei"))
        transcriptions = Transcription.objects.select_related("rulebook__game").order_by(
            "rulebook__game__slug", "rulebook_id", "language", "version"
        )
        if game is not None:
            transcriptions = transcriptions.filter(rulebook__game=game)
        count = 0
        for transcription in transcriptions:
            xml = transcription_tei(transcription=transcription, request_base_url=base_url)
            path = write(out, tei_filename(transcription), xml)
            count += 1
            self.stdout.write(f"wrote {path}")
        self.stdout.write(f"{count} TEI file{'s' if count != 1 else ''} in {out}")
