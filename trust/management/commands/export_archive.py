from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from trust.backup import BackupError, export_archive


class Command(BaseCommand):
    help = ("Write the whole archive (games, rulebooks, scans, transcriptions, matches with "
            "their chains, runs' interpretations) to one new directory, with a manifest.")

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("directory", help="a new or empty directory")
        parser.add_argument("--with-password-hashes", action="store_true",
                            help="also write the accounts' password hashes (keep such a "
                            "backup as you keep the database)")

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            manifest = export_archive(directory=Path(options["directory"]),
                                      with_password_hashes=options["with_password_hashes"])
        except BackupError as error:
            raise CommandError(error.message) from None
        for label, count in manifest["counts"].items():
            self.stdout.write(f"{label}: {count}")
        self.stdout.write(f"exported to {options['directory']} ({len(manifest['files'])} files)")
