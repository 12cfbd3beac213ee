"""Dylan Dog's event vocabulary: what a collector records, checked before it is stored.

Cards are observations: a draw event records the card as the collector read it. A field that
names a square, crypt, card, shadow or player says so (``refers``); a record naming one the
game does not have is malformed.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator

from games.core.events import EventSpec, Field
from games.dylan_dog.board import (
    ALL_SQUARES,
    BY_CATEGORY,
    CATEGORIES,
    CRYPT_NAMES,
    ELEMENTS,
    FACES,
    HORROR_CARDS,
    NIGHTMARE_KINDS,
    SHADOWS,
    THRESHOLDS,
    WHITE,
)

# the longest pawn path, and the most cards one side of an exchange, a record may hold
PATH_MAX_SQUARES = 12
EXCHANGE_MAX_CARDS = 12
# the longest words of a card, and name of a horror card, a record may give as read
WORDS_MAX_LENGTH = 500
NAME_MAX_LENGTH = 100


class CardIds(Collection[str]):
    """The cards that may change hands, by id: a mystery card by its element, ``dylan-dog``,
    ``shadow:<shadow>``, and ``horror:<name>`` for any name (the transcription never lists
    the twelve horror cards, so a record's name is taken as read; iteration lists the names
    of the reconstructed board)."""

    def __contains__(self, card: object) -> bool:
        if not isinstance(card, str):
            return False
        if card in ELEMENTS or card == "dylan-dog":
            return True
        if card.startswith("shadow:"):
            return card[len("shadow:"):] in SHADOWS
        return card.startswith("horror:") and len(card) > len("horror:")

    def __iter__(self) -> Iterator[str]:
        yield from ELEMENTS
        yield "dylan-dog"
        yield from (f"shadow:{symbol}" for symbol in SHADOWS)
        yield from (f"horror:{card['name']}" for card in HORROR_CARDS)

    def __len__(self) -> int:
        return len(ELEMENTS) + 1 + len(SHADOWS) + len(HORROR_CARDS)


REFERENTS: dict[str, Collection[str]] = {
    "space": ALL_SQUARES,
    "crypt": CRYPT_NAMES,
    "card": CardIds(),
    "shadow": SHADOWS,
}


def referents(kind: str) -> Collection[str] | None:
    """What a field marked ``refers=kind`` may name; None for horror cards, whose names the
    transcription never gives (and for players, which the match itself lists)."""
    return REFERENTS.get(kind)


def _crypt(description: str = "the crypt, by the dimension it opens on") -> Field:
    return Field("str", required=False, allowed=CRYPT_NAMES, refers="crypt",
                 description=description)


EVENT_SPECS = (
    EventSpec(
        "story_cards",
        "The four hidden story cards a player drew before playing (one of each kind), kind by "
        "kind, or (as older records give them) in one list.",
        {
            **{kind: Field("str", required=False, allowed=BY_CATEGORY[kind], refers="card",
                           description=f"the element printed at the bottom of the {kind} card")
               for kind in CATEGORIES},
            "cards": Field(
                "list[str]", required=False, allowed=ELEMENTS, min_items=4, max_items=4,
                refers="card", former=True,
                description="the elements printed at the bottom of the 4 story cards, in "
                "one list (older records)",
            ),
        },
    ),
    EventSpec(
        "roll",
        "A throw of the die: to move (after any exchanges) or to fight a horror card.",
        {"face": Field("str", allowed=FACES,
                       description="2-6, or dylan-dog (the face of Dylan Dog)")},
    ),
    EventSpec(
        "move",
        "The player's action after the throw: the pawn's path and/or the nightmare plane's "
        "rotation.",
        {
            "path": Field(
                "list[str]", allowed=ALL_SQUARES, max_items=PATH_MAX_SQUARES, refers="space",
                description="squares the pawn enters, in order (empty: the pawn stays)",
            ),
            "rotation": Field(
                "int", low=-6, high=6,
                description="squares the nightmare plane turns (+ clockwise, - anticlockwise)",
            ),
            "rotate_first": Field(
                "bool", required=False,
                description="in a mixed move, the plane turned before the pawn moved",
            ),
        },
    ),
    EventSpec(
        "nightmare_card",
        "A nightmare card drawn, as read: its kind and what its instruction named.",
        {
            "kind": Field("str", allowed=NIGHTMARE_KINDS),
            "text": Field("str", required=False, max_length=WORDS_MAX_LENGTH,
                          description="the card's words as read"),
            "crypt": _crypt("the crypt or dimension the card names"),
            "square": Field("str", required=False, allowed=ALL_SQUARES, refers="space",
                            description="the square the card names"),
            "target": Field("str", required=False, refers="player",
                            description="the player whose pawn the card moves"),
            "shadow": Field("str", required=False, allowed=SHADOWS, refers="shadow"),
        },
    ),
    EventSpec(
        "crypt_card",
        "A card drawn from the crypt the player stands in (not necessarily the top one), as "
        "read.",
        {
            "kind": Field("str", allowed=("mystery", "horror")),
            "crypt": _crypt(),
            "element": Field("str", required=False, allowed=ELEMENTS, refers="card",
                             description="a mystery card's element"),
            "name": Field("str", required=False, refers="horror-card",
                          max_length=NAME_MAX_LENGTH,
                          description="a horror card's name"),
            "threshold": Field("str", required=False, allowed=THRESHOLDS,
                               description="a horror card's value"),
        },
    ),
    EventSpec(
        "enter_crypt",
        "Direct entry into the crypt the ENTRA square lines up with.",
        {"crypt": _crypt()},
    ),
    EventSpec("take_dylan_dog", "A Dylan Dog card taken (Dylan Dog's face in a window)."),
    EventSpec(
        "exchange",
        "Cards exchanged: before one's throw (proposed, agreed) or forced (SCAMBIO "
        "OBBLIGATORIO).",
        {
            "with": Field("str", refers="player", description="the other player"),
            "give": Field("list[str]", max_items=EXCHANGE_MAX_CARDS, refers="card",
                          description="cards the actor hands over"),
            "receive": Field("list[str]", max_items=EXCHANGE_MAX_CARDS, refers="card",
                             description="cards the actor takes"),
            "forced": Field("bool", required=False),
        },
    ),
    EventSpec(
        "show_shadow",
        "A player shows the others a shadow printed on one of their story cards.",
        {"shadow": Field("str", allowed=SHADOWS, refers="shadow")},
    ),
    EventSpec(
        "play_dylan_dog",
        "A Dylan Dog card played: against a shadow square, a horror card, or to climb out of "
        "an empty crypt.",
        {
            "use": Field("str", allowed=("shadow", "horror", "climb")),
            "square": Field("str", required=False, allowed=ALL_SQUARES, refers="space",
                            description="where a climb lands"),
        },
    ),
    EventSpec(
        "play_shadow",
        "A shadow card played against a shadow square.",
        {"shadow": Field("str", allowed=SHADOWS, refers="shadow")},
    ),
    EventSpec("accept_trap", "A player on a shadow square plays no card and returns to reality."),
    EventSpec(
        "challenge",
        "A held horror card played against another player on the same plane.",
        {
            "target": Field("str", refers="player"),
            "horror": Field("str", refers="horror-card", max_length=NAME_MAX_LENGTH,
                            description="the horror card's name"),
        },
    ),
    EventSpec(
        "forfeit",
        "A mystery card given up: to the challenger after a lost challenge, or back into a "
        "crypt.",
        {
            "card": Field("str", allowed=ELEMENTS, refers="card"),
            "crypt": _crypt("the crypt the card goes back into"),
        },
    ),
    EventSpec(
        "place",
        "A pawn returning to reality is placed on a white square.",
        {"square": Field("str", allowed=WHITE, refers="space")},
    ),
    EventSpec("end_turn", "The player ends their turn."),
)
