"""Every combination of the options of the points a match actually consults, found by forking
the replay where a point is first consulted instead of replaying each combination from the
start (issue 4, "Sweep").

States are never mutated by ``apply``, so branches share everything before their fork.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from games.core.engine import Engine
from games.core.points import Interpretation
from games.core.replay import collect_corrections, effective_events


class SweepTooLarge(ValueError):
    pass


@dataclass(frozen=True)
class SweepRow:
    choices: dict[str, str]  # the option taken for every point this branch consulted
    outcome: dict
    violations: int
    fork_seqs: dict[str, int]  # where each point was first consulted on this branch


@dataclass
class SweepResult:
    points: list[str]
    rows: list[SweepRow]
    events_applied: int = 0
    naive_events: int = 0  # what replaying every combination from the start would apply
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def saving(self) -> float:
        return 1.0 - self.events_applied / self.naive_events if self.naive_events else 0.0


def sweep(
    engine: Engine,
    *,
    players: Sequence[Mapping[str, str]],
    setup: Mapping[str, Any],
    events: Sequence[Mapping[str, Any]],
    base: Interpretation | None = None,
    max_branches: int = 1024,
) -> SweepResult:
    base = base or engine.interpretation()
    options = {point.id: point.option_ids for point in engine.points}
    stream = list(effective_events(events, collect_corrections(events)))
    initial = engine.initial_state(players, setup)
    # Each pending branch: (state, index of the next event, fixed choices, fork seqs, violations)
    pending: list[tuple[dict, int, dict, dict, int]] = [(initial, 0, {}, {}, 0)]
    rows: list[SweepRow] = []
    applied = 0
    while pending:
        state, index, fixed, forks, violations = pending.pop()
        interpretation = Interpretation({**base.choices, **fixed})
        forked = False
        while index < len(stream):
            event = stream[index]
            step = engine.apply(state, event, interpretation)
            applied += 1
            new_points = [p for p in step.consulted_points if p not in fixed]
            if new_points:
                point = new_points[0]
                if len(rows) + len(pending) + len(options[point]) > max_branches:
                    raise SweepTooLarge(
                        f"more than {max_branches} combinations (at seq {event['seq']}, "
                        f"point {point}); sweep fewer points"
                    )
                for option in reversed(options[point]):
                    pending.append(
                        (state, index, {**fixed, point: option},
                         {**forks, point: event["seq"]}, violations)
                    )
                forked = True
                break
            violations += sum(1 for f in step.flags if f.kind == "violation")
            state = step.state
            index += 1
        if not forked:
            rows.append(
                SweepRow(dict(sorted(fixed.items())), engine.outcome(state).as_dict(), violations,
                         forks)
            )
    points = sorted({p for row in rows for p in row.choices})
    rows.sort(key=lambda row: [row.choices.get(p, "") for p in points])
    # Naive: every combination of the consulted points' options, each replayed from the start.
    combinations = 1
    for point in points:
        combinations *= len(options[point])
    return SweepResult(points, rows, applied, combinations * len(stream))
