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
the others to die, which they may never do. Then where the player is heading, by walks
through the castle's squares and doors: with a weapon, how near the nearest of the living it
is (the Power of Adjacency kills only a player beside it, so who would be the only survivor
goes looking); without one, how near a room whose pile may hold one ("that room also houses
the best selection of weapons"). State keys as README, "State keys".

How agents read what the rulebook never lists (``as_agents_play``): the cards. A card drawn is
a throw of the world's, its figures the record's to read; agents read them on the scale of the
figures the text gives (a fall in the moat costs 10 stamina and each go in it 5, Dracula's
bite 20): a card drawn costs from 0 to 20 stamina (the text names no card that gives any:
stamina comes back by trading a numbered card in, "to evade death for a little while longer",
and by a Vampire's draught of blood), its corner number, where it has one, is not read (the
only one the text shows is circled in a photograph, and `gothic.circled-card-number` says
what an unread one is worth), it detains for at most two goes, and an unpleasant gift costs
from 0 to 20. Read from the whole range a record may hold, numbered cards traded in would
give hundreds of stamina and no one would ever die.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping
from dataclasses import replace
from functools import cache
from typing import Any

from games.core.choices import Choice, Number, OneOf
from games.core.evaluation import Evaluation
from games.core.points import Interpretation
from games.gothic.state import (
    ADJ,
    MOAT,
    ROOMS,
    STAIRCASE,
    STAIRCASE_STEPS,
    TORTURE_CHAMBER,
    TOWER,
    WEAPON_KINDS,
)

SURVIVORS = 0.45  # of the standing: one over the number of the living
STAMINA = 0.45  # of the standing: this player's share of the living's stamina
CARDS = 0.1  # of the standing: cards that protect or kill, up to ``USEFUL_CARDS``
USEFUL_CARDS = 3
USEFUL_KINDS = frozenset({"weapon", "protection", "stake", "blow-pipe"})
IN_THE_MOAT = 0.8  # floundering: 5 stamina a go, and a 4 leads into the Vault
VAMPIRE = 0.6  # a Vampire withers at sunrise unless it throws enough to reach the Vault
IRON_MAIDEN_AHEAD = 0.75  # the top card of the Torture Chamber's pile still to be drawn
IN_THE_TOWER = 0.7  # safe, but waiting on the others' deaths
# The figures of a card as agents read them (see the module's docstring): field -> (low, high).
CARD_SCALE = {"stamina": (-20, 0), "detain": (0, 2), "loss": (0, 20)}
UNREAD = "number"  # a card's corner number: left unread by agents (see the module's docstring)
HEADING = 0.1  # of the standing: how near a rival (armed) or a pile of cards (unarmed) it is
HALF_WAY = 6  # steps at which a place is half as near as beside it
PILES = tuple(room for room, spec in ROOMS.items() if spec["pile"])


def evaluate(state: Mapping[str, Any], seat: str, reading: Interpretation) -> float:
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
    if any(card.get("kind") in WEAPON_KINDS for card in me["cards"]):
        goals = [other["at"] for pid, other in players.items()
                 if pid != seat and other["status"] == "alive"]
    else:
        goals = list(PILES)
    standing = (1 - HEADING) * standing + HEADING * _nearness(me["at"], goals)
    return standing * _living_through(state, seat)


def _nearness(here: str | None, goals: list[str]) -> float:
    """1 on or beside the nearest goal, half at ``HALF_WAY`` steps, 0 when none is reachable
    (or the player is off the board)."""
    steps = _steps_from(here) if here in ADJ else {}
    found = [steps[goal] for goal in goals if goal in steps]
    return 1 / (1 + max(0, min(found) - 1) / HALF_WAY) if found else 0.0


@cache
def _steps_from(place: str) -> dict[str, int]:
    """Steps from ``place`` to every square and room, through the castle's squares and doors."""
    steps = {place: 0}
    queue = deque([place])
    while queue:
        here = queue.popleft()
        for there in ADJ.get(here, ()):
            if there not in steps:
                steps[there] = steps[here] + 1
                queue.append(there)
    return steps


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


def as_agents_play(state: Mapping[str, Any], choice: Choice) -> Choice:
    """A card drawn, or an unpleasant gift, with its figures on the text's scale (see the
    module's docstring); every other choice as offered."""
    if choice.type not in ("draw", "give"):
        return choice
    fields = tuple(replace(spec, domain=_on_scale(spec.domain, *CARD_SCALE[spec.name]))
                   if spec.name in CARD_SCALE else spec
                   for spec in choice.fields if spec.name != UNREAD)
    return replace(choice, fields=fields)


def _on_scale(domain, low: int, high: int):
    """``domain`` kept to the values from ``low`` to ``high`` (itself when none is there)."""
    if isinstance(domain, Number):
        low, high = max(low, domain.low), min(high, domain.high)
        return Number(low, high) if low <= high else domain
    if isinstance(domain, OneOf):
        kept = [i for i, value in enumerate(domain.values) if low <= value <= high]
        if kept:
            return OneOf(tuple(domain.values[i] for i in kept),
                         labels=tuple(domain.labels[i] for i in kept) if domain.labels else ())
    return domain


EVALUATION = Evaluation(evaluate=evaluate, as_agents_play=as_agents_play)
