"""Two agents against each other: who wins how often, and how fast each decides."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from games.agents.evaluation import evaluation_for
from games.agents.match import Thinking, play_match, seats_for
from games.core.playable import Playable
from games.core.points import Interpretation


@dataclass
class DuelResult:
    """``wins`` per agent name counts the matches a seat it played won (a side's win counts
    for each of its seats' agents); ``draws`` are finished matches with no winner,
    ``unfinished`` those cut at ``max_events``, never a win. ``seats`` counts the seats each
    agent played and ``seats_won`` those that won; ``thinking`` its decisions and the time they
    took; ``lengths`` the events of each finished match."""

    agents: tuple[str, str]
    reading: Interpretation
    max_events: int
    matches: int = 0
    wins: dict[str, int] = field(default_factory=dict)
    seats_won: dict[str, int] = field(default_factory=dict)
    seats: dict[str, int] = field(default_factory=dict)
    draws: int = 0
    unfinished: int = 0
    thinking: dict[str, Thinking] = field(default_factory=dict)
    lengths: list[int] = field(default_factory=list)


def duel_reading(engine: Playable) -> Interpretation:
    """The reading ``engine``'s duels are played under (its ``duel_reading``)."""
    return engine.reading(engine.duel_reading)


def duel(engine: Playable, *, agent: str, against: str, matches: int, seed: int = 1,
         budget: int | None = None, players: int = 2, max_events: int | None = None,
         reading: Interpretation | Mapping[str, str] | None = None,
         progress: Callable[[int], object] | None = None) -> DuelResult:
    """``matches`` matches of ``players`` seats (within the game's numbers), ``agent`` in one
    seat and ``against`` in the others, the seat ``agent`` takes going round from one match to
    the next (so a first-seat advantage favours neither), under ``reading`` (the game's duel
    reading when None), each cut at ``max_events`` (the game's duel length when None)."""
    evaluation = evaluation_for(engine)
    reading = duel_reading(engine) if reading is None else engine.reading(reading)
    max_events = engine.duel_length if max_events is None else max_events
    seated = seats_for(engine, players)
    result = DuelResult((agent, against), reading, max_events=max_events,
                        wins=dict.fromkeys((agent, against), 0),
                        seats_won=dict.fromkeys((agent, against), 0),
                        seats=dict.fromkeys((agent, against), 0),
                        thinking={agent: Thinking(), against: Thinking()})
    for number in range(matches):
        mine = seated[number % len(seated)]["id"]
        agents = {p["id"]: agent if p["id"] == mine else against for p in seated}
        played = play_match(engine, agents=agents, seed=seed + number, players=seated,
                            reading=reading, budget=budget, max_events=max_events)
        state = played.state
        result.matches += 1
        for seat, name in agents.items():
            result.seats[name] += 1
            spent = result.thinking[name]
            spent.decisions += played.thinking[seat].decisions
            spent.seconds += played.thinking[seat].seconds
        if not engine.finished(state):
            result.unfinished += 1
        else:
            result.lengths.append(len(played.document["events"]))
            won = evaluation.winners(state)
            if not won:
                result.draws += 1
            for name in {agents[seat] for seat in won if seat in agents}:
                result.wins[name] += 1
            for seat in won:
                if seat in agents:
                    result.seats_won[agents[seat]] += 1
        if progress is not None:
            progress(number + 1)
    return result
