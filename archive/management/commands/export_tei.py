from django.core.management.base import BaseCommand, CommandError

from archive import tei
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
        "(<game>.<rulebook id>.<language>.v<version>.tei.xml). With --validate, each document is "
        "first checked against the bundled tei_all.rng (TEI 4.3.0) and its #id pointers; if any "
        "fails, nothing is written and the problems are listed."
    )

    def add_arguments(self, parser):
        parser.add_argument("--game", help="only this game's transcriptions (a slug, e.g. dagon)")
        parser.add_argument("--out", help="folder to write to (default: var/exports/tei)")
        parser.add_argument(
            "--base-url",
            help="site address for absolute scan URLs, e.g. https://ludoteca.example "
            "(default: site-relative URLs)",
        )
        parser.add_argument(
            "--validate",
            action="store_true",
            help="check every document against tei_all.rng and its pointers before writing",
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
        documents = [
            (tei_filename(t), transcription_tei(transcription=t, request_base_url=base_url))
            for t in transcriptions
        ]
        if options["validate"]:
            self._refuse_invalid(documents)
        for name, xml in documents:
            path = write(out, name, xml)
            self.stdout.write(f"wrote {path}")
        count = len(documents)
        valid = " (valid against tei_all.rng, every pointer resolves)" if options["validate"] else ""
        self.stdout.write(f"{count} TEI file{'s' if count != 1 else ''} in {out}{valid}")

    def _refuse_invalid(self, documents: list[tuple[str, bytes]]) -> None:
        failures = []
        for name, xml in documents:
            failures += [f"{name}: {problem}" for problem in tei.validate(xml)]
        if failures:
            raise CommandError(
                "not written, the export is not valid TEI:\n" + "\n".join(failures)
            )
