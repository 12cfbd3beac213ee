
from django.core.management.base import BaseCommand, CommandError

from archive.models import Game, Rulebook, Transcription
from archive.services import ArchiveError, decode_text, import_transcription
from boundary.commands import check_options, read_input


class Command(BaseCommand):
    help = (
        "Import a transcription text as the next version of a rulebook's transcription. "
        "The same text again is a no-op; a changed text becomes a new version."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", help="UTF-8 text file, or - for standard input")
        parser.add_argument("--game", required=True, help="game slug, e.g. dagon")
        parser.add_argument("--language", required=True, help="language of this text, e.g. en")
        parser.add_argument("--edition", help="rulebook edition (default: the game's only one)")
        parser.add_argument(
            "--translation-of", type=int, help="id of the transcription this text translates"
        )
        parser.add_argument("--transcriber", default="command line import")
        parser.add_argument("--note", default="", help="what changed in this version")
        parser.add_argument(
            "--publish-without-review", default="", metavar="REASON",
            help="publish the version at once, recording REASON in its history (else it is a "
            "draft, for a curator to review and publish)")

    def handle(self, *args, **options):
        check_options(options, "game", "language", "edition", "transcriber", "note",
                      "publish_without_review")
        game = Game.objects.filter(slug=options["game"]).first()
        if game is None:
            known = ", ".join(Game.objects.values_list("slug", flat=True)) or "none"
            raise CommandError(f"--game: unknown game {options['game']!r} (known: {known})")
        rulebooks = Rulebook.objects.filter(game=game)
        if options["edition"]:
            rulebooks = rulebooks.filter(edition=options["edition"])
        if rulebooks.count() != 1:
            editions = ", ".join(repr(r.edition) for r in Rulebook.objects.filter(game=game))
            raise CommandError(f"--edition: name one rulebook of {game.slug} ({editions or 'none'})")
        translation_of = None
        if options["translation_of"] is not None:
            translation_of = Transcription.objects.filter(pk=options["translation_of"]).first()
            if translation_of is None:
                raise CommandError(f"--translation-of: no transcription {options['translation_of']}")
        path = options["file"]
        raw = read_input(path)
        try:
            result = import_transcription(
                rulebook=rulebooks.get(),
                text=decode_text(raw),
                language=options["language"],
                transcriber=options["transcriber"],
                translation_of=translation_of,
                change_note=options["note"],
                published_without_review=options["publish_without_review"],
            )
        except ArchiveError as error:
            option = {"language": "--language", "transcriber": "--transcriber",
                      "change_note": "--note"}.get(error.field or "", path)
            raise CommandError(f"{option}: {error.message}") from None
        t = result.transcription
        verb = "imported as" if result.created else "unchanged, already"
        self.stdout.write(f"{verb} {game.slug} [{t.language}] version {t.version} (id {t.pk}), "
                          f"{t.get_state_display().lower()}")
