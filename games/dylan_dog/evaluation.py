"""Dylan Dog's plain evaluation for the agents (README, "Evaluation"): how near a player is to
holding "the 4 useful mystery cards" of its own story, the first to do so winning.

Each useful mystery card held (an element of its story) is a quarter of the way. Towards the
next, as the rulebook's goal says: "you must start from the plane of reality (the upper level)
and reach the crypts, where the useful mystery cards are hidden": a little for how far along
that way the pawn stands (the nightmare plane, the mystery plane, the paths, the crypt's door);
an element of its story another player holds, which an exchange can bring it; any other
mystery card in hand ("useless mystery cards may serve as trade goods"); Dylan Dog cards, which
avoid the shadow squares' traps and counter horror cards. A player whose story the record never
gave counts each mystery card it holds as half useful. State keys as README, "State keys".
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from games.core.choices import Choice, OneOf, one_of
from games.core.evaluation import Evaluation
from games.core.points import Interpretation
from games.dylan_dog.board import CRYPT_OF_SQUARE, PLANE

STORY = 4  # mystery cards matching the story win
HELD_BY_OTHERS = 0.4  # of a card: an element of its story another player holds
TRADE_GOODS = 0.1  # of a card: each mystery card held that its story does not need
DYLAN_DOG_CARD = 0.1  # of a card: each Dylan Dog card held (two at most count)
WAY = 0.25  # of a card, at most: how far along the way to the crypts the pawn stands
ALONG_THE_WAY = {"reality": 0.0, "nightmare": 0.35, "mystery": 0.6}
PATH_STEP = 0.1  # further along a path of the mystery plane, a step at a time (three)


def evaluate(state: Mapping[str, Any], seat: str, reading: Interpretation) -> float:
    players = state["players"]
    me = players[seat]
    held = [*me.get("mystery", []), *me.get("mystery_hidden", [])]
    story = me.get("story")
    useful: float
    if story:
        useful = len({card for card in held if card in story})
        elsewhere = len({card for pid, other in players.items() if pid != seat
                         for card in other.get("mystery", []) if card in story} - set(held))
        spare = len(held) - useful
    else:
        useful, elsewhere, spare = len(set(held)) / 2, 0, 0
    towards = (HELD_BY_OTHERS * elsewhere + TRADE_GOODS * spare
               + DYLAN_DOG_CARD * min(me.get("dylan_dog", 0), 2) + WAY * _along(me.get("square")))
    return (min(useful, STORY) + min(towards, 0.9)) / (STORY + 1)


def _along(square: str | None) -> float:
    """How far along the way from reality to a crypt a square lies, from 0 to 1."""
    if not square or square not in PLANE:
        return 0.0
    if square in CRYPT_OF_SQUARE:
        return 1.0
    along = ALONG_THE_WAY[PLANE[square]]
    if "/" in square:  # a path square: its step towards the crypt
        along += PATH_STEP * int(square.rsplit("/", 1)[1])
    return along


def as_agents_play(state: Mapping[str, Any], choice: Choice) -> Choice | None:
    """The choice as agents play it. A shadow shown is one of the player's story's shadows not
    shown yet: the record may hold one shown again (the engine offers every one, "again too"),
    but it changes nothing, and a pick that changes nothing is no move at the agents' table;
    a player who has shown them all has nothing to show. An exchange before one's throw:
    "each player is free to *propose* a card exchange to the others" (dylan-dog/exchange), so
    the player proposing picks the cards it gives and the player it proposes to picks the
    cards it gives back (none, if it declines to give any); a taking with nothing given, which
    only the other's gift could make, is never proposed. A forced exchange (SCAMBIO
    OBBLIGATORIO) stays the entitled player's alone: the other "must give up their card even
    if they need it"."""
    if choice.type == "show_shadow":
        return _unshown(state, choice)
    if choice.type != "exchange":
        return choice
    data = choice.event.get("data") or {}
    if data.get("forced"):
        return choice
    if "give" in data and not data["give"]:
        return None
    fields = tuple(replace(spec, decider=data["with"]) if spec.name == "receive" else spec
                   for spec in choice.fields)
    return replace(choice, fields=fields)


def _unshown(state: Mapping[str, Any], choice: Choice) -> Choice | None:
    """``show_shadow`` narrowed to the shadows its player has not shown; None when none is
    left."""
    shown = set(state["players"][choice.actor]["shown_shadows"])
    spec = choice.field("shadow")
    domain = spec.domain
    assert isinstance(domain, OneOf)  # the shadows a player may show, listed
    left = [value for value in domain.values if value not in shown]
    if not left:
        return None
    if len(left) == len(domain.values):
        return choice
    narrowed = one_of(left, label=domain.label_of)
    return replace(choice, fields=(replace(spec, domain=narrowed),))


EVALUATION = Evaluation(evaluate=evaluate, as_agents_play=as_agents_play)
