"""Ruleset impact: how much one interpretation point matters over many simulated matches
(issue 4). Each simulated record is replayed under every option of the point."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from games.core.engine import Engine
from games.core.replay import replay_document


@dataclass
class OptionImpact:
    option: str
    matches: int = 0
    total_events: int = 0
    finished: int = 0
    wins_by_seat: Counter = field(default_factory=Counter)
    consultations: int = 0
    matches_consulting: int = 0
    outcome_changed: int = 0  # matches whose outcome differs from the default option's
    violations: int = 0

    def as_dict(self) -> dict:
        return {
            "option": self.option,
            "matches": self.matches,
            "mean_length": round(self.total_events / self.matches, 1) if self.matches else 0,
            "finished": self.finished,
            "wins_by_seat": dict(sorted(self.wins_by_seat.items())),
            "consultations": self.consultations,
            "matches_consulting": self.matches_consulting,
            "outcome_changed": self.outcome_changed,
            "violations": self.violations,
        }


def ruleset_impact(
    engine: Engine, *, point_id: str, matches: int, first_seed: int = 1, max_events: int = 2000
) -> list[dict]:
    point = engine.point(point_id)
    impacts = {option: OptionImpact(option) for option in point.option_ids}
    for seed in range(first_seed, first_seed + matches):
        document = engine.simulate(seed=seed, max_events=max_events)
        seats = {p["id"]: f"seat {i + 1}" for i, p in enumerate(document["players"])}
        baseline = None
        results = {}
        for option in point.option_ids:
            interpretation = engine.interpretation({point_id: option})
            consulted = length = violations = 0
            state = None
            for event, step in replay_document(engine, document, interpretation):
                length += 1
                consulted += sum(1 for f in step.flags if f.point == point_id and f.kind == "consulted")
                violations += sum(1 for f in step.flags if f.kind == "violation")
                state = step.state
            outcome = engine.outcome(state).as_dict() if state is not None else {}
            results[option] = outcome
            if option == point.default:
                baseline = outcome
            impact = impacts[option]
            impact.matches += 1
            impact.total_events += length
            impact.consultations += consulted
            impact.matches_consulting += 1 if consulted else 0
            impact.violations += violations
            if outcome.get("finished"):
                impact.finished += 1
            if outcome.get("winner"):
                impact.wins_by_seat[seats.get(outcome["winner"], outcome["winner"])] += 1
        for option, outcome in results.items():
            if outcome != baseline:
                impacts[option].outcome_changed += 1
    return [impacts[o].as_dict() for o in point.option_ids]
