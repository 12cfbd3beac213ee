"""Rooms and their cards (gothic/rooms, gothic/the-lavatory): the top card drawn and obeyed,
cards held, shown and returned, numbered cards traded for stamina, and no lingering in a room
unless forcibly detained."""

from __future__ import annotations

from games.gothic import points as P
from games.gothic.cards import held, is_numbered, return_card, take_card, trade_in
from games.gothic.stamina import change_stamina, eliminate
from games.gothic.state import KITCHEN, ROOMS, TORTURE_CHAMBER, TOWER, WEAPON_KINDS, WEAPON_ROOMS
from games.gothic.turns import end_go
from games.gothic.work import Work, name_of, place_name


def weapon_restricted(state, room) -> bool:
    """gothic/play: a weapon drawn here is outside the rooms the text names for weapons (or
    a second weapon from the Kitchen, which hides one)."""
    if room not in WEAPON_ROOMS:
        return True
    return room == KITCHEN and any(
        c["room"] == KITCHEN and c["kind"] in WEAPON_KINDS
        for p in state["players"].values()
        for c in p["cards"]
    )


IRON_MAIDEN = "Iron Maiden"


def on_draw(w: Work, ref, actor, data):
    """gothic/rooms: "You must then pick up the top card from the pile, and obey it."."""
    s = w.s
    player, name, room = s["players"][actor], name_of(s, actor), data["room"]
    if player["at"] != room:
        ref.violation("gothic/rooms", f"{name} is in {place_name(player['at'])}, not {place_name(room)}")
        return None
    iron_maiden = data["card"] == IRON_MAIDEN and room == TORTURE_CHAMBER
    if data.get("deadly") and not iron_maiden:
        ref.violation(
            "gothic/rooms",
            f"{data['card']} from {place_name(room)} cannot be deadly: the only completely deadly "
            "card is the Iron Maiden in the Torture Chamber",
        )
        return None
    kind = data.get("kind", "other")
    if (
        kind in WEAPON_KINDS
        and weapon_restricted(s, room)
        and ref.consult(P.ROOM_CARDS, f"a weapon is drawn in {place_name(room)}")
        == "weapons-where-named"
    ):
        ref.violation(
            "gothic/play",
            f"{place_name(room)} holds no (further) weapon: {data['card']}",
            point=P.ROOM_CARDS,
        )
        return None
    card = {
        "name": data["card"],
        "room": room,
        "kind": kind,
        "number": data.get("number"),
        "numbered": bool(data.get("numbered", False) or data.get("number") is not None),
        "stamina": data.get("stamina", 0),
    }
    ref.effect("draw", player=actor, room=room, card=card["name"])
    s["stage"] = "act"
    if iron_maiden:  # "completely deadly": no card protects, whatever the record says
        eliminate(w, ref, actor, "dead", f"killed by the {card['name']}")
        return_card(w, ref, card)
        return f"{name} draws {card['name']} in {place_name(room)} and dies"
    w.p(actor)["cards"] = [*player["cards"], card]
    if data.get("detain"):
        w.p(actor)["detained"] = data["detain"]
    change_stamina(w, ref, actor, card["stamina"], f"obeyed {card['name']}")
    return f"{name} draws a card in {place_name(room)}"


def on_return_card(w: Work, ref, actor, data):
    """gothic/rooms: "When a card is no longer needed it must be shown to all the other
    players, then returned to the bottom of the pile in the room from which it came"."""
    card = take_card(w, actor, data["card"])
    if card is None:
        ref.violation("gothic/rooms", f"{name_of(w.s, actor)} holds no card {data['card']!r}")
        return None
    return_card(w, ref, card)
    pile = ROOMS[card["room"]]["name"]
    return f"{name_of(w.s, actor)} shows {card['name']} and returns it under the {pile} pile"


def on_trade(w: Work, ref, actor, data):
    """gothic/rooms: numbered cards "may be traded in for stamina at any stage of the game"."""
    card_held = held(w.s, actor, data["card"])
    if card_held is None:
        ref.violation("gothic/rooms", f"{name_of(w.s, actor)} holds no card {data['card']!r}")
        return None
    card = take_card(w, actor, data["card"], is_numbered)
    if card is None:
        ref.violation(
            "gothic/rooms", f"{card_held['name']} has no number in its corner and cannot be traded"
        )
        return None
    trade_in(w, ref, actor, card)
    return f"{name_of(w.s, actor)} trades in {card['name']} for stamina"


def on_stay(w: Work, ref, actor, data):
    """gothic/rooms: "You may not linger in a room unless you are forcibly detained." """
    s = w.s
    player, name = s["players"][actor], name_of(s, actor)
    if player["detained"] > 0 and player["at"] in ROOMS:
        w.p(actor)["detained"] = player["detained"] - 1
    elif player["at"] == TOWER:
        if ref.consult(P.TOWER_LEAVE, f"{name} stays in the Tower") != "never-leave":
            ref.violation("gothic/rooms", f"{name} may not linger in the Tower")
            return None
    else:
        ref.violation("gothic/rooms", f"{name} is not detained and must throw")
        return None
    ref.effect("stay", player=actor)
    end_go(w, ref)
    return f"{name} stays in {place_name(player['at'])}"
