"""The Gothic Game's plain evaluation for the agents (README, "Evaluation"): how near a player
is to being the only survivor.

A player eliminated stands at nothing. Otherwise: its share of the living (fewer rivals, nearer
the end), its share of the stamina the living hold (stamina is life: at nothing a player dies),
and the cards that protect it or kill for it (a weapon, a card which protects, a stake).
State keys as README, "State keys".
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

SURVIVORS = 0.45  # of the standing: one over the number of the living
STAMINA = 0.45  # of the standing: this player's share of the living's stamina
CARDS = 0.1  # of the standing: cards that protect or kill, up to ``USEFUL_CARDS``
USEFUL_CARDS = 3
USEFUL_KINDS = frozenset({"weapon", "protection", "stake"})


def evaluate(state: Mapping[str, Any], seat: str) -> float:
    players = state["players"]
    me = players[seat]
    if me["status"] != "alive":
        return 0.0
    living = [p for p in players.values() if p["status"] == "alive"]
    stamina = sum(max(0, p["stamina"]) for p in living)
    share = max(0, me["stamina"]) / stamina if stamina else 1 / len(living)
    useful = sum(1 for card in me["cards"] if card.get("kind") in USEFUL_KINDS)
    return (SURVIVORS / len(living) + STAMINA * share
            + CARDS * min(useful, USEFUL_CARDS) / USEFUL_CARDS)
