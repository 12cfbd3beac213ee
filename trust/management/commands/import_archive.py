from pathlib import Path
from typing import Any

from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError, CommandParser

from trust.backup import BackupError, import_archive


class Command(BaseCommand):
    help = ("Restore an export_archive directory into an EMPTY database, history exactly "
            "(ids, times, recorders, runs, checkpoints, accounts): every file is checked "
            "first, every chain verified and every replay re-run and compared by its step "
            "checksums; all or nothing.")

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("directory")

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            report = import_archive(directory=Path(options["directory"]))
        except BackupError as error:
            raise CommandError(error.message) from None
        for line in report.lines():
            self.stdout.write(line)
        # Deep-zoom tiles are derived from the scans, so a backup leaves them out: remade here.
        try:
            call_command("make_scan_tiles", stdout=self.stdout)
        except CommandError as error:
            self.stderr.write(f"the archive is restored, but {error}")
