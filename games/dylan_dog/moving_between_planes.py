"""dylan-dog/moving-between-planes (and final-notes-before-starting): pawn paths across the
three planes, and the direct entry into a crypt from ENTRA NELLA CRIPTA DEL MISTERO.

One source of truth for adjacency: ``next_squares`` lists the legal next squares of a walk;
``walk`` checks a recorded path against it; ``walk_ends`` finds where walks can end.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache

from games.core.choices import Choice, event
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
    WHITE_SET,
    aligned_access,
    beneath,
    nightmare_at_slot,
    nightmare_slot,
)
from games.dylan_dog.events import PATH_MAX_SQUARES
from games.dylan_dog.passages import P
from games.dylan_dog.state import drop_pending, find_pending, name, with_player
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
    if a == b:
        if a == "mystery":
            if sq == before:
                return f"the pawn turns back from {prev} to {sq} within one move"
            return f"{sq} is not next to {prev} on the mystery plane"
        forward, backward = RING_NEXT[prev]
        if sq in (forward, backward):
            return f"the pawn reverses direction at {prev} within one move"
        return f"{sq} is not next to {prev} on the {a} plane"
    if {a, b} == {"reality", "nightmare"}:
        real = prev if a == "reality" else sq
        if real in WHITE_SET:
            return f"no passage between reality and the nightmare through the white square {real}"
        return f"{sq} is not lined up with {prev} (plane rotated {rotation})"
    if {a, b} == {"nightmare", "mystery"}:
        return f"no PASSAGGIO DIMENSIONALE lines up {prev} with {sq} (plane rotated {rotation})"
    return f"a pawn cannot pass directly between {a} and {b} ({prev} to {sq})"


def walk(start: str, path: list[str], rotation: int) -> tuple[str | None, int, int, bool]:
    """Check a recorded pawn path: (error or None, squares entered, free passages, ends in crypt)."""
    prev, before, direction, free = start, None, 0, 0
    for index, sq in enumerate(path):
        if index > 0 and prev in CRYPT_OF_SQUARE:
            return f"the move goes on after arriving at {prev}", len(path), free, False
        if sq not in PLANE:
            return f"{sq} is not a square of this board", len(path), free, False
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


@lru_cache(maxsize=4096)
def walk_ends(
    start: str, rotation: int, budget: int, passages_free: bool
) -> dict[str, frozenset[tuple[int, int]]]:
    """Every square a legal walk from ``start`` (the plane at ``rotation``) can end on, with
    the (squares entered, free passages) of the walks that end there, using at most
    ``budget`` squares of the throw; with ``passages_free`` a change of plane outside a
    dimensional passage costs nothing."""
    ends: dict[str, set[tuple[int, int]]] = {}
    layer = {(start, None, 0, 0)}  # (square, the square before it on the mystery plane, direction, free)
    for length in range(1, PATH_MAX_SQUARES + 1):
        grown = set()
        for square, before, direction, free in layer:
            if length > 1 and square in CRYPT_OF_SQUARE:
                continue  # arriving at a crypt ends the walk
            for to, new_dir, kind in next_squares(square, before, direction, rotation):
                passages = free + (kind == FREE_PASSAGE)
                if (length - passages if passages_free else length) > budget:
                    continue
                ends.setdefault(to, set()).add((length, passages))
                grown.add((to, square if PLANE[to] == "mystery" else None, new_dir, passages))
        layer = grown
    return {square: frozenset(found) for square, found in ends.items()}


@lru_cache(maxsize=8192)
def legal_ends(
    start: str, rotation: int, value: int | None, turned: int, passage_step: str,
    partial_move: str,
) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """The squares a pawn may end a move on, with the plane turned ``turned`` besides, and
    the points whose reading made each legal: (square, points)."""
    budget = (6 if value is None else value) - turned
    found = []
    for end, walks in walk_ends(start, rotation, budget,
                                passage_step == "only-dimensional-passage").items():
        in_crypt = end in CRYPT_OF_SQUARE
        judged = [move_judgement(value, entered, free, turned, in_crypt, passage_step,
                                 partial_move) for entered, free in walks]
        if any(legal for legal, _points in judged):
            found.append((end, tuple(sorted({p for legal, points in judged if legal
                                             for p in points}))))
    return tuple(found)


@dataclass(frozen=True)
class WalkPick:
    """The pawn paths a move may record: walks from ``start`` with the plane at
    ``rotation`` that end on ``end`` and use the throw as the reading allows (a pick for the
    open ``path`` of a move; there are too many walks, under some readings, to list)."""

    start: str
    rotation: int
    end: str
    value: int | None
    turned: int
    passage_step: str
    partial_move: str

    def _legal(self, entered: int, free: int) -> bool:
        in_crypt = self.end in CRYPT_OF_SQUARE
        return move_judgement(self.value, entered, free, self.turned, in_crypt,
                              self.passage_step, self.partial_move)[0]

    def allows(self, path) -> bool:
        if not isinstance(path, list) or not path or len(path) > PATH_MAX_SQUARES:
            return False
        if not all(isinstance(square, str) for square in path) or path[-1] != self.end:
            return False
        error, entered, free, _in_crypt = walk(self.start, path, self.rotation)
        return error is None and self._legal(entered, free)

    def draw(self, rng: random.Random) -> list[str]:
        """A walk this pick allows, found by a randomised search."""
        passages_free = self.passage_step == "only-dimensional-passage"
        budget = (6 if self.value is None else self.value) - self.turned
        dead = set()

        def search(square, before, direction, path, free):
            if path and square == self.end and self._legal(len(path), free):
                return list(path)
            if path and (square in CRYPT_OF_SQUARE or len(path) == PATH_MAX_SQUARES):
                return None
            key = (square, before, direction, len(path), free)
            if key in dead:
                return None
            steps = list(next_squares(square, before, direction, self.rotation))
            rng.shuffle(steps)
            for to, new_dir, kind in steps:
                passages = free + (kind == FREE_PASSAGE)
                if (len(path) + 1 - (passages if passages_free else 0)) > budget:
                    continue
                path.append(to)
                found = search(to, square if PLANE[to] == "mystery" else None, new_dir, path,
                               passages)
                path.pop()
                if found:
                    return found
            dead.add(key)
            return None

        found = search(self.start, None, 0, [], 0)
        if found is None:  # pragma: no cover - a pick is only offered for a reachable end
            raise ValueError(f"no walk from {self.start} to {self.end}")
        return found

    def as_dict(self) -> dict:
        return {"walk": {"from": self.start, "to": self.end, "plane_rotation": self.rotation,
                         "throw": "dylan-dog" if self.value is None else self.value,
                         "plane_turned_by": self.turned}}


def on_enter_crypt(state, actor, data, ref):
    """dylan-dog/moving-between-planes: direct access on an exact throw, after one's own move."""
    who = name(state, actor)
    index = find_pending(state, actor, "crypt-entry")
    if index < 0 or state["fight"] is not None:
        ref.violation(
            P + "the-nightmare-plane",
            f"{who} has no right to enter a crypt directly now "
            "(ENTRA NELLA CRIPTA must line up with a crypt after their own move)",
        )
        return state, f"{who} enters a crypt without the right (ignored)"
    crypt = state["pending"][index]["crypt"]
    if data.get("crypt") not in (None, crypt):
        ref.violation(
            P + "moving-between-planes",
            f"the square lines up with the {crypt} crypt, not {data['crypt']}",
        )
    state = drop_pending(state, index)
    new = with_player(state, actor, square=CRYPT_SQUARE[crypt], sent_to_crypt=False)
    ref.effect("pawn", player=actor, path=[CRYPT_SQUARE[crypt]])
    new = arrive(new, actor, ref, pawn_moved=True, first_turn=False)
    return new, f"{who} enters the {crypt} crypt directly"


def first_pending(state, kind: str) -> dict[str, dict]:
    """Each player's first pending item of ``kind`` (the one their next such event uses)."""
    found: dict[str, dict] = {}
    for item in state["pending"]:
        if item["kind"] == kind:
            found.setdefault(item["player"], item)
    return found


def offer_enter_crypt(state, interpretation) -> list[Choice]:
    """A player whose own move left them on ENTRA NELLA CRIPTA lined up with a crypt."""
    if state["fight"] is not None:
        return []
    offered = []
    for pid, item in first_pending(state, "crypt-entry").items():
        crypt = item["crypt"]
        label = f"{name(state, pid)} enters the crypt of {DIMENSION[crypt]} directly"
        spaces = (CRYPT_SQUARE[crypt],)
        offered += [Choice(event=event("enter_crypt", pid), label=label, spaces=spaces),
                    Choice(event=event("enter_crypt", pid, crypt=crypt), label=label,
                           spaces=spaces)]
    return offered
