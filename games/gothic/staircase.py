"""The Great Spiral Staircase (gothic/the-great-spiral-staircase): "Once you enter the Great
Spiral Staircase you must continue down it, unless you throw a six, in which case both the six
and its second throw may be counted in an upwards direction."
"""

from __future__ import annotations

from games.gothic import points as P
from games.gothic.movement import occupants
from games.gothic.stamina import eliminate
from games.gothic.state import ROOMS, STAIRCASE, STAIRCASE_STEPS
from games.gothic.turns import end_go
from games.gothic.work import Work, name_of


def stairs_throw(w: Work, ref, actor, value, direction):
    """A throw on the staircase: a first six waits for its direction; any other goes down."""
    name = name_of(w.s, actor)
    ref.effect("throw", player=actor, value=value)
    if direction is None and value == 6:
        w.s["throw"] = 6
        w.s["stage"] = "stairs"
        return f"{name} throws a 6 on the Great Spiral Staircase"
    stairs_step(w, ref, actor, value, direction or "down")
    if w.s["stage"] != "over" and w.s["players"][actor]["status"] == "alive":
        if direction is None:
            end_go(w, ref)
        else:
            w.s["stage"] = "act"
            w.s["throw"] = None
    return f"{name} throws a {value} on the Great Spiral Staircase"


def stairs_step(w: Work, ref, actor, value, direction):
    player = w.p(actor)
    if direction == "up":
        depth = player["depth"] - value
        if depth < 0:
            door = ROOMS[STAIRCASE]["doors"][0]
            out = ref.consult(P.STAIRCASE_TOP, f"{player['name']} counts past the top")
            if out == "out-at-the-door" and occupants(w.s).get(door) is None:
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
                w, ref, actor, "out", "never returned from the bottom of the Great Spiral Staircase"
            )
            return
        depth = STAIRCASE_STEPS
    player["depth"] = depth
    ref.effect("staircase", player=actor, depth=depth)


def on_staircase(w: Work, ref, actor, data):
    """After a six on the staircase: the six (and its second throw) counted up or down."""
    direction = data["direction"]
    w.go()["stairs"] = direction
    w.go()["six"] = True
    stairs_step(w, ref, actor, 6, direction)
    if w.s["stage"] == "stairs":
        w.s["stage"] = "act"
        w.s["throw"] = None
    return f"{name_of(w.s, actor)} counts the six {direction} the Great Spiral Staircase"
