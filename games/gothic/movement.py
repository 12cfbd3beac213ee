"""Moving a pawn through the castle: which paths a throw allows (gothic/moves, gothic/rooms,
gothic/the-vault), checked for a recorded move and enumerated for the bots.

``check_path`` reads interpretation points only through the referee, and only when the path
actually depends on them; ``legal_paths`` takes the chosen options as plain values (the
simulator's bots and the miss-a-turn check use it).
"""

from __future__ import annotations

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


def check_path(state: dict, pid: str, path: list, steps: int, ref) -> tuple[str | None, str, list]:
    """(problem, rule, passed players) for ``pid`` moving ``path`` on a throw of ``steps``.

    ``problem`` is None when the path is legal. ``passed`` lists the players the mover went
    through or alongside (for a Vampire's kills and a stake).
    """
    player = state["players"][pid]
    start = player["at"]
    vampire = player["vampire"] is not None
    if start not in ADJ:
        return f"{player['name']} is not on a square, a room or a gate", "gothic/moves", []
    if len(path) > steps:
        return f"{len(path)} squares moved on a throw of {steps}", "gothic/moves", []
    for node in path:
        if node not in ADJ:
            return f"{node!r} is not a place on the castle board", "gothic/moves", []
    last = path[-1]
    if len(path) < steps and last not in ROOMS:
        return (
            (
                f"{len(path)} squares moved on a throw of {steps}; only a room may be entered "
                "without the exact throw"
            ),
            "gothic/rooms",
            [],
        )
    if (
        start == TOWER
        and ref.consult(P.TOWER_LEAVE, f"{player['name']} leaves the Tower") == "never-leave"
    ):
        return "a player in the Tower may not leave it", "gothic/the-tower", []
    if vampire and start == VAULT and path[0] != VAULT_WEST_STEPS:
        return "a Vampire may only leave the Vault by the west steps", "gothic/the-vault", []
    prev = start
    for node in path:
        if node not in ADJ[prev]:
            return f"{node} is not next to {prev}", "gothic/moves", []
        prev = node
    for node in path[:-1]:
        if node not in SQUARES:
            return (
                f"the path goes through {node}, which is not a corridor square",
                "gothic/rooms",
                [],
            )
    if last not in SQUARES and last not in ROOMS:
        return f"a move cannot end at {last}", "gothic/moves", []
    if (
        (len(set(path)) < len(path) or start in path)
        and not vampire
        and ref.consult(P.DOUBLE_BACK, f"{player['name']}'s path doubles back") == "not-allowed"
    ):
        return "the path doubles back on itself", "gothic/moves", []
    occ = occupants(state)
    if last in SQUARES:
        other = occ.get(last)
        if other is not None and other != pid:
            name = state["players"][other]["name"]
            return (
                f"{last} is occupied by {name}: two players may never share a square",
                "gothic/moves",
                [],
            )
    else:
        if vampire and last != VAULT:
            return "a Vampire may not enter any room except the Vault", "gothic/the-vault", []
        if last == LAVATORY and room_occupied(state, LAVATORY, pid):
            return "the Lavatory may not be occupied by two players", "gothic/the-lavatory", []
        if vampire and last == VAULT:
            go_number = player["vampire"]["goes"] + 1
            if go_number < 6:
                return (
                    f"a Vampire may not return to the Vault before the sixth go (this is go {go_number})",
                    "gothic/the-vault",
                    [],
                )
            option = ref.consult(
                P.VAMPIRE_GOES, f"{player['name']} returns to the Vault on go {go_number}"
            )
            if not vault_open(go_number, option):
                return (
                    f"a Vampire may not return to the Vault on go {go_number}",
                    "gothic/the-vault",
                    [],
                )
    through = [occ[n] for n in path[:-1] if n in occ and occ[n] != pid]
    passed: list = []
    if vampire:
        near = _alongside(state, occ, pid, path)
        if through or near:
            mode = ref.consult(P.VAMPIRE_PASSING, f"Vampire {player['name']} passes players")
            if mode == "through-square":
                passed = through
            else:
                if through:
                    return (
                        "a Vampire may not go through another player's square",
                        "gothic/the-vault",
                        [],
                    )
                passed = near
    else:
        blockers = [o for o in through if state["players"][o]["vampire"] is None]
        if (
            blockers
            and ref.consult(P.PASS_OCCUPIED, f"{player['name']} passes over another player")
            == "no-passing"
        ):
            name = state["players"][blockers[0]]["name"]
            return f"{name} blocks the way", "gothic/moves", []
        passed = sorted(set(through) | set(_alongside(state, occ, pid, path)))
        if last in SQUARES and SQUARES[last]["kind"] == "yellow":
            target = SQUARES[last]["arrow_to"]
            if occ.get(target) not in (None, pid):
                if (
                    ref.consult(
                        P.ARROW_TARGET_OCCUPIED, f"the arrow at {last} points to an occupied square"
                    )
                    == "cannot-land"
                ):
                    return (
                        f"the arrow at {last} points to {target}, which is occupied",
                        "gothic/squares",
                        [],
                    )
    return None, "", sorted(set(passed))


def _alongside(state, occ, pid, path) -> list:
    seen = []
    for node in path:
        for near in SQUARE_ADJ.get(node, ()):
            other = occ.get(near)
            if other is not None and other != pid and other not in seen:
                seen.append(other)
    return seen


def legal_paths(
    state: dict,
    pid: str,
    steps: int,
    *,
    double_back: str = "not-allowed",
    pass_occupied: str = "landing-only",
    vampire_passing: str = "through-square",
    vampire_goes: str = "return-on-sixth",
    arrow_occupied: str = "stay-on-arrow",
    tower_leave: str = "never-leave",
    limit: int = 4000,
) -> list[list[str]]:
    """Every legal path for a throw of ``steps`` (exact length, or shorter into a room)."""
    player = state["players"][pid]
    start = player["at"]
    if start not in ADJ:
        return []
    if start == TOWER and tower_leave == "never-leave":
        return []
    vampire = player["vampire"] is not None
    occ = occupants(state)
    revisit = vampire or double_back == "allowed"
    lavatory_full = room_occupied(state, LAVATORY, pid)
    vault_ok = vampire and vault_open(player["vampire"]["goes"] + 1, vampire_goes)
    results: list[list[str]] = []
    path: list[str] = []

    def can_end(node):
        if node in SQUARES:
            other = occ.get(node)
            if other is not None and other != pid:
                return False
            if (
                not vampire
                and SQUARES[node]["kind"] == "yellow"
                and arrow_occupied == "cannot-land"
            ):
                if occ.get(SQUARES[node]["arrow_to"]) not in (None, pid):
                    return False
            return True
        if node in ROOMS:
            if vampire:
                return node == VAULT and vault_ok
            return not (node == LAVATORY and lavatory_full)
        return False

    def can_pass(node):
        other = occ.get(node)
        if other is None or other == pid:
            return True
        if vampire:
            return vampire_passing == "through-square"
        if state["players"][other]["vampire"] is not None:
            return True
        return pass_occupied == "landing-only"

    def walk(node, left):
        if len(results) >= limit:
            return
        for nxt in ADJ[node]:
            if not revisit and (nxt == start or nxt in path):
                continue
            if not path and vampire and start == VAULT and nxt != VAULT_WEST_STEPS:
                continue
            if nxt in ROOMS:
                if can_end(nxt):
                    results.append([*path, nxt])
                continue
            if nxt not in SQUARES:
                continue
            if left == 1:
                if can_end(nxt):
                    results.append([*path, nxt])
                continue
            if not can_pass(nxt):
                continue
            path.append(nxt)
            walk(nxt, left - 1)
            path.pop()

    walk(start, steps)
    return results
