"""The Great Spiral Staircase (gothic/the-great-spiral-staircase): "Once you enter the Great
Spiral Staircase you must continue down it, unless you throw a six, in which case both the six
and its second throw may be counted in an upwards direction."
"""

from __future__ import annotations

from games.core.choices import Choice, OpenField, event, one_of
from games.core.draft import Draft
from games.core.event_rules import Offering
from games.gothic import points as P
from games.gothic.movement import occupants
from games.gothic.stamina import eliminate
from games.gothic.state import ROOMS, STAIRCASE, STAIRCASE_STEPS, name_of
from games.gothic.turns import end_go, refereed

DIRECTIONS = ("up", "down")


def stairs_face(value: int, direction: str | None) -> str:
    """What a throw does on the staircase, said on the throw offered there."""
    if direction is None and value == 6:
        return "a six: counted up or down the staircase, with a second throw"
    return f"{value} steps {direction or 'down'}"


def stairs_throw(draft: Draft, ref, actor, value, direction):
    """A throw on the staircase: a first six waits for its direction; any other goes down."""
    name = name_of(draft.state, actor)
    ref.effect("throw", player=actor, value=value)
    if direction is None and value == 6:
        draft.state["throw"] = 6
        draft.state["stage"] = "stairs"
        return f"{name} throws a 6 on the Great Spiral Staircase"
    stairs_step(draft, ref, actor, value, direction or "down")
    state = draft.state
    if state["stage"] != "over" and state["players"][actor]["status"] == "alive":
        if direction is None:
            end_go(draft, ref)
        else:
            state["stage"] = "act"
            state["throw"] = None
    return f"{name} throws a {value} on the Great Spiral Staircase"


def stairs_step(draft: Draft, ref, actor, value, direction):
    player = draft.edit("players", actor)
    if direction == "up":
        depth = player["depth"] - value
        if depth < 0:
            door = ROOMS[STAIRCASE]["doors"][0]
            out = ref.consult(P.STAIRCASE_TOP, f"{player['name']} counts past the top")
            if out == "out-at-the-door" and occupants(draft.state).get(door) is None:
                player["at"], player["depth"] = door, None
                ref.effect("staircase", player=actor, to=door)
                return
            depth = 0
        player["depth"] = depth
        ref.effect("staircase", player=actor, depth=depth)
        return
    depth = player["depth"] + value
    if depth >= STAIRCASE_STEPS:
        ref.uncertain(
            P.CITE_STAIRCASE_BOTTOM,
            f"{player['name']} reaches the bottom of the Great Spiral Staircase",
        )
        option = ref.consult(P.SPIRAL_STAIRCASE_BOTTOM, f"{player['name']} reaches the bottom")
        if option == "out-of-the-game":
            eliminate(
                draft, ref, actor, "out",
                "never returned from the bottom of the Great Spiral Staircase",
            )
            return
        depth = STAIRCASE_STEPS
    player["depth"] = depth
    ref.effect("staircase", player=actor, depth=depth)


@refereed("staircase")
def staircase(draft: Draft, ref, actor, data):
    """After a six on the staircase: the six (and its second throw) counted up or down."""
    direction = data["direction"]
    draft.edit("go").update(stairs=direction, six=True)
    stairs_step(draft, ref, actor, 6, direction)
    if draft.state["stage"] == "stairs":
        draft.state["stage"] = "act"
        draft.state["throw"] = None
    return f"{name_of(draft.state, actor)} counts the six {direction} the Great Spiral Staircase"


def offer_staircase(at: Offering) -> list[Choice]:
    """After a six on the staircase: which way the six and its second throw count."""
    state = at.state
    if state["stage"] != "stairs":
        return []
    actor = state["actor"]
    player = state["players"][actor]
    way = OpenField("direction", one_of(DIRECTIONS, label=lambda d: f"{d} the staircase"),
                    prompt="Which way the six counts")
    return [Choice(event("staircase", actor), f"{player['name']} counts the six on the Great "
                   "Spiral Staircase", fields=(way,), spaces=(player["at"],))]


RULES = {"staircase": (staircase, offer_staircase)}
