"""What a correct record could hold next (``DagonEngine.legal_events``), phase by phase.

Every choice is built from the same judgements ``apply`` makes, so each applies without a
violation under the reading it was offered for: the die and the Spell cards are chance
choices (one per face), every path along the route is its own choice, and nothing is left
open (the free-text reason a pass may carry is an optional field).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.core.choices import Choice
from games.core.points import Interpretation
from games.dagon.black_towers import tower_problem
from games.dagon.board import Board, board_for
from games.dagon.dagon_symbol import symbol_place_problem
from games.dagon.movement import (
    LONGEST_MOVE,
    move_lengths,
    move_open,
    route_paths,
    stop_verdict,
)
from games.dagon.points import (
    DUEL_PASS_OVER,
    LAGOON_CHOOSER,
    MOVE_LENGTH,
    OCCUPIED_CITY,
)
from games.dagon.state import (
    ATTACK,
    DUEL_ROLL,
    EXTRA_MOVE,
    MOVE,
    MOVE_TOWER,
    PLACE_SYMBOL,
    PLACE_TOWER,
    SPELL_CARD,
    START,
    TAKE_SYMBOL,
    free_whites,
    occupants,
    player_name,
)

FACES = range(1, 7)


def legal_events(state: Mapping[str, Any], interpretation: Interpretation) -> list[Choice]:
    if state.get("winner") is not None:
        return []
    pid = state["turn"]
    board = board_for(state["board_id"])
    phase = state["phase"]
    name = player_name(state, pid)
    if phase == START:
        return _turn_start(state, pid, name, board, interpretation)
    if phase in (MOVE, EXTRA_MOVE):
        return _moves(state, pid, name, board, interpretation)
    if phase == ATTACK:
        return _attacks(state, pid, name, board, interpretation)
    if phase == SPELL_CARD:
        return [Choice(_event("spell_card", pid, strength=face),
                       f"{name} turns over a Spell of strength {face}", chance=True,
                       spaces=(state["pending"]["space"],)) for face in FACES]
    if phase == DUEL_ROLL:
        strength = state["pending"]["strength"]
        return [Choice(_event("duel_roll", pid, value=face),
                       f"{name} rolls {face} against the Spell of strength {strength}",
                       chance=True, spaces=(state["pending"]["space"],)) for face in FACES]
    if phase == TAKE_SYMBOL:
        here = state["heroes"][pid]["space"]
        return [Choice(_event("take_symbol", pid), f"{name} takes the Dagon Symbol",
                       spaces=(here,)),
                *_passes(pid, f"{name} leaves the Dagon Symbol where it lies", (here,))]
    if phase == PLACE_SYMBOL:
        return _symbol_places(state, pid, name, board, interpretation)
    if phase == PLACE_TOWER:
        return _towers_placed(state, pid, name, board)
    if phase == MOVE_TOWER:
        return _towers_moved(state, pid, name, board)
    return []


def _event(type_: str, actor: str, **data: Any) -> dict:
    return {"type": type_, "actor": actor, "data": data}


def _passes(pid: str, label: str, spaces: tuple[str, ...] = (), points=()) -> list[Choice]:
    """The pass, with or without the free-text reason a record may note."""
    return [Choice(_event("pass", pid), label, spaces=spaces, points=points,
                   optional_fields=("reason",))]


def _turn_start(state, pid, name, board, interpretation) -> list[Choice]:
    hero = state["heroes"][pid]
    if hero["wizard_card"]:
        return [Choice(_event("return_wizard_card", pid), f"{name} returns the Wizard card")]
    if hero["sit_out"] > 0:
        return _passes(pid, f"{name} sits out this turn")
    rolls = []
    if interpretation.option(MOVE_LENGTH.id) != "one-circle":
        rolls = [Choice(_event("roll", pid, value=face),
                        f"The fetish die shows {face} for {name}'s move", chance=True,
                        points=(MOVE_LENGTH.id,)) for face in FACES]
    return rolls + _moves(state, pid, name, board, interpretation)


def _moves(state, pid, name, board: Board, interpretation) -> list[Choice]:
    """Every path the Hero may take now, then the pass when the Hero is blocked. At the turn's
    start a path of one circle is legal under every reading; a longer one only under the roll
    conjectures (an unrecorded roll), so it names dagon.move-length."""
    phase = state["phase"]
    hero = state["heroes"][pid]
    bearer = state["symbol"]["bearer"] == pid
    option = interpretation.option(MOVE_LENGTH.id)
    shortest, longest, exact_roll = move_lengths(state, lambda point: interpretation.option(point.id))
    if phase == START and option != "one-circle":
        longest = LONGEST_MOVE
    duel_right = (not bearer and phase != EXTRA_MOVE and hero["pass_right"]
                  and interpretation.option(DUEL_PASS_OVER.id) == "next-move")
    can_pass = bearer or duel_right
    tower_right = bearer or phase == EXTRA_MOVE or duel_right
    stops: dict[str, tuple[bool, tuple[str, ...]]] = {}
    choices = []
    for path in route_paths(board, state, pid, longest, can_pass=can_pass, bearer=bearer):
        steps = len(path) - 1
        end = path[-1]
        if steps < shortest and not (exact_roll and bearer and board.kind[end] == "city"):
            continue
        if phase == MOVE or (phase == START and steps > 1):
            points = (MOVE_LENGTH.id,)
        else:
            points = ()
        if end in state["towers"]["spaces"] and not tower_right:
            continue
        if duel_right and (end in state["towers"]["spaces"]
                           or _passes_obstacle(board, state, pid, path)):
            points = points + (DUEL_PASS_OVER.id,)
        if end not in stops:
            stops[end] = _stop(state, pid, end, board, interpretation, tower_right)
        allowed, stop_points = stops[end]
        if not allowed:
            continue
        choices.append(Choice(_event("move", pid, path=list(path)),
                              _move_label(state, pid, name, path, board),
                              spaces=path, points=tuple(sorted(points + stop_points))))
    if phase == EXTRA_MOVE:
        choices += _passes(pid, f"{name} does not take the extra move")
        return choices
    read: list[str] = []

    def reading(point) -> str:
        read.append(point.id)
        return interpretation.option(point.id)

    if not move_open(board, state, pid, reading):
        label = f"{name} is blocked and does not move" if phase == MOVE else \
            f"{name} cannot move and passes"
        choices += _passes(pid, label, points=tuple(sorted(set(read))))
    return choices


def _passes_obstacle(board: Board, state, pid, path) -> bool:
    towers = state["towers"]["spaces"]
    others = {h["space"] for p, h in state["heroes"].items() if p != pid}
    return any(board.kind[s] in ("spell", "whistle") or s in towers or s in others
               for s in path[1:-1])


def _stop(state, pid, end, board: Board, interpretation, tower_right) -> tuple[bool, tuple[str, ...]]:
    """Whether a move may end on ``end`` (the points that decide it): an occupied city per
    dagon.occupied-city, a Spell without weapons per dagon.unarmed-on-spell."""
    if board.kind[end] != "city" and occupants(state, end, exclude=pid):
        return True, ()  # the move is an attack, judged as such by the next event
    allowed, point = stop_verdict(board, state, pid, end, tower_right=tower_right)
    if allowed:
        return True, ()
    if point is None:
        return False, ()
    lenient = "share" if point is OCCUPIED_CITY else "no-duel"
    return interpretation.option(point.id) == lenient, (point.id,)


def _move_label(state, pid, name, path, board: Board) -> str:
    end = board.name[path[-1]]
    if state["phase"] == EXTRA_MOVE:
        label = f"{name} moves one more space, to {end}"
    elif len(path) == 2:
        label = f"{name} moves to {end}"
    else:
        label = f"{name} moves to {end} by {', '.join(board.name[s] for s in path[1:-1])}"
    others = occupants(state, path[-1], exclude=pid)
    if others and board.kind[path[-1]] != "city":
        label += f" and attacks {player_name(state, others[0])}"
    return label


def _attacks(state, pid, name, board: Board, interpretation) -> list[Choice]:
    """One choice per free Lagoon space, chosen by whom dagon.lagoon-chooser says; none when
    the attacker may not attack (no weapons, or one against a Hero on a Spell)."""
    space = state["pending"]["space"]
    weapons = state["heroes"][pid]["weapons"]
    kind = board.kind[space]
    if weapons < 1 or (kind == "spell" and weapons == 1) or kind == "city":
        return []
    by_attacker = interpretation.option(LAGOON_CHOOSER.id) == "attacker"
    choices = []
    for target in occupants(state, space, exclude=pid):
        chooser = pid if by_attacker else target
        tname = player_name(state, target)
        choices += [Choice(_event("attack", pid, target=target, lagoon=lagoon,
                                  lagoon_chosen_by=chooser),
                           f"{name} attacks {tname} and {tname} goes to {board.name[lagoon]} "
                           f"(chosen by {player_name(state, chooser)})",
                           spaces=(space, lagoon), points=(LAGOON_CHOOSER.id,))
                    for lagoon in board.lagoons if not occupants(state, lagoon, exclude=target)]
    return choices


def _symbol_places(state, pid, name, board: Board, interpretation) -> list[Choice]:
    choices = []
    for space in board.white:
        read: list[str] = []

        def reading(point, read=read) -> str:
            read.append(point.id)
            return interpretation.option(point.id)

        if symbol_place_problem(board, state, space, reading)[0] is None:
            choices.append(Choice(_event("place_symbol", pid, space=space),
                                  f"{name} places the Dagon Symbol on {board.name[space]}",
                                  spaces=(space,), points=tuple(sorted(set(read)))))
    return choices


def _towers_placed(state, pid, name, board: Board) -> list[Choice]:
    choices = [Choice(_event("place_tower", pid, space=space),
                      f"{name} places a Black Tower on {board.name[space]}", spaces=(space,))
               for space in board.white if tower_problem(board, state, space) is None]
    if not free_whites(board, state):
        choices += _passes(pid, f"{name} places no Black Tower: no white circle is free")
    return choices


def _towers_moved(state, pid, name, board: Board) -> list[Choice]:
    targets = [space for space in board.white if tower_problem(board, state, space) is None]
    choices = [Choice(_event("move_tower", pid, **{"from": origin, "to": space}),
                      f"{name} moves the Black Tower from {board.name[origin]} to "
                      f"{board.name[space]}", spaces=(origin, space))
               for origin in state["towers"]["spaces"] for space in targets]
    if not free_whites(board, state):
        choices += _passes(pid, f"{name} moves no Black Tower: no white circle is free")
    return choices

