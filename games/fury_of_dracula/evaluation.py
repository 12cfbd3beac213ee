"""La Furia di Dracula's plain evaluation for the agents (README, "Evaluation"): how near each
side is to its end of the match, as far as the excerpts give one.

Dracula stands on his influence (13 wins, in the full game) and on the harm done to the
hunters (bites, damage, defeats); the hunters, as one side, on Dracula defeated, revealed and
fought, and on his influence kept low. A hunter's standing is its side's. The match's end is
recorded (``game_over``): its winner is Dracula's player or ``"hunters"``, every hunter then
winning. State keys as README, "State keys".
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

INFLUENCE_TO_WIN = 13
HARM_PER_HUNTER = 3  # bites, a quarter of the damage, a defeat: a hunter's harm counts to this


def evaluate(state: Mapping[str, Any], seat: str) -> float:
    dracula = state["dracula"]
    influence = min(dracula["influence"], INFLUENCE_TO_WIN) / INFLUENCE_TO_WIN
    hunters = list(state["hunters"].values())
    harm = sum(min(1.0, (h["bites"] + h["damage"] / 4 + (1 if h["defeated"] else 0))
                   / HARM_PER_HUNTER) for h in hunters) / max(1, len(hunters))
    if seat == state["dracula_player"]:
        return 0.6 * influence + 0.4 * harm
    if dracula["defeated"]:
        return 0.95
    return 0.35 * (1 - influence) + 0.25 * (1 - harm) + 0.2 * bool(dracula["revealed"]) \
        + 0.2 * bool(state["combat"])


def winners(state: Mapping[str, Any], outcome) -> frozenset[str]:
    """The players who won: Dracula's, or every hunter when the hunters win."""
    if outcome.winner == "hunters":
        return frozenset(state["hunters"])
    return frozenset({outcome.winner}) if outcome.winner else frozenset()
