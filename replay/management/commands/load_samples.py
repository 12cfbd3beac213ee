from django.core.management.base import BaseCommand

from replay.runs.samples import load_samples


class Command(BaseCommand):
    help = (
        "Import the sample matches shipped with the engines (simulated and hand-written) and "
        "replay them. Idempotent."
    )

    def handle(self, *args, **options):
        for line in load_samples():
            self.stdout.write(line)
