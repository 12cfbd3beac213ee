"""The archive's one error type: a message a collector understands, and the field it names."""

from __future__ import annotations


class ArchiveError(ValueError):
    def __init__(self, message: str, *, field: str | None = None):
        super().__init__(message)
        self.message = message
        self.field = field
