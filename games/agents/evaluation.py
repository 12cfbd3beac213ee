"""Each game's plain evaluation, and what agents make of it.

A game's evaluation is a module of its package (named here by slug, as ``games.ENGINE_MODULES``
names engines) with ``evaluate(state, seat) -> float``: how far ``seat`` stands towards
winning, from 0 to 1 (its cities, weapons, stamina, distance to the goal: each game's README
says what it weighs). A module may also say who won a finished match where the outcome names
a side rather than a player (``winners(state, outcome)``), and how the agents' table plays the
game's offers where its excerpts give a happening a cause or leave a number to the recorder
(``as_agents_play`` and ``happening_decider``, see ``games.agents.table``).

Agents play for their *standing against the others* (half against the best of them, half
against their mean), so a player who decides for another (the attacker choosing the victim's
Lagoon) picks what is worst for that player, whether or not the victim leads.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from importlib import import_module
from types import ModuleType
from typing import Any

from games.core.engine import Engine

EVALUATION_MODULES = {
    "dagon": "games.dagon.evaluation",
    "gothic": "games.gothic.evaluation",
    "dylan-dog": "games.dylan_dog.evaluation",
    "fury-of-dracula": "games.fury_of_dracula.evaluation",
}
NEARLY_WON = 0.99  # an evaluation never says a match is won before the engine does

Evaluate = Callable[[Mapping[str, Any], str], float]


class NoEvaluation(LookupError):
    def __str__(self) -> str:
        return f"{self.args[0]} has no evaluation module for its agents"


@dataclass(frozen=True)
class Evaluation:
    """A game's evaluation bound to its engine: standings of every seat at a state."""

    engine: Engine
    module: ModuleType

    def standings(self, state: Mapping[str, Any], seats: Sequence[str]) -> dict[str, float]:
        """Each seat's standing: 1 for a winner and 0 for the others once the match is over
        (a finished match with no winner: even), else the game's evaluation."""
        if self.engine.finished(state):
            won = self.winners(state)
            if not won:
                return dict.fromkeys(seats, 0.5)
            return {seat: 1.0 if seat in won else 0.0 for seat in seats}
        evaluate = self.module.evaluate
        return {seat: min(NEARLY_WON, max(0.0, float(evaluate(state, seat)))) for seat in seats}

    def winners(self, state: Mapping[str, Any]) -> frozenset[str]:
        outcome = self.engine.outcome(state)
        say = getattr(self.module, "winners", None)
        if say is not None:
            return frozenset(say(state, outcome))
        return frozenset({outcome.winner}) if outcome.winner else frozenset()


def evaluation_for(engine: Engine) -> Evaluation:
    module = table_rules_for(engine)
    if module is None:
        raise NoEvaluation(engine.slug)
    return Evaluation(engine, module)


def table_rules_for(engine: Engine) -> ModuleType | None:
    """The module that says how agents play ``engine``'s offers (its evaluation module), or
    None for a game agents have no evaluation of."""
    name = EVALUATION_MODULES.get(engine.slug)
    return None if name is None else import_module(name)


def rewards(standings: Mapping[str, float]) -> dict[str, float]:
    """What each seat plays for, from 0 to 1: its standing against the others, the best of
    them and their mean weighed equally (1 for a won match, one half when all are level)."""
    result = {}
    for seat, mine in standings.items():
        others = [value for other, value in standings.items() if other != seat] or [0.0]
        against = (max(others) + sum(others) / len(others)) / 2
        result[seat] = (1.0 + mine - against) / 2
    return result

