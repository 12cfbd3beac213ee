"""Command-line input at the boundary, shared by every app's commands: a file (or standard
input) read, and text options checked."""

import sys
from pathlib import Path
from typing import Any

from django.core.management.base import CommandError

from boundary import InputError, check_text


def read_input(path: str) -> bytes:
    """The bytes of FILE, or of standard input for ``-``; an unreadable file names itself."""
    try:
        return sys.stdin.buffer.read() if path == "-" else Path(path).read_bytes()
    except OSError as error:
        raise CommandError(f"{path}: {error.strerror}") from None


def check_options(options: dict[str, Any], *names: str, max_length: int = 500) -> None:
    """Text options pass the input boundary: a byte that is not UTF-8 on the command line
    arrives as a lone surrogate, which no column can store."""
    for name in names:
        value = options.get(name)
        if value is None:
            continue
        try:
            check_text(value, field=name, max_length=max_length, required=False)
        except InputError as error:
            raise CommandError(f"--{name.replace('_', '-')}: {error.message}") from None
