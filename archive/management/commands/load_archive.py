from django.core.management.base import BaseCommand

from archive.services import load_archive, load_data_games


class Command(BaseCommand):
    help = (
        "Load the bundled archive: the four games, their rulebooks and transcriptions, and the "
        "games written as data with their published rules (idempotent).")

    def handle(self, *args, **options):
        for result in load_archive():
            t = result.transcription
            state = "imported" if result.created else "unchanged"
            self.stdout.write(
                f"{state}: {t.rulebook.game.slug} [{t.language}] v{t.version} "
                f"({t.passages.count()} passages, {t.annotations.count()} notes)"
            )
        for line in load_data_games():
            self.stdout.write(line)
