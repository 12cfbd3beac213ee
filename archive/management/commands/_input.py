"""Command-line input shared by the import commands (archive's and replay's)."""

import sys
from pathlib import Path

from django.core.management.base import CommandError


def read_input(path: str) -> bytes:
    """The bytes of FILE, or of standard input for ``-``; an unreadable file names itself."""
    try:
        return sys.stdin.buffer.read() if path == "-" else Path(path).read_bytes()
    except OSError as error:
        raise CommandError(f"{path}: {error.strerror}") from None
