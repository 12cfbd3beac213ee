import os
import tempfile
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from replay.log.errors import LogError
from replay.log.interchange import export_match
from replay.management.commands._match_arg import match_from_argument
from trust.errors import BrokenChain


class Command(BaseCommand):
    help = "Export a match as a ludoteca.match/1 document (to a file, or - for standard output)."

    def add_arguments(self, parser):
        parser.add_argument("match", help="the match's id")
        parser.add_argument("-o", "--output", default="-")

    def handle(self, *args, **options):
        match = match_from_argument(options["match"])
        try:
            data = export_match(match)
        except (LogError, BrokenChain) as error:  # a log that no longer verifies is not exported
            raise CommandError(f"match {match.pk}: {error.message}") from None
        if options["output"] == "-":
            self._to_stdout(data)
        else:
            _write_whole(Path(options["output"]), data)

    def _to_stdout(self, data: bytes) -> None:
        # The exact bytes when the command's stdout is a real stream; text for call_command's.
        buffer = getattr(self.stdout, "buffer", None)
        if buffer is not None:
            self.stdout.flush()
            buffer.write(data)
            buffer.flush()
        else:
            self.stdout.write(data.decode("utf-8"), ending="")


def _write_whole(target: Path, data: bytes) -> None:
    """The whole document or nothing: written beside the target, then renamed over it."""
    try:
        handle, temporary = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.")
    except OSError as error:
        raise CommandError(f"--output: cannot write {target}: {error.strerror}") from None
    umask = os.umask(0)
    os.umask(umask)
    try:
        os.fchmod(handle, 0o666 & ~umask)  # mkstemp's 0600 would outlive the rename
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
        os.replace(temporary, target)
    except OSError as error:
        Path(temporary).unlink(missing_ok=True)
        raise CommandError(f"--output: cannot write {target}: {error.strerror}") from None
