"""Errors of the trust layer, as values with a message a collector understands."""

from __future__ import annotations


class BrokenChain(Exception):
    """A stored log that no longer hashes as it was written: an event was changed, removed
    or inserted behind the database's guards. Replays, exports and appends refuse it."""

    status = 409
    code = "broken_chain"
    field = None

    def __init__(self, message: str, *, seq: int, problem: str = ""):
        super().__init__(message)
        self.message = message
        self.seq = seq
        self.problem = problem or message

    def as_dict(self) -> dict[str, object]:
        return {"error": self.code, "detail": self.message, "seq": self.seq}
