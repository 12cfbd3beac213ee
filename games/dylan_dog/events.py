"""Dylan Dog's event vocabulary: what a collector records, checked before it is stored.

Cards are observations: a draw event records the card as the collector read it.
"""

from __future__ import annotations

from games.core.events import EventSpec, Field
from games.dylan_dog.board import (
    ALL_SQUARES,
    CRYPT_NAMES,
    ELEMENTS,
    FACES,
    NIGHTMARE_KINDS,
    SHADOWS,
    THRESHOLDS,
    WHITE,
)

EVENT_SPECS = (
    EventSpec(
        "story_cards",
        "The four hidden story cards a player drew before playing (one of each kind).",
        {
            "cards": Field(
                "list[str]",
                choices=ELEMENTS,
                min_items=4,
                max_items=4,
                description="the elements printed at the bottom of the 4 story cards",
            )
        },
    ),
    EventSpec(
        "roll",
        "A throw of the die: to move (after any exchanges) or to fight a horror card.",
        {
            "face": Field(
                "str", choices=FACES, description="2-6, or dylan-dog (the face of Dylan Dog)"
            )
        },
    ),
    EventSpec(
        "move",
        "The player's action after the throw: the pawn's path and/or the nightmare plane's rotation.",
        {
            "path": Field(
                "list[str]",
                choices=ALL_SQUARES,
                max_items=12,
                description="squares the pawn enters, in order (empty: the pawn stays)",
            ),
            "rotation": Field(
                "int",
                low=-6,
                high=6,
                description="squares the nightmare plane turns (+ clockwise, - anticlockwise)",
            ),
            "rotate_first": Field(
                "bool",
                required=False,
                description="in a mixed move, the plane turned before the pawn moved",
            ),
        },
    ),
    EventSpec(
        "nightmare_card",
        "A nightmare card drawn, as read: its kind and what its instruction named.",
        {
            "kind": Field("str", choices=NIGHTMARE_KINDS),
            "text": Field("str", required=False, description="the card's words as read"),
            "crypt": Field("str", required=False, choices=CRYPT_NAMES),
            "square": Field("str", required=False, choices=ALL_SQUARES),
            "target": Field(
                "str", required=False, description="the player whose pawn the card moves"
            ),
            "shadow": Field("str", required=False, choices=SHADOWS),
        },
    ),
    EventSpec(
        "crypt_card",
        "A card drawn from the crypt the player stands in (not necessarily the top one), as read.",
        {
            "kind": Field("str", choices=("mystery", "horror")),
            "crypt": Field("str", required=False, choices=CRYPT_NAMES),
            "element": Field(
                "str", required=False, choices=ELEMENTS, description="a mystery card's element"
            ),
            "name": Field("str", required=False, description="a horror card's name"),
            "threshold": Field(
                "str", required=False, choices=THRESHOLDS, description="a horror card's value"
            ),
        },
    ),
    EventSpec(
        "enter_crypt",
        "Direct entry into the crypt the ENTRA square lines up with.",
        {"crypt": Field("str", required=False, choices=CRYPT_NAMES)},
    ),
    EventSpec("take_dylan_dog", "A Dylan Dog card taken (Dylan Dog's face in a window)."),
    EventSpec(
        "exchange",
        "Cards exchanged: before one's throw (proposed, agreed) or forced (SCAMBIO OBBLIGATORIO).",
        {
            "with": Field("str", description="the other player's id"),
            "give": Field("list[str]", max_items=12, description="cards the actor hands over"),
            "receive": Field("list[str]", max_items=12, description="cards the actor takes"),
            "forced": Field("bool", required=False),
        },
    ),
    EventSpec(
        "show_shadow",
        "A player shows the others a shadow printed on one of their story cards.",
        {"shadow": Field("str", choices=SHADOWS)},
    ),
    EventSpec(
        "play_dylan_dog",
        "A Dylan Dog card played: against a shadow square, a horror card, or to climb out of an empty crypt.",
        {
            "use": Field("str", choices=("shadow", "horror", "climb")),
            "square": Field(
                "str", required=False, choices=ALL_SQUARES, description="where a climb lands"
            ),
        },
    ),
    EventSpec(
        "play_shadow",
        "A shadow card played against a shadow square.",
        {"shadow": Field("str", choices=SHADOWS)},
    ),
    EventSpec("accept_trap", "A player on a shadow square plays no card and returns to reality."),
    EventSpec(
        "challenge",
        "A held horror card played against another player on the same plane.",
        {"target": Field("str"), "horror": Field("str", description="the horror card's name")},
    ),
    EventSpec(
        "forfeit",
        "A mystery card given up: to the challenger after a lost challenge, or back into a crypt.",
        {
            "card": Field("str", choices=ELEMENTS),
            "crypt": Field("str", required=False, choices=CRYPT_NAMES),
        },
    ),
    EventSpec(
        "place",
        "A pawn returning to reality is placed on a white square.",
        {"square": Field("str", choices=WHITE)},
    ),
    EventSpec("end_turn", "The player ends their turn."),
)
