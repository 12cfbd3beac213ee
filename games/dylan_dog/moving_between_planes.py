"""dylan-dog/moving-between-planes (and final-notes-before-starting): pawn paths across the
three planes, and the direct entry into a crypt from ENTRA NELLA CRIPTA DEL MISTERO.

One source of truth for adjacency: ``next_squares`` lists the legal next squares of a walk;
``walk`` checks a recorded path against it; ``walks`` lists the walks a move may take, and
``PawnPath`` is what a move's open path may hold.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from games.core.choices import Choice, OneOf, OpenField, event, one_of
from games.core.draft import Draft
from games.core.event_rules import Offering
from games.dylan_dog.board import (
    ACCESS_SLOT,
    CRYPT_OF_SQUARE,
    CRYPT_SQUARE,
    DIMENSION,
    MYSTERY_NEIGHBOURS,
    NIGHTMARE_KIND,
    PLANE,
    REALITY_AT_SLOT,
    RING_NEXT,
    SQUARE_NAME,
    STEP_NAME,
    WHITE_SET,
    aligned_access,
    beneath,
    nightmare_at_slot,
    nightmare_slot,
    square_words,
)
from games.dylan_dog.events import PATH_MAX_SQUARES
from games.dylan_dog.passages import MOVING, NIGHTMARE_PLANE
from games.dylan_dog.state import drop_pending, find_pending, first_pending, name
from games.dylan_dog.the_die import move_judgement
from games.dylan_dog.the_nightmare_plane import arrive

# a step's kind: 0 = along a plane, 1 = a change of plane that is free under
# "only-dimensional-passage", 2 = the dimensional passage nightmare -> mystery (always one step)
ALONG, FREE_PASSAGE, DIMENSIONAL = 0, 1, 2


@lru_cache(maxsize=65536)
def next_squares(prev: str, before: str | None, direction: int, rotation: int) -> tuple:
    """(square, new_direction, kind) for every square a pawn on ``prev`` may step to next.

    ``direction`` is +1/-1 along the current ring (0 = not yet chosen); ``before`` the square
    the pawn came from, so a mystery-plane walk cannot turn back.
    """
    plane = PLANE[prev]
    out = []
    if plane == "mystery":
        for sq in MYSTERY_NEIGHBOURS[prev]:
            if sq != before:
                out.append((sq, 0, ALONG))
        up = _nightmare_over_access(prev, rotation)
        if up is not None:
            out.append((up, 0, FREE_PASSAGE))
        return tuple(out)
    forward, backward = RING_NEXT[prev]
    if direction >= 0:
        out.append((forward, 1, ALONG))
    if direction <= 0:
        out.append((backward, -1, ALONG))
    if plane == "reality":
        if prev not in WHITE_SET:
            out.append((beneath(prev, rotation), 0, FREE_PASSAGE))
    else:
        up = _reality_over(prev, rotation)
        if up is not None and up not in WHITE_SET:
            out.append((up, 0, FREE_PASSAGE))
        down = aligned_access(prev, rotation)
        if down is not None:
            out.append((down, 0, DIMENSIONAL))
    return tuple(out)


def _reality_over(nightmare_square: str, rotation: int) -> str | None:
    return REALITY_AT_SLOT.get(nightmare_slot(nightmare_square, rotation))


def _nightmare_over_access(square: str, rotation: int) -> str | None:
    slot = ACCESS_SLOT.get(square)
    if slot is None:
        return None
    above = nightmare_at_slot(slot, rotation)
    return above if NIGHTMARE_KIND[above] == "passaggio" else None


def diagnose(prev: str, before: str | None, direction: int, sq: str, rotation: int) -> str:
    """Why ``sq`` cannot follow ``prev``, in a collector's words."""
    a, b = PLANE[prev], PLANE[sq]
    there, here = square_words(prev), square_words(sq)
    if a == b:
        if a == "mystery":
            if sq == before:
                return f"the pawn turns back from {there} to {here} within one move"
            return f"{here} is not next to {there} on the mystery plane"
        if sq in RING_NEXT[prev]:
            return f"the pawn reverses direction at {there} within one move"
        return f"{here} is not next to {there} on the {a} plane"
    if {a, b} == {"reality", "nightmare"}:
        real = prev if a == "reality" else sq
        if real in WHITE_SET:
            return f"no passage between reality and the nightmare through {square_words(real)}"
        return f"{here} is not lined up with {there} (plane rotated {rotation})"
    if {a, b} == {"nightmare", "mystery"}:
        return f"no PASSAGGIO DIMENSIONALE lines up {there} with {here} (plane rotated {rotation})"
    return f"a pawn cannot pass directly between {a} and {b} ({there} to {here})"


def walk(start: str, path: list[str], rotation: int) -> tuple[str | None, int, int, bool]:
    """Check a recorded pawn path: (error or None, squares entered, free passages, ends in crypt)."""
    prev, before, direction, free = start, None, 0, 0
    for index, sq in enumerate(path):
        if index > 0 and prev in CRYPT_OF_SQUARE:
            return f"the move goes on after arriving at {prev}", len(path), free, False
        if sq not in PLANE:
            return f"{sq!r} is not a square of this board", len(path), free, False
        found = None
        for cand, new_dir, kind in next_squares(prev, before, direction, rotation):
            if cand == sq:
                found = (new_dir, kind)
                break
        if found is None:
            return diagnose(prev, before, direction, sq, rotation), len(path), free, False
        new_dir, kind = found
        if kind == FREE_PASSAGE:
            free += 1
        direction = new_dir
        before, prev = prev, sq
    return None, len(path), free, bool(path) and path[-1] in CRYPT_OF_SQUARE


# a walk a move may take: (squares entered, changes of plane that cost nothing under
# "only-dimensional-passage")
Walk = tuple[tuple[str, ...], int]


@lru_cache(maxsize=512)
def walks(start: str, rotation: int, budget: int, passages_free: bool) -> tuple[Walk, ...]:
    """The walks a pawn on ``start`` may take (the plane at ``rotation``) using at most
    ``budget`` squares of the throw, in a fixed order: every walk entering at most ``budget``
    squares (under every reading, all of them where a change of plane costs a step), and,
    where changes of plane are free (``passages_free``), the first walk found to each square
    reached only by longer walks, with as many squares entered and free changes of plane (those
    walks run to tens of thousands: a move's path domain accepts them all, ``PawnPath``)."""
    found: list[Walk] = []
    reached: set[tuple[str, int, int]] = set()

    def extend(square, before, direction, path, free):
        for to, new_dir, kind in next_squares(square, before, direction, rotation):
            passages = free + (kind == FREE_PASSAGE)
            longer = (*path, to)
            if len(longer) > budget:
                continue
            found.append((longer, passages))
            reached.add((to, len(longer), passages))
            if to not in CRYPT_OF_SQUARE:
                extend(to, square if PLANE[to] == "mystery" else None, new_dir, longer, passages)

    extend(start, None, 0, (), 0)
    if passages_free:
        # walks longer than the throw, one for each (square, length, free changes): a layer of
        # the states a walk can be in, each keeping the first path found to it
        layer = {(start, None, 0, 0): ()}
        for length in range(1, PATH_MAX_SQUARES + 1):
            grown: dict[tuple, tuple[str, ...]] = {}
            for (square, before, direction, free), path in layer.items():
                if path and square in CRYPT_OF_SQUARE:
                    continue
                for to, new_dir, kind in next_squares(square, before, direction, rotation):
                    passages = free + (kind == FREE_PASSAGE)
                    if length - passages > budget:
                        continue
                    key = (to, square if PLANE[to] == "mystery" else None, new_dir, passages)
                    grown.setdefault(key, (*path, to))
                    if length > budget and (to, length, passages) not in reached:
                        reached.add((to, length, passages))
                        found.append(((*path, to), passages))
            layer = grown
    return tuple(found)


def walk_sizes(value: int | None, path: tuple[str, ...], free: int, passage_step: str,
               partial_move: str) -> tuple[tuple[int, ...], tuple[str, ...]]:
    """By how many squares the plane may turn besides ``path`` (0 to 6) with the throw
    ``value``, and the points whose reading decides it."""
    return _sizes(value, len(path), free, path[-1] in CRYPT_OF_SQUARE, passage_step,
                  partial_move)


@lru_cache(maxsize=4096)
def _sizes(value: int | None, entered: int, free: int, in_crypt: bool, passage_step: str,
           partial_move: str) -> tuple[tuple[int, ...], tuple[str, ...]]:
    """``walk_sizes`` by what decides it, kept: a walk's length, free changes of plane and end
    take few values, and every move offered asks it of each of tens of walks."""
    sizes, points = [], set()
    for size in range(7):
        legal, decided = move_judgement(value, entered, free, size, in_crypt, passage_step,
                                        partial_move)
        if legal:
            sizes.append(size)
            points.update(decided)
    return tuple(sizes), tuple(sorted(points))


@dataclass(frozen=True)
class PawnPath(OneOf):
    """The squares a move's pawn enters, in order: every walk from ``start`` (the plane at
    ``rotation``) that the throw allows with the plane turned as the choice says. ``turn``
    says how: ``still`` (it does not turn), ``after`` (then it turns by each of ``sizes``,
    exactly the sizes this walk allows beside no turn), ``before`` (it turned first by
    ``sizes[0]``). The walks are listed (``walks``); any other legal walk of the kind is
    accepted too."""

    start: str = ""
    rotation: int = 0
    throw: int | None = None
    turn: str = "still"
    sizes: tuple[int, ...] = ()
    passage_step: str = ""
    partial_move: str = ""

    def fits(self, sizes: tuple[int, ...]) -> bool:
        if self.turn == "still":
            return 0 in sizes
        if self.turn == "after":
            return tuple(s for s in sizes if s) == self.sizes
        return self.sizes[0] in sizes

    def allows(self, value: Any) -> bool:
        if not isinstance(value, (list, tuple)) or not value or len(value) > PATH_MAX_SQUARES:
            return False
        if not all(isinstance(square, str) for square in value):
            return False
        error, _entered, free, _in_crypt = walk(self.start, list(value), self.rotation)
        if error is not None:
            return False
        return self.fits(walk_sizes(self.throw, tuple(value), free, self.passage_step,
                                    self.partial_move)[0])


def path_words(path: tuple[str, ...]) -> str:
    """Where a walk ends, and by which squares, a run of numbered squares of one plane said
    once: "to white square 2 of reality, by nightmare 17–20, reality 3"."""
    by = f", by {', '.join(_runs([STEP_NAME[square] for square in path[:-1]]))}" \
        if len(path) > 1 else ""
    return f"to {SQUARE_NAME[path[-1]]}{by}"


def _runs(names: list[str]) -> list[str]:
    """"nightmare 17", "nightmare 18", "nightmare 19" as "nightmare 17–19": squares walked one
    after another, numbered one after another on one plane (up or down)."""
    said: list[list] = []  # [plane, first, last, step]
    for square_name in names:
        plane, _, number = square_name.rpartition(" ")
        if not number.isdigit():
            said.append([square_name, None, None, 0])
            continue
        n = int(number)
        if said and said[-1][0] == plane and said[-1][1] is not None and \
                n - said[-1][2] in ((said[-1][3],) if said[-1][3] else (1, -1)):
            said[-1][3] = n - said[-1][2]
            said[-1][2] = n
        else:
            said.append([plane, n, n, 0])
    return [plane if first is None else f"{plane} {first}" if first == last
            else f"{plane} {first}, {last}" if abs(last - first) == 1
            else f"{plane} {first}–{last}" for plane, first, last, _ in said]


@lru_cache(maxsize=512)
def pawn_paths(start: str, rotation: int, throw: int | None, passage_step: str,
               partial_move: str) -> tuple[tuple[str, PawnPath, tuple[str, ...]], ...]:
    """The pawn's walks on the plane at ``rotation``, in kinds a choice can offer whole:
    ``still`` (no turn of the plane), and ``after`` for each set of sizes the plane may then
    turn by; with the points that decide them: (turn, domain, points)."""
    budget = 6 if throw is None else throw
    kinds: dict[tuple[str, tuple[int, ...]], tuple[list, set]] = {}
    for path, free in walks(start, rotation, budget, passage_step == "only-dimensional-passage"):
        sizes, points = walk_sizes(throw, path, free, passage_step, partial_move)
        if 0 in sizes:
            kinds.setdefault(("still", ()), ([], set()))
            kinds[("still", ())][0].append(path)
            kinds[("still", ())][1].update(points)
        turned = tuple(s for s in sizes if s)
        if turned:
            kinds.setdefault(("after", turned), ([], set()))
            kinds[("after", turned)][0].append(path)
            kinds[("after", turned)][1].update(points)
    return tuple(
        (turn, _domain(tuple(paths), start, rotation, throw, turn, sizes, passage_step,
                       partial_move), tuple(sorted(points)))
        for (turn, sizes), (paths, points) in sorted(kinds.items(),
                                                     key=lambda kind: (kind[0][0] != "still",
                                                                       kind[0][1])))


@lru_cache(maxsize=512)
def paths_turned_first(start: str, rotation: int, size: int, throw: int | None,
                       passage_step: str, partial_move: str) -> tuple[PawnPath, tuple[str, ...]] | None:
    """The walks on the plane at ``rotation`` (already turned by ``size``) that the throw
    allows beside that turn, and the points that decide them; None when there are none."""
    budget = 6 if throw is None else throw
    found, points = [], set()
    for path, free in walks(start, rotation, budget, passage_step == "only-dimensional-passage"):
        sizes, decided = walk_sizes(throw, path, free, passage_step, partial_move)
        if size in sizes:
            found.append(path)
            points.update(decided)
    if not found:
        return None
    return (_domain(tuple(found), start, rotation, throw, "before", (size,), passage_step,
                    partial_move), tuple(sorted(points)))


def _domain(paths, start, rotation, throw, turn, sizes, passage_step, partial_move) -> PawnPath:
    return PawnPath(paths, labels=tuple(path_words(p) for p in paths),
                    spaces=tuple(p[-1] for p in paths), start=start, rotation=rotation,
                    throw=throw, turn=turn, sizes=sizes, passage_step=passage_step,
                    partial_move=partial_move)


def on_enter_crypt(state, actor, data, ref):
    """dylan-dog/moving-between-planes: direct access on an exact throw, after one's own move."""
    who = name(state, actor)
    index = find_pending(state, actor, "crypt-entry")
    if index < 0 or state["fight"] is not None:
        ref.violation(
            NIGHTMARE_PLANE,
            f"{who} has no right to enter a crypt directly now "
            "(ENTRA NELLA CRIPTA must line up with a crypt after their own move)",
        )
        return state, f"{who} enters a crypt without the right (ignored)"
    crypt = state["pending"][index]["crypt"]
    if data.get("crypt") not in (None, crypt):
        ref.violation(MOVING, f"the square lines up with the {crypt} crypt, not {data['crypt']}")
    draft = Draft(state)
    drop_pending(draft, index)
    draft.update("players", actor, square=CRYPT_SQUARE[crypt], sent_to_crypt=False)
    ref.effect("pawn", player=actor, path=[CRYPT_SQUARE[crypt]])
    arrive(draft, actor, ref, pawn_moved=True, first_turn=False)
    return draft.state, f"{who} enters the {crypt} crypt directly"


def offer_enter_crypt(at: Offering) -> list[Choice]:
    """A player whose own move left them on ENTRA NELLA CRIPTA lined up with a crypt."""
    state = at.state
    if state["fight"] is not None:
        return []
    offered = []
    for pid, item in first_pending(state, "crypt-entry").items():
        if at.viewer not in (None, pid):
            continue
        crypt = item["crypt"]
        square = CRYPT_SQUARE[crypt]
        # the crypt the record may name: picked by the choice's target, not again on the board
        named = OpenField("crypt", one_of((crypt,), label=lambda c: f"the crypt of "
                                          f"{DIMENSION[c]}"),
                          prompt="The crypt, as the record names it", optional=True)
        offered.append(Choice(
            event("enter_crypt", pid),
            f"{name(state, pid)} enters the crypt of {DIMENSION[crypt]} directly",
            fields=(named,), origin=state["players"][pid]["square"], target=square,
            spaces=(square,)))
    return offered


RULES = {"enter_crypt": (on_enter_crypt, offer_enter_crypt)}
