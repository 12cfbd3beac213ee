import json

from django.core.management.base import BaseCommand, CommandError

from replay.management.commands._choices import checked_arguments
from replay.management.commands._match_arg import match_from_argument
from replay.reading.readings import ReadingError, argument_pairs, parse_reading
from replay.runs.replaying import ReplayError, engine_for, replay_match


class Command(BaseCommand):
    help = "Replay a match under an interpretation (reusing an identical earlier run)."

    def add_arguments(self, parser):
        parser.add_argument("match", help="the match's id")
        parser.add_argument("--choose", action="append", metavar="POINT=OPTION",
                            help="an interpretation choice; repeat for several points")

    def handle(self, *args, **options):
        match = match_from_argument(options["match"])
        try:
            choices = parse_reading(engine_for(match), argument_pairs(
                checked_arguments(options["choose"], "--choose")), field="--choose")
            run = replay_match(match=match, reading=choices)
        except (ReplayError, ReadingError) as error:
            raise CommandError(error.message) from None
        self.stdout.write(
            f"run {run.pk}: {run.status}, {run.progress}/{run.log_seq} steps"
            + (f", {run.duration_ms} ms" if run.duration_ms is not None else "")
        )
        if run.status == "failed":
            raise CommandError(f"run {run.pk} failed: {run.error}")
        if run.outcome:
            self.stdout.write("outcome: " + json.dumps(run.outcome, ensure_ascii=False))
        for key, entry in run.flag_summary.items():
            kinds = ", ".join(f"{k} {n}" for k, n in sorted(entry["kinds"].items()))
            self.stdout.write(f"  {key}: {kinds} (first at seq {entry['first_seq']})")
