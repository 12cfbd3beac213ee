"""The cards a player holds: held, traded in, shown and returned under their room's pile
(gothic/rooms). The cards themselves are never listed by the text; each is recorded as read."""

from __future__ import annotations

from games.core.draft import Draft
from games.gothic import points as P
from games.gothic.state import PILE_MEMORY, WEAPON_KINDS

# How a record says it does not know the card drawn: "You are not obliged to declare this card"
# (gothic/rooms), and the collector may not have read it.
NOT_READ = "not read"


def return_card(draft: Draft, ref, card: dict) -> None:
    """gothic/rooms: "returned to the bottom of the pile in the room from which it came"."""
    room = card["room"]
    piles = draft.edit("piles")
    piles[room] = [*piles.get(room, []), card["name"]][-PILE_MEMORY:]
    ref.effect("card-returned", card=card["name"], room=room)


def take_card(draft: Draft, pid: str, name: str, fits=None) -> dict | None:
    """Remove and return the first card of that name (that ``fits``, if given) from a hand."""
    for i, card in enumerate(draft.state["players"][pid]["cards"]):
        if card["name"] == name and (fits is None or fits(card)):
            player = draft.edit("players", pid)
            player["cards"] = player["cards"][:i] + player["cards"][i + 1 :]
            return card
    return None


def held(state, pid, name, fits=None) -> dict | None:
    for card in state["players"][pid]["cards"]:
        if card["name"] == name and (fits is None or fits(card)):
            return card
    return None


def is_weapon(card) -> bool:
    return card["kind"] in WEAPON_KINDS


def is_numbered(card) -> bool:
    return card["number"] is not None or bool(card["numbered"])


def is_nasty(card) -> bool:
    return card["kind"] == "nasty"


def is_stake(card) -> bool:
    return card["kind"] == "stake"


def is_protection(card) -> bool:
    return card["kind"] == "protection"


def card_value(card, ref) -> int:
    """A card's worth in stamina: its corner number; an unread one rests on the example's
    figure, which the transcription reads as "probably 6"."""
    if card["number"] is not None:
        return card["number"]
    ref.uncertain(
        P.CITE_TRADE, f"{card['name']}'s corner number was not read: its worth rests on the "
        "example's figure, itself uncertain"
    )
    option = ref.consult(P.CIRCLED_CARD_NUMBER, f"the corner number of {card['name']} was not read")
    return CIRCLED_WORTH[option]


# What an unread corner number is worth under each reading of gothic.circled-card-number.
CIRCLED_WORTH = {"six": 6, "five": 5, "eight": 8}


def trade_in(draft: Draft, ref, pid: str, card: dict) -> None:
    """gothic/rooms: numbered cards "may be traded in for stamina at any stage of the game"."""
    value = card_value(card, ref)
    player = draft.edit("players", pid)
    before = player["stamina"]
    player["stamina"] = before + value
    ref.effect(
        "stamina",
        player=pid,
        before=before,
        change=value,
        after=before + value,
        reason=f"traded {card['name']}",
    )
    return_card(draft, ref, card)


def lying_body(state) -> str | None:
    """The player killed by a weapon whose body has not been searched yet: a dead player still
    holding cards (gothic/adjacency: "you may search their body")."""
    for pid in state["seats"]:
        player = state["players"][pid]
        if player["status"] != "alive" and player["cards"]:
            return pid
    return None


def return_body(draft: Draft, ref, pid: str) -> None:
    """The cards of a body no one searched go back under their piles, shown to all."""
    for card in draft.state["players"][pid]["cards"]:
        return_card(draft, ref, card)
    draft.edit("players", pid)["cards"] = []
