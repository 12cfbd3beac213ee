"""Every game's simulated match (``Engine.simulate``): the shared agents play it, one rule for
every game, each guided by nothing but its engine's protocol and declared evaluation.

- Every seat is played by the ``greedy`` agent (``SIMULATOR``): it plays to win by the game's
  evaluation, so a match goes somewhere and ends as the game's own end comes.
- ``min_events``: until the record is that long, the end is kept off (``play_match``'s
  ``delay_end_until``: an event that would end the match is not recorded, and the pick is
  made again): the long matches benchmarks need; then the agents play on to the end. Random
  play would walk into ends it cannot then refuse (the last two players of the Gothic Game
  left with nothing to do but die); the greedy agents keep clear of them.
- The match is cut at ``max_events``, or, when none is given, at the game's ``duel_length``
  past ``min_events``; under a reading no player's decision can end (``endless_under``) at
  ``min_events`` or the ``duel_length``, whichever is more: an unfinished record.
- The same seed gives the same document in any process: agents and the draws nobody decides
  have their own seeded generators, and nothing depends on hashing or timing.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.agents.match import play_match, seats_for
from games.core.playable import Playable
from games.core.points import Interpretation

SIMULATOR = "greedy"  # the agent in every seat of a simulated match


def simulate_match(
    engine: Playable,
    *,
    seed: int,
    players: Sequence[Mapping[str, str]] | None = None,
    setup: Mapping[str, Any] | None = None,
    max_events: int | None = None,
    min_events: int | None = None,
    interpretation: Interpretation | Mapping[str, str] | None = None,
) -> dict[str, Any]:
    """The match document of one simulated match of ``engine`` (see the module's rule)."""
    reading = engine.reading(interpretation)
    seated = [dict(p) for p in players] if players else seats_for(engine)
    cut = max_events if max_events is not None else _cut(engine, reading, min_events or 0)
    delayed = f", the end kept off until {min_events} events" if min_events else ""
    played = play_match(
        engine, agents={p["id"]: SIMULATOR for p in seated}, seed=seed, players=seated,
        setup=setup, reading=reading, max_events=cut, delay_end_until=min_events,
        delaying_agent=SIMULATOR, title=f"Simulated match (seed {seed})",
        source=f"simulated by agents: {SIMULATOR} in every seat (seed {seed}){delayed}, "
               f"cut at {cut} events, under {_reading_words(engine, reading)}")
    return played.document


def _cut(engine: Playable, reading: Interpretation, min_events: int) -> int:
    """Where a simulated match stops when no ``max_events`` is given."""
    if engine.ends_by_play(reading):
        return min_events + engine.duel_length
    return max(min_events, engine.duel_length)


def _reading_words(engine: Playable, reading: Interpretation) -> str:
    changed = [f"{point}={option}" for point, option in sorted(reading.options.items())
               if option != engine.point(point).default]
    return f"the reading {', '.join(changed)}" if changed else "the default reading"
