"""The coloured squares (gothic/squares): green secret passages, yellow arrows, the black
Oubliette and the red squares of the unsafe battlements."""

from __future__ import annotations

from games.core.choices import Choice, OpenField, event, one_of
from games.core.draft import Draft
from games.core.event_rules import Offering
from games.gothic import passages as rule
from games.gothic import points as P
from games.gothic.moat import fall_in_moat
from games.gothic.movement import occupants
from games.gothic.stamina import eliminate
from games.gothic.state import GREEN_SQUARES, SQUARES, name_of, place_name
from games.gothic.turns import refereed


def land_on_square(draft: Draft, ref, pid: str, node: str) -> str:
    """The laws of a square landed on. Returns "act" or "end" (the go ends)."""
    kind = SQUARES[node]["kind"]
    if kind == "yellow":
        target = SQUARES[node]["arrow_to"]
        if occupants(draft.state).get(target) not in (None, pid):
            ref.effect("arrow-blocked", player=pid, square=node)
            return "act"
        draft.edit("players", pid)["at"] = target
        ref.effect("arrow", player=pid, to=target)
        node, kind = target, SQUARES[target]["kind"]
    if kind == "green":
        draft.edit("go")["green"] = True
    elif kind == "oubliette":
        eliminate(draft, ref, pid, "out", "fell into the Oubliette")
        return "end"
    elif kind == "red":
        fall_in_moat(draft, ref, pid)
        state = draft.state
        if state["go"]["six"] and state["players"][pid]["status"] == "alive" and ref.consult(
            P.SIX_INTO_THE_MOAT, "a six led into the moat"
        ) == "second-throw":
            return "act"
        return "end"
    return "act"


def passage_open(state, actor) -> bool:
    """Whether ``actor`` has just landed on a green square and may take a secret passage."""
    return state["go"]["green"] and state["players"][actor]["vampire"] is None


def free_green_squares(state) -> list[str]:
    """The green squares no pawn stands on (the one just landed on included)."""
    taken = occupants(state)
    return [square for square in GREEN_SQUARES if square not in taken]


@refereed("passage")
def passage(draft: Draft, ref, actor, data):
    """gothic/squares: "you have the option to travel immediately to any other green square"."""
    state = draft.state
    name, to = name_of(state, actor), data["to"]
    if not passage_open(state, actor):
        ref.violation(rule.SQUARES, f"{name} has not just landed on a green square")
        return None
    if to not in free_green_squares(state):
        ref.violation(
            rule.SQUARES,
            f"{name} cannot take the passage to {place_name(to)}: it is occupied or the same "
            "square",
        )
        return None
    draft.edit("players", actor)["at"] = to
    draft.edit("go").update(green=False, power=False, moved=True)
    ref.effect("passage", player=actor, to=to)
    return f"{name} takes the secret passage to {place_name(to)}"


def offer_passage(at: Offering) -> list[Choice]:
    """The secret passage from the green square just landed on to any other free one."""
    state = at.state
    if state["stage"] != "act" or not passage_open(state, state["actor"]):
        return []
    actor = state["actor"]
    here = state["players"][actor]["at"]
    ends = free_green_squares(state)
    if not ends:
        return []
    to = OpenField("to", one_of(ends, label=place_name, space=str),
                   prompt="The green square the passage leads to")
    return [Choice(event("passage", actor), f"{name_of(state, actor)} takes a secret passage",
                   fields=(to,), spaces=(here, *ends), origin=here)]


RULES = {"passage": (passage, offer_passage)}
