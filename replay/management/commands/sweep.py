import json

from django.core.management.base import BaseCommand, CommandError

from replay.comparisons import sweep_match
from replay.management.commands._match_arg import match_from_argument
from replay.runs import ReplayError


class Command(BaseCommand):
    help = "Every combination of the options of the points a match consults, with outcomes."

    def add_arguments(self, parser):
        parser.add_argument("match", help="the match's id")
        parser.add_argument("--max-branches", type=int, default=256)

    def handle(self, *args, **options):
        match = match_from_argument(options["match"])
        if options["max_branches"] < 1:
            raise CommandError("--max-branches must be at least 1")
        try:
            result = sweep_match(match=match, max_branches=options["max_branches"])
        except ReplayError as error:
            raise CommandError(error.message) from None
        self.stdout.write(f"points consulted: {', '.join(result.points) or 'none'}")
        for row in result.rows:
            self.stdout.write(json.dumps({"choices": row.choices, "outcome": row.outcome,
                                          "violations": row.violations}, ensure_ascii=False))
        self.stdout.write(
            f"events applied: {result.events_applied:,} (naive full replays: "
            f"{result.naive_events:,}; saving {result.saving:.0%})"
        )
