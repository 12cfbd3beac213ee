from django.core.management.base import BaseCommand

from replay.samples import load_samples


class Command(BaseCommand):
    help = (
        "Import the sample matches (simulated by each engine, plus hand-written ones shipped "
        "with the engines) and replay them. Idempotent."
    )

    def add_arguments(self, parser):
        parser.add_argument("--per-game", type=int, default=2, help="simulated matches per game")

    def handle(self, *args, **options):
        for line in load_samples(per_game=options["per_game"]):
            self.stdout.write(line)
