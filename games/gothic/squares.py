"""The coloured squares (gothic/squares): green secret passages, yellow arrows, the black
Oubliette and the red squares of the unsafe battlements."""

from __future__ import annotations

from games.gothic import points as P
from games.gothic.moat import fall_in_moat
from games.gothic.movement import occupants
from games.gothic.stamina import eliminate
from games.gothic.state import SQUARES
from games.gothic.work import Work, name_of, place_name


def land_on_square(w: Work, ref, pid: str, node: str) -> str:
    """The laws of a square landed on. Returns "act" or "end" (the go ends)."""
    kind = SQUARES[node]["kind"]
    if kind == "yellow":
        target = SQUARES[node]["arrow_to"]
        if occupants(w.s).get(target) not in (None, pid):
            ref.effect("arrow-blocked", player=pid, square=node)
            return "act"
        w.p(pid)["at"] = target
        ref.effect("arrow", player=pid, to=target)
        node, kind = target, SQUARES[target]["kind"]
    if kind == "green":
        w.go()["green"] = True
    elif kind == "oubliette":
        eliminate(w, ref, pid, "out", "fell into the Oubliette")
        return "end"
    elif kind == "red":
        fall_in_moat(w, ref, pid)
        if w.s["go"]["six"] and w.s["players"][pid]["status"] == "alive" and ref.consult(
            P.SIX_INTO_THE_MOAT, "a six led into the moat"
        ) == "second-throw":
            return "act"
        return "end"
    return "act"


def on_passage(w: Work, ref, actor, data):
    """gothic/squares: "you have the option to travel immediately to any other green square"."""
    s = w.s
    player, name, to = s["players"][actor], name_of(s, actor), data["to"]
    if not s["go"]["green"] or player["vampire"] is not None:
        ref.violation("gothic/squares", f"{name} has not just landed on a green square")
        return None
    if to == player["at"] or occupants(s).get(to) is not None:
        ref.violation(
            "gothic/squares",
            f"{name} cannot take the passage to {place_name(to)}: it is occupied or the same square",
        )
        return None
    w.p(actor)["at"] = to
    w.go().update(green=False, power=False, moved=True)
    ref.effect("passage", player=actor, to=to)
    return f"{name} takes the secret passage to {place_name(to)}"
