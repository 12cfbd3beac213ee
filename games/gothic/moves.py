"""Moves (gothic/moves): "Players proceed in turn, creeping along corridors and battlements by
throw of die." A go's throw, the walk for it, the laws of the place landed on, the optional
second throw on a six, and the missed turn when the way is blocked.
"""

from __future__ import annotations

from games.gothic import points as P
from games.gothic.moat import moat_throw
from games.gothic.movement import check_path, on_battlements, some_walk, throw_lands_on_player
from games.gothic.preparation import entry_throw
from games.gothic.squares import land_on_square
from games.gothic.staircase import stairs_throw
from games.gothic.state import MOAT, ROOMS, STAIRCASE, TOWER, VAULT
from games.gothic.turns import end_go
from games.gothic.vault import enter_vault, vampire_kills
from games.gothic.work import Work, name_of, place_name


def on_throw(w: Work, ref, actor, data):
    """A throw of the die: to decide who enters first, a go's throw (in the moat and on the
    staircase it resolves the go), or a second throw."""
    s, value = w.s, data["value"]
    name = name_of(s, actor)
    if s["stage"] == "order":
        return entry_throw(w, ref, actor, value)
    if s["stage"] == "act":
        return second_throw(w, ref, actor, value)
    player = s["players"][actor]
    if (
        player["at"] == TOWER
        and ref.consult(P.TOWER_LEAVE, f"{name} throws in the Tower") == "never-leave"
    ):
        ref.violation("gothic/the-tower", f"{name} may not leave the Tower; the go is a stay")
        return None
    if player["at"] == MOAT:
        return moat_throw(w, ref, actor, value)
    if player["depth"] is not None:
        return stairs_throw(w, ref, actor, value, None)
    if player["detained"] > 0 and player["at"] in ROOMS:
        ref.violation("gothic/rooms", f"{name} is detained in {place_name(player['at'])} by a card")
        return None
    s["throw"] = value
    s["stage"] = "move"
    w.go()["six"] = value == 6
    ref.effect("throw", player=actor, value=value)
    return f"{name} throws a {value}"


def second_throw(w: Work, ref, actor, value):
    """gothic/moves: "An optional second throw is granted if you throw a six." A Vampire's
    second throw of its go (gothic/the-vault: "two throws of the die for each go")."""
    s, go, name = w.s, w.s["go"], name_of(w.s, actor)
    player = s["players"][actor]
    if s["interrupt"] is not None:
        ref.violation(
            "gothic/adjacency", f"{name} is being moved by another player and has no second throw"
        )
        return None
    if player["vampire"] is not None:
        if go["segment"] != 1:
            ref.violation("gothic/the-vault", f"Vampire {name} has had both throws of this go")
            return None
        w.go()["segment"] = 2
        w.go()["six"] = False
        s["throw"], s["stage"] = value, "move"
        ref.effect("throw", player=actor, value=value)
        return f"Vampire {name} throws a {value} (second throw)"
    if not go["six"]:
        ref.violation("gothic/moves", f"{name} did not throw a six and has no second throw")
        return None
    if player["at"] in ROOMS and (player["at"] != STAIRCASE or go["stairs"] is None):
        ref.violation(
            "gothic/rooms", f"{name} is inside {place_name(player['at'])} and may go no further"
        )
        return None
    if go["bonus"] >= 1 and ref.consult(P.SIX_CHAIN, f"{name} threw another six") == "one-extra":
        ref.violation("gothic/moves", f"{name} has already taken the second throw of this go")
        return None
    g = w.go()
    g["bonus"] += 1
    g["six"] = value == 6
    g["power"] = False
    if player["at"] == MOAT:  # a six that led into the moat: the second throw is a climb
        return moat_throw(w, ref, actor, value)
    if player["depth"] is not None:
        return stairs_throw(w, ref, actor, value, go["stairs"])
    s["throw"], s["stage"] = value, "move"
    ref.effect("throw", player=actor, value=value)
    return f"{name} throws a {value} (second throw)"


def director(state, actor) -> bool:
    """Whether ``actor``, who is not the mover, directs the move being made (gothic/adjacency:
    "you tell them which way to go"): the controller of a move played at once, or of the
    victim's next move (its first throw only)."""
    return controller(state) == actor


def controller(state) -> str | None:
    """Who tells the mover which way to go, if anyone."""
    mover = state["actor"]
    intr = state["interrupt"]
    if intr is not None and intr["victim"] == mover:
        return intr["controller"]
    go = state["go"]
    if go["bonus"] == 0 and go["segment"] == 1:
        return state["players"][mover]["controlled_by"]
    return None


def killable(state, mover, passed, ref) -> list:
    """gothic/the-vault: whom a Vampire "may kill ... simply by passing them in the corridor":
    the living players it passed who are not Vampires (in the corridors, by the reading)."""
    found = [pid for pid in passed if state["players"][pid]["status"] == "alive"
             and state["players"][pid]["vampire"] is None]
    if any(on_battlements(state["players"][pid]["at"]) for pid in found) and ref.consult(
        P.VAMPIRE_CORRIDORS, "a player passed stands on the battlements"
    ) == "corridors-only":
        found = [pid for pid in found if not on_battlements(state["players"][pid]["at"])]
    return found


def on_move(w: Work, ref, actor, data):
    """The walk for the throw, then the laws of the place landed on."""
    s = w.s
    mover = s["actor"]
    directing = controller(s)
    if directing is not None and actor != directing:
        ref.violation(
            "gothic/adjacency",
            f"{name_of(s, directing)} tells {name_of(s, mover)} which way to go: the move is "
            f"{name_of(s, directing)}'s to record",
        )
        return None
    directed = actor if actor != mover else None
    path = data["path"]
    problem, rule, passed = check_path(s, mover, path, s["throw"], ref)
    if problem is not None:
        ref.violation(rule, f"{name_of(s, mover)} cannot move so: {problem}")
        return None
    kill = data.get("kill")
    if kill is not None:
        if s["players"][mover]["vampire"] is None:
            ref.violation("gothic/the-vault", f"{name_of(s, mover)} is not a Vampire and kills no one by passing")
            return None
        victims = killable(s, mover, passed, ref)
        if len(set(kill)) < len(kill) or any(pid not in victims for pid in kill):
            ref.violation(
                "gothic/the-vault",
                f"the Vampire {name_of(s, mover)} did not pass {', '.join(name_of(s, k) for k in kill)} in the corridor",
            )
            return None
    player = w.p(mover)
    last = path[-1]
    player["at"] = last
    player["depth"] = None
    if player["controlled_by"] is not None and s["interrupt"] is None:
        player["controlled_by"] = None  # the controlled move is spent
    g = w.go()
    g.update(moved=True, power=False, green=False, tower=False, passed=passed)
    s["throw"] = None
    ref.effect("move", player=mover, path=list(path), directed_by=directed)
    name = name_of(s, mover)
    summary = f"{name} moves to {place_name(last)}" + (
        f", directed by {name_of(s, directed)}" if directed else ""
    )
    if kill:
        summary += vampire_kills(w, ref, mover, kill)
    result = land(w, ref, mover, last)
    if s["stage"] == "over":
        return summary
    if result == "end":
        end_go(w, ref)
    elif result == "draw":
        s["stage"] = "draw"
    else:
        s["stage"] = "act"
    return summary


def land(w: Work, ref, pid: str, node: str) -> str:
    """The laws of the square or room landed on. Returns "act", "draw" or "end" (the go ends)."""
    player = w.s["players"][pid]
    if node in ROOMS:
        if node == VAULT:
            enter_vault(w, ref, pid)
            return "act"
        if node == STAIRCASE:
            w.p(pid)["depth"] = 0
            return "act"
        if node == TOWER:
            if not player["oil_used"]:
                w.go()["tower"] = True
            return "act"
        return "draw" if ROOMS[node]["pile"] else "act"
    if player["vampire"] is not None:
        return "act"  # gothic/the-vault: vampires ignore arrows, red, green and the Oubliette
    return land_on_square(w, ref, pid, node)


def on_miss_turn(w: Work, ref, actor, data):
    """gothic/moves: "you must move in another direction or miss your turn"."""
    s = w.s
    mover = s["actor"]
    name = name_of(s, mover)
    chooses = ref.consult(P.BLOCKED_CHOICE, f"{name} misses the turn") == "player-chooses"
    blocked = not some_walk(s, mover, s["throw"], ref, revisit=True)
    if not blocked and chooses:
        blocked = throw_lands_on_player(s, mover, s["throw"])
    if not blocked:
        ref.violation("gothic/moves", f"{name} is not blocked: a throw of {s['throw']} can be moved")
        return None
    ref.effect("miss-turn", player=mover)
    end_go(w, ref)
    return f"{name} is blocked and misses the turn"


def on_end_turn(w: Work, ref, actor, data):
    """The go ends (a second throw or any other option declined)."""
    end_go(w, ref)
    return f"{name_of(w.s, actor)} ends the go"
