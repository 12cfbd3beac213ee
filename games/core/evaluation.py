"""What a game declares for the agents that play it (``Engine.evaluation``).

An evaluation is a game's plain judgement of a position, ``evaluate(state, seat, reading)``:
how far ``seat`` stands towards winning under the reading played, from 0 to 1 (each game's
README, "Evaluation", says what it weighs). Beside it a game may declare who won a finished match where its outcome names a side
rather than a player (``winners``), and how agents play its offers where its excerpts give a
happening a cause or leave a number to the recorder (``as_agents_play`` and
``happening_decider``, see ``games.agents.decisions``). Agents, the simulator and the impact
studies read nothing else of a game but its engine's protocol.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from games.core.choices import Choice
from games.core.points import Interpretation
from games.core.step import Outcome

Evaluate = Callable[[Mapping[str, Any], str, Interpretation], float]
Winners = Callable[[Mapping[str, Any], Outcome], Iterable[str]]
AsAgentsPlay = Callable[[Mapping[str, Any], Choice], "Choice | None"]
HappeningDecider = Callable[[Mapping[str, Any], Choice], "str | None"]


@dataclass(frozen=True)
class Evaluation:
    """A game's evaluation and what it says of how agents play its offers.

    - ``evaluate(state, seat, reading)``: the seat's standing, 0 to 1, at an unfinished state
      of a match played under ``reading`` (where a point changes the way to win);
    - ``winners(state, outcome)``: the players who won a finished match (by default the
      outcome's winner);
    - ``as_agents_play(state, choice)``: the choice as agents play it: the same; narrowed to
      what the excerpts give a cause for, or to what a player who wants the match to go on
      picks (no Tower walling the board shut); or None: never played;
    - ``happening_decider(state, happening)``: the seat whose play causes a happening, or
      None when no player's does;
    - ``delaying(state, seat, reading)``: what a seat plays for while a simulated match keeps
      its end off (``min_events``), where going for the win would leave nothing but the end
      to record (by default ``evaluate``).
    """

    evaluate: Evaluate
    winners: Winners | None = None
    as_agents_play: AsAgentsPlay | None = None
    happening_decider: HappeningDecider | None = None
    delaying: Evaluate | None = None
