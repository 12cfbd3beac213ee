"""A small helper that an engine's ``apply`` uses to collect flags while it referees one event."""

from __future__ import annotations

from typing import Any

from games.core.flags import CONSULTED, UNCERTAIN_TEXT, VIOLATION, Flag
from games.core.points import Citation, Interpretation, InterpretationPoint
from games.core.step import Step


class Referee:
    """Collects the flags of one step.

    ``consult`` is the only way an engine reads an interpretation point, so every reading is
    recorded as a ``consulted`` flag; the sweep forks exactly where these are raised.
    """

    __slots__ = ("effects", "flags", "interpretation")

    def __init__(self, interpretation: Interpretation) -> None:
        self.interpretation = interpretation
        self.flags: list[Flag] = []
        self.effects: list[dict[str, Any]] = []

    def consult(self, point: InterpretationPoint, why: str) -> str:
        option = self.interpretation.option(point.id)
        self.flags.append(
            Flag(
                kind=CONSULTED,
                rule=point.citations[0].passage,
                message=f"{why} ({point.id} read as {option!r})",
                point=point.id,
                option=option,
                citations=point.citations,
            )
        )
        return option

    def violation(
        self,
        rule: str,
        message: str,
        *,
        point: InterpretationPoint | None = None,
        citations: tuple[Citation, ...] = (),
    ) -> None:
        """``message`` says what broke, for a collector: "a Hero with no weapons cannot attack"."""
        option = self.interpretation.option(point.id) if point is not None else None
        cites = citations or (point.citations if point is not None else ())
        self.flags.append(
            Flag(
                kind=VIOLATION,
                rule=rule,
                message=f"{message} ({rule})",
                point=point.id if point is not None else None,
                option=option,
                citations=cites,
            )
        )

    def uncertain(self, citation: Citation, message: str) -> None:
        self.flags.append(
            Flag(
                kind=UNCERTAIN_TEXT,
                rule=citation.passage,
                message=message,
                citations=(citation,),
            )
        )

    def effect(self, kind: str, **details: Any) -> None:
        self.effects.append({"kind": kind, **details})

    def step(self, state: dict[str, Any], summary: str) -> Step:
        return Step(state, summary, tuple(self.effects), tuple(self.flags))
