"""dagon/starting-the-game: the movement roll, the move along the route line, the pass, and
the effect of the space a move stops on ("applies only when a Hero stops on that space")."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.core.referee import Referee
from games.dagon.board import Board, board_for
from games.dagon.cities import reach_city
from games.dagon.movement import legal_ends, path_report
from games.dagon.passages import CITIES, SPELLS, STARTING, TOWER, WEAPONS, WHISTLE, WIZARD
from games.dagon.points import (
    CITY_EARLY_STOP,
    DUEL_PASS_OVER,
    MOVE_LENGTH,
    OCCUPIED_CITY,
    UNARMED_ON_SPELL,
)
from games.dagon.state import (
    ATTACK,
    EXTRA_MOVE,
    MOVE,
    MOVE_TOWER,
    PLACE_TOWER,
    SPELL_CARD,
    START,
    TAKE_SYMBOL,
    end_turn,
    free_whites,
    occupants,
    player_name,
    with_hero,
)
from games.dagon.wizard_card import start_checks


def roll(state: dict, pid: str, data, ref: Referee) -> tuple[dict, str]:
    """The fetish die rolled for a move: read under dagon.move-length."""
    new = dict(state)
    start_checks(new, pid, ref)
    value = data["value"]
    if ref.consult(MOVE_LENGTH, "a movement roll") == "one-circle":
        ref.violation(STARTING, "a Hero moves one circle a turn; there is no movement roll",
                      point=MOVE_LENGTH)
    new["roll"] = value
    new["phase"] = MOVE
    ref.effect("roll", player=pid, value=value)
    return new, f"{player_name(new, pid)} rolls {value}"


def ways_out(state: Mapping[str, Any], pid: str, board: Board, steps: int, *, exact: bool) -> bool:
    """Whether the Hero has a move of ``steps`` (or up to it) open, under the strict reading of
    the other points; a Hero off the board (an unknown space) is never blocked."""
    hero = state["heroes"][pid]
    bearer = state["symbol"]["bearer"] == pid
    _layers, ends = legal_ends(board, state, pid, steps, can_pass=bearer,
                               exact=exact, early_city=bearer)
    return bool(ends) or hero["space"] not in board.kind


def pass_turn(state: dict, pid: str, data, ref: Referee) -> tuple[dict, str]:
    """ "The player whose turn it is must move (exception: the Hero is temporarily blocked";
    a pass also declines what the sheet makes optional, or says no Black Tower can go."""
    new = dict(state)
    board = board_for(new["board_id"])
    name = player_name(new, pid)
    hero = new["heroes"][pid]
    phase = new["phase"]
    if phase == START:
        if hero["wizard_card"]:
            ref.violation(WIZARD, f"{name} must return the Wizard card, not pass")
            summary = f"{name} passes without returning the Wizard card"
        elif hero["sit_out"] > 0:
            with_hero(new, pid, sit_out=hero["sit_out"] - 1)
            summary = f"{name} sits out a turn"
        else:
            option = ref.consult(MOVE_LENGTH, "whether the Hero could move")
            if option != "one-circle":
                ref.violation(STARTING, f"{name} must roll and move, not pass", point=MOVE_LENGTH)
            elif ways_out(new, pid, board, 1, exact=True):
                ref.violation(STARTING, f"{name} could move one circle and must move",
                              point=MOVE_LENGTH)
            summary = f"{name} passes"
    elif phase == MOVE:
        option = ref.consult(MOVE_LENGTH, "whether the Hero is blocked")
        steps = 1 if option == "one-circle" else new["roll"]
        if ways_out(new, pid, board, steps, exact=option != "roll-up-to"):
            ref.violation(STARTING, f"{name} can move {steps} and must move")
        summary = f"{name} is blocked and does not move"
    elif phase == EXTRA_MOVE:
        summary = f"{name} does not take the extra move"
    elif phase == TAKE_SYMBOL:
        summary = f"{name} leaves the Dagon Symbol where it lies"
    elif phase == PLACE_TOWER:
        if free_whites(board, new):
            ref.violation(TOWER, f"{name} stopped on a Tower space and must introduce a Black Tower")
        summary = f"{name} places no Black Tower"
    else:  # MOVE_TOWER
        if free_whites(board, new):
            ref.violation(WHISTLE, f"{name} reached the Whistle and must move a Black Tower")
        summary = f"{name} moves no Black Tower"
    if phase in (MOVE, START):
        with_hero(new, pid, pass_right=False)
    end_turn(new)
    return new, summary


def move(state: dict, pid: str, data, ref: Referee) -> tuple[dict, str]:
    """ "Each player moves their Hero, of their choice, one circle along the route line, in
    either direction", over what may be passed, and stops where the path ends."""
    new = dict(state)
    board = board_for(new["board_id"])
    path = data["path"]
    name = player_name(new, pid)
    phase = new["phase"]
    if phase == START:
        start_checks(new, pid, ref)
        if ref.consult(MOVE_LENGTH, "a move without a roll") != "one-circle":
            ref.violation(STARTING, f"{name} moves without rolling the fetish die",
                          point=MOVE_LENGTH)
    hero = new["heroes"][pid]
    problems, obstacles, ends_on_tower = path_report(board, new, pid, path)
    for problem in problems:
        ref.violation(STARTING, problem)
    end = path[-1]
    if end not in board.kind:
        end_turn(new)
        return new, f"{name} moves to an unknown space (the Hero stays where it was)"
    steps = len(path) - 1
    bearer = new["symbol"]["bearer"] == pid
    check_length(new, pid, phase, steps, end, bearer, ref, board)
    # The bearer passes every obstacle, a duel winner on its extra move (and later per
    # dagon.duel-pass-over).
    if (obstacles or ends_on_tower) and not bearer and phase != EXTRA_MOVE:
        allowed = False
        if hero["pass_right"]:
            allowed = ref.consult(DUEL_PASS_OVER, "a duel winner passes an obstacle on a "
                                  "later move") == "next-move"
        if not allowed:
            for space in obstacles:
                ref.violation(STARTING, f"{name} may not pass over {board.name[space]}",
                              point=DUEL_PASS_OVER if hero["pass_right"] else None)
            if ends_on_tower:
                ref.violation(TOWER, f"{name} may not stop on the Black Tower on "
                              f"{board.name[end]}",
                              point=DUEL_PASS_OVER if hero["pass_right"] else None)
    changes = {"space": end}
    if phase != EXTRA_MOVE:
        changes["pass_right"] = False
    with_hero(new, pid, **changes)
    new["roll"] = None
    ref.effect("move", player=pid, path=list(path))
    summary = f"{name} moves to {board.name[end]}"
    others = occupants(new, end, exclude=pid)
    if others:
        if board.kind[end] == "city":
            if ref.consult(OCCUPIED_CITY, "a Hero stops in a city where another stands") == "forbidden":
                ref.violation(CITIES, f"{name} may not stop in {board.name[end]}: "
                              f"{player_name(new, others[0])} is there and may not be "
                              "attacked", point=OCCUPIED_CITY)
            return new, summary + "; " + arrive(new, pid, end, ref, board)
        new["phase"] = ATTACK
        new["pending"] = {"target": others[0], "space": end}
        return new, summary + f" and attacks {player_name(new, others[0])}"
    return new, summary + joined(arrive(new, pid, end, ref, board))


def joined(text: str) -> str:
    return "; " + text if text else ""


def check_length(new, pid, phase, steps, end, bearer, ref: Referee, board: Board) -> None:
    """How far the Hero went against how far it may go (dagon.move-length; the duel winner's
    "moving one more space")."""
    name = player_name(new, pid)
    if phase == EXTRA_MOVE:
        if steps != 1:
            ref.violation(SPELLS, f"the duel winner moves one more space, not {steps}")
        return
    if phase == START:  # the one-circle reading (or a missing roll, already flagged)
        if steps != 1:
            ref.violation(STARTING, f"{name} moves {steps} circles, not one", point=MOVE_LENGTH)
        return
    rolled = new["roll"]
    option = ref.consult(MOVE_LENGTH, "the length of the move")
    if option == "one-circle":
        if steps != 1:
            ref.violation(STARTING, f"{name} moves {steps} circles, not one", point=MOVE_LENGTH)
    elif steps > rolled:
        ref.violation(STARTING, f"{name} moves {steps} spaces with a roll of {rolled}",
                      point=MOVE_LENGTH)
    elif steps < rolled and option == "roll-exact":
        if board.kind[end] != "city":
            ref.violation(STARTING, f"{name} moves {steps} spaces with a roll of {rolled}",
                          point=MOVE_LENGTH)
        elif ref.consult(CITY_EARLY_STOP, "a move ends in a city short of the roll") == "bearer" \
                and not bearer:
            ref.violation(CITIES, f"only the bearer of the Symbol stops in a city short of its "
                          f"roll; {name} moved {steps} of {rolled}", point=CITY_EARLY_STOP)


def arrive(new: dict, pid: str, space: str, ref: Referee, board: Board) -> str:
    """The effect of the space a Hero stops on; sets the next phase or ends the turn."""
    kind = board.kind[space]
    name = player_name(new, pid)
    if kind == "city":
        return reach_city(new, pid, space, ref, board)
    if kind == "spell":
        if new["heroes"][pid]["weapons"] < 1:
            if ref.consult(UNARMED_ON_SPELL, "a Hero with no weapons stops on a Spell") == "may-not-stop":
                ref.violation(WEAPONS, f"{name} has no weapons and may not fight the Spell on "
                              f"{board.name[space]}", point=UNARMED_ON_SPELL)
            end_turn(new)
            return f"{name} has no weapon to fight the Spell"
        new["phase"] = SPELL_CARD
        new["pending"] = {"space": space}
        return f"{name} must fight the Spell"
    if kind == "tower":
        if new["towers"]["reserve"] > 0 and free_whites(board, new):
            new["phase"] = PLACE_TOWER
            return f"{name} must introduce a Black Tower"
        end_turn(new)
        return "no Black Tower can be placed"
    if kind == "whistle":
        if new["towers"]["spaces"]:
            new["phase"] = MOVE_TOWER
            return f"{name} must move a Black Tower"
        end_turn(new)
        return "no Black Tower is on the board to move"
    symbol = new["symbol"]
    if symbol["bearer"] is None and symbol["space"] == space:
        new["phase"] = TAKE_SYMBOL
        return f"{name} may take the Dagon Symbol"
    end_turn(new)
    return ""
