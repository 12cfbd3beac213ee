from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from replay.backup import BackupError, import_archive


class Command(BaseCommand):
    help = ("Restore an export_archive directory into an EMPTY database: every chain is "
            "verified and every replay re-run and compared by its step checksums.")

    def add_arguments(self, parser):
        parser.add_argument("directory")

    def handle(self, *args, **options):
        try:
            report = import_archive(directory=Path(options["directory"]))
        except BackupError as error:
            raise CommandError(error.message) from None
        for line in report.lines():
            self.stdout.write(line)
