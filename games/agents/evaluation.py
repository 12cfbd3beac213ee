"""What agents make of a game's evaluation (``Engine.evaluation``, see
``games.core.evaluation``): each seat's standing at a state, who won, and the rewards agents
play for.

Agents play for their *standing against the others* (half against the best of them, half
against their mean), so a player who decides for another (the attacker choosing the victim's
Lagoon) picks what is worst for that player, whether or not the victim leads.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from games.core.evaluation import Evaluation
from games.core.playable import Playable
from games.core.points import Interpretation

NEARLY_WON = 0.99  # an evaluation never says a match is won before the engine does


class NoEvaluation(LookupError):
    def __str__(self) -> str:
        return f"{self.args[0]} declares no evaluation for its agents"


@dataclass(frozen=True)
class BoundEvaluation:
    """A game's evaluation bound to its engine: standings of every seat at a state."""

    engine: Playable
    declared: Evaluation
    ending: bool = True  # False: an agent keeping the end off, to whom a finished match is naught

    def standings(self, state: Mapping[str, Any], seats: Sequence[str],
                  reading: Interpretation | None = None) -> dict[str, float]:
        """Each seat's standing: 1 for a winner and 0 for the others once the match is over
        (a finished match with no winner: even; nothing for anyone to an agent keeping the
        end off), else the game's evaluation under ``reading`` (the default when None)."""
        if self.engine.finished(state):
            if not self.ending:
                return dict.fromkeys(seats, 0.0)
            won = self.winners(state)
            if not won:
                return dict.fromkeys(seats, 0.5)
            return {seat: 1.0 if seat in won else 0.0 for seat in seats}
        evaluate = self.declared.evaluate
        if not self.ending and self.declared.delaying is not None:
            evaluate = self.declared.delaying
        reading = self.engine.reading(reading)
        return {seat: min(NEARLY_WON, max(0.0, float(evaluate(state, seat, reading))))
                for seat in seats}

    def winners(self, state: Mapping[str, Any]) -> frozenset[str]:
        outcome = self.engine.outcome(state)
        if self.declared.winners is not None:
            return frozenset(self.declared.winners(state, outcome))
        return frozenset({outcome.winner}) if outcome.winner else frozenset()


def evaluation_for(engine: Playable, *, ending: bool = True) -> BoundEvaluation:
    if engine.evaluation is None:
        raise NoEvaluation(engine.slug)
    return BoundEvaluation(engine, engine.evaluation, ending)


def rewards(standings: Mapping[str, float]) -> dict[str, float]:
    """What each seat plays for, from 0 to 1: its standing against the others, the best of
    them and their mean weighed equally (1 for a won match, one half when all are level)."""
    result = {}
    for seat, mine in standings.items():
        others = [value for other, value in standings.items() if other != seat] or [0.0]
        against = (max(others) + sum(others) / len(others)) / 2
        result[seat] = (1.0 + mine - against) / 2
    return result
