"""dagon/the-cities-of-the-thrones: strength recovered in a city, and the Symbol delivered."""

from __future__ import annotations

from games.core.draft import Draft
from games.core.referee import Referee
from games.dagon.board import Board
from games.dagon.points import DELIVERY_WEAPONS, SYMBOL_DESTINATION
from games.dagon.state import OVER, PLACE_SYMBOL, WEAPONS_MAX, end_turn, with_hero


def reach_city(draft: Draft, pid: str, name: str, city: str, ref: Referee, board: Board
               ) -> str:
    """A Hero (``name``) stops in a city: one weapon back, or, carrying the Symbol, the Knight
    of the City card, two weapons and the Symbol to place (the match is won at the chosen
    number of different cities)."""
    new = draft.state
    hero = new["heroes"][pid]
    city_name = board.name[city]
    if new["symbol"]["bearer"] != pid:
        weapons = min(WEAPONS_MAX, hero["weapons"] + 1)
        with_hero(draft, pid, weapons=weapons)
        ref.effect("weapons", player=pid, weapons=weapons)
        end_turn(draft)
        return f"{name} recovers strength in {city_name} ({weapons} weapons)"
    if city != board.kromt and new["deliveries"] == 0 and ref.consult(
            SYMBOL_DESTINATION, "the first Symbol reaches a city other than KROMT") == "kromt-first":
        weapons = min(WEAPONS_MAX, hero["weapons"] + 1)
        with_hero(draft, pid, weapons=weapons)
        end_turn(draft)
        return f"{name} reaches {city_name}, but the Symbol must go to KROMT first"
    gain = 2
    if hero["weapons"] == 0 and ref.consult(
            DELIVERY_WEAPONS, "a Hero with no weapons delivers the Symbol") == "two-plus-one":
        gain = 3
    weapons = min(WEAPONS_MAX, hero["weapons"] + gain)
    knighted = hero["knighted"] + [city]
    with_hero(draft, pid, weapons=weapons, knighted=knighted)
    new["symbol"] = {"space": None, "bearer": None}
    new["deliveries"] = new["deliveries"] + 1
    ref.effect("knighted", player=pid, city=city, weapons=weapons)
    summary = f"{name} brings the Dagon Symbol to {city_name} and is knighted"
    if len(set(knighted)) >= new["thrones_to_win"]:
        new["winner"] = pid
        new["phase"] = OVER
        new["roll"] = None
        new["pending"] = None
        ref.effect("victory", player=pid)
        return summary + f"; {name} wins with {len(set(knighted))} thrones"
    new["phase"] = PLACE_SYMBOL
    new["pending"] = {"reason": "delivered", "city": city}
    return summary
