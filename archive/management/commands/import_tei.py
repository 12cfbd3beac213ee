
from django.core.management.base import BaseCommand, CommandError

from archive.models import Game, Rulebook
from archive.services import ArchiveError, import_tei
from boundary.commands import check_options, read_input


class Command(BaseCommand):
    help = (
        "Import a TEI P5 export of this project as the next version of a rulebook's "
        "transcription, restoring its notes (kinds, words concerned, bodies, certainties)."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", help="a .tei.xml file written by export_tei, or - for stdin")
        parser.add_argument("--game", required=True, help="game slug, e.g. gothic")
        parser.add_argument("--language", required=True, help="language of the text, e.g. en")
        parser.add_argument(
            "--rulebook",
            type=int,
            help="rulebook id (default: the one whose edition the file names, or the only one)",
        )
        parser.add_argument("--transcriber", default="", help="default: the file's transcriber")
        parser.add_argument("--note", default="", help="what this version is")

    def handle(self, *args, **options):
        check_options(options, "game", "language", "transcriber", "note")
        game = Game.objects.filter(slug=options["game"]).first()
        if game is None:
            known = ", ".join(Game.objects.order_by("slug").values_list("slug", flat=True))
            raise CommandError(
                f"--game: unknown game {options['game']!r} (known: {known or 'none'})"
            )
        rulebook = None
        if options["rulebook"] is not None:
            rulebook = Rulebook.objects.filter(pk=options["rulebook"], game=game).first()
            if rulebook is None:
                raise CommandError(f"--rulebook: {game.slug} has no rulebook {options['rulebook']}")
        path = options["file"]
        xml = read_input(path)
        try:
            result = import_tei(
                game=game,
                xml=xml,
                language=options["language"],
                transcriber=options["transcriber"],
                rulebook=rulebook,
                change_note=options["note"],
            )
        except ArchiveError as error:
            where = (
                f"--{error.field}"
                if error.field in ("language", "rulebook", "transcriber")
                else path
            )
            raise CommandError(f"{where}: {error.message}") from None
        t = result.transcription
        verb = "imported as" if result.created else "unchanged, already"
        notes = t.annotations.exclude(kind="page").count()
        self.stdout.write(
            f"{verb} {game.slug} [{t.language}] version {t.version} (id {t.pk}), "
            f"{t.passages.count()} passages, {notes} notes"
        )
