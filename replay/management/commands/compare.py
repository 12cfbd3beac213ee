import json

from django.core.management.base import BaseCommand, CommandError

from replay.management.commands._choices import checked_arguments
from replay.management.commands._match_arg import match_from_argument
from replay.reading.readings import ReadingError, argument_pairs, parse_reading
from replay.runs.comparisons import compare_interpretations
from replay.runs.replaying import ReplayError, engine_for


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
                reading_a=parse_reading(engine_for(match), argument_pairs(
                    checked_arguments(options["a"], "--a"), option="--a"), field="--a"),
                reading_b=parse_reading(engine_for(match), argument_pairs(
                    checked_arguments(options["b"], "--b"), option="--b"), field="--b"),
            )
        except (ReplayError, ReadingError) as error:
            raise CommandError(error.message) from None
        self.stdout.write(json.dumps(comparison.as_dict(), indent=2, ensure_ascii=False))
