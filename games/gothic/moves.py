"""Moves (gothic/moves): "Players proceed in turn, creeping along corridors and battlements by
throw of die." A go's throw, the walk for it, the laws of the place landed on, the optional
second throw on a six, the missed turn when the way is blocked, and the end of the go.
"""

from __future__ import annotations

from games.core.choices import Choice, OpenField, SomeOf, event, one_of
from games.core.draft import Draft
from games.core.event_rules import Offering
from games.core.referee import Referee
from games.gothic import passages as rule
from games.gothic import points as P
from games.gothic.moat import moat_face, moat_throw
from games.gothic.movement import (
    check_path,
    doubles_back,
    on_battlements,
    some_walk,
    throw_lands_on_player,
    walks,
)
from games.gothic.preparation import entry_throw, entry_throw_due
from games.gothic.squares import land_on_square
from games.gothic.staircase import stairs_face, stairs_throw
from games.gothic.state import MOAT, ROOMS, STAIRCASE, TOWER, VAULT, name_of, place_name
from games.gothic.turns import (
    begin_next_go,
    end_go,
    next_go,
    opening,
    opens_next_go,
    read_points,
    refereed,
)
from games.gothic.vault import enter_vault, vampire_kills

FACES = (1, 2, 3, 4, 5, 6)


def throw_refusal(state, actor, consult) -> tuple[str, str] | None:
    """Why ``actor`` may not throw now, at the stage the game is at: (passage, message), or
    None. ``consult(point, why)`` reads the points it depends on."""
    name = name_of(state, actor)
    stage = state["stage"]
    if stage == "order":
        if not entry_throw_due(state, actor):
            return rule.PREPARATION, f"{name} has no throw due to decide who enters first"
        return None
    player = state["players"][actor]
    if stage == "act":
        return _second_throw_refusal(state, actor, player, name, consult)
    if player["at"] == TOWER and consult(P.TOWER_LEAVE, f"{name} throws in the Tower") == \
            "never-leave":
        return rule.THE_TOWER, f"{name} may not leave the Tower; the go is a stay"
    if player["at"] == MOAT or player["depth"] is not None:
        return None
    if player["detained"] > 0 and player["at"] in ROOMS:
        return rule.ROOMS, f"{name} is detained in {place_name(player['at'])} by a card"
    return None


def _second_throw_refusal(state, actor, player, name, consult):
    """gothic/moves: "An optional second throw is granted if you throw a six." A Vampire's
    second throw of its go (gothic/the-vault: "two throws of the die for each go")."""
    go = state["go"]
    if state["interrupt"] is not None:
        return (rule.ADJACENCY, (f"{name} is being moved by another player and has no second "
                "throw"))
    if player["vampire"] is not None:
        if go["segment"] != 1:
            return rule.THE_VAULT, f"Vampire {name} has had both throws of this go"
        return None
    if not go["six"]:
        return rule.MOVES, f"{name} did not throw a six and has no second throw"
    if player["at"] in ROOMS and (player["at"] != STAIRCASE or go["stairs"] is None):
        return rule.ROOMS, f"{name} is inside {place_name(player['at'])} and may go no further"
    if go["bonus"] >= 1 and consult(P.SIX_CHAIN, f"{name} threw another six") == "one-extra":
        return rule.MOVES, f"{name} has already taken the second throw of this go"
    return None


@refereed("throw")
def throw(draft: Draft, ref, actor, data):
    """A throw of the die: to decide who enters first, a go's throw (in the moat and on the
    staircase it resolves the go), a second throw, or the next player's throw, which ends
    the go before it."""
    if opens_next_go(draft.state, actor) and not begin_next_go(draft, ref, actor):
        return None
    state, value = draft.state, data["value"]
    refusal = throw_refusal(state, actor, ref.consult)
    if refusal is not None:
        ref.violation(*refusal)
        return None
    if state["stage"] == "order":
        return entry_throw(draft, ref, actor, value)
    if state["stage"] == "act":
        return second_throw(draft, ref, actor, value)
    player = state["players"][actor]
    if player["at"] == MOAT:
        return moat_throw(draft, ref, actor, value)
    if player["depth"] is not None:
        return stairs_throw(draft, ref, actor, value, None)
    if player["vampire"] is not None and ref.consult(
        P.VAMPIRE_THROWS, f"Vampire {name_of(state, actor)} throws"
    ) == "summed":
        return summed_throw(draft, ref, actor, value)
    state["throw"] = value
    state["stage"] = "move"
    draft.edit("go")["six"] = value == 6
    ref.effect("throw", player=actor, value=value)
    return f"{name_of(state, actor)} throws a {value}"


def summed_throw(draft: Draft, ref, actor, value):
    """gothic.vampire-throws read as summed: the Vampire's first throw waits (the go stays at
    its throw), the second is added to it and the total is moved in one walk."""
    state = draft.state
    name = name_of(state, actor)
    ref.effect("throw", player=actor, value=value)
    if state["throw"] is None:
        state["throw"] = value
        return f"Vampire {name} throws a {value} (the first of two, to be added)"
    total = state["throw"] + value
    draft.edit("go").update(segment=2, six=False)
    state["throw"], state["stage"] = total, "move"
    return f"Vampire {name} throws a {value}: {total} squares to move"


def second_throw(draft: Draft, ref, actor, value):
    """The second throw of a six, or a Vampire's second throw of its go."""
    state, name = draft.state, name_of(draft.state, actor)
    player, stairs = state["players"][actor], state["go"]["stairs"]
    go = draft.edit("go")
    if player["vampire"] is not None:
        go.update(segment=2, six=False)
        state["throw"], state["stage"] = value, "move"
        ref.effect("throw", player=actor, value=value)
        return f"Vampire {name} throws a {value} (second throw)"
    go.update(bonus=go["bonus"] + 1, six=value == 6, power=False)
    if player["at"] == MOAT:  # a six that led into the moat: the second throw is a climb
        return moat_throw(draft, ref, actor, value)
    if player["depth"] is not None:
        return stairs_throw(draft, ref, actor, value, stairs)
    state["throw"], state["stage"] = value, "move"
    ref.effect("throw", player=actor, value=value)
    return f"{name} throws a {value} (second throw)"


def _faces(state, actor):
    """What each face does for this throw, in words."""
    player = state["players"][actor]
    if state["stage"] == "order":
        return lambda n: f"a {n}"
    if player["at"] == MOAT:
        return lambda n: f"{n}: {moat_face(n)}"
    if player["depth"] is not None:
        direction = state["go"]["stairs"] if state["stage"] == "act" else None
        return lambda n: f"{n}: {stairs_face(n, direction)}"
    if player["vampire"] is None and state["stage"] == "throw":
        return lambda n: "a 6, then a second throw may follow" if n == 6 else f"a {n}"
    return lambda n: f"a {n}"


def throw_choices(state, reading, actors) -> list[Choice]:
    """The throw of each of ``actors`` who may throw now: one chance choice each, the face
    open, its labels saying what each face does."""
    found = []
    for actor in actors:
        probe = Referee(reading)
        if throw_refusal(state, actor, probe.consult) is not None:
            continue
        player = state["players"][actor]
        if state["stage"] == "order":
            label = f"{player['name']} throws to decide who enters first"
        elif state["stage"] == "act":
            label = f"{player['name']} takes a second throw"
        else:
            label = f"{player['name']} throws the die"
        value = OpenField("value", one_of(FACES, label=_faces(state, actor)),
                          prompt="The face thrown")
        spaces = (player["at"],) if player["at"] is not None else ()
        found.append(Choice(event("throw", actor), label, chance=True, fields=(value,),
                            spaces=spaces, points=read_points(probe)))
    return found


def offer_throw(at: Offering) -> list[Choice]:
    """The entry throws still due; the throw of the go; a second throw; and the throw of the
    next player, which ends the go being played."""
    state = at.state
    stage = state["stage"]
    if stage == "order":
        due = [pid for pid in state["contenders"]
               if pid not in state["order_throws"] and state["players"][pid]["status"] == "alive"]
        return throw_choices(state, at.reading, due)
    if stage not in ("throw", "act"):
        return []
    found = throw_choices(state, at.reading, [state["actor"]])
    after = next_go(at)
    if after is not None:
        next_state, points = after
        found += [opening(choice, state, points)
                  for choice in throw_choices(next_state, at.reading, [next_state["actor"]])]
    return found


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


@refereed("move")
def move(draft: Draft, ref, actor, data):
    """The walk for the throw, then the laws of the place landed on."""
    state = draft.state
    mover = state["actor"]
    directing = controller(state)
    if directing is not None and actor != directing:
        ref.violation(
            rule.ADJACENCY,
            f"{name_of(state, directing)} tells {name_of(state, mover)} which way to go: the "
            f"move is {name_of(state, directing)}'s to record",
        )
        return None
    directed = actor if actor != mover else None
    path = data["path"]
    problem, passage, passed = check_path(state, mover, path, state["throw"], ref)
    if problem is not None:
        ref.violation(passage, f"{name_of(state, mover)} cannot move so: {problem}")
        return None
    kill = data.get("kill")
    if kill is not None:
        if state["players"][mover]["vampire"] is None:
            ref.violation(rule.THE_VAULT, f"{name_of(state, mover)} is not a Vampire and kills "
                          "no one by passing")
            return None
        victims = killable(state, mover, passed, ref)
        if len(set(kill)) < len(kill) or any(pid not in victims for pid in kill):
            ref.violation(
                rule.THE_VAULT,
                f"the Vampire {name_of(state, mover)} did not pass "
                f"{', '.join(name_of(state, k) for k in kill)} in the corridor",
            )
            return None
    player = draft.edit("players", mover)
    last = path[-1]
    player["at"] = last
    player["depth"] = None
    if player["controlled_by"] is not None and state["interrupt"] is None:
        player["controlled_by"] = None  # the controlled move is spent
    draft.edit("go").update(moved=True, power=False, green=False, tower=False, passed=passed)
    state["throw"] = None
    ref.effect("move", player=mover, path=list(path), directed_by=directed)
    name = name_of(state, mover)
    summary = f"{name} moves to {place_name(last)}" + (
        f", directed by {name_of(state, directed)}" if directed else ""
    )
    if kill:
        summary += vampire_kills(draft, ref, mover, kill)
    result = land(draft, ref, mover, last)
    if state["stage"] == "over":
        return summary
    if result == "end":
        end_go(draft, ref)
    elif result == "draw":
        state["stage"] = "draw"
    else:
        state["stage"] = "act"
    return summary


def land(draft: Draft, ref, pid: str, node: str) -> str:
    """The laws of the square or room landed on. Returns "act", "draw" or "end" (the go ends)."""
    player = draft.state["players"][pid]
    if node in ROOMS:
        if node == VAULT:
            enter_vault(draft, ref, pid)
            return "act"
        if node == STAIRCASE:
            draft.edit("players", pid)["depth"] = 0
            return "act"
        if node == TOWER:
            if not player["oil_used"]:
                draft.edit("go")["tower"] = True
            return "act"
        return "draw" if ROOMS[node]["pile"] else "act"
    if player["vampire"] is not None:
        return "act"  # gothic/the-vault: vampires ignore arrows, red, green and the Oubliette
    return land_on_square(draft, ref, pid, node)


def offer_move(at: Offering) -> list[Choice]:
    """Every walk the throw allows, one choice per place it may end on (the path open where
    several walks lead there), recorded by the mover or by whoever directs the move; for a
    Vampire, one choice per place and players it passes, whom it may kill (``kill``)."""
    state = at.state
    if state["stage"] != "move":
        return []
    mover = state["actor"]
    player = state["players"][mover]
    start, steps = player["at"], state["throw"]
    vampire = player["vampire"] is not None
    straight, straight_points = None, ()
    if vampire:
        probe = Referee(at.reading)
        straight = some_walk(state, mover, steps, probe, revisit=False)
        straight_points = read_points(probe)
        if at.option(P.VAMPIRE_DOUBLE_BACK) == "no-other-walk":
            revisit = not straight
        else:
            revisit = throw_lands_on_player(state, mover, steps)
    else:
        revisit = at.option(P.DOUBLE_BACK) == "allowed"
    groups: dict[tuple[str, tuple[str, ...]], list[tuple[tuple[str, ...], tuple[str, ...]]]] = {}
    for path in walks(start, steps, revisit):
        probe = Referee(at.reading)
        problem, _passage, passed = check_path(state, mover, path, steps, probe, straight)
        if problem is not None:
            continue
        victims = tuple(killable(state, mover, passed, probe)) if vampire and passed else ()
        points = read_points(probe)
        if vampire and doubles_back(start, path):
            points = tuple(sorted({*points, *straight_points}))
        groups.setdefault((path[-1], victims), []).append((tuple(path), points))
    actor = controller(state) or mover
    return [_move_choice(state, mover, actor, end, victims, paths)
            for (end, victims), paths in groups.items()]


def _move_choice(state, mover, actor, end, victims, paths) -> Choice:
    player = state["players"][mover]
    start = player["at"]
    label = f"{player['name']} moves to {place_name(end)}"
    if actor != mover:
        label += f", directed by {name_of(state, actor)}"
    fields = []
    fixed = {}
    if len(paths) == 1:
        fixed["path"] = list(paths[0][0])
    else:
        routes = one_of([path for path, _points in paths], label=_by_words)
        fields.append(OpenField("path", routes, prompt="The way it went"))
    omitted: tuple[str, ...] = ("kill",)
    if victims:
        names = ", ".join(name_of(state, v) for v in victims)
        label += f", passing {names}"
        prey = SomeOf(victims, least=1, labels=tuple(name_of(state, v) for v in victims))
        fields.append(OpenField("kill", prey, prompt="Whom the Vampire kills of those it passes",
                                optional=True))
        omitted = ()
    spaces = tuple(dict.fromkeys(square for path, _points in paths for square in (start, *path)))
    points = tuple(sorted({point for _path, found in paths for point in found}))
    return Choice(event("move", actor, **fixed), label, fields=tuple(fields), omitted=omitted,
                  spaces=spaces, origin=start, target=end, points=points)


def _by_words(path) -> str:
    if len(path) == 1:
        return f"straight to {place_name(path[0])}"
    return "by " + ", ".join(place_name(square) for square in path[:-1])


@refereed("miss_turn")
def miss_turn(draft: Draft, ref, actor, data):
    """gothic/moves: "you must move in another direction or miss your turn"."""
    state = draft.state
    mover = state["actor"]
    name = name_of(state, mover)
    chooses = ref.consult(P.BLOCKED_CHOICE, f"{name} misses the turn") == "player-chooses"
    blocked = not some_walk(state, mover, state["throw"], ref, revisit=True)
    if not blocked and chooses:
        blocked = throw_lands_on_player(state, mover, state["throw"])
    if not blocked:
        ref.violation(rule.MOVES, f"{name} is not blocked: a throw of {state['throw']} can be "
                      "moved")
        return None
    ref.effect("miss-turn", player=mover)
    end_go(draft, ref)
    return f"{name} is blocked and misses the turn"


def offer_miss_turn(at: Offering) -> list[Choice]:
    """The missed turn, where the throw is blocked (as gothic.blocked-choice reads it)."""
    state = at.state
    if state["stage"] != "move":
        return []
    mover = state["actor"]
    choice = event("miss_turn", mover)
    points = at.trial(choice)
    if points is None:
        return []
    player = state["players"][mover]
    return [Choice(choice, f"{player['name']} is blocked and misses the turn",
                   spaces=(player["at"],), points=points)]


@refereed("end_turn")
def end_turn(draft: Draft, ref, actor, data):
    """The go ends (a second throw or any other option declined)."""
    end_go(draft, ref)
    return f"{name_of(draft.state, actor)} ends the go"


def offer_end_turn(at: Offering) -> list[Choice]:
    """The end of the go, once its player has landed and obeyed the place (what is left is
    theirs to take or decline; the next player's throw ends it as well)."""
    state = at.state
    if state["stage"] != "act":
        return []
    actor = state["actor"]
    player = state["players"][actor]
    return [Choice(event("end_turn", actor), f"{player['name']} ends the go",
                   spaces=(player["at"],) if player["at"] is not None else ())]


RULES = {
    "throw": (throw, offer_throw),
    "move": (move, offer_move),
    "miss_turn": (miss_turn, offer_miss_turn),
    "end_turn": (end_turn, offer_end_turn),
}
