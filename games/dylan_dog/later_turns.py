"""dylan-dog/first-turn and later-turns: the move after the throw (the pawn, the nightmare
plane, or both), and the end of a turn with what it leaves undone."""

from __future__ import annotations

from functools import lru_cache

from games.core.choices import Choice, OpenField, event, one_of
from games.core.draft import Draft
from games.core.event_rules import Offering
from games.dylan_dog import points as pts
from games.dylan_dog.board import PLANE, SLOTS, WHITE, crypts_led_to, square_words
from games.dylan_dog.exchange import transfer
from games.dylan_dog.moving_between_planes import paths_turned_first, pawn_paths, walk
from games.dylan_dog.passages import (
    FINAL_NOTES,
    FIRST_TURN,
    HORROR,
    LATER_TURNS,
    MOVING,
    THE_DIE,
)
from games.dylan_dog.state import duties, name
from games.dylan_dog.the_die import count_verdict, face_value, move_judgement, squares_used
from games.dylan_dog.the_end_of_the_game import win_at_turn_start
from games.dylan_dog.the_nightmare_plane import arrive


def on_move(state, actor, data, ref):
    """dylan-dog/first-turn, later-turns, moving-between-planes, final-notes-before-starting."""
    turn = state["turn"]
    who = name(state, actor)
    path = list(data.get("path") or [])
    rotation = data.get("rotation", 0)
    rotate_first = bool(data.get("rotate_first", False))
    value = face_value(turn["die"])
    player = state["players"][actor]
    first_turn = player["turns"] == 0
    r0 = state["rotation"]
    start = player["square"]
    if first_turn:
        _check_first_turn(ref, path, rotation, value)
    else:
        _check_order(state, ref, path, rotation, rotate_first, start)
    pawn_rotation = (r0 + rotation) % SLOTS if rotate_first else r0
    exact = not path if first_turn else False
    if path:
        error, entered, free, in_crypt = walk(start, path, pawn_rotation)
        if error:
            reverses = "reverses" in error or "turns back" in error
            ref.violation(FINAL_NOTES if reverses else MOVING, error)
        if not first_turn:
            exact = check_count(ref, value, entered, free, abs(rotation), in_crypt)
    elif not first_turn:
        if rotation == 0:
            ref.violation(
                LATER_TURNS,
                "the throw was not used: the pawn did not move and the plane did not turn",
            )
        else:
            exact = check_count(ref, value, 0, 0, abs(rotation), False)
    draft = Draft(state)
    draft.state["rotation"] = (r0 + rotation) % SLOTS
    changes = {"turns": player["turns"] + 1}
    if path:
        changes["square"] = path[-1]
        changes["sent_to_crypt"] = False
    draft.update("players", actor, **changes)
    draft.update("turn", phase="resolve")
    if rotation:
        ref.effect("rotate", by=rotation, rotation=draft.state["rotation"])
    if path:
        ref.effect("pawn", player=actor, path=path)
    arrive(draft, actor, ref, pawn_moved=bool(path), first_turn=first_turn, path=path,
           exact_throw=exact)
    parts = []
    if path:
        parts.append(f"moves {len(path)} to {square_words(path[-1])}")
    if rotation:
        way = "clockwise" if rotation > 0 else "anticlockwise"
        parts.append(f"turns the nightmare plane {abs(rotation)} {way}")
    return draft.state, f"{who} " + (" and ".join(parts) if parts else "does nothing")


def _check_first_turn(ref, path, rotation, value):
    """dylan-dog/first-turn: the plane turns by exactly the throw, and the pawn stays."""
    if path:
        ref.violation(
            FIRST_TURN, "on the first turn the player only rotates the nightmare plane"
        )
    if rotation == 0:
        ref.violation(FIRST_TURN, "on the first turn the nightmare plane must be rotated")
    elif value is not None and abs(rotation) != value:
        ref.violation(
            FIRST_TURN,
            f"the plane must turn exactly {value} squares, not {abs(rotation)}",
        )


def _check_order(state, ref, path, rotation, rotate_first, start):
    """dylan-dog/later-turns: a mixed move's order, and rotating from the mystery plane."""
    if (
        path
        and rotation
        and rotate_first
        and ref.consult(pts.MIXED_MOVE_ORDER, "the plane was rotated before the pawn moved")
        == "pawn-then-rotate"
    ):
        ref.violation(
            LATER_TURNS,
            "in a mixed move the pawn moves first, then the plane rotates",
            point=pts.MIXED_MOVE_ORDER,
        )
    if rotation and PLANE[start] == "mystery":
        led = crypts_led_to(start)
        if (
            any(state["crypts"][c] > 0 for c in led)
            and ref.consult(
                pts.MYSTERY_ROTATION, "a pawn on the mystery plane rotated the nightmare plane"
            )
            == "only-when-crypt-empty"
        ):
            ref.violation(
                LATER_TURNS,
                "on the mystery plane a player may only move their pawn "
                "while the crypt ahead still has cards",
                point=pts.MYSTERY_ROTATION,
            )


def check_count(ref, value, entered, free, turned, in_crypt) -> bool:
    """The squares used against the throw (dylan-dog/later-turns, reaching-the-mystery-crypts);
    whether the move used exactly the throw (any 1 to 6 on Dylan Dog's face)."""
    option = pts.PASSAGE_STEP.default
    if free:  # only a free change of plane counts differently under the readings
        totals = {o: squares_used(o, entered, free, turned) for o in pts.PASSAGE_STEP.option_ids}
        verdicts = {o: count_verdict(value, t, in_crypt) for o, t in totals.items()}
        if len(set(verdicts.values())) > 1:
            option = ref.consult(
                pts.PASSAGE_STEP, "the move changed plane outside a dimensional passage"
            )
    total = squares_used(option, entered, free, turned)
    result = count_verdict(value, total, in_crypt)
    limit = "6" if value is None else str(value)
    if result == "over":
        ref.violation(
            THE_DIE,
            f"the move uses {total} squares but the throw allows {limit}",
            point=pts.PASSAGE_STEP if free else None,
        )
    elif result == "zero":
        ref.violation(LATER_TURNS, "the move uses no square of the throw")
    elif (
        result == "short"
        and ref.consult(pts.PARTIAL_MOVE, f"the move uses {total} of {value} squares") == "exact"
    ):
        ref.violation(
            LATER_TURNS,
            f"the move uses {total} squares but the die shows {value}",
            point=pts.PARTIAL_MOVE,
        )
    return result == "ok" and (value is None or total == value)


def on_end_turn(state, actor, data, ref):
    """dylan-dog/starting-the-game: play passes in the decided order."""
    who = name(state, actor)
    turn = state["turn"]
    draft = Draft(state)
    if state["fight"] is not None:
        ref.violation(
            HORROR,
            f"the fight against {state['fight']['name']} was not finished; the card leaves the "
            "game",
        )
        draft.state["fight"] = None
    if turn["phase"] in ("setup", "before-roll"):
        ref.violation(LATER_TURNS, f"{who} ends the turn without throwing the die")
    elif turn["phase"] == "action":
        ref.violation(LATER_TURNS, f"{who} threw the die but did not move")
    owed = duties(state)
    if owed:
        ref.violation(
            FINAL_NOTES,
            "left undone: " + ", ".join(f"{i['kind']} ({name(state, i['player'])})" for i in owed),
        )
        for item in owed:
            _default_obligation(draft, item)
    draft.state["pending"] = []
    order = state["order"]
    nxt = order[(order.index(actor) + 1) % len(order)]
    draft.update("turn", player=nxt, number=turn["number"] + 1, phase="before-roll", die=None)
    win_at_turn_start(draft, nxt, ref)
    return draft.state, f"{who} ends the turn; {name(state, nxt)} plays"


def _default_obligation(draft: Draft, item) -> None:
    """The defined state for an obligation left undone at the end of a turn (README.md)."""
    state = draft.state
    pid = item["player"]
    kind = item["kind"]
    if kind in ("place", "shadow-trap"):
        occupied = {p["square"] for q, p in state["players"].items() if q != pid}
        square = next((w for w in WHITE if w not in occupied), WHITE[0])
        draft.update("players", pid, square=square, sent_to_crypt=False)
    elif kind == "forfeit":
        held = state["players"][pid]["mystery"]
        if not held:
            return
        card = held[0]
        if item["to"] == "crypt":
            player = draft.edit("players", pid)
            player["mystery"] = held[1:]
            player["mystery_hidden"] = [c for c in player["mystery_hidden"] if c != card]
            draft.set("crypts", item["crypt"], state["crypts"][item["crypt"]] + 1)
        else:
            transfer(draft, pid, item["to"], [card])
    # an undrawn card is simply not drawn


# -- what a turn may hold next ------------------------------------------------------------


def offer_end_turn(at: Offering) -> list[Choice]:
    """The turn player ends a turn whose move is made, with no fight and no duty left."""
    state = at.state
    turn = state["turn"]
    if state["fight"] is not None or turn["phase"] != "resolve":
        return []
    if duties(state):
        return []
    pid = turn["player"]
    if at.viewer not in (None, pid):
        return []
    return [Choice(event("end_turn", pid), f"{name(state, pid)} ends the turn")]


def offer_move(at: Offering) -> list[Choice]:
    """What the throw allows: on the first turn the plane turned by the throw; later the
    plane turned, the pawn moved (its path open, picked among the walks the throw allows), or
    both: one choice for each way the pawn and the plane share the throw, never one for each
    combination of path and turn."""
    state = at.state
    turn = state["turn"]
    if state["fight"] is not None or turn["phase"] != "action":
        return []
    pid = turn["player"]
    if at.viewer not in (None, pid):
        return []
    player = state["players"][pid]
    value = face_value(turn["die"])
    if player["turns"] == 0:
        sizes = (value,) if value is not None else tuple(range(1, 7))
        return [Choice(event("move", pid, path=[]),
                       f"{player['name']} turns the nightmare plane (first turn)",
                       fields=(_turning(sizes), ANY_ORDER))]
    start = player["square"]
    live = PLANE[start] == "mystery" and any(state["crypts"][c] > 0
                                             for c in crypts_led_to(start))
    return list(_later_moves(pid, player["name"], start, state["rotation"], value, live,
                             at.option(pts.PASSAGE_STEP), at.option(pts.PARTIAL_MOVE),
                             at.option(pts.MIXED_MOVE_ORDER), at.option(pts.MYSTERY_ROTATION)))


def _way(rotation: int) -> str:
    return (f"{abs(rotation)} square{'s' if abs(rotation) > 1 else ''} "
            f"{'clockwise' if rotation > 0 else 'anticlockwise'}")


def _sizes_words(sizes) -> str:
    if len(sizes) == 1:
        return f"{sizes[0]} square{'s' if sizes[0] > 1 else ''}"
    if list(sizes) == list(range(sizes[0], sizes[-1] + 1)):
        return f"{sizes[0]} to {sizes[-1]} squares"
    return f"{', '.join(map(str, sizes[:-1]))} or {sizes[-1]} squares"


def _turning(sizes) -> OpenField:
    return OpenField("rotation", one_of([r for size in sizes for r in (size, -size)],
                                        label=_way),
                     prompt="How far the nightmare plane turns")


# in a move that turns the plane alone or moves the pawn alone, which went first says nothing
ANY_ORDER = OpenField("rotate_first", one_of((False, True), label=lambda first: (
    "marked as turned first" if first else "marked as not turned first")),
    prompt="Marked as turned first", optional=True)
PAWN_FIRST = OpenField("rotate_first", one_of((False,), label=lambda _: "the pawn moved first"),
                       prompt="Marked as turned first", optional=True)


@lru_cache(maxsize=1024)
def _later_moves(pid, who, start, rotation, value, live, passage_step, partial_move, order,
                 mystery_rotation) -> tuple[Choice, ...]:
    budget = 6 if value is None else value
    may_turn = not (live and mystery_rotation == "only-when-crypt-empty")
    turning_points = (pts.MYSTERY_ROTATION.id,) if live else ()
    offered = []
    if may_turn:
        judged = [(size, move_judgement(value, 0, 0, size, False, passage_step, partial_move))
                  for size in range(1, budget + 1)]
        sizes = [size for size, (legal, _points) in judged if legal]
        if sizes:
            points = {p for _size, (legal, decided) in judged if legal for p in decided}
            offered.append(Choice(event("move", pid, path=[]),
                                  f"{who} turns the nightmare plane",
                                  fields=(_turning(sizes), ANY_ORDER),
                                  points=turning_points + tuple(sorted(points))))
    for turn, paths, points in pawn_paths(start, rotation, value, passage_step, partial_move):
        fields = (OpenField("path", paths, prompt="The squares the pawn enters"),)
        common = {"origin": start, "spaces": tuple(dict.fromkeys(paths.spaces))}
        if turn == "still":
            offered.append(Choice(event("move", pid, rotation=0), f"{who} moves their pawn",
                                  fields=(*fields, ANY_ORDER), points=points, **common))
        elif may_turn:
            offered.append(Choice(
                event("move", pid),
                f"{who} moves their pawn, then turns the nightmare plane "
                f"{_sizes_words(paths.sizes)}",
                fields=(*fields, _turning(paths.sizes), PAWN_FIRST),
                points=turning_points + points, **common))
    if may_turn and order == "either-order":
        for size in range(1, budget + 1):
            for turned in (size, -size):
                found = paths_turned_first(start, (rotation + turned) % SLOTS, size, value,
                                           passage_step, partial_move)
                if found is None:
                    continue
                paths, points = found
                offered.append(Choice(
                    event("move", pid, rotation=turned, rotate_first=True),
                    f"{who} turns the nightmare plane {_way(turned)}, then moves their pawn",
                    fields=(OpenField("path", paths, prompt="The squares the pawn enters"),),
                    origin=start, spaces=tuple(dict.fromkeys(paths.spaces)),
                    points=(pts.MIXED_MOVE_ORDER.id, *turning_points, *points)))
    return tuple(offered)


RULES = {
    "move": (on_move, offer_move),
    "end_turn": (on_end_turn, offer_end_turn),
}
