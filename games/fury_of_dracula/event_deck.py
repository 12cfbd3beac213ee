"""The event deck: fury-of-dracula/para-2. By day a hunter draws from the top (hunter icon: to
the hunters; Dracula icon: face down on the discard pile), by night from the bottom (hunter
icon: to the hunter; Dracula icon: to Dracula)."""

from __future__ import annotations

from games.core.choices import Choice, OneOf, OpenField, event
from games.core.draft import Draft
from games.core.event_rules import Offering
from games.fury_of_dracula import points as P
from games.fury_of_dracula.common import (
    HIDDEN,
    TWILIGHT,
    able_hunters,
    add_discards,
    name,
    unchecked,
)
from games.fury_of_dracula.domains import acting, in_play, people, read
from games.fury_of_dracula.state import TIME_WORDS


def drawn_by_day(time: str, end: str) -> bool:
    """Whether a draw is routed as by day: a draw at dusk or dawn that names no recipient goes
    as a day draw would from the top, as a night draw would from the bottom."""
    return time == "day" or (time in TWILIGHT and end == "top")


def draw_event(state, actor, data, ref):
    draft = Draft(state)
    who = name(state, actor)
    time, end, icon = state["time"], data["end"], data["icon"]
    card = data.get("card") or HIDDEN
    if time == "day" and end != "top":
        ref.violation(P.EVENT_DECK, "by day the event deck is drawn from the top", citations=(P.C_DAY_TOP,))
    elif time == "night" and end != "bottom":
        ref.violation(P.EVENT_DECK, "by night the event deck is drawn from the bottom", citations=(P.C_NIGHT_BOTTOM,))
    elif time in TWILIGHT:
        unchecked(ref, f"a draw at {time}: the excerpts only speak of day and night (the card goes where the record says, else as a {'day' if end == 'top' else 'night'} draw would)")
    as_day = drawn_by_day(time, end)
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
    elif to != rule_to and time not in TWILIGHT:
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
        add_discards(draft, event_face_down=1)
        where = "the discard pile, face down"
    elif to == state["dracula_player"]:
        dr = draft.edit("dracula")
        dr["events"] = dr["events"] + [card]
        where = "Dracula"
    elif to in state["hunters"]:
        if state["hunters"][to]["defeated"]:
            ref.violation(P.BITES, f"{name(state, to)} is defeated and holds no cards until the hospital", citations=(P.C_DEFEAT,))
            add_discards(draft, event=1)
            where = "the discard pile"
        else:
            h = draft.edit("hunters", to)
            h["events"] = h["events"] + [card]
            where = name(state, to)
    else:  # a non-hunter, non-Dracula id cannot happen: every player is one or the other
        where = "nowhere"
    ref.effect("event-drawn", end=end, icon=icon, card=card, to=to)
    return draft.state, f"{who} draws an event card from the {end} ({icon} icon): it goes to {where}"


# -- what may come next ------------------------------------------------------------------------

END_WORDS = {"top": "the top (cima)", "bottom": "the bottom (fondo)"}
ICON_WORDS = {"hunter": "the hunter icon", "dracula": "Dracula's icon"}
ICON = OpenField("icon", OneOf(("hunter", "dracula"), labels=tuple(ICON_WORDS.values())),
                 prompt="The icon on the card")
END = OpenField("end", OneOf(("top", "bottom"), labels=tuple(END_WORDS.values())),
                prompt="Which end of the deck")
DISCARD_PILE = OneOf(("discard",), labels=("the discard pile, face down",))


def offer_draw_event(at: Offering) -> list[Choice]:
    """A hunter draws an event card: from the top by day, from the bottom by night; a draw, so
    chance (which hunter draws is the record's, fixed for a seat). One choice per icon, since
    the icon says where the card goes (ai cacciatori by day, as
    day-hunter-card-recipient reads it; al cacciatore by night, so one choice per hunter;
    Dracula's face down by day, to Dracula by night); the card's name as read (the excerpts
    list no card) and where the record says it went are open. At dusk and dawn, which the
    excerpts do not speak of, one choice: the end, the icon and where it went as recorded."""
    state = at.state
    drawers = able_hunters(state)
    if not drawers:
        return []
    time = state["time"]
    card = read("card", "The card's name as read (carta evento)", in_play(state, "events"),
                optional=True)
    if time in TWILIGHT:
        takers = (*drawers, state["dracula_player"])
        goes_to = OpenField("to", OneOf((*takers, "discard"),
                                        labels=(*(name(state, p) for p in takers),
                                                "the discard pile, face down")),
                            prompt="Where it went", optional=True)
        return [Choice(event("draw_event", None),
                       f"A hunter draws an event card (carta evento) at {TIME_WORDS[time]}, which "
                       "the excerpts do not speak of: the end, the icon and where it went as read",
                       chance=True, fields=(acting(state, drawers), END, ICON, card, goes_to))]
    by_day = time == "day"
    end = "top" if by_day else "bottom"
    whence = f"from {END_WORDS[end]} of the event deck (mazzo degli eventi)"
    found = []
    if by_day and at.option(P.DAY_HUNTER_RECIPIENT) == "any-hunter":
        goes_to = OpenField("to", people(state, drawers), prompt="The hunter who took it",
                            optional=True)
        found.append(Choice(
            event("draw_event", None, end=end, icon="hunter"),
            f"A hunter draws {whence} a card with the hunter icon: it goes to the hunters "
            "(ai cacciatori)",
            chance=True, fields=(acting(state, drawers), card, goes_to),
            points=(P.DAY_HUNTER_RECIPIENT.id,)))
    else:
        for pid in drawers:
            goes_to = OpenField("to", people(state, (pid,)), prompt="Who took it", optional=True)
            found.append(Choice(
                event("draw_event", pid, end=end, icon="hunter"),
                f"{name(state, pid)} draws {whence} a card with the hunter icon: it goes to him "
                "(al cacciatore)",
                chance=True, fields=(card, goes_to),
                points=(P.DAY_HUNTER_RECIPIENT.id,) if by_day else ()))
    if by_day:
        pile, goes = DISCARD_PILE, "face down on the discard pile (a faccia in giù nella pila degli scarti)"
    else:
        pile, goes = people(state, (state["dracula_player"],)), "it goes to Dracula"
    found.append(Choice(
        event("draw_event", None, end=end, icon="dracula"),
        f"A hunter draws {whence} a card with Dracula's icon: {goes}", chance=True,
        fields=(acting(state, drawers), card,
                OpenField("to", pile, prompt="Where it went", optional=True))))
    return found


RULES = {"draw_event": (draw_event, offer_draw_event)}
