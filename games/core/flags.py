"""Flags a step carries: a broken rule, a consulted interpretation point, a doubtful text."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.core.points import Citation

VIOLATION = "violation"
CONSULTED = "consulted"
UNCERTAIN_TEXT = "uncertain-text"
FLAG_KINDS = (VIOLATION, CONSULTED, UNCERTAIN_TEXT)


@dataclass(frozen=True)
class Flag:
    """``rule`` is the passage slug the flag rests on; ``point`` the interpretation point, if any.

    ``option`` is the option the engine read for a ``consulted`` flag (or the one a
    ``violation`` was judged under), so a comparison can tell which choice mattered.
    """

    kind: str
    rule: str
    message: str
    point: str | None = None
    option: str | None = None
    citations: tuple[Citation, ...] = ()

    def as_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "rule": self.rule,
            "message": self.message,
            "point": self.point,
            "option": self.option,
            "citations": [c.as_dict() for c in self.citations],
        }
