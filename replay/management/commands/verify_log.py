from django.core.management.base import BaseCommand, CommandError

from replay.management.commands._match_arg import match_from_argument
from replay.selectors import verify_log


class Command(BaseCommand):
    help = "Walk a match's hash chain and name the first broken link."

    def add_arguments(self, parser):
        parser.add_argument("match", help="the match's id")

    def handle(self, *args, **options):
        match = match_from_argument(options["match"])
        broken = verify_log(match=match)
        if broken is not None:
            raise CommandError(f"match {match.pk}: chain broken at {broken}")
        self.stdout.write(f"match {match.pk}: {match.last_seq} events, chain verifies")
