from django.core.management.base import BaseCommand

from search.services import rebuild_index


class Command(BaseCommand):
    help = (
        "Rebuild the search index from the archive, the engines' interpretation points and the "
        "match logs (after an engine's points change, or to repair it)."
    )

    def handle(self, *args, **options):
        count = rebuild_index()
        self.stdout.write(f"{count} search entr{'y' if count == 1 else 'ies'} indexed")
