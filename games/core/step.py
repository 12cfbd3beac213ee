"""The values an engine's ``apply`` and ``outcome`` return."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.core.flags import Flag


# Slotted: a replay builds one per event, and a frozen instance without a __dict__ is built
# faster.
@dataclass(frozen=True, slots=True)
class Step:
    """What applying one event did: the new state, what happened, and the flags it raised.

    ``summary`` is one human sentence in the game's words ("Ana attacks Luis; Luis goes to
    the Lagoon of the North"); ``effects`` is a list of small dicts a page can draw.
    """

    state: dict[str, Any]
    summary: str
    effects: tuple[dict[str, Any], ...] = ()
    flags: tuple[Flag, ...] = ()

    @property
    def legal(self) -> bool:
        return not any(flag.kind == "violation" for flag in self.flags)

    @property
    def consulted_points(self) -> tuple[str, ...]:
        return tuple(f.point for f in self.flags if f.kind == "consulted" and f.point)


@dataclass(frozen=True)
class Outcome:
    finished: bool
    winner: str | None = None
    eliminated: tuple[str, ...] = ()
    reason: str = ""

    def as_dict(self) -> dict[str, Any]:
        return {
            "finished": self.finished,
            "winner": self.winner,
            "eliminated": list(self.eliminated),
            "reason": self.reason,
        }
