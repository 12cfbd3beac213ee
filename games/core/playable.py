"""What agents and the simulator ask of a game: the part of the engine protocol they play on.

Every ``Engine`` is ``Playable`` (the type checker holds it to this); the agents
(``games.agents``) are written against this, not against the ``Engine`` class, since the
engine's own ``simulate`` plays them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from random import Random
from typing import Any, Protocol

from games.core.choices import Choice
from games.core.evaluation import Evaluation
from games.core.facts import PlayerFacts
from games.core.points import Interpretation, InterpretationPoint
from games.core.step import Outcome, Step


class Playable(Protocol):
    """A game as agents see it: its seats, its reading, what is offered next at a state and
    from a seat's view, what an event does, and how it ends."""

    slug: str
    min_players: int
    max_players: int
    points: tuple[InterpretationPoint, ...]
    evaluation: Evaluation | None
    duel_length: int
    duel_reading: Mapping[str, str]
    endless_under: Mapping[str, str]

    def point(self, point_id: str) -> InterpretationPoint: ...

    def reading(self, interpretation: Interpretation | Mapping[str, str] | None
                ) -> Interpretation: ...

    def ends_by_play(self, reading: Interpretation) -> bool: ...

    def setup_with_defaults(self, setup: Mapping[str, Any] | None) -> dict[str, Any]: ...

    def initial_state(self, players: Sequence[Mapping[str, str]], setup: Mapping[str, Any],
                      board: Mapping[str, Any] | None = None) -> dict[str, Any]: ...

    def apply(self, state: dict[str, Any], event: Mapping[str, Any],
              interpretation: Interpretation) -> Step: ...

    def outcome(self, state: Mapping[str, Any]) -> Outcome: ...

    def finished(self, state: Mapping[str, Any]) -> bool: ...

    def legal_events(self, state: Mapping[str, Any], interpretation: Interpretation,
                     viewer: str | None = None) -> list[Choice]: ...

    def view(self, state: Mapping[str, Any], viewer: str | None) -> dict[str, Any]: ...

    def resample_hidden(self, state: Mapping[str, Any], seat: str, rng: Random
                        ) -> dict[str, Any]: ...

    def player_facts(self, state: Mapping[str, Any], viewer: str | None = None
                     ) -> list[PlayerFacts]: ...

    def match_document(self, *, title: str, players: Sequence[Mapping[str, str]],
                       setup: Mapping[str, Any], events: Iterable[Mapping[str, Any]],
                       source: str, played_on: str | None = None) -> dict[str, Any]: ...


def default_players(count: int) -> list[dict[str, str]]:
    """``count`` players with ids ``p1``, ``p2``, … and names, for a match nobody named."""
    names = ["Ana", "Luis", "Carla", "Dario", "Elena", "Franco"]
    return [{"id": f"p{i + 1}", "name": names[i]} for i in range(count)]
