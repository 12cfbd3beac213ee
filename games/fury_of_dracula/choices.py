"""What a correct record could hold next (``legal_events``), rule by rule.

There is no turn order in the excerpts, so at any moment every hunter may record an action,
Dracula may record his, and the happenings nobody decides (time passing, a bite, a recorded
end) may be recorded by anyone. Each builder below follows its handler's checks exactly, so
a choice applies without a violation and an event that does is offered. Open fields are the
values the excerpts cannot enumerate: card names (they list none), a ticket's faces, damage,
a reason as written, and where road, sea and Dracula's own movement go (rules not given).
"""

from __future__ import annotations

from dataclasses import MISSING, fields
from functools import lru_cache

from games.core.choices import Choice
from games.fury_of_dracula import points as P
from games.fury_of_dracula.bites import has_room, hospital_allowed, revealable
from games.fury_of_dracula.board import BOARD
from games.fury_of_dracula.combat import fighting
from games.fury_of_dracula.common import TWILIGHT, able_hunters, name, place, takeable
from games.fury_of_dracula.day_and_night import may_pass
from games.fury_of_dracula.event_deck import DRAW_END, recipient
from games.fury_of_dracula.hideout import encounters_at
from games.fury_of_dracula.offers import Offer
from games.fury_of_dracula.train import journey_fits, ticket_value

ANY = None  # an optional key that may take any value its schema allows
CARD = (("card", ANY),)
# A ticket named on a road or sea move is not spent and changes nothing.
NO_TICKET = (("ticket_white", ANY), ("ticket_yellow", ANY))


def _optional(optional) -> tuple[tuple[str, ...], tuple[tuple[str, tuple], ...]]:
    names = tuple(key for key, _allowed in optional)
    return names, tuple((key, allowed) for key, allowed in optional if allowed is not ANY)


# A state offers a hundred choices or so, and a page wants them at once: an Offer is built by
# filling its fields directly (every default included), which is a third of the cost of the
# frozen dataclass's __init__ (test_choices checks the two build equal choices).
_DEFAULTS = {f.name: (f.default if f.default is not MISSING else f.default_factory())
             for f in fields(Offer) if f.default is not MISSING or f.default_factory is not MISSING}
_new = object.__new__


def offer(type_, actor, data, label, *, open_fields=(), optional=(), spaces=(), points=(),
          any_actor=False, cancelled=None) -> Offer:
    """A choice; ``optional`` pairs each key the record may leave out with the values it may
    take when given (``ANY``: whatever its schema allows)."""
    names, restricted = _optional(optional) if optional else ((), ())
    choice = _new(Offer)
    choice.__dict__.update(_DEFAULTS)
    choice.__dict__.update(
        event={"type": type_, "actor": actor, "data": data}, label=label, open_fields=open_fields,
        optional_fields=names, optional_values=restricted, spaces=spaces, points=points,
        any_actor=any_actor, cancelled=cancelled,
    )
    return choice


def anyone(type_, data, label, **more) -> Offer:
    """A happening the record may attribute to any player, or to nobody."""
    return offer(type_, None, data, label, any_actor=True, **more)


def legal_events(state, interpretation) -> list[Choice]:
    if state["finished"]:
        return []
    found: list[Choice] = []
    time_choices(state, interpretation, found)
    for pid in able_hunters(state):
        hunter_choices(state, pid, interpretation, found)
    dracula_choices(state, interpretation, found)
    for pid in state["names"]:
        discard_choices(state, pid, found)
    happening_choices(state, interpretation, found)
    return found


# -- time (day, dusk, night, dawn) ------------------------------------------------------------


def time_choices(state, interpretation, found):
    ok, points = may_pass(state, interpretation)
    if ok:
        nxt = {"day": "dusk", "dusk": "night", "night": "dawn", "dawn": "day"}[state["time"]]
        found.append(anyone("time_passes", {}, f"Time passes: the {state['time']} gives way to the {nxt}",
                            points=points))


# -- a hunter's actions ------------------------------------------------------------------------


def hunter_choices(state, pid, interpretation, found):
    who = name(state, pid)
    h = state["hunters"][pid]
    found.append(offer("book_ticket", pid, {}, f"{who} takes the action Prenota un biglietto",
                       open_fields=("white",), optional=(("yellow", ANY),)))
    combat = state["combat"]
    if not (combat and pid in combat["hunters"] and pid not in combat["out"]):
        move_choices(state, pid, who, h, interpretation, found)
    draw_choices(state, pid, who, interpretation, found)
    found.append(offer("gain_item", pid, {}, f"{who} takes an item card", optional=CARD))
    for kind, field in (("event", "events"), ("item", "items")):
        names, any_name = revealable(h, field)
        for card in names:
            found.append(offer("reveal_card", pid, {"kind": kind, "card": card},
                               f"{who} keeps the {kind} card {card} revealed"))
        if any_name:
            found.append(offer("reveal_card", pid, {"kind": kind},
                               f"{who} reveals the {kind} card nobody had seen", open_fields=("card",)))
    search_choices(state, pid, who, interpretation, found)
    if combat and pid in combat["hunters"] and pid not in combat["out"]:
        found.append(offer("flee", pid, {}, f"{who} flees the combat"))


def move_choices(state, pid, who, h, interpretation, found):
    here = h["space"]
    for mode, table, by in (("road", BOARD.roads, "by road"), ("sea", BOARD.sea, "by sea")):
        for there in table.get(here, ()):
            found.append(offer("move", pid, {"mode": mode, "path": [here, there]},
                               f"{who} moves {by} from {place(here)} to {place(there)}",
                               optional=NO_TICKET, spaces=(here, there)))
        found.append(offer("move", pid, {"mode": mode},
                           f"{who} moves {by} along a path the record gives (not in the excerpts)",
                           open_fields=("path",), optional=NO_TICKET))
    tickets = []
    for ticket in h["tickets"]:
        if ticket not in tickets:
            tickets.append(ticket)
    for ticket in tickets:
        rail_choices(pid, who, here, ticket, interpretation, found)


@lru_cache(maxsize=4096)
def rail_walks(start: str, most: int) -> tuple[tuple[tuple[str, ...], bool], ...]:
    """Every journey of 1..``most`` railway links from ``start`` (a city may come back), with
    whether it uses a yellow railway."""
    found = []
    frontier = [((start,), False)]
    for _ in range(most):
        longer = []
        for path, yellow in frontier:
            for there, colour in BOARD.rail_next.get(path[-1], ()):
                longer.append((path + (there,), yellow or colour == "yellow"))
        found.extend(longer)
        frontier = longer
    return tuple(found)


def rail_choices(pid, who, here, ticket, interpretation, found):
    white, yellow = ticket["white"], ticket["yellow"]
    base = {"mode": "rail", "ticket_white": white}
    if yellow is not None:
        base["ticket_yellow"] = yellow
    face = f"white {white}" + (f", yellow {yellow}" if yellow is not None else "")
    for path, uses_yellow in rail_walks(here, max(white, yellow or 0)):
        links = len(path) - 1
        if uses_yellow and yellow is None:
            continue
        value = ticket_value(("yellow",) if uses_yellow else (), white, yellow)
        fits, points = journey_fits(links, value, interpretation)
        if not fits:
            continue
        found.append(offer("move", pid, {**base, "path": list(path)},
                           f"{who} takes the train from {place(here)} to {place(path[-1])} on the ticket ({face})",
                           spaces=path, points=points))


def draw_choices(state, pid, who, interpretation, found):
    time = state["time"]
    for end in DRAW_END[time]:
        as_day = time == "day" or (time in TWILIGHT and end == "top")
        for icon in ("hunter", "dracula"):
            rule_to = recipient(state, pid, end, icon)
            icon_words = "the hunter icon" if icon == "hunter" else "Dracula's icon"
            goes = "face down on the discard pile" if rule_to == "discard" else f"to {name(state, rule_to)}"
            found.append(offer("draw_event", pid, {"end": end, "icon": icon},
                               f"{who} draws from the {end} of the event deck a card with {icon_words}: it goes {goes}",
                               optional=(("card", ANY), ("to", (rule_to,)))))
            if as_day and icon == "hunter":
                if interpretation.option(P.DAY_HUNTER_RECIPIENT.id) != "any-hunter":
                    continue
                for other in able_hunters(state):
                    if other != rule_to:
                        found.append(offer(
                            "draw_event", pid, {"end": end, "icon": icon, "to": other},
                            f"{who} draws from the {end} of the event deck a card with {icon_words}: it goes to {name(state, other)}",
                            optional=CARD, points=(P.DAY_HUNTER_RECIPIENT.id,),
                        ))


def search_choices(state, pid, who, interpretation, found):
    pending = state["hideouts"].get(pid)
    if pending is None:
        found.append(offer("search", pid, {}, f"{who} takes the action Cerca outside a hideout (not in the excerpts)",
                           optional=(("matured", ANY),)))
        return
    points = ()
    if not pending["renounced"]:
        points = (P.SEARCH_NEEDS_RENOUNCE.id,)
        if interpretation.option(P.SEARCH_NEEDS_RENOUNCE.id) == "explicit":
            return
    space = pending["space"]
    names, any_name = takeable(encounters_at(state, space))
    if names:
        found.append(offer("search", pid, {}, f"{who} takes the action Cerca in {place(space)} and resolves an Encounter there",
                           optional=(("matured", (False,)), ("encounter", None if any_name else tuple(names))),
                           spaces=(space,), points=points))


# -- Dracula's actions -------------------------------------------------------------------------


def dracula_choices(state, interpretation, found):
    dracula = state["dracula_player"]
    if state["combat"] is None:
        found.append(offer("dracula_move", dracula, {}, "Dracula places a Location card on his trail (not in the excerpts)",
                           open_fields=("space",)))
        found.append(offer("dracula_move", dracula, {}, "Dracula places a Location card with an Encounter on his trail (not in the excerpts)",
                           open_fields=("space", "encounter")))
    for pid, pending in state["hideouts"].items():
        if state["hunters"][pid]["defeated"]:
            continue
        who, space = name(state, pid), pending["space"]
        found.append(offer("renounce", dracula, {"hunter": pid},
                           f"Dracula renounces ambushing {who} in {place(space)}", spaces=(space,)))
        if pending["renounced"]:
            continue
        names, any_name = takeable(encounters_at(state, space))
        for card in names:
            found.append(offer("ambush", dracula, {"hunter": pid, "encounter": card},
                               f"Dracula ambushes {who} in {place(space)} with the Encounter {card}",
                               optional=(("matured", (False,)),), spaces=(space,)))
        if any_name:
            found.append(offer("ambush", dracula, {"hunter": pid},
                               f"Dracula ambushes {who} in {place(space)} with an Encounter nobody had seen",
                               open_fields=("encounter",), optional=(("matured", (False,)),), spaces=(space,)))
    combat_choices(state, dracula, interpretation, found)
    for to in range(14):
        found.append(offer("influence", dracula, {"to": to}, f"Dracula moves his influence to space {to}"))


def combat_choices(state, dracula, interpretation, found):
    """fury-of-dracula/para-5: each round, Dracula's card and the hunter's, cancellation by the
    banner; an Escape (Fuga) not allowed in the first round under escape-allowed=not-first-round."""
    combat = state["combat"]
    if combat is None:
        return
    first = combat["rounds"] == 0
    escape_rule = interpretation.option(P.ESCAPE_ALLOWED.id)
    opened = ("dracula_card", "dracula_icon", "hunter_card", "banner")
    for pid in combat["hunters"]:
        ok, points = fighting(state, pid, interpretation)
        if not ok:
            continue
        who = name(state, pid)
        ways = [
            (True, {}, (("hunter_resolved", ANY), ("escape", ANY)), points, "cancelled by the banner"),
            (False, {}, (("hunter_resolved", ANY), ("escape", (False,))), points, "resolved"),
        ]
        if not first:
            ways.append((False, {"escape": True}, (("hunter_resolved", ANY),), points,
                         "an Escape (Fuga) that ends the combat"))
        elif escape_rule != "not-first-round":
            ways.append((False, {"escape": True}, (("hunter_resolved", ANY),), points + (P.ESCAPE_ALLOWED.id,),
                         "an Escape (Fuga) that ends the combat"))
        for cancelled, extra, optional, more, what in ways:
            found.append(offer(
                "combat_round", dracula, {"hunter": pid, "dracula_resolved": not cancelled, **extra},
                f"A round of combat against {who}: Dracula's card is {what}",
                open_fields=opened, optional=optional, spaces=(combat["space"],), points=more,
                cancelled=cancelled,
            ))


# -- discards (anyone's cards) -----------------------------------------------------------------


def discard_choices(state, pid, found):
    """Any card may be recorded as discarded: one not held is an unchecked note, not a breach."""
    who = name(state, pid)
    if pid == state["dracula_player"]:
        hands = {"event": state["dracula"]["events"], "item": []}
    else:
        h = state["hunters"][pid]
        hands = {"event": h["events"], "item": h["items"]}
    for kind, hand in hands.items():
        held = f" (he holds {', '.join(sorted(set(hand)))})" if hand else ""
        found.append(offer("discard", pid, {"kind": kind}, f"{who} discards an {kind} card{held}",
                           open_fields=("card",)))


# -- what happens, whoever records it ----------------------------------------------------------


def happening_choices(state, interpretation, found):
    combat = state["combat"]
    for pid in able_hunters(state):
        bite_choices(state, pid, interpretation, found)
        who = name(state, pid)
        found.append(anyone("damage", {"hunter": pid}, f"{who} takes damage", open_fields=("amount",)))
        found.append(anyone("hunter_defeated", {"hunter": pid}, f"{who} is defeated", optional=(("cause", ANY),)))
    for pid in state["hunter_order"]:
        spaces, points = hospital_allowed(state, pid, interpretation)
        who = name(state, pid)
        if spaces is None:
            found.append(anyone("hospital", {"hunter": pid}, f"{who} is placed in a hospital at dawn",
                                open_fields=("space",), points=points))
        for space in spaces or ():
            found.append(anyone("hospital", {"hunter": pid, "space": space},
                                f"{who} is placed in the hospital at {place(space)}, at dawn",
                                spaces=(space,), points=points))
    if combat is None:
        found.append(anyone("combat_ends", {}, "The record says a combat ended (none is under way)",
                            open_fields=("reason",)))
    else:
        found.append(anyone("combat_ends", {}, "The combat ends for a reason the record gives",
                            open_fields=("reason",)))
        found.append(anyone("dracula_defeated", {}, "The hunters defeat Dracula", spaces=(combat["space"],)))
    dr = state["dracula"]
    if dr["revealed"] and BOARD.kind(dr["space"]) != "sea":
        found.append(anyone("dracula_revealed", {"space": dr["space"]},
                            f"The record confirms Dracula revealed in {place(dr['space'])}",
                            spaces=(dr["space"],)))
    for winner, side in (("hunters", "the hunters"), ("dracula", "Dracula")):
        found.append(anyone("game_over", {"winner": winner}, f"The record says the match ended: {side} win",
                            optional=(("reason", ANY),)))


def bite_choices(state, pid, interpretation, found):
    """fury-of-dracula/para-6: a bite; the cards named as revealed must be his, unless there is
    no room for the token and he is defeated instead."""
    who = name(state, pid)
    h = state["hunters"][pid]
    room, points = has_room(state, pid, interpretation)
    if not room:
        found.append(anyone("bite", {"hunter": pid}, f"{who} is bitten and, with no room for the token, is defeated",
                            optional=(("reveal_event", ANY), ("reveal_item", ANY)), points=points))
        return
    optional = []
    for field, kind in (("reveal_event", "events"), ("reveal_item", "items")):
        names, any_name = revealable(h, kind)
        if names or any_name:
            optional.append((field, ANY if any_name else tuple(names)))
    found.append(anyone("bite", {"hunter": pid}, f"{who} is bitten and becomes INDEBOLITO",
                        optional=tuple(optional), points=points))
