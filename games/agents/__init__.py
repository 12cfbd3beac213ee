"""Agents that play a game to win over its ``legal_events``, seat by seat, from each seat's own
view: ``random``, ``greedy`` (one ply and the game's plain evaluation) and ``mcts`` (UCT with a
budget of playouts per decision). Pure Python, like every engine.

- ``table``: whose decision comes next and what nobody decides (one rule for every game);
- ``players``: the agents;
- ``evaluation``: each game's evaluation (``games/<game>/evaluation.py``) and the rewards
  agents play for;
- ``match``: a whole match played by agents, as a match document.
"""

from games.agents.match import (
    PlayedMatch,
    UnknownAgent,
    make_agent,
    play_match,
    seats_for,
)
from games.agents.players import AGENTS, DEFAULT_BUDGET, Stopped

__all__ = ["AGENTS", "DEFAULT_BUDGET", "PlayedMatch", "Stopped", "UnknownAgent", "make_agent",
           "play_match", "seats_for"]
