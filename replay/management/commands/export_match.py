import sys
from pathlib import Path

from django.core.management.base import BaseCommand

from replay.interchange import export_match
from replay.management.commands._match_arg import match_from_argument


class Command(BaseCommand):
    help = "Export a match as a ludoteca.match/1 document (to a file, or - for standard output)."

    def add_arguments(self, parser):
        parser.add_argument("match", help="the match's id")
        parser.add_argument("-o", "--output", default="-")

    def handle(self, *args, **options):
        data = export_match(match_from_argument(options["match"]))
        if options["output"] == "-":
            sys.stdout.buffer.write(data)
            sys.stdout.flush()
        else:
            Path(options["output"]).write_bytes(data)
