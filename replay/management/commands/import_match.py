
from django.core.management.base import BaseCommand, CommandError

from boundary.commands import read_input
from replay.log.errors import LogError
from replay.log.interchange import import_match
from trust.errors import BrokenChain


class Command(BaseCommand):
    help = "Import a match document (ludoteca.match/1); - reads standard input. All or nothing."

    def add_arguments(self, parser):
        parser.add_argument("file")
        parser.add_argument("--private", action="store_true", help="hide the match from others")

    def handle(self, *args, **options):
        path = options["file"]
        raw = read_input(path)
        try:
            match = import_match(raw=raw, is_private=options["private"])
        except (LogError, BrokenChain) as error:
            where = f" at {error.field}" if error.field else ""
            raise CommandError(f"{path}{where}: {error.message}") from None
        self.stdout.write(f"imported match {match.pk}: {match.title} ({match.last_seq} events)")
