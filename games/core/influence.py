"""Which points matter in a sweep: each point alone (its other options, every other point at
its default), then how the points that matter alone act together, so that the few decisive
doubts come first and the rest follow."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations as pairs_of
from typing import Any

from games.core.sweep import SweepResult


@dataclass(frozen=True)
class PointAlone:
    """One other option of a point, every other point at its default."""

    point: str
    option: str
    outcome: dict[str, Any]
    outcome_changed: bool
    violations: int
    violations_change: int  # against the default reading
    first_divergence: int | None  # first seq whose step differs from the default reading's

    def as_dict(self) -> dict[str, Any]:
        return {"point": self.point, "option": self.option, "outcome": self.outcome,
                "outcome_changed": self.outcome_changed, "violations": self.violations,
                "violations_change": self.violations_change,
                "first_divergence": self.first_divergence}


@dataclass(frozen=True)
class Interaction:
    """Two points that matter alone, read together at ``options``, give an outcome that
    neither gives alone (or undo each other's change)."""

    points: tuple[str, str]
    options: tuple[str, str]
    outcome: dict[str, Any]
    alone: tuple[dict[str, Any], dict[str, Any]]

    def as_dict(self) -> dict[str, Any]:
        return {"points": list(self.points), "options": list(self.options),
                "outcome": self.outcome, "alone": list(self.alone)}


@dataclass
class Influence:
    default_outcome: dict[str, Any]
    default_violations: int
    alone: list[PointAlone]  # the points that change the outcome first
    matter: list[str]  # points with an option that changes the outcome alone
    interactions: list[Interaction]
    changed_combinations: int  # combinations whose outcome differs from the default's
    combinations: int

    def as_dict(self) -> dict[str, Any]:
        return {
            "default_outcome": self.default_outcome,
            "default_violations": self.default_violations,
            "alone": [a.as_dict() for a in self.alone],
            "matter": self.matter,
            "interactions": [i.as_dict() for i in self.interactions],
            "changed_combinations": self.changed_combinations,
            "combinations": self.combinations,
        }


def influence(result: SweepResult) -> Influence:
    default = result.row_for({})
    alone = []
    for point in result.points:
        for option in result.options[point]:
            if option == result.defaults[point]:
                continue
            row = result.row_for({point: option})
            alone.append(PointAlone(
                point, option, row.outcome, row.outcome != default.outcome, row.violations,
                row.violations - default.violations,
                result.divergence.get(point, {}).get(option),
            ))
    matter = sorted({a.point for a in alone if a.outcome_changed})

    def rank(a: PointAlone) -> tuple[Any, ...]:
        # Outcome changes first, then where the reading first leaves the default's line.
        return (not a.outcome_changed, a.first_divergence is None,
                a.first_divergence or 0, a.point, a.option)

    alone.sort(key=rank)
    interactions = []
    for first, second in pairs_of(matter, 2):
        for a in result.options[first]:
            if a == result.defaults[first]:
                continue
            for b in result.options[second]:
                if b == result.defaults[second]:
                    continue
                together = result.row_for({first: a, second: b}).outcome
                one = result.row_for({first: a}).outcome
                other = result.row_for({second: b}).outcome
                if _unexpected(together, one, other, default.outcome):
                    interactions.append(Interaction((first, second), (a, b), together,
                                                    (one, other)))
    changed = sum(row.combinations for row in result.rows if row.outcome != default.outcome)
    return Influence(default.outcome, default.violations, alone, matter, interactions, changed,
                     result.combinations)


def _unexpected(together: dict[str, Any], one: dict[str, Any], other: dict[str, Any], default: dict[str, Any]) -> bool:
    """Whether two changes read together give what the two alone do not predict: the
    default when neither changes it, the one change when only one does, one of the two
    when both do."""
    if one == default and other == default:
        return together != default
    if one == default:
        return together != other
    if other == default:
        return together != one
    return together not in (one, other)
