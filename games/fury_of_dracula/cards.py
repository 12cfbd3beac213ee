"""Item cards and discards: the full game's, not the excerpts' (each applied as recorded with
an unchecked note). The cards a WEAKENED hunter keeps revealed are in ``bites.py``."""

from __future__ import annotations

from games.core.choices import Choice, OneOf, OpenField, event
from games.core.draft import Draft
from games.core.event_rules import Offering
from games.fury_of_dracula.common import (
    HIDDEN,
    able_hunters,
    add_discards,
    name,
    take,
    unchecked,
    within,
)
from games.fury_of_dracula.domains import acting, in_play, read


def gain_item(state, actor, data, ref):
    draft = Draft(state)
    h = draft.edit("hunters", actor)
    card = data.get("card") or HIDDEN
    h["items"] = h["items"] + [card]
    unchecked(ref, "the item deck and the actions that give items are not in the excerpts")
    return draft.state, f"{name(state, actor)} takes an item card ({card})"


def discard(state, actor, data, ref):
    draft = Draft(state)
    kind = "events" if data["kind"] == "event" else "items"
    card = data["card"]
    who = name(state, actor)
    if actor == state["dracula_player"]:
        rest = take(state["dracula"]["events"], card) if kind == "events" else None
        if rest is None:
            unchecked(ref, f"Dracula does not hold the {kind[:-1]} card {card}: nothing discarded")
            return draft.state, f"Dracula discards nothing ({card} not held)"
        draft.update("dracula", events=rest)
    else:
        hand = state["hunters"][actor]
        rest = take(hand[kind], card)
        if rest is None:
            unchecked(ref, f"{who} does not hold the {kind[:-1]} card {card}: nothing discarded")
            return draft.state, f"{who} discards nothing ({card} not held)"
        draft.update("hunters", actor, **{kind: rest, f"shown_{kind}": within(rest, hand[f"shown_{kind}"])})
    add_discards(draft, **{kind[:-1]: 1})
    unchecked(ref, "when a card may be discarded (played, over a hand limit) is not in the excerpts")
    return draft.state, f"{who} discards the {kind[:-1]} card {card}"


# -- what may come next ------------------------------------------------------------------------

KIND = OpenField("kind", OneOf(("event", "item"), labels=("an event card (carta evento)",
                                                          "an item card (carta oggetto)")),
                 prompt="Which kind of card")


def offer_gain_item(at: Offering) -> list[Choice]:
    """Any hunter not defeated may take an item card (the item deck is not in the excerpts);
    its name as read."""
    state = at.state
    hunters = able_hunters(state)
    if not hunters:
        return []
    card = read("card", "The item card's name as read (carta oggetto)", in_play(state, "items"),
                optional=True)
    return [Choice(event("gain_item", None), "A hunter takes an item card (carta oggetto)",
                   fields=(acting(state, hunters), card))]


def offer_discard(at: Offering) -> list[Choice]:
    """Any player may discard a card: why and when is not in the excerpts, and a card he does
    not hold is noted as unchecked, never a breach."""
    state = at.state
    players = [p["id"] for p in state["players"]]
    card = read("card", "The card's name as read", in_play(state, "events", "items"))
    return [Choice(event("discard", None), "A player discards one of his cards (scarta)",
                   fields=(acting(state, players, "Who discards"), KIND, card))]


RULES = {"gain_item": (gain_item, offer_gain_item), "discard": (discard, offer_discard)}
