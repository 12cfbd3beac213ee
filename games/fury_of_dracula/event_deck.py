"""The event deck: fury-of-dracula/para-2. By day a hunter draws from the top (hunter icon: to
the hunters; Dracula icon: face down on the discard pile), by night from the bottom (hunter
icon: to the hunter; Dracula icon: to Dracula)."""

from __future__ import annotations

from games.fury_of_dracula import points as P
from games.fury_of_dracula.common import HIDDEN, TWILIGHT, Tx, name, unchecked

DRAW_END = {"day": ("top",), "night": ("bottom",), "dusk": ("top", "bottom"), "dawn": ("top", "bottom")}


def recipient(state, actor, end, icon) -> str:
    """Where the rule sends a card drawn now from ``end`` with ``icon`` (a player id or
    ``discard``); a draw at dusk or dawn is routed as a day draw from the top, else as a night
    draw."""
    as_day = state["time"] == "day" or (state["time"] in TWILIGHT and end == "top")
    if icon == "hunter":
        return actor
    return "discard" if as_day else state["dracula_player"]


def draw_event(state, actor, data, ref):
    tx = Tx(state)
    who = name(state, actor)
    time, end, icon = state["time"], data["end"], data["icon"]
    card = data.get("card") or HIDDEN
    if time == "day" and end != "top":
        ref.violation(P.EVENT_DECK, "by day the event deck is drawn from the top", citations=(P.C_DAY_TOP,))
    elif time == "night" and end != "bottom":
        ref.violation(P.EVENT_DECK, "by night the event deck is drawn from the bottom", citations=(P.C_NIGHT_BOTTOM,))
    elif time in TWILIGHT:
        unchecked(ref, f"a draw at {time}: the excerpts only speak of day and night (routed as a {'day' if end == 'top' else 'night'} draw)")
    as_day = time == "day" or (time in TWILIGHT and end == "top")
    if icon == "hunter":
        rule_to, cite = actor, (P.C_DAY_HUNTER if as_day else P.C_NIGHT_HUNTER)
    elif as_day:
        rule_to, cite = "discard", P.C_DAY_DRACULA
    else:
        rule_to, cite = state["dracula_player"], P.C_NIGHT_DRACULA
    to = data.get("to", rule_to)
    if to != "discard" and to not in state["names"]:
        ref.violation(P.EVENT_DECK, f"{to!r} is not a player: the card goes where the rule sends it", citations=(cite,))
        to = rule_to
    elif to != rule_to:
        allowed = (
            as_day
            and icon == "hunter"
            and to in state["hunters"]
            and ref.consult(P.DAY_HUNTER_RECIPIENT, f"by day a hunter card given to {name(state, to)}") == "any-hunter"
        )
        if not allowed:
            ref.violation(
                P.EVENT_DECK,
                f"a card with the {icon} icon goes to {name(state, rule_to) if rule_to != 'discard' else 'the discard pile face down'}, not {name(state, to) if to != 'discard' else 'the discard pile'}",
                citations=(cite,),
            )
    if to == "discard":
        tx.discards(event_face_down=1)
        where = "the discard pile, face down"
    elif to == state["dracula_player"]:
        dr = tx.dracula()
        dr["events"] = dr["events"] + [card]
        where = "Dracula"
    elif to in state["hunters"]:
        h = tx.hunter(to)
        if h["defeated"]:
            ref.violation(P.BITES, f"{name(state, to)} is defeated and holds no cards until the hospital", citations=(P.C_DEFEAT,))
            tx.discards(event=1)
            where = "the discard pile"
        else:
            h["events"] = h["events"] + [card]
            where = name(state, to)
    else:  # a non-hunter, non-Dracula id cannot happen: every player is one or the other
        where = "nowhere"
    ref.effect("event-drawn", end=end, icon=icon, card=card, to=to)
    return tx.new, f"{who} draws an event card from the {end} ({icon} icon): it goes to {where}"
