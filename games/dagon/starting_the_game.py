"""dagon/starting-the-game: the movement roll, the move along the route line, the pass, and
the effect of the space a move stops on ("applies only when a Hero stops on that space")."""

from __future__ import annotations

from games.core.referee import Referee
from games.dagon.board import Board, board_for
from games.dagon.certainties import BEARER_STOPS
from games.dagon.cities import reach_city
from games.dagon.movement import LONGEST_MOVE, move_open, path_report
from games.dagon.passages import CITIES, SPELLS, STARTING, TOWER, WEAPONS, WHISTLE, WIZARD
from games.dagon.points import (
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
    """The fetish die rolled for a move: the sheet rolls it only for Spell duels, so a movement
    roll belongs to the conjectures of dagon.move-length."""
    new = dict(state)
    start_checks(new, pid, ref)
    value = data["value"]
    if ref.consult(MOVE_LENGTH, "a movement roll") == "one-circle":
        ref.violation(STARTING, "a Hero moves one circle along the route line; the sheet rolls "
                      "the fetish die only to fight a Spell", point=MOVE_LENGTH)
    new["roll"] = value
    new["phase"] = MOVE
    ref.effect("roll", player=pid, value=value)
    return new, f"{player_name(new, pid)} rolls {value}"


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
            if move_open(board, new, pid, lambda point: ref.consult(
                    point, "whether the Hero has a move open")):
                ref.violation(STARTING, f"{name} can move and must move")
            summary = f"{name} cannot move and passes"
    elif phase == MOVE:
        if move_open(board, new, pid, lambda point: ref.consult(
                point, "whether the Hero is blocked after its roll")):
            ref.violation(STARTING, f"{name} can move on its roll of {new['roll']} and must move")
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
    either direction", over what may be passed, and stops where the path ends; the bearer of
    the Symbol stops in the first city it reaches."""
    new = dict(state)
    board = board_for(new["board_id"])
    path = data["path"]
    name = player_name(new, pid)
    phase = new["phase"]
    if phase == START:
        start_checks(new, pid, ref)
    hero = new["heroes"][pid]
    problems, obstacles, ends_on_tower, cities_passed = path_report(board, new, pid, path)
    for problem in problems:
        ref.violation(STARTING, problem)
    end = path[-1]
    if end not in board.kind:
        end_turn(new)
        return new, f"{name} moves to an unknown space (the Hero stays where it was)"
    steps = len(path) - 1
    bearer = new["symbol"]["bearer"] == pid
    check_length(new, pid, phase, steps, end, bearer, ref, board)
    if bearer and cities_passed:
        ref.violation(CITIES, f"{name} carries the Symbol and stops in "
                      f"{board.name[cities_passed[0]]}, not beyond it",
                      citations=BEARER_STOPS)
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
    """How far the Hero went against how far it may go: one more space after a duel; one
    circle at the turn's start (longer only under the roll conjectures, on an unrecorded roll);
    after a recorded roll, what dagon.move-length makes of it."""
    name = player_name(new, pid)
    if phase == EXTRA_MOVE:
        if steps != 1:
            ref.violation(SPELLS, f"the duel winner moves one more space, not {steps}")
        return
    if phase == START:
        if steps == 1:
            return  # one circle: a move every reading allows
        option = ref.consult(MOVE_LENGTH, f"a move of {steps} circles with no roll recorded")
        if option == "one-circle":
            ref.violation(STARTING, f"{name} moves {steps} circles, not one", point=MOVE_LENGTH)
        elif steps > LONGEST_MOVE:
            ref.violation(STARTING, f"{name} moves {steps} circles, more than the die shows",
                          point=MOVE_LENGTH)
        return
    rolled = new["roll"]
    option = ref.consult(MOVE_LENGTH, "the length of the move")
    if option == "one-circle":
        if steps != 1:
            ref.violation(STARTING, f"{name} moves {steps} circles, not one", point=MOVE_LENGTH)
    elif steps > rolled:
        ref.violation(STARTING, f"{name} moves {steps} circles with a roll of {rolled}",
                      point=MOVE_LENGTH)
    elif steps < rolled and option == "roll-exact" and not (bearer and board.kind[end] == "city"):
        ref.violation(STARTING, f"{name} moves {steps} circles with a roll of {rolled} (only "
                      "the bearer of the Symbol stops short, in a city)", point=MOVE_LENGTH)


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
