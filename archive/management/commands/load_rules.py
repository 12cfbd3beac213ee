from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from archive.errors import ArchiveError
from archive.models import Game
from archive.rules_documents import RulesProblems, rules_load
from archive.services import decode_text


class Command(BaseCommand):
    help = (
        "Store a rules document (ludoteca.rules/1, YAML or JSON) as a game's draft, checked "
        "against its published transcription; --publish makes it the game's current rules. "
        "A text the archive holds already is a no-op. Nothing is stored if it has problems."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", type=Path)
        parser.add_argument("--game", required=True, help="the game's slug")
        parser.add_argument("--publish", action="store_true",
                            help="publish it: immutable from now on")
        parser.add_argument("--note", default="", help="what changed, in a sentence")

    def handle(self, *args, file: Path, game: str, publish: bool, note: str, **options):
        found = Game.objects.filter(slug=game).first()
        if found is None:
            raise CommandError(f"unknown game {game!r}: add it to the archive first")
        try:
            text = decode_text(file.read_bytes(), field=str(file))
        except OSError as error:
            raise CommandError(f"{file}: {error.strerror}") from None
        except ArchiveError as error:
            raise CommandError(f"{file}: {error.message}") from None
        try:
            document, created = rules_load(game=found, text=text, publish=publish,
                                           change_note=note)
        except RulesProblems as error:
            raise CommandError("\n".join(
                [f"{file}: {len(error.problems)} problem(s), nothing stored:",
                 *(f"{file}, {problem}" if problem.line is not None or problem.path
                   else f"{file}: {problem}" for problem in error.problems)])) from None
        except ArchiveError as error:
            raise CommandError(f"{file}: {error.message}") from None
        said = "unchanged" if not created else document.state
        self.stdout.write(f"{said}: {game} rules v{document.version} ({document.state})")
