"""The one idiom of every engine: each rulebook-section module declares, for each event type
it owns, the handler that referees it and the offer that says when it could come next, side by
side::

    RULES = {"attack": (attack, offer_attack)}

The engine lists its section modules (``Engine.sections``); the core builds the dispatch of
``apply`` and the offers of ``legal_events`` from their tables, as python-chess has one
``push`` and one ``legal_moves`` for every variant.

A handler ``(state, actor, data, referee) -> (new state, summary)`` never mutates ``state``
(``games.core.draft.Draft`` copies only what it changes). An offer ``(at: Offering) -> choices``
reads ``at.state``, which is the state as the recording seat sees it (the whole state for an
archivist), and the reading ``at.reading``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from games.core.choices import Choice
from games.core.flags import CONSULTED, VIOLATION
from games.core.points import Interpretation, InterpretationPoint
from games.core.referee import Referee

Handler = Callable[[dict[str, Any], "str | None", Mapping[str, Any], Referee],
                   "tuple[dict[str, Any], str]"]
Offer = Callable[["Offering"], Iterable[Choice]]


@dataclass(frozen=True)
class EventRule:
    """An event type's handler and offer, and the section module that declares them."""

    type: str
    handler: Handler
    offer: Offer
    section: str


class EventTableError(ValueError):
    """Two sections claim one event type, or a table entry is not a (handler, offer) pair."""


def event_rules(sections: Iterable[ModuleType]) -> dict[str, EventRule]:
    """The engine's table, in the order its sections list their event types."""
    table: dict[str, EventRule] = {}
    for section in sections:
        declared = getattr(section, "RULES", None)
        if not isinstance(declared, Mapping):
            raise EventTableError(f"{section.__name__} declares no RULES table")
        for event_type, pair in declared.items():
            if event_type in table:
                raise EventTableError(f"{event_type!r} is declared by both "
                                      f"{table[event_type].section} and {section.__name__}")
            if not (isinstance(pair, tuple) and len(pair) == 2 and all(map(callable, pair))):
                raise EventTableError(f"{section.__name__}: {event_type!r} must map to "
                                      "(handler, offer)")
            table[event_type] = EventRule(event_type, pair[0], pair[1], section.__name__)
    return table


class Offering:
    """What an offer is given: the state as the recording seat sees it (``viewer`` a player
    id; None for an archivist, who sees everything), the reading, and the trial of a candidate
    event through the engine's own ``apply`` (``engine``: the ``Engine`` that offers)."""

    __slots__ = ("engine", "reading", "state", "viewer")

    def __init__(self, engine: Any, state: Mapping[str, Any], reading: Interpretation,
                 viewer: str | None = None) -> None:
        self.engine = engine
        self.state = state
        self.reading = reading
        self.viewer = viewer

    def option(self, point: InterpretationPoint) -> str:
        return self.reading.option(point.id)

    def trial(self, event: Mapping[str, Any]) -> tuple[str, ...] | None:
        """The points ``event`` consults when it applies without a violation at this state;
        None when it is a violation."""
        step = self.engine.apply(self.state, event, self.reading)
        consulted = set()
        for flag in step.flags:
            if flag.kind == VIOLATION:
                return None
            if flag.kind == CONSULTED and flag.point:
                consulted.add(flag.point)
        return tuple(sorted(consulted))
