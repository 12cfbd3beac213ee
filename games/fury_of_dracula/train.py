"""Movement, and the train: fury-of-dracula/para-1. A train journey spends a ticket token whose
white value counts the links of a journey on white railways only and whose yellow value counts
any journey using a yellow railway; the token returns to the reserve face down. Road and sea
movement are not in the excerpts."""

from __future__ import annotations

import itertools
from functools import lru_cache

from games.core.choices import Choice, Number, OneOf, OpenField, event
from games.core.draft import Draft
from games.core.event_rules import Offering
from games.core.referee import Referee
from games.fury_of_dracula import points as P
from games.fury_of_dracula.board import BOARD
from games.fury_of_dracula.common import (
    able_hunters,
    fighting_hunters,
    leave_hideout,
    name,
    place,
    unchecked,
)
from games.fury_of_dracula.domains import ANY_PATH, acting
from games.fury_of_dracula.reveal import end_movement, triggers


def ticket_value(colours, white, yellow) -> int | None:
    """fury-of-dracula/para-1: the white value on white railways only, the yellow value as soon
    as a yellow railway is used (None: a ticket without a yellow number cannot be used)."""
    return yellow if "yellow" in colours else white


def journey_fits(links, value, option: str) -> tuple[bool, tuple[str, ...]]:
    """Whether ``links`` railway links may be travelled on a value ``value`` under the reading
    ``option`` of ticket-partial-use (and the point, when it decided)."""
    if value is None or links > value:
        return False, ()
    if links == value:
        return True, ()
    return option == "up-to", (P.TICKET_PARTIAL_USE.id,)


def _fits(links: int, value: int, ref: Referee) -> bool:
    if links > value:
        return False
    if links == value:
        return True
    return ref.consult(P.TICKET_PARTIAL_USE, f"{links} link(s) on a ticket worth {value}") == "up-to"


def _rail(draft: Draft, h, actor, path, data, ref: Referee) -> list[str]:
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
            f"{name(draft.state, actor)} holds no ticket (white {white}, yellow {ticket['yellow'] or 'none'})",
            citations=(P.C_TICKET,),
        )
    else:
        i = h["tickets"].index(ticket)
        h["tickets"] = h["tickets"][:i] + h["tickets"][i + 1 :]
        draft.state["tickets_returned"] = draft.state["tickets_returned"] + 1
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
    draft = Draft(state)
    h = draft.edit("hunters", actor)
    ticket = {"white": data["white"], "yellow": data.get("yellow")}
    h["tickets"] = h["tickets"] + [ticket]
    unchecked(ref, "when Prenota un biglietto may be taken and how many tickets a hunter may hold is not in the excerpts")
    yellow = ticket["yellow"] if ticket["yellow"] is not None else "none"
    return draft.state, f"{name(state, actor)} books a ticket (white {ticket['white']}, yellow {yellow})"


def move(state, actor, data, ref):
    draft = Draft(state)
    who = name(state, actor)
    path = data["path"]
    mode = data["mode"]
    h = draft.edit("hunters", actor)
    if actor in fighting_hunters(state):  # para-5: the combat goes on round after round
        ref.violation(P.COMBAT, f"{who} moves in the middle of a combat", citations=(P.C_CONTINUES,))
    if path[0] != h["space"]:
        if mode == "rail":
            ref.violation(P.TRAIN, f"{who} is in {place(h['space'])}, not {place(path[0])}, where the train journey starts", citations=(P.C_TICKET,))
        else:
            unchecked(ref, f"the record starts the move in {place(path[0])} but {who} was in {place(h['space'])}")
    said = [f"{who} moves by {mode} {' → '.join(map(place, path))}"]
    if mode == "rail":
        said.extend(_rail(draft, h, actor, path, data, ref))
    else:
        links = BOARD.roads if mode == "road" else BOARD.sea
        missing = [f"{a}–{b}" for a, b in itertools.pairwise(path) if b not in links.get(a, ())]
        note = f"{mode} movement is not in the excerpts: applied as recorded"
        if missing:
            note += f" (no {mode} link {', '.join(missing)} on the reconstructed board)"
        unchecked(ref, note)
    h["space"] = path[-1]
    leave_hideout(draft, actor)
    # which spaces count as the end of this movement (para-3, para-4)
    ends = [path[-1]]
    if mode == "rail" and any(triggers(state, s) for s in path[1:]):
        reading = ref.consult(P.TRAIN_ENDS_MOVEMENT, "a train journey stops at a trail city")
        ends = {"destination": [path[-1]], "every-city": path[1:], "not-movement": []}[reading]
    for space in ends:
        said.extend(end_movement(draft, actor, space, ref))
    return draft.state, "; ".join(said)


# -- what may come next ------------------------------------------------------------------------

# A ticket named on a road or sea move is not spent (a value the schema allows, 1 to 9).
TICKET_FACE = Number(1, 9)
MODE = OpenField("mode", OneOf(("road", "sea"), labels=("by road", "by sea")), prompt="How")
WAY = OpenField("path", ANY_PATH, prompt="The path, from where he stands to where he ends")
TICKET_WHITE = OpenField("ticket_white", TICKET_FACE, prompt="A ticket's white value named",
                         optional=True)
TICKET_YELLOW = OpenField("ticket_yellow", TICKET_FACE, prompt="A ticket's yellow value named",
                          optional=True)


FACES = OneOf(tuple(range(1, 10)))  # the schema's bounds; the tokens' faces are not in the excerpts
WHITE_FACE = OpenField("white", FACES, prompt="The token's white value")
YELLOW_FACE = OpenField("yellow", FACES, prompt="Its yellow value (none if it has none)",
                        optional=True)


def offer_book_ticket(at: Offering) -> list[Choice]:
    """Prenota un biglietto: any hunter not defeated takes a ticket token from the reserve,
    where tokens lie face down («torna nella riserva a faccia in giù»): a draw, its faces as
    read, each value at even odds (the tokens are not in the excerpts, nor how many a hunter
    may hold)."""
    state = at.state
    hunters = able_hunters(state)
    if not hunters:
        return []
    return [Choice(event("book_ticket", None),
                   "A hunter takes the action Prenota un biglietto and draws a ticket token",
                   chance=True, fields=(acting(state, hunters), WHITE_FACE, YELLOW_FACE))]


def offer_move(at: Offering) -> list[Choice]:
    """Road and sea: one choice for every hunter free to move, the path as recorded (not in the
    excerpts: any path of the board; a ticket named is not spent). The train: one choice per
    ticket a hunter holds, the journey open among those its value allows (para-1)."""
    state = at.state
    fighting = fighting_hunters(state)
    movers = [pid for pid in able_hunters(state) if pid not in fighting]
    if not movers:
        return []
    found = [Choice(event("move", None),
                    "A hunter moves by road or by sea (not in the excerpts: the path as recorded)",
                    fields=(acting(state, movers), MODE, WAY, TICKET_WHITE, TICKET_YELLOW))]
    option = at.option(P.TICKET_PARTIAL_USE)
    for pid in movers:
        hunter = state["hunters"][pid]
        here = hunter["space"]
        seen = []
        for ticket in hunter["tickets"]:
            if ticket in seen:
                continue
            seen.append(ticket)
            choice = _train(pid, name(state, pid), here, ticket["white"], ticket["yellow"], option)
            if choice is not None:
                found.append(choice)
    return found


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


@lru_cache(maxsize=4096)
def _train(pid: str, who: str, here: str, white: int, yellow: int | None,
           option: str) -> Choice | None:
    """The train journeys one ticket allows from ``here``: the white value on white railways
    only, the yellow value with any yellow railway, no yellow railway without a yellow number,
    no more links than the value (fewer as ticket-partial-use reads)."""
    journeys, points = [], set()
    for path, uses_yellow in rail_walks(here, max(white, yellow or 0)):
        value = ticket_value(("yellow",) if uses_yellow else (), white, yellow)
        fits, decided = journey_fits(len(path) - 1, value, option)
        if fits:
            journeys.append(path)
            points.update(decided)
    if not journeys:
        return None
    ends = tuple(path[-1] for path in journeys)
    way = OneOf(tuple(journeys), labels=tuple(_journey_words(path) for path in journeys),
                spaces=ends)
    face = f"white {white}" + (f", yellow {yellow}" if yellow is not None else ", no yellow")
    data = {"mode": "rail", "ticket_white": white}
    if yellow is not None:
        data["ticket_yellow"] = yellow
    return Choice(
        {"type": "move", "actor": pid, "data": data},
        f"{who} travels by train (in treno) from {place(here)}, spending the ticket ({face})",
        fields=(OpenField("path", way, prompt="Where the journey ends, and by which railways"),),
        omitted=() if yellow is not None else ("ticket_yellow",),
        spaces=tuple(dict.fromkeys((here, *ends))), origin=here, points=tuple(sorted(points)),
    )


def _journey_words(path) -> str:
    if len(path) == 2:
        return f"to {place(path[-1])}"
    return f"to {place(path[-1])} by way of {', '.join(place(s) for s in path[1:-1])}"


RULES = {"book_ticket": (book_ticket, offer_book_ticket), "move": (move, offer_move)}
