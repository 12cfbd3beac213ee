"""Errors of the match log, as values with a message a collector understands.

Each names where the problem is: ``seq`` for an event, ``field`` for a JSON path or form field.
"""

from __future__ import annotations


class LogError(Exception):
    status = 400
    code = "invalid"

    def __init__(self, message: str, *, field: str | None = None, seq: int | None = None):
        super().__init__(message)
        self.message = message
        self.field = field
        self.seq = seq

    def as_dict(self) -> dict:
        data: dict[str, str | int] = {"error": self.code, "detail": self.message}
        if self.field is not None:
            data["field"] = self.field
        if self.seq is not None:
            data["seq"] = self.seq
        return data


class MalformedEvent(LogError):
    code = "malformed_event"


class AppendConflict(LogError):
    status = 409
    code = "conflict"

    def __init__(self, message: str, *, current_seq: int):
        super().__init__(message, field="expected_seq")
        self.current_seq = current_seq

    def as_dict(self) -> dict:
        return {**super().as_dict(), "current_seq": self.current_seq}


class IdempotencyMismatch(LogError):
    status = 422
    code = "idempotency_key_reused"


class DocumentError(LogError):
    """A match document that cannot be imported; ``field`` is the JSON path."""

    code = "invalid_document"


class DatabaseUnavailable(LogError):
    """The database went away mid-append (a restart, a failover, a dropped connection).

    Whether the append was written is unknown only if the connection died after the commit
    was sent: retry with the same idempotency key and the answer says which."""

    status = 503
    code = "database_unavailable"

    def __init__(self, message: str = "the database is unavailable; retry the append "
                 "(with the same idempotency key) in a moment"):
        super().__init__(message)
