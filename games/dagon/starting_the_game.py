"""dagon/starting-the-game: the movement roll, the move along the route line, the pass, and
the effect of the space a move stops on ("applies only when a Hero stops on that space")."""

from __future__ import annotations

from games.core.choices import Choice, OpenField, Text, event, one_of
from games.core.draft import Draft
from games.core.event_rules import Offering
from games.core.referee import Referee
from games.dagon.board import Board, board_for
from games.dagon.certainties import BEARER_STOPS
from games.dagon.cities import reach_city
from games.dagon.movement import (
    LONGEST_MOVE,
    move_lengths,
    move_open,
    path_report,
    route_paths,
    stop_verdict,
)
from games.dagon.passages import CITIES, SPELLS, STARTING, TOWER, WEAPONS, WHISTLE, WIZARD
from games.dagon.points import (
    DUEL_PASS_OVER,
    MOVE_LENGTH,
    NO_MOVE_OPEN,
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
from games.dagon.weapons import attack_refusal, flag_attack_refusal
from games.dagon.wizard_card import start_checks


def roll(state: dict, pid: str, data, ref: Referee) -> tuple[dict, str]:
    """The fetish die rolled for a move: the sheet rolls it only for Spell duels, so a movement
    roll belongs to the conjectures of dagon.move-length."""
    draft = Draft(state)
    new = draft.state
    start_checks(draft, pid, ref)
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
    draft = Draft(state)
    new = draft.state
    board = board_for(new["board_id"])
    name = player_name(new, pid)
    hero = new["heroes"][pid]
    phase = new["phase"]
    if phase == START:
        if hero["wizard_card"]:
            ref.violation(WIZARD, f"{name} must return the Wizard card, not pass")
            summary = f"{name} passes without returning the Wizard card"
        elif hero["sit_out"] > 0:
            with_hero(draft, pid, sit_out=hero["sit_out"] - 1)
            summary = f"{name} sits out a turn"
        else:
            if move_open(board, new, pid, lambda point: ref.consult(
                    point, "whether the Hero has a move open")):
                ref.violation(STARTING, f"{name} can move and must move")
            else:
                hemmed_in(ref, name)
            summary = f"{name} cannot move and passes"
    elif phase == MOVE:
        if move_open(board, new, pid, lambda point: ref.consult(
                point, "whether the Hero is blocked after its roll")):
            ref.violation(STARTING, f"{name} can move on its roll of {new['roll']} and must move")
        else:
            hemmed_in(ref, name)
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
        with_hero(draft, pid, pass_right=False)
    end_turn(draft)
    return new, summary


def hemmed_in(ref: Referee, name: str) -> None:
    """A pass with no move open: "must move" has only the Wizard card for exception, so
    whether such a Hero may pass is dagon.no-move-open's to say."""
    if ref.consult(NO_MOVE_OPEN, "a Hero with no move open passes") == "breaks-the-rule":
        ref.violation(STARTING, f"{name} must move: the only exception is the Wizard card",
                      point=NO_MOVE_OPEN)


def move(state: dict, pid: str, data, ref: Referee) -> tuple[dict, str]:
    """ "Each player moves their Hero, of their choice, one circle along the route line, in
    either direction", over what may be passed, and stops where the path ends; the bearer of
    the Symbol stops in the first city it reaches."""
    draft = Draft(state)
    new = draft.state
    board = board_for(new["board_id"])
    path = data["path"]
    name = player_name(new, pid)
    phase = new["phase"]
    if phase == START:
        start_checks(draft, pid, ref)
    hero = new["heroes"][pid]
    problems, obstacles, ends_on_tower, cities_passed = path_report(board, new, pid, path)
    for problem in problems:
        ref.violation(STARTING, problem)
    end = path[-1]
    if end not in board.kind:
        end_turn(draft)
        return new, f"{name} moves to an unknown space (the Hero stays where it was)"
    steps = len(path) - 1
    bearer = new["symbol"]["bearer"] == pid
    check_length(new, name, phase, steps, end, bearer, ref, board)
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
    with_hero(draft, pid, **changes)
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
            return new, summary + "; " + arrive(draft, pid, name, end, ref, board)
        refusal = attack_refusal(board, new, pid, end, others[0])
        if refusal:  # "Only free spaces may be moved onto (exception: to attack another Hero)"
            flag_attack_refusal(ref, f"{name} may not move onto {board.name[end]}, taken by "
                                f"{player_name(new, others[0])}: {refusal}", board, end)
        new["phase"] = ATTACK
        new["pending"] = {"target": others[0], "space": end}
        return new, summary + f" and attacks {player_name(new, others[0])}"
    return new, summary + joined(arrive(draft, pid, name, end, ref, board))


def joined(text: str) -> str:
    return "; " + text if text else ""


def check_length(new, name, phase, steps, end, bearer, ref: Referee, board: Board) -> None:
    """How far the Hero went against how far it may go: one more space after a duel; one
    circle at the turn's start (longer only under the roll conjectures, on an unrecorded roll);
    after a recorded roll, what dagon.move-length makes of it."""
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


def arrive(draft: Draft, pid: str, name: str, space: str, ref: Referee, board: Board) -> str:
    """The effect of the space a Hero (``name``) stops on; sets the next phase or ends the
    turn."""
    new = draft.state
    kind = board.kind[space]
    if kind == "city":
        return reach_city(draft, pid, name, space, ref, board)
    if kind == "spell":
        if new["heroes"][pid]["weapons"] < 1:
            if ref.consult(UNARMED_ON_SPELL, "a Hero with no weapons stops on a Spell") == "may-not-stop":
                ref.violation(WEAPONS, f"{name} has no weapons and may not fight the Spell on "
                              f"{board.name[space]}", point=UNARMED_ON_SPELL)
            end_turn(draft)
            return f"{name} has no weapon to fight the Spell"
        new["phase"] = SPELL_CARD
        new["pending"] = {"space": space}
        return f"{name} must fight the Spell"
    if kind == "tower":
        if new["towers"]["reserve"] > 0 and free_whites(board, new):
            new["phase"] = PLACE_TOWER
            return f"{name} must introduce a Black Tower"
        end_turn(draft)
        return "no Black Tower can be placed"
    if kind == "whistle":
        if new["towers"]["spaces"]:
            new["phase"] = MOVE_TOWER
            return f"{name} must move a Black Tower"
        end_turn(draft)
        return "no Black Tower is on the board to move"
    symbol = new["symbol"]
    if symbol["bearer"] is None and symbol["space"] == space:
        new["phase"] = TAKE_SYMBOL
        return f"{name} may take the Dagon Symbol"
    end_turn(draft)
    return ""


# -- what may come next -----------------------------------------------------------------------

FACES = (1, 2, 3, 4, 5, 6)
REASON = OpenField("reason", Text(max_length=500), prompt="Why (as the record says it)",
                   optional=True)


def _playing(state, pid) -> bool:
    """At the turn's start, the Hero neither holds the Wizard card nor sits out."""
    hero = state["heroes"][pid]
    return not hero["wizard_card"] and hero["sit_out"] == 0


def offer_roll(at: Offering) -> list[Choice]:
    """A movement roll, only under the roll conjectures of dagon.move-length: the fetish die,
    each face a chance outcome."""
    state = at.state
    pid = state["turn"]
    if state["phase"] != START or not _playing(state, pid):
        return []
    if at.option(MOVE_LENGTH) == "one-circle":
        return []
    value = OpenField("value", one_of(FACES), prompt="The fetish die shows")
    return [Choice(event("roll", pid), f"{player_name(state, pid)} rolls the fetish die for "
                   "the move", chance=True, fields=(value,), points=(MOVE_LENGTH.id,))]


def offer_move(at: Offering) -> list[Choice]:
    """Every path the Hero may take now, one choice per space it may end on (the path open
    where several lead there). At the turn's start a path of one circle is legal under every
    reading; a longer one only under the roll conjectures (an unrecorded roll), so it names
    dagon.move-length."""
    state = at.state
    pid = state["turn"]
    phase = state["phase"]
    if phase not in (START, MOVE, EXTRA_MOVE) or (phase == START and not _playing(state, pid)):
        return []
    board = board_for(state["board_id"])
    hero = state["heroes"][pid]
    bearer = state["symbol"]["bearer"] == pid
    option = at.option(MOVE_LENGTH)
    shortest, longest, exact_roll = move_lengths(state, at.option)
    if phase == START and option != "one-circle":
        longest = LONGEST_MOVE
    duel_right = (not bearer and phase != EXTRA_MOVE and hero["pass_right"]
                  and at.option(DUEL_PASS_OVER) == "next-move")
    can_pass = bearer or duel_right
    tower_right = bearer or phase == EXTRA_MOVE or duel_right
    stops: dict[str, tuple[bool, tuple[str, ...]]] = {}
    by_end: dict[str, list[tuple[tuple[str, ...], tuple[str, ...]]]] = {}
    for path in route_paths(board, state, pid, longest, can_pass=can_pass, bearer=bearer):
        steps = len(path) - 1
        end = path[-1]
        if steps < shortest and not (exact_roll and bearer and board.kind[end] == "city"):
            continue
        if end in state["towers"]["spaces"] and not tower_right:
            continue
        points: tuple[str, ...] = ()
        if phase == MOVE or (phase == START and steps > 1):
            points = (MOVE_LENGTH.id,)
        if duel_right and (end in state["towers"]["spaces"]
                           or _passes_obstacle(board, state, pid, path)):
            points += (DUEL_PASS_OVER.id,)
        if end not in stops:
            stops[end] = _stop(state, pid, end, board, at, tower_right)
        allowed, stop_points = stops[end]
        if allowed:
            by_end.setdefault(end, []).append((path, points + stop_points))
    return [_move_choice(state, pid, board, paths) for paths in by_end.values()]


def _move_choice(state, pid, board: Board, paths) -> Choice:
    """The move to one space: the path fixed when one leads there, else open among them."""
    end = paths[0][0][-1]
    start = paths[0][0][0]
    points = tuple(sorted({p for _path, found in paths for p in found}))
    spaces = tuple(dict.fromkeys(space for path, _found in paths for space in path))
    label = _move_label(state, pid, end, board)
    if len(paths) == 1:
        return Choice(event("move", pid, path=list(paths[0][0])), label, spaces=spaces,
                      origin=start, target=end, points=points)
    routes = [path for path, _found in paths]
    by = OpenField("path", one_of(routes, label=lambda path: _by_words(path, board)),
                   prompt="The way it went")
    return Choice(event("move", pid), label, fields=(by,), spaces=spaces, origin=start,
                  target=end, points=points)


def _by_words(path, board: Board) -> str:
    if len(path) == 2:
        return f"straight to {board.name[path[-1]]}"
    return "by " + ", ".join(board.name[space] for space in path[1:-1])


def _passes_obstacle(board: Board, state, pid, path) -> bool:
    towers = state["towers"]["spaces"]
    others = {h["space"] for p, h in state["heroes"].items() if p != pid}
    return any(board.kind[s] in ("spell", "whistle") or s in towers or s in others
               for s in path[1:-1])


def _stop(state, pid, end, board: Board, at: Offering, tower_right) -> tuple[bool, tuple[str, ...]]:
    """Whether a move may end on ``end`` (the points that decide it): an occupied city per
    dagon.occupied-city, a Spell without weapons per dagon.unarmed-on-spell, another Hero only
    when the weapons allow the attack."""
    allowed, point = stop_verdict(board, state, pid, end, tower_right=tower_right)
    if allowed:
        return True, ()
    if point is None:
        return False, ()
    lenient = "share" if point is OCCUPIED_CITY else "no-duel"
    return at.option(point) == lenient, (point.id,)


def _move_label(state, pid, end, board: Board) -> str:
    name = player_name(state, pid)
    if state["phase"] == EXTRA_MOVE:
        label = f"{name} moves one more space, to {board.name[end]}"
    else:
        label = f"{name} moves to {board.name[end]}"
    others = occupants(state, end, exclude=pid)
    if others and board.kind[end] != "city":
        label += f" and attacks {player_name(state, others[0])}"
    return label


def offer_pass(at: Offering) -> list[Choice]:
    """A pass only where the sheet allows one: sitting out, no move open (as
    dagon.no-move-open reads "must move (exception: the Hero is temporarily blocked"),
    declining the extra move or the Symbol, or no free white circle for a Black Tower."""
    state = at.state
    pid = state["turn"]
    phase = state["phase"]
    name = player_name(state, pid)
    hero = state["heroes"][pid]
    board = board_for(state["board_id"])
    here = (hero["space"],)
    if phase == START:
        if hero["wizard_card"]:
            return []
        if hero["sit_out"] > 0:
            return [_pass(pid, f"{name} sits out this turn", here)]
    if phase in (START, MOVE):
        read: set[str] = set()

        def reading(point) -> str:
            read.add(point.id)
            return at.option(point)

        if move_open(board, state, pid, reading) or \
                reading(NO_MOVE_OPEN) == "breaks-the-rule":
            return []
        label = f"{name} is blocked and does not move" if phase == MOVE else \
            f"{name} cannot move and passes"
        return [_pass(pid, label, here, tuple(sorted(read)))]
    if phase == EXTRA_MOVE:
        return [_pass(pid, f"{name} does not take the extra move", here)]
    if phase == TAKE_SYMBOL:
        return [_pass(pid, f"{name} leaves the Dagon Symbol where it lies", here)]
    if phase == PLACE_TOWER and not free_whites(board, state):
        return [_pass(pid, f"{name} places no Black Tower: no white circle is free", here)]
    if phase == MOVE_TOWER and not free_whites(board, state):
        return [_pass(pid, f"{name} moves no Black Tower: no white circle is free", here)]
    return []


def _pass(pid: str, label: str, spaces: tuple[str, ...], points=()) -> Choice:
    """The pass, with the free-text reason a record may note."""
    return Choice(event("pass", pid), label, fields=(REASON,), spaces=spaces, points=points)


RULES = {
    "roll": (roll, offer_roll),
    "move": (move, offer_move),
    "pass": (pass_turn, offer_pass),
}
