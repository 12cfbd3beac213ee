import json

from django.core.management.base import BaseCommand, CommandError

from replay.management.commands._choices import parse_choices
from replay.management.commands._match_arg import match_from_argument
from replay.runs.comparisons import compare_interpretations
from replay.runs.replaying import ReplayError


class Command(BaseCommand):
    help = "Compare a match under two interpretations: first divergence, outcomes, causes."

    def add_arguments(self, parser):
        parser.add_argument("match", help="the match's id")
        parser.add_argument("--a", action="append", metavar="POINT=OPTION", default=[])
        parser.add_argument("--b", action="append", metavar="POINT=OPTION", default=[])

    def handle(self, *args, **options):
        match = match_from_argument(options["match"])
        try:
            comparison = compare_interpretations(
                match=match,
                choices_a=parse_choices(options["a"], "--a"),
                choices_b=parse_choices(options["b"], "--b"),
            )
        except ReplayError as error:
            raise CommandError(error.message) from None
        self.stdout.write(json.dumps(comparison.as_dict(), indent=2, ensure_ascii=False))
