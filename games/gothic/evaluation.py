"""The Gothic Game's plain evaluation for the agents (README, "Evaluation"): how near a player
is to being "the only survivor", and how safe it stands on the way.

"The object of the game is to kill every other player on the board": a player eliminated
stands at nothing; otherwise its share of the living (fewer rivals, nearer the end), its share
of the stamina the living hold ("When you have no stamina left, you are dead"), and the cards
that protect it or kill for it (a weapon, a card which protects, a stake). Then the dangers the
rules name, as the chance of living through them: the Great Spiral Staircase ("No one ever
returns from the bottom", unless a six counts upwards: its odds worked out step by step), the
moat, a Vampire's race back to the Vault before the sun rises, and a card still to be drawn
in the Torture Chamber, whose pile holds the Iron Maiden, "the only completely deadly card".
A player in the Tower ("You may not use the oil again or leave", as the default reading of
`gothic.tower-leave` has it) is safe but can kill no one but with the blow pipe: it waits for
the others to die, which they may never do. State keys as README, "State keys".
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from games.gothic.state import MOAT, STAIRCASE, STAIRCASE_STEPS, TORTURE_CHAMBER, TOWER

SURVIVORS = 0.45  # of the standing: one over the number of the living
STAMINA = 0.45  # of the standing: this player's share of the living's stamina
CARDS = 0.1  # of the standing: cards that protect or kill, up to ``USEFUL_CARDS``
USEFUL_CARDS = 3
USEFUL_KINDS = frozenset({"weapon", "protection", "stake", "blow-pipe"})
IN_THE_MOAT = 0.8  # floundering: 5 stamina a go, and a 4 leads into the Vault
VAMPIRE = 0.6  # a Vampire withers at sunrise unless it throws enough to reach the Vault
IRON_MAIDEN_AHEAD = 0.75  # the top card of the Torture Chamber's pile still to be drawn
IN_THE_TOWER = 0.7  # safe, but waiting on the others' deaths


def evaluate(state: Mapping[str, Any], seat: str) -> float:
    players = state["players"]
    me = players[seat]
    if me["status"] != "alive":
        return 0.0
    living = [p for p in players.values() if p["status"] == "alive"]
    stamina = sum(max(0, p["stamina"]) for p in living)
    share = max(0, me["stamina"]) / stamina if stamina else 1 / len(living)
    useful = sum(1 for card in me["cards"] if card.get("kind") in USEFUL_KINDS)
    standing = (SURVIVORS / len(living) + STAMINA * share
                + CARDS * min(useful, USEFUL_CARDS) / USEFUL_CARDS)
    return standing * _living_through(state, seat)


def _living_through(state: Mapping[str, Any], seat: str) -> float:
    """The chance of coming out of where the player stands, as far as the rules say it (the
    Tower: of others dying while it waits there)."""
    me = state["players"][seat]
    chance = 1.0
    if me["at"] == STAIRCASE and me["depth"] is not None:
        chance *= _off_the_staircase(me["depth"])
    if me["at"] == MOAT:
        chance *= IN_THE_MOAT
    if me["vampire"] is not None:
        chance *= VAMPIRE
    if me["at"] == TOWER:
        chance *= IN_THE_TOWER
    if me["at"] == TORTURE_CHAMBER and state["stage"] == "draw" and state["actor"] == seat:
        chance *= IRON_MAIDEN_AHEAD
    return chance


@cache
def _off_the_staircase(depth: int) -> float:
    """The chance of leaving the Great Spiral Staircase at the top from ``depth`` steps below
    its landing: each go a throw takes the player down, but a six and its second throw may
    count upwards; the bottom, ``STAIRCASE_STEPS`` down, is the end."""
    escape = [0.0] * STAIRCASE_STEPS
    for _ in range(200):  # the chances settle long before
        escape = [sum(escape[d + t] for t in range(1, 6) if d + t < STAIRCASE_STEPS) / 6
                  + sum(1.0 if d - 6 - t < 0 else escape[d - 6 - t] for t in range(1, 7)) / 36
                  for d in range(STAIRCASE_STEPS)]
    return escape[min(depth, STAIRCASE_STEPS - 1)]
