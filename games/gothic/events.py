"""The Gothic Game's event vocabulary: what each event type carries (README, "Event vocabulary").

A field naming a place, a player or a card says so (``refers``), so a record can never name
what the castle does not have.
"""

from __future__ import annotations

from games.core.events import EventSpec, Field
from games.gothic.cards import NOT_READ
from games.gothic.state import CARD_KINDS, GREEN_SQUARES, PILE_ROOMS

_target = Field("str", description="the victim", refers="player")
_card = Field("str", description="the card's name as recorded when it was drawn", refers="card")

EVENT_SPECS = (
    EventSpec(
        "throw",
        "A throw of the die, as seen at the table.",
        {"value": Field("int", low=1, high=6, description="the face thrown")},
    ),
    EventSpec(
        "move",
        "The pawn's walk for the throw, square by square (not the start).",
        {
            "path": Field(
                "list[str]",
                min_items=1,
                max_items=12,
                refers="space",
                description="squares/room entered, in order",
            ),
            "kill": Field(
                "list[str]",
                required=False,
                min_items=1,
                max_items=5,
                refers="player",
                description="a Vampire's move: the players passed whom it kills",
            ),
        },
    ),
    EventSpec("miss_turn", "The mover's throw is blocked: the turn is missed."),
    EventSpec(
        "stay", "The player stays put this go (forcibly detained, in the Tower, or the Lavatory)."
    ),
    EventSpec("end_turn", "The player ends the go (declining a second throw or any other option)."),
    EventSpec(
        "draw",
        "The top card of the room's pile, as the collector read it.",
        {
            "room": Field("str", allowed=PILE_ROOMS, refers="space"),
            "card": Field(
                "str",
                description=f"the card's printed name, or {NOT_READ!r} when the record does "
                "not know it",
                refers="card",
            ),
            "stamina": Field(
                "int",
                required=False,
                low=-100,
                high=100,
                description="stamina gained (+) or lost (-) by obeying the card",
            ),
            "number": Field(
                "int",
                required=False,
                low=1,
                high=100,
                description="the number in the top left-hand corner, if any",
            ),
            "numbered": Field(
                "bool",
                required=False,
                description="a corner number is printed but could not be read",
            ),
            "kind": Field("str", required=False, allowed=CARD_KINDS),
            "deadly": Field("bool", required=False, description="the card kills (the Iron Maiden)"),
            "detain": Field(
                "int",
                required=False,
                low=0,
                high=12,
                description="goes the card detains the player in the room",
            ),
        },
    ),
    EventSpec(
        "return_card",
        "A card no longer needed is shown and put under its room's pile.",
        {"card": _card},
    ),
    EventSpec("trade", "A numbered card traded in for stamina.", {"card": _card}),
    EventSpec(
        "passage",
        "From a green square through the secret passages to another.",
        {"to": Field("str", allowed=GREEN_SQUARES, refers="space")},
    ),
    EventSpec(
        "attack",
        "Power of Adjacency: a weapon used on the player next to you.",
        {
            "target": _target,
            "weapon": _card,
            "take": Field(
                "list[str]",
                required=False,
                max_items=30,
                refers="card",
                description="cards taken from the body after a kill (left out: the body is "
                "searched by the next event, if at all)",
            ),
        },
    ),
    EventSpec(
        "search",
        "The killer searches the body of the player just killed with a weapon.",
        {
            "take": Field(
                "list[str]",
                max_items=30,
                refers="card",
                description="cards taken from the body (none: an empty list)",
            ),
        },
    ),
    EventSpec(
        "control", "Power of Adjacency: you control the victim's next move.", {"target": _target}
    ),
    EventSpec(
        "give",
        "Power of Adjacency: something unpleasant from a card (an asp, a wet rat).",
        {
            "target": _target,
            "card": _card,
            "loss": Field("int", low=0, high=100, description="stamina the victim loses"),
        },
    ),
    EventSpec("stake", "A stake driven through a Vampire's heart.", {"target": _target}),
    EventSpec(
        "oil",
        "Boiling oil poured from the Tower.",
        {
            "target": Field(
                "str",
                required=False,
                refers="player",
                description="the victim (all victims under 'everyone')",
            ),
        },
    ),
    EventSpec(
        "blow_pipe", "The Blow pipe used from the Tower.", {"target": _target, "card": _card}
    ),
    EventSpec(
        "staircase",
        "After a six on the Great Spiral Staircase: the direction of the six and its second throw.",
        {"direction": Field("str", allowed=("up", "down"))},
    ),
)
