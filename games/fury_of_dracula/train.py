"""Movement, and the train: fury-of-dracula/para-1. A train journey spends a ticket token whose
white value counts the links of a journey on white railways only and whose yellow value counts
any journey using a yellow railway; the token returns to the reserve face down. Road and sea
movement are not in the excerpts."""

from __future__ import annotations

import itertools

from games.core.referee import Referee
from games.fury_of_dracula import points as P
from games.fury_of_dracula.board import BOARD
from games.fury_of_dracula.common import Tx, name, place, unchecked
from games.fury_of_dracula.reveal import end_movement, triggers


def ticket_value(colours, white, yellow) -> int | None:
    """fury-of-dracula/para-1: the white value on white railways only, the yellow value as soon
    as a yellow railway is used (None: a ticket without a yellow number cannot be used)."""
    return yellow if "yellow" in colours else white


def journey_fits(links, value, interpretation) -> tuple[bool, tuple[str, ...]]:
    """Whether ``links`` railway links may be travelled on a value ``value`` (and the point)."""
    if value is None or links > value:
        return False, ()
    if links == value:
        return True, ()
    return interpretation.option(P.TICKET_PARTIAL_USE.id) == "up-to", (P.TICKET_PARTIAL_USE.id,)


def _fits(links: int, value: int, ref: Referee) -> bool:
    if links > value:
        return False
    if links == value:
        return True
    return ref.consult(P.TICKET_PARTIAL_USE, f"{links} link(s) on a ticket worth {value}") == "up-to"


def _rail(tx: Tx, h, actor, path, data, ref: Referee) -> list[str]:
    """fury-of-dracula/para-1: a ticket spent, its white or yellow value, returned face down."""
    said = []
    colours = []
    for a, b in itertools.pairwise(path):
        colour = BOARD.rail.get((a, b))
        if colour is None:
            ref.violation(P.TRAIN, f"there is no railway between {place(a)} and {place(b)}", citations=(P.C_TICKET_VALUE,))
        colours.append(colour)
    white = data.get("ticket_white")
    if white is None:
        ref.violation(P.TRAIN, "a train journey without a ticket token", citations=(P.C_TICKET,))
        return said
    ticket = {"white": white, "yellow": data.get("ticket_yellow")}
    if ticket not in h["tickets"]:
        ref.violation(
            P.TRAIN,
            f"{name(tx.new, actor)} holds no ticket (white {white}, yellow {ticket['yellow'] or 'none'})",
            citations=(P.C_TICKET,),
        )
    else:
        i = h["tickets"].index(ticket)
        h["tickets"] = h["tickets"][:i] + h["tickets"][i + 1 :]
        tx.new["tickets_returned"] = tx.new["tickets_returned"] + 1
        ref.effect("ticket-returned", hunter=actor, face="down", **ticket)
        said.append("the ticket returns to the reserve face down")
    links = len(path) - 1
    yellow = ticket["yellow"]
    if "yellow" in colours:
        if yellow is None:
            ref.violation(
                P.TRAIN, "a ticket without a yellow number cannot be used on yellow railways",
                citations=(P.C_NO_YELLOW,),
            )
            return said
        value, which = yellow, "yellow"
    else:
        value, which = white, "white"
    if not _fits(links, value, ref):
        ref.violation(
            P.TRAIN,
            f"{links} railway link(s) on the {which} value {value}",
            citations=(P.C_YELLOW_VALUE if which == "yellow" else P.C_WHITE_VALUE, P.C_TICKET_VALUE),
            point=P.TICKET_PARTIAL_USE if links < value else None,
        )
    return said


# -- the handlers ------------------------------------------------------------------------------


def book_ticket(state, actor, data, ref):
    """fury-of-dracula/para-1: "ottenuto con l’azione Prenota un biglietto"."""
    tx = Tx(state)
    h = tx.hunter(actor)
    ticket = {"white": data["white"], "yellow": data.get("yellow")}
    h["tickets"] = h["tickets"] + [ticket]
    unchecked(ref, "when Prenota un biglietto may be taken and how many tickets a hunter may hold is not in the excerpts")
    yellow = ticket["yellow"] if ticket["yellow"] is not None else "none"
    return tx.new, f"{name(state, actor)} books a ticket (white {ticket['white']}, yellow {yellow})"


def move(state, actor, data, ref):
    tx = Tx(state)
    who = name(state, actor)
    path = data["path"]
    mode = data["mode"]
    h = tx.hunter(actor)
    combat = state["combat"]
    if combat and actor in combat["hunters"] and actor not in combat["out"]:
        ref.violation(P.COMBAT, f"{who} moves in the middle of a combat", citations=(P.C_CONTINUES,))
    if path[0] != h["space"]:
        if mode == "rail":
            ref.violation(P.TRAIN, f"{who} is in {place(h['space'])}, not {place(path[0])}, where the train journey starts", citations=(P.C_TICKET,))
        else:
            unchecked(ref, f"the record starts the move in {place(path[0])} but {who} was in {place(h['space'])}")
    said = [f"{who} moves by {mode} {' → '.join(map(place, path))}"]
    if mode == "rail":
        said.extend(_rail(tx, h, actor, path, data, ref))
    else:
        links = BOARD.roads if mode == "road" else BOARD.sea
        missing = [f"{a}–{b}" for a, b in itertools.pairwise(path) if b not in links.get(a, ())]
        note = f"{mode} movement is not in the excerpts: applied as recorded"
        if missing:
            note += f" (no {mode} link {', '.join(missing)} on the reconstructed board)"
        unchecked(ref, note)
    h["space"] = path[-1]
    if actor in state["hideouts"]:
        tx.new["hideouts"] = {k: v for k, v in state["hideouts"].items() if k != actor}
    # which spaces count as the end of this movement (para-3, para-4)
    ends = [path[-1]]
    if mode == "rail" and any(triggers(state, s) for s in path[1:]):
        reading = ref.consult(P.TRAIN_ENDS_MOVEMENT, "a train journey stops at a trail city")
        ends = {"destination": [path[-1]], "every-city": path[1:], "not-movement": []}[reading]
    for space in ends:
        said.extend(end_movement(tx, actor, space, ref))
    return tx.new, "; ".join(said)
