"""Moving a pawn through the castle (gothic/moves, gothic/rooms, gothic/the-vault): which walks
a throw allows, judged for a recorded move and enumerated for the choices offered.

``check_path`` reads interpretation points only through the referee it is given, and only when
the walk depends on them; the same check judges a recorded move, the choices offered, whether
a throw is blocked, and whether a Vampire's way is blocked.
"""

from __future__ import annotations

from games.core.flags import CONSULTED
from games.core.points import InterpretationPoint
from games.core.referee import Referee
from games.gothic import passages as rule
from games.gothic import points as P
from games.gothic.state import (
    ADJ,
    LAVATORY,
    ROOMS,
    SQUARE_ADJ,
    SQUARES,
    TOWER,
    VAULT,
    VAULT_WEST_STEPS,
)


def occupants(state: dict) -> dict[str, str]:
    """Where each living pawn stands: place -> player id (squares only matter for blocking)."""
    found = {}
    for pid, player in state["players"].items():
        if player["status"] == "alive" and player["at"] is not None:
            found.setdefault(player["at"], pid)
    return found


def room_occupied(state: dict, room: str, but: str) -> bool:
    for pid, player in state["players"].items():
        if pid != but and player["status"] == "alive" and player["at"] == room:
            return True
    return False


def vault_open(go_number: int, vampire_goes_option: str) -> bool:
    """May a Vampire on its ``go_number``-th go (1-based) enter the Vault?"""
    return go_number >= (6 if vampire_goes_option == "return-on-sixth" else 7)


def on_battlements(node) -> bool:
    return node in SQUARES and SQUARES[node]["area"] == "battlements"


def check_path(state: dict, pid: str, path: list, steps: int, ref,
               straight: bool | None = None) -> tuple[str | None, str, list]:
    """(problem, rule, passed players) for ``pid`` moving ``path`` on a throw of ``steps``.

    ``problem`` is None when the path is legal. ``passed`` lists the players the mover went
    over or by on the way (for a Vampire's kills and a stake), and for a player also those it
    ended beside (a Vampire among them only as gothic.sneak-past allows its stake); a
    Vampire ending beside a player has not passed them. ``straight``, when known, says
    whether a walk of the throw that never doubles back is legal (a Vampire doubles back only
    when its way is blocked).
    """
    player = state["players"][pid]
    start = player["at"]
    vampire = player["vampire"] is not None
    if start not in ADJ:
        return f"{player['name']} is not on a square, a room or a gate", rule.MOVES, []
    if len(path) > steps:
        return f"{len(path)} squares moved on a throw of {steps}", rule.MOVES, []
    for node in path:
        if node not in ADJ:
            return f"{node!r} is not a place on the castle board", rule.MOVES, []
    last = path[-1]
    if len(path) < steps and last not in ROOMS:
        return (
            (f"{len(path)} squares moved on a throw of {steps}; only a room may be entered "
            "without the exact throw"),
            rule.ROOMS,
            [],
        )
    if (
        start == TOWER
        and ref.consult(P.TOWER_LEAVE, f"{player['name']} leaves the Tower") == "never-leave"
    ):
        return "a player in the Tower may not leave it", rule.THE_TOWER, []
    if vampire and start == VAULT and path[0] != VAULT_WEST_STEPS:
        return "a Vampire may only leave the Vault by the west steps", rule.THE_VAULT, []
    prev = start
    for node in path:
        if node not in ADJ[prev]:
            return f"{node} is not next to {prev}", rule.MOVES, []
        prev = node
    for node in path[:-1]:
        if node not in SQUARES:
            return f"the path goes through {node}, which is not a corridor square", rule.ROOMS, []
    if last not in SQUARES and last not in ROOMS:
        return f"a move cannot end at {last}", rule.MOVES, []
    if (
        vampire
        and any(on_battlements(node) for node in path)
        and ref.consult(P.VAMPIRE_CORRIDORS, f"Vampire {player['name']} walks the battlements")
        == "corridors-only"
    ):
        return "a Vampire wanders the corridors, not the battlements", rule.THE_VAULT, []
    if doubles_back(start, path):
        problem = _doubling_back(state, pid, player, steps, ref, straight)
        if problem is not None:
            return problem
    occ = occupants(state)
    if last in SQUARES:
        other = occ.get(last)
        if other is not None and other != pid:
            name = state["players"][other]["name"]
            return f"{last} is occupied by {name}: two players may never share a square", rule.MOVES, []
    else:
        if vampire and last != VAULT:
            return "a Vampire may not enter any room except the Vault", rule.THE_VAULT, []
        if last == LAVATORY and room_occupied(state, LAVATORY, pid):
            return "the Lavatory may not be occupied by two players", rule.THE_LAVATORY, []
        if vampire and last == VAULT:
            go_number = player["vampire"]["goes"] + 1
            if go_number < 6:
                return (
                    f"a Vampire may not return to the Vault before the sixth go (this is go {go_number})",
                    rule.THE_VAULT,
                    [],
                )
            option = ref.consult(
                P.VAMPIRE_GOES, f"{player['name']} returns to the Vault on go {go_number}"
            )
            if not vault_open(go_number, option):
                return f"a Vampire may not return to the Vault on go {go_number}", rule.THE_VAULT, []
    through = [occ[n] for n in path[:-1] if n in occ and occ[n] != pid]
    by = _alongside(occ, pid, path[:-1])
    if vampire:
        if through or by:
            mode = ref.consult(P.VAMPIRE_PASSING, f"Vampire {player['name']} passes players")
            if mode == "alongside" and through:
                return "a Vampire may not go through another player's square", rule.THE_VAULT, []
            return None, "", sorted(set(through if mode == "through-square" else by))
        return None, "", []
    blockers = [o for o in through if state["players"][o]["vampire"] is None]
    if (
        blockers
        and ref.consult(P.PASS_OCCUPIED, f"{player['name']} passes over another player")
        == "no-passing"
    ):
        name = state["players"][blockers[0]]["name"]
        return f"{name} blocks the way", rule.MOVES, []
    beside_the_end = _alongside(occ, pid, path[-1:])
    vampires_beside = [o for o in beside_the_end if state["players"][o]["vampire"] is not None
                       and o not in through and o not in by]
    if vampires_beside and ref.consult(
        P.SNEAK_PAST, f"{player['name']} ends the move beside a Vampire"
    ) == "passing":
        beside_the_end = [o for o in beside_the_end if o not in vampires_beside]
    passed = set(through) | set(by) | set(beside_the_end)
    if last in SQUARES and SQUARES[last]["kind"] == "yellow":
        target = SQUARES[last]["arrow_to"]
        if occ.get(target) not in (None, pid) and ref.consult(
            P.ARROW_TARGET_OCCUPIED, f"the arrow at {last} points to an occupied square"
        ) == "cannot-land":
            return f"the arrow at {last} points to {target}, which is occupied", rule.SQUARES, []
    return None, "", sorted(passed)


def _doubling_back(state, pid, player, steps, ref, straight):
    """gothic/moves for a player ("you may then move in any direction" is all the text says);
    gothic/the-vault for a Vampire: "they may double back if their way is blocked"."""
    name = player["name"]
    if player["vampire"] is None:
        if ref.consult(P.DOUBLE_BACK, f"{name}'s path doubles back") == "not-allowed":
            return "the path doubles back on itself", rule.MOVES, []
        return None
    option = ref.consult(P.VAMPIRE_DOUBLE_BACK, f"Vampire {name} doubles back")
    if option == "no-other-walk":
        if straight is None:
            straight = some_walk(state, pid, steps, ref, revisit=False)
        blocked = not straight
    else:
        blocked = throw_lands_on_player(state, pid, steps)
    if not blocked:
        return "a Vampire doubles back only when its way is blocked", rule.THE_VAULT, []
    return None


def _alongside(occ, pid, nodes) -> list:
    seen = []
    for node in nodes:
        for near in SQUARE_ADJ.get(node, ()):
            other = occ.get(near)
            if other is not None and other != pid and other not in seen:
                seen.append(other)
    return seen


def walks(start, steps, revisit) -> list[list[str]]:
    """Walks of exactly ``steps`` squares, or shorter into a room, through corridor squares
    (coming back to a square only when ``revisit``): every move a throw could be."""
    if start not in ADJ or not steps:
        return []
    found: list[list[str]] = []
    path: list[str] = []

    def walk(node, left):
        for nxt in ADJ[node]:
            if not revisit and (nxt == start or nxt in path):
                continue
            if nxt in ROOMS:
                found.append([*path, nxt])
            elif nxt in SQUARES:
                if left == 1:
                    found.append([*path, nxt])
                else:
                    path.append(nxt)
                    walk(nxt, left - 1)
                    path.pop()

    walk(start, steps)
    return found


def some_walk(state, pid, steps, ref, *, revisit: bool) -> bool:
    """Whether any walk of the throw is legal (coming back to a square only when ``revisit``);
    the points that judgement read are consulted on ``ref`` once each."""
    quiet = Referee(ref.interpretation)
    start = state["players"][pid]["at"]
    found = any(check_path(state, pid, path, steps, quiet)[0] is None
                for path in walks(start, steps, False))
    if not found and revisit:
        found = any(check_path(state, pid, path, steps, quiet, straight=False)[0] is None
                    for path in walks(start, steps, True) if doubles_back(start, path))
    for point in consulted_points(quiet):
        ref.consult(point, f"whether a throw of {steps} can be moved")
    return found


def consulted_points(ref: Referee) -> list[InterpretationPoint]:
    """The points a referee consulted, each once, in the order first read."""
    ids = dict.fromkeys(flag.point for flag in ref.flags if flag.kind == CONSULTED)
    return [P.BY_ID[point_id] for point_id in ids]


def doubles_back(start, path) -> bool:
    return start in path or len(set(path)) < len(path)


def throw_lands_on_player(state, pid, steps) -> bool:
    """gothic/moves: "If your throw would land you on a square occupied by another player"
    (judged by any walk of the throw's length over squares)."""
    occ = {k: v for k, v in occupants(state).items() if v != pid and k in SQUARES}
    frontier = {state["players"][pid]["at"]}
    for _ in range(steps):
        frontier = {n for node in frontier for n in ADJ.get(node, ()) if n in SQUARES}
    return any(node in occ for node in frontier)
