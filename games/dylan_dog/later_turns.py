"""dylan-dog/first-turn and later-turns: the move after the throw (the pawn, the nightmare
plane, or both), and the end of a turn with what it leaves undone."""

from __future__ import annotations

from games.core.choices import Choice, event
from games.dylan_dog import points as pts
from games.dylan_dog.board import PLANE, SLOTS, SQUARE_NAME, WHITE, crypts_led_to
from games.dylan_dog.exchange import transfer
from games.dylan_dog.moving_between_planes import WalkPick, legal_ends, walk
from games.dylan_dog.passages import P
from games.dylan_dog.state import OBLIGATIONS, name, set_turn, with_player
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
            ref.violation(
                P + ("final-notes-before-starting" if reverses else "moving-between-planes"),
                error,
            )
        if not first_turn:
            exact = check_count(ref, value, entered, free, abs(rotation), in_crypt)
    elif not first_turn:
        if rotation == 0:
            ref.violation(
                P + "later-turns",
                "the throw was not used: the pawn did not move and the plane did not turn",
            )
        else:
            exact = check_count(ref, value, 0, 0, abs(rotation), False)
    new = dict(state)
    new["rotation"] = (r0 + rotation) % SLOTS
    changes = {"turns": player["turns"] + 1}
    if path:
        changes["square"] = path[-1]
        changes["sent_to_crypt"] = False
    new = with_player(new, actor, **changes)
    new = set_turn(new, phase="resolve")
    if rotation:
        ref.effect("rotate", by=rotation, rotation=new["rotation"])
    if path:
        ref.effect("pawn", player=actor, path=path)
    new = arrive(new, actor, ref, pawn_moved=bool(path), first_turn=first_turn, path=path,
                 exact_throw=exact)
    parts = []
    if path:
        parts.append(f"moves {len(path)} to {path[-1]}")
    if rotation:
        way = "clockwise" if rotation > 0 else "anticlockwise"
        parts.append(f"turns the nightmare plane {abs(rotation)} {way}")
    return new, f"{who} " + (" and ".join(parts) if parts else "does nothing")


def _check_first_turn(ref, path, rotation, value):
    """dylan-dog/first-turn: the plane turns by exactly the throw, and the pawn stays."""
    if path:
        ref.violation(
            P + "first-turn", "on the first turn the player only rotates the nightmare plane"
        )
    if rotation == 0:
        ref.violation(P + "first-turn", "on the first turn the nightmare plane must be rotated")
    elif value is not None and abs(rotation) != value:
        ref.violation(
            P + "first-turn",
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
            P + "later-turns",
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
                P + "later-turns",
                "on the mystery plane a player may only move their pawn "
                "while the crypt ahead still has cards",
                point=pts.MYSTERY_ROTATION,
            )


def check_count(ref, value, entered, free, turned, in_crypt) -> bool:
    """The squares used against the throw (dylan-dog/later-turns, reaching-the-mystery-crypts);
    whether the move used exactly the throw (any 1 to 6 on Dylan Dog's face)."""
    totals = {o: squares_used(o, entered, free, turned) for o in pts.PASSAGE_STEP.option_ids}
    verdicts = {o: count_verdict(value, t, in_crypt) for o, t in totals.items()}
    if free and len(set(verdicts.values())) > 1:
        option = ref.consult(
            pts.PASSAGE_STEP, "the move changed plane outside a dimensional passage"
        )
    else:
        option = pts.PASSAGE_STEP.default
    total, result = totals[option], verdicts[option]
    limit = "6" if value is None else str(value)
    if result == "over":
        ref.violation(
            P + "the-die",
            f"the move uses {total} squares but the throw allows {limit}",
            point=pts.PASSAGE_STEP if free else None,
        )
    elif result == "zero":
        ref.violation(P + "later-turns", "the move uses no square of the throw")
    elif (
        result == "short"
        and ref.consult(pts.PARTIAL_MOVE, f"the move uses {total} of {value} squares") == "exact"
    ):
        ref.violation(
            P + "later-turns",
            f"the move uses {total} squares but the die shows {value}",
            point=pts.PARTIAL_MOVE,
        )
    return result == "ok" and (value is None or total == value)


def on_end_turn(state, actor, data, ref):
    """dylan-dog/starting-the-game: play passes in the decided order."""
    who = name(state, actor)
    turn = state["turn"]
    new = state
    if new["fight"] is not None:
        ref.violation(
            P + "horror-cards",
            f"the fight against {new['fight']['name']} was not finished; the card leaves the game",
        )
        new = dict(new)
        new["fight"] = None
    if turn["phase"] in ("setup", "before-roll"):
        ref.violation(P + "later-turns", f"{who} ends the turn without throwing the die")
    elif turn["phase"] == "action":
        ref.violation(P + "later-turns", f"{who} threw the die but did not move")
    owed = [i for i in new["pending"] if i["kind"] in OBLIGATIONS]
    if owed:
        ref.violation(
            P + "final-notes-before-starting",
            "left undone: " + ", ".join(f"{i['kind']} ({name(state, i['player'])})" for i in owed),
        )
        for item in owed:
            new = _default_obligation(new, item)
    new = dict(new)
    new["pending"] = []
    order = state["order"]
    nxt = order[(order.index(actor) + 1) % len(order)]
    new = set_turn(new, player=nxt, number=turn["number"] + 1, phase="before-roll", die=None)
    new = win_at_turn_start(new, nxt, ref)
    return new, f"{who} ends the turn; {name(state, nxt)} plays"


def _default_obligation(state, item):
    """The defined state for an obligation left undone at the end of a turn (README.md)."""
    pid = item["player"]
    kind = item["kind"]
    if kind in ("place", "shadow-trap"):
        occupied = {p["square"] for q, p in state["players"].items() if q != pid}
        square = next((w for w in WHITE if w not in occupied), WHITE[0])
        return with_player(state, pid, square=square, sent_to_crypt=False)
    if kind == "forfeit":
        held = state["players"][pid]["mystery"]
        if not held:
            return state
        card = held[0]
        if item["to"] == "crypt":
            g = state["players"][pid]
            new = with_player(
                state,
                pid,
                mystery=held[1:],
                mystery_hidden=[c for c in g["mystery_hidden"] if c != card],
            )
            new["crypts"] = {**state["crypts"], item["crypt"]: state["crypts"][item["crypt"]] + 1}
            return new
        new, _ = transfer(state, pid, item["to"], [card])
        return new
    return state  # an undrawn card is simply not drawn


# -- what a turn may hold next ------------------------------------------------------------


def offer_end_turn(state, interpretation) -> list[Choice]:
    """The turn player ends a turn whose move is made, with no fight and no duty left."""
    turn = state["turn"]
    if state["fight"] is not None or turn["phase"] != "resolve":
        return []
    if any(item["kind"] in OBLIGATIONS for item in state["pending"]):
        return []
    pid = turn["player"]
    return [Choice(event=event("end_turn", pid), label=f"{name(state, pid)} ends the turn")]


def offer_move(state, interpretation) -> list[Choice]:
    """Every move the throw allows: on the first turn a rotation by the throw; later the
    pawn's paths, the plane's rotations and mixed moves in either order."""
    turn = state["turn"]
    if state["fight"] is not None or turn["phase"] != "action":
        return []
    pid = turn["player"]
    value = face_value(turn["die"])
    if state["players"][pid]["turns"] == 0:
        turns = (value,) if value is not None else range(1, 7)
        return [
            Choice(event=event("move", pid, path=[], rotation=r),
                   label=f"{name(state, pid)} {_turning(r)}", optional_fields=("rotate_first",))
            for size in turns for r in (size, -size)
        ]
    return _later_moves(state, pid, value, interpretation)


def _turning(rotation: int) -> str:
    way = "clockwise" if rotation > 0 else "anticlockwise"
    return f"turns the nightmare plane {abs(rotation)} {way}"


def _later_moves(state, pid, value, interpretation) -> list[Choice]:
    """One choice per rotation, order and square the pawn ends on; the path is open, picked
    among the walks there (a :class:`WalkPick`)."""
    option = interpretation.option
    passage_step = option(pts.PASSAGE_STEP.id)
    partial_move = option(pts.PARTIAL_MOVE.id)
    rotate_first_allowed = option(pts.MIXED_MOVE_ORDER.id) != "pawn-then-rotate"
    who = name(state, pid)
    start = state["players"][pid]["square"]
    r0 = state["rotation"]
    budget = 6 if value is None else value
    live = PLANE[start] == "mystery" and any(state["crypts"][c] > 0 for c in crypts_led_to(start))
    turn_points = (pts.MYSTERY_ROTATION.id,) if live else ()
    if live and option(pts.MYSTERY_ROTATION.id) == "only-when-crypt-empty":
        rotations = [0]
    else:
        rotations = [r for size in range(budget + 1) for r in ((size, -size) if size else (0,))]
    offered = []
    for r in rotations:
        turned = abs(r)
        if r:
            legal, points = move_judgement(value, 0, 0, turned, False, passage_step, partial_move)
            if legal:
                offered.append(Choice(event=event("move", pid, path=[], rotation=r),
                                      label=f"{who} {_turning(r)}",
                                      optional_fields=("rotate_first",),
                                      points=turn_points + points))
        for rotate_first in (False, True) if r else (False,):
            if rotate_first and not rotate_first_allowed:
                continue
            at = (r0 + r) % SLOTS if rotate_first else r0
            order = (pts.MIXED_MOVE_ORDER.id,) if rotate_first else ()
            for end, points in legal_ends(start, at, value, turned, passage_step, partial_move):
                pick = WalkPick(start, at, end, value, turned, passage_step, partial_move)
                offered += _walk_choices(pid, who, pick, r, rotate_first,
                                         (turn_points if r else ()) + order + points)
    return offered


def _walk_choices(pid, who, pick, r, rotate_first, points) -> list[Choice]:
    walking = f"moves to {SQUARE_NAME[pick.end]}"
    common = {"open_fields": ("path",), "picks": {"path": pick}, "spaces": (pick.end,),
              "points": points}
    if not r:
        return [Choice(event=event("move", pid, rotation=0), label=f"{who} {walking}",
                       optional_fields=("rotate_first",), **common)]
    if rotate_first:
        return [Choice(event=event("move", pid, rotation=r, rotate_first=True),
                       label=f"{who} {_turning(r)}, then {walking}", **common)]
    label = f"{who} {walking}, then {_turning(r)}"
    return [Choice(event=event("move", pid, rotation=r), label=label, **common),
            Choice(event=event("move", pid, rotation=r, rotate_first=False), label=label,
                   **common)]
