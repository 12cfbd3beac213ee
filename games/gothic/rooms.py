"""Rooms and their cards (gothic/rooms, gothic/the-lavatory): the top card drawn and obeyed,
cards held, shown and returned, numbered cards traded for stamina, and no lingering in a room
unless forcibly detained."""

from __future__ import annotations

from games.core.choices import Choice, Number, OneOf, OpenField, Text, event, one_of
from games.core.draft import Draft
from games.core.event_rules import Offering
from games.gothic import passages as rule
from games.gothic import points as P
from games.gothic.cards import (
    CIRCLED_WORTH,
    NOT_READ,
    held,
    is_numbered,
    return_card,
    take_card,
    trade_in,
)
from games.gothic.stamina import change_stamina, eliminate
from games.gothic.state import (
    CARD_KINDS,
    KITCHEN,
    ROOMS,
    TORTURE_CHAMBER,
    TOWER,
    WEAPON_KINDS,
    WEAPON_ROOMS,
    name_of,
    place_name,
)
from games.gothic.turns import begin_next_go, end_go, next_go, opening, opens_next_go, refereed

IRON_MAIDEN = "Iron Maiden"
KIND_WORDS = {
    "weapon": "a weapon",
    "protection": "a card which protects",
    "stake": "a stake",
    "nasty": "something unpleasant",
    "blow-pipe": "the blow pipe",
    "detain": "a card that detains",
    "other": "any other card",
}


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


@refereed("draw")
def draw(draft: Draft, ref, actor, data):
    """gothic/rooms: "You must then pick up the top card from the pile, and obey it."."""
    state = draft.state
    player, name, room = state["players"][actor], name_of(state, actor), data["room"]
    if player["at"] != room:
        ref.violation(rule.ROOMS, f"{name} is in {place_name(player['at'])}, not "
                      f"{place_name(room)}")
        return None
    iron_maiden = data["card"] == IRON_MAIDEN and room == TORTURE_CHAMBER
    if data.get("deadly") and not iron_maiden:
        ref.violation(
            rule.ROOMS,
            f"{data['card']} from {place_name(room)} cannot be deadly: the only completely deadly "
            "card is the Iron Maiden in the Torture Chamber",
        )
        return None
    kind = data.get("kind", "other")
    if (
        kind in WEAPON_KINDS
        and weapon_restricted(state, room)
        and ref.consult(P.ROOM_CARDS, f"a weapon is drawn in {place_name(room)}")
        == "weapons-where-named"
    ):
        ref.violation(
            rule.PLAY,
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
    state["stage"] = "act"
    if iron_maiden:  # "completely deadly": no card protects, whatever the record says
        eliminate(draft, ref, actor, "dead", f"killed by the {card['name']}")
        return_card(draft, ref, card)
        return f"{name} draws {card['name']} in {place_name(room)} and dies"
    drawer = draft.edit("players", actor)
    drawer["cards"] = [*drawer["cards"], card]
    if data.get("detain"):
        drawer["detained"] = data["detain"]
    change_stamina(draft, ref, actor, card["stamina"], f"obeyed {card['name']}")
    return f"{name} draws a card in {place_name(room)}"


def _signed(n: int) -> str:
    if n == 0:
        return "no stamina gained or lost"
    return f"{n} stamina gained" if n > 0 else f"{-n} stamina lost"


# What a drawn card may say, as the outcomes of a draw (listed) and as the record's figures.
STAMINA_OUTCOMES = one_of(range(-100, 101), label=_signed)
NUMBER_OUTCOMES = one_of(range(1, 101), label=lambda n: f"{n} in the top left-hand corner")
DETAIN_OUTCOMES = one_of(range(13), label=lambda n: f"detains for {n} goes")
NUMBERED = OneOf((True, False), labels=("a corner number printed but not read",
                                        "no unread corner number"))
NOT_DEADLY = OneOf((False,), labels=("not deadly",))
DEADLY_OR_NOT = OneOf((True, False), labels=("deadly", "not deadly (it kills all the same)"))
PROMPTS = {
    "stamina": "Stamina gained or lost by obeying the card",
    "number": "The number in its top left-hand corner",
    "numbered": "A corner number printed but not read",
    "kind": "What the card is",
    "detain": "Goes it detains the player in the room",
    "deadly": "Whether the record calls it deadly",
}


def drawable_kinds(state, room, option) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The kinds a card drawn in ``room`` may be recorded as under the reading, and the points
    that decide it (gothic.room-cards, where the room holds no further weapon)."""
    if not weapon_restricted(state, room):
        return CARD_KINDS, ()
    if option == "weapons-where-named":
        return tuple(k for k in CARD_KINDS if k not in WEAPON_KINDS), (P.ROOM_CARDS.id,)
    return CARD_KINDS, (P.ROOM_CARDS.id,)


def known_cards(state, room) -> list[str]:
    """The cards the ``room``'s pile is known to hold, as the state shows them: those returned
    under it, those held that came from it, and the Iron Maiden the text names."""
    names = list(state["piles"].get(room, []))
    for pid in state["seats"]:
        names += [c["name"] for c in state["players"][pid]["cards"] if c["room"] == room]
    if room == TORTURE_CHAMBER:
        names.append(IRON_MAIDEN)
    return [name for name in dict.fromkeys(names) if name not in (None, NOT_READ)]


def _card_fields(kinds, deadly, listed: bool) -> tuple[OpenField, ...]:
    """The optional figures of a drawn card: listed outcomes for a draw whose card is listed,
    the record's figures for one named as read."""
    kind = OneOf(kinds, labels=tuple(KIND_WORDS[k] for k in kinds))
    domains = {
        "stamina": STAMINA_OUTCOMES if listed else Number(-100, 100),
        "number": NUMBER_OUTCOMES if listed else Number(1, 100),
        "numbered": NUMBERED,
        "kind": kind,
        "detain": DETAIN_OUTCOMES if listed else Number(0, 12),
        "deadly": deadly,
    }
    return tuple(OpenField(name, domain, prompt=PROMPTS[name], optional=True)
                 for name, domain in domains.items())


def offer_draw(at: Offering) -> list[Choice]:
    """The top card of the room's pile, a draw: its card one of those the pile is known to
    hold, or not read ("You are not obliged to declare this card"); in the Torture Chamber
    the Iron Maiden, which kills; a card no one has seen yet is named as read. Its figures
    (stamina, corner number, kind, goes detained) are the record's, and only the Iron Maiden
    may be deadly. Every draw is chance: the new card's name is read as it came."""
    state = at.state
    if state["stage"] != "draw":
        return []
    actor = state["actor"]
    room = state["players"][actor]["at"]
    name, pile = name_of(state, actor), ROOMS[room]["name"]
    kinds, points = drawable_kinds(state, room, at.option(P.ROOM_CARDS))
    known = known_cards(state, room)
    listed = [card for card in known if not (room == TORTURE_CHAMBER and card == IRON_MAIDEN)]
    outcomes = one_of([*listed, NOT_READ],
                      label=lambda c: "a card not declared (not read)" if c == NOT_READ else c)
    fixed = event("draw", actor, room=room)
    found = [Choice(fixed, f"{name} draws the top card of the {pile} pile", chance=True,
                    fields=(OpenField("card", outcomes, prompt="The card drawn"),
                            *_card_fields(kinds, NOT_DEADLY, listed=True)),
                    spaces=(room,), points=points)]
    if room == TORTURE_CHAMBER:
        found.append(Choice(event("draw", actor, room=room, card=IRON_MAIDEN),
                            f"{name} draws the Iron Maiden and dies", chance=True,
                            fields=_card_fields(kinds, DEADLY_OR_NOT, listed=True),
                            spaces=(room,), points=points))
    new = Text(excluded=(*known, NOT_READ))
    found.append(Choice(fixed, f"{name} draws a card not seen before from the {pile} pile",
                        chance=True,
                        fields=(OpenField("card", new, prompt="The card's name as read"),
                                *_card_fields(kinds, NOT_DEADLY, listed=False)),
                        spaces=(room,), points=points))
    return found


@refereed("return_card")
def return_card_to_pile(draft: Draft, ref, actor, data):
    """gothic/rooms: "When a card is no longer needed it must be shown to all the other
    players, then returned to the bottom of the pile in the room from which it came"."""
    card = take_card(draft, actor, data["card"])
    if card is None:
        ref.violation(rule.ROOMS, f"{name_of(draft.state, actor)} holds no card {data['card']!r}")
        return None
    return_card(draft, ref, card)
    pile = ROOMS[card["room"]]["name"]
    return f"{name_of(draft.state, actor)} shows {card['name']} and returns it under the {pile} pile"


@refereed("trade")
def trade(draft: Draft, ref, actor, data):
    """gothic/rooms: numbered cards "may be traded in for stamina at any stage of the game"."""
    card_held = held(draft.state, actor, data["card"])
    if card_held is None:
        ref.violation(rule.ROOMS, f"{name_of(draft.state, actor)} holds no card {data['card']!r}")
        return None
    card = take_card(draft, actor, data["card"], is_numbered)
    if card is None:
        ref.violation(
            rule.ROOMS, f"{card_held['name']} has no number in its corner and cannot be traded"
        )
        return None
    trade_in(draft, ref, actor, card)
    return f"{name_of(draft.state, actor)} trades in {card['name']} for stamina"


def _hands(at: Offering):
    """Each living player whose hand the recording seat sees, with the cards' names."""
    state = at.state
    for pid in state["seats"]:
        player = state["players"][pid]
        if at.viewer not in (None, pid) or player["status"] != "alive" or not player["cards"]:
            continue
        if any(card["name"] is None for card in player["cards"]):
            continue
        yield pid, player


def offer_return_card(at: Offering) -> list[Choice]:
    """gothic/rooms: a card "no longer needed" is shown and returned, by any player, at any
    stage: which card open."""
    found = []
    for pid, player in _hands(at):
        first: dict[str, dict] = {}
        for card in player["cards"]:
            first.setdefault(card["name"], card)
        cards = OneOf(tuple(first), labels=tuple(
            f"{name}, under the {ROOMS[card['room']]['name']} pile" for name, card in first.items()))
        found.append(Choice(event("return_card", pid), f"{player['name']} shows a card and "
                            "returns it under its pile",
                            fields=(OpenField("card", cards, prompt="The card returned"),),
                            spaces=_here(player)))
    return found


def offer_trade(at: Offering) -> list[Choice]:
    """gothic/rooms: a numbered card "may be traded in for stamina at any stage of the game",
    by any player: which card open, each said with its worth."""
    worth_unread = CIRCLED_WORTH[at.option(P.CIRCLED_CARD_NUMBER)]
    found = []
    for pid, player in _hands(at):
        numbered: dict[str, int | None] = {}
        for card in player["cards"]:
            if is_numbered(card):
                numbered.setdefault(card["name"], card["number"])
        if numbered:
            cards = OneOf(tuple(numbered), labels=tuple(
                f"{name} (worth {number})" if number is not None
                else f"{name} (its number not read: worth {worth_unread} as read here)"
                for name, number in numbered.items()))
            found.append(Choice(event("trade", pid), f"{player['name']} trades in a numbered "
                                "card for stamina",
                                fields=(OpenField("card", cards, prompt="The card traded"),),
                                spaces=_here(player)))
    return found


def _here(player) -> tuple[str, ...]:
    return (player["at"],) if player["at"] is not None else ()


def lingering(state, actor) -> str | None:
    """Whether ``actor`` may stay this go instead of throwing: "detained" by a card, or
    "tower" (shut in it, under gothic.tower-leave); None if not."""
    player = state["players"][actor]
    if player["detained"] > 0 and player["at"] in ROOMS:
        return "detained"
    if player["at"] == TOWER:
        return "tower"
    return None


@refereed("stay")
def stay(draft: Draft, ref, actor, data):
    """gothic/rooms: "You may not linger in a room unless you are forcibly detained." """
    if opens_next_go(draft.state, actor) and not begin_next_go(draft, ref, actor):
        return None
    state = draft.state
    player, name = state["players"][actor], name_of(state, actor)
    why = lingering(state, actor)
    if why == "detained":
        draft.edit("players", actor)["detained"] = player["detained"] - 1
    elif why == "tower":
        if ref.consult(P.TOWER_LEAVE, f"{name} stays in the Tower") != "never-leave":
            ref.violation(rule.ROOMS, f"{name} may not linger in the Tower")
            return None
    else:
        ref.violation(rule.ROOMS, f"{name} is not detained and must throw")
        return None
    ref.effect("stay", player=actor)
    end_go(draft, ref)
    return f"{name} stays in {place_name(player['at'])}"


def stay_choices(state, reading) -> list[Choice]:
    """The stay that opens a go: for a player detained by a card, or shut in the Tower."""
    if state["stage"] != "throw":
        return []
    actor = state["actor"]
    why = lingering(state, actor)
    points: tuple[str, ...] = ()
    if why == "tower":
        if reading.option(P.TOWER_LEAVE.id) != "never-leave":
            return []
        points = (P.TOWER_LEAVE.id,)
    elif why is None:
        return []
    player = state["players"][actor]
    return [Choice(event("stay", actor), f"{player['name']} stays in {place_name(player['at'])}",
                   spaces=_here(player), points=points)]


def offer_stay(at: Offering) -> list[Choice]:
    found = stay_choices(at.state, at.reading)
    after = next_go(at)
    if after is not None:
        state, points = after
        found += [opening(choice, at.state, points) for choice in stay_choices(state, at.reading)]
    return found


RULES = {
    "stay": (stay, offer_stay),
    "draw": (draw, offer_draw),
    "return_card": (return_card_to_pile, offer_return_card),
    "trade": (trade, offer_trade),
}
