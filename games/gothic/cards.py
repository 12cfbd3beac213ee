"""The cards a player holds: held, traded in, shown and returned under their room's pile
(gothic/rooms). The cards themselves are never listed by the text; each is recorded as read."""

from __future__ import annotations

from games.gothic import points as P
from games.gothic.state import PILE_MEMORY, WEAPON_KINDS
from games.gothic.work import Work


def return_card(w: Work, ref, card: dict) -> None:
    """gothic/rooms: "returned to the bottom of the pile in the room from which it came"."""
    room = card["room"]
    piles = dict(w.s["piles"])
    pile = [*piles.get(room, []), card["name"]]
    piles[room] = pile[-PILE_MEMORY:]
    w.s["piles"] = piles
    ref.effect("card-returned", card=card["name"], room=room)


def take_card(w: Work, pid: str, name: str, fits=None) -> dict | None:
    """Remove and return the first card of that name (that ``fits``, if given) from a hand."""
    for i, card in enumerate(w.s["players"][pid]["cards"]):
        if card["name"] == name and (fits is None or fits(card)):
            player = w.p(pid)
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
    return card["number"] is not None or card["numbered"]


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
    return {"six": 6, "five": 5, "eight": 8}[option]


def trade_in(w: Work, ref, pid: str, card: dict) -> None:
    """gothic/rooms: numbered cards "may be traded in for stamina at any stage of the game"."""
    value = card_value(card, ref)
    player = w.p(pid)
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
    return_card(w, ref, card)
