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
from games.core.paths import path_domain
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
from games.fury_of_dracula.domains import (
    ANY_PATH,
    LONGEST_PATH,
    NAMES,
    RAILWAYS,
    ROADS,
    SEA_LINKS,
    WHITE_RAILWAYS,
    acting,
)
from games.fury_of_dracula.reveal import end_movement, triggers


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


def _road_or_sea(state, actor, mode: str, path, here, ref: Referee) -> None:
    """A road or sea path: from where the hunter stands, one link of the reconstructed board
    a step, as the point road-and-sea-paths reads it (the excerpts give neither movement)."""
    who = name(state, actor)
    links = BOARD.roads if mode == "road" else BOARD.sea
    elsewhere = path[0] != here
    missing = [(a, b) for a, b in itertools.pairwise(path) if b not in links.get(a, ())]
    if not elsewhere and not missing:
        unchecked(ref, f"{mode} movement is not in the excerpts: a path along the reconstructed "
                  f"board's {LINK_WORDS[mode]}s")
        return
    why = f"{who}'s {mode} path " + ("does not start where he stands" if elsewhere else
                                      "crosses a step with no link")
    if ref.consult(P.ROAD_AND_SEA_PATHS, why) == "by-links":
        if elsewhere:
            ref.violation(P.TRAIN, f"{who} is in {place(here)}, not {place(path[0])}, where "
                          f"his movement by {mode} starts", point=P.ROAD_AND_SEA_PATHS)
        for a, b in missing:
            ref.violation(P.TRAIN, f"no {LINK_WORDS[mode]} leads from {place(a)} to "
                          f"{place(b)} on the reconstructed board", point=P.ROAD_AND_SEA_PATHS)
        return
    if elsewhere:
        unchecked(ref, f"the record starts the move in {place(path[0])} but {who} was in "
                  f"{place(here)}")
    gaps = ", ".join(f"{place(a)} to {place(b)}" for a, b in missing)
    unchecked(ref, f"{mode} movement is not in the excerpts: applied as recorded"
              + (f" (no {LINK_WORDS[mode]} from {gaps} on the reconstructed board)"
                 if missing else ""))


LINK_WORDS = {"road": "road", "sea": "sea link"}
MODE_WORDS = {"road": "by road", "sea": "by sea", "rail": "by train"}


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
    if path[0] != h["space"] and mode == "rail":
        ref.violation(P.TRAIN, f"{who} is in {place(h['space'])}, not {place(path[0])}, where the train journey starts", citations=(P.C_TICKET,))
    said = [f"{who} moves {MODE_WORDS[mode]} {' → '.join(map(place, path))}"]
    if mode == "rail":
        said.extend(_rail(draft, h, actor, path, data, ref))
    else:
        _road_or_sea(draft.state, actor, mode, path, h["space"], ref)
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
ANY_WAY = OpenField("path", ANY_PATH, prompt="The path as recorded, space by space")
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
    """Road and sea, as road-and-sea-paths reads them: by default one choice for each hunter
    free to move and each way he has from where he stands, the path growing along the roads
    or the sea links of the reconstructed board (any number of links: the excerpts give no
    count; a ticket named is not spent); as recorded, one choice for any path. The train: for
    each ticket a hunter holds, the journeys on white railways only (its white value) and
    those using a yellow railway (its yellow value), para-1."""
    state = at.state
    fighting = fighting_hunters(state)
    movers = [pid for pid in able_hunters(state) if pid not in fighting]
    if not movers:
        return []
    found: list[Choice] = []
    if at.option(P.ROAD_AND_SEA_PATHS) == "as-recorded":
        found.append(Choice(
            event("move", None), "A hunter moves by road or by sea (the path as recorded)",
            fields=(acting(state, movers), MODE, ANY_WAY, TICKET_WHITE, TICKET_YELLOW),
            points=(P.ROAD_AND_SEA_PATHS.id,)))
    else:
        for pid in movers:
            here = state["hunters"][pid]["space"]
            for mode in ("road", "sea"):
                choice = _road_or_sea_choice(pid, name(state, pid), here, mode)
                if choice is not None:
                    found.append(choice)
    option = at.option(P.TICKET_PARTIAL_USE)
    for pid in movers:
        hunter = state["hunters"][pid]
        here = hunter["space"]
        seen = []
        for ticket in hunter["tickets"]:
            if ticket in seen:
                continue
            seen.append(ticket)
            found.extend(_train(pid, name(state, pid), here, ticket["white"], ticket["yellow"],
                                option))
    return found


@lru_cache(maxsize=4096)
def _road_or_sea_choice(pid: str, who: str, here: str, mode: str) -> Choice | None:
    """The paths by road (or by sea) from where the hunter stands: one link a step."""
    links = ROADS if mode == "road" else SEA_LINKS
    way = path_domain(here, links, most=LONGEST_PATH - 1, names=NAMES)
    if way is None:
        return None
    return Choice(
        {"type": "move", "actor": pid, "data": {"mode": mode}},
        f"{who} moves {MODE_WORDS[mode]} from {place(here)}",
        fields=(OpenField("path", way, prompt=f"The way {MODE_WORDS[mode]}, space by space"),
                TICKET_WHITE, TICKET_YELLOW),
        spaces=(here, *sorted(dict(links.get(here, ())))), origin=here)


@lru_cache(maxsize=4096)
def _train(pid: str, who: str, here: str, white: int, yellow: int | None,
           option: str) -> tuple[Choice, ...]:
    """The train journeys one ticket allows from ``here`` (a city may come back: a journey is
    counted in links): on white railways only by the white value, using a yellow railway by
    the yellow value (none without a yellow number); no more links than the value, and fewer
    only as ticket-partial-use reads «puoi»."""
    face = f"white {white}" + (f", yellow {yellow}" if yellow is not None else ", no yellow")
    data = {"mode": "rail", "ticket_white": white}
    if yellow is not None:
        data["ticket_yellow"] = yellow
    found = []
    for value, links, needs, how in (
            (white, WHITE_RAILWAYS, None, "on white railways only"),
            (yellow, RAILWAYS, "yellow", "using a yellow railway")):
        if value is None:
            continue
        least = 1 if option == "up-to" else value
        way = path_domain(here, links, least=least, most=value, needs=needs, names=NAMES)
        if way is None:
            continue
        found.append(Choice(
            {"type": "move", "actor": pid, "data": dict(data)},
            f"{who} travels by train from {place(here)} {how}, spending the ticket ({face}): "
            + ("" if least == value else "up to ") + f"{value} link" + ("s" if value > 1 else ""),
            fields=(OpenField("path", way, prompt="The journey, city by city"),),
            omitted=() if yellow is not None else ("ticket_yellow",),
            spaces=(here, *sorted(way.reachable())), origin=here,
            points=(P.TICKET_PARTIAL_USE.id,) if least < value else ()))
    return tuple(found)


RULES = {"book_ticket": (book_ticket, offer_book_ticket), "move": (move, offer_move)}
