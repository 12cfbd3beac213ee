from django.core.management.base import BaseCommand

from replay.management.commands._match_arg import match_from_argument
from replay.runs.changes import replay_changes


class Command(BaseCommand):
    help = (
        "List, for every stored match replayed by an older version of its engine, which steps' "
        "legality, state or flags today's engine gives differently, and why (citing the passage)."
    )

    def add_arguments(self, parser):
        parser.add_argument("matches", nargs="*", metavar="MATCH", help="match ids (default: all)")

    def handle(self, *args, **options):
        matches = [match_from_argument(value) for value in options["matches"]] or None
        compared = changed = 0
        for change in replay_changes(matches=matches):
            compared += 1
            run = change.run
            head = (f"match {run.match_id} ({run.match.game.slug}) \"{run.match.title}\", run "
                    f"{run.pk}, engine {run.engine} {change.engine_version} → today, "
                    f"{change.compared_as}")
            if not change.changed:
                self.stdout.write(f"{head}: unchanged")
                continue
            changed += 1
            self.stdout.write(f"{head}: {len(change.steps)} step(s) changed")
            for step in change.steps:
                self.stdout.write(f"  {step.describe()}")
            before, after = change.outcome_before, change.outcome_after
            for key in ("finished", "winner", "eliminated"):
                if before.get(key) != after.get(key):
                    self.stdout.write(f"  outcome {key}: {before.get(key)!r} → {after.get(key)!r}")
        self.stdout.write(
            f"{compared} stored run(s) made by an older engine version; {changed} changed meaning"
        )
