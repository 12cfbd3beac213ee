"""Where the pieces of a state stand, by index: asked after every event of the moves each
player has, so made once per pieces list (copy on write never changes one in place), and
after a move carried over from the occupancy before it rather than counted again."""

from __future__ import annotations

from bisect import insort
from collections.abc import Iterable, Mapping
from typing import Any

from games.rules.model import Action
from games.rules.state import KIND, OWNER, SPACE


class Occupancy:
    """Where the pieces of one state stand: ``at`` (space -> the pieces on it), ``owned``
    (player -> that player's pieces on the board), and, asked for, the kinds each player
    has there."""

    __slots__ = ("at", "counts", "jumps", "kinds", "owned", "pieces")

    def __init__(self, pieces: list) -> None:
        at: dict[str, list[int]] = {}
        owned: dict[str, list[int]] = {}
        index = -1
        for piece in pieces:  # counted by hand, not enumerate: done for every new state
            index += 1
            space = piece[SPACE]
            if space is None:
                continue
            if space in at:
                at[space].append(index)
            else:
                at[space] = [index]
            owner = piece[OWNER]
            if owner in owned:
                owned[owner].append(index)
            else:
                owned[owner] = [index]
        self.at, self.owned, self.pieces = at, owned, pieces
        # Asked for, then kept: player -> the kinds of that player's pieces on the board
        # (``kinds_of``), kinds -> how many pieces of them are on the board (``count``).
        self.kinds: dict[str, frozenset[str]] = {}
        self.counts: dict[frozenset[str], int] = {}
        # Asked for, then kept: whether a player can jump under an action (``can_jump``),
        # asked again when another reading of a point judges the same recorded move.
        self.jumps: dict[tuple, tuple[object, bool]] = {}

    def moved(self, pieces: list, changed: Iterable) -> Occupancy:
        """The occupancy of ``pieces``, a copy of this one's pieces list where an event
        changed the pieces at the indexes ``changed`` (and no other), made from this one's
        rather than by counting every piece again."""
        before = self.pieces
        at = dict(self.at)  # its lists are replaced, never changed
        owned = self.owned
        kinds, counts = self.kinds, self.counts  # the same while no piece enters or leaves
        for index in changed:
            piece = pieces[index]
            was, now = before[index][SPACE], piece[SPACE]
            if was == now:
                continue
            if was is not None:
                held = at[was]
                if len(held) == 1:
                    del at[was]
                else:
                    at[was] = [other for other in held if other != index]
            if now is not None:
                there = at.get(now)
                at[now] = [index] if there is None else sorted((*there, index))
            if (was is None) != (now is None):  # on or off the board: whose pieces changes
                if owned is self.owned:
                    owned = {owner: list(held) for owner, held in owned.items()}
                    kinds, counts = {}, {}
                mine = owned.setdefault(piece[OWNER], [])
                if now is None:
                    mine.remove(index)
                    if not mine:
                        del owned[piece[OWNER]]
                else:
                    insort(mine, index)
        found = Occupancy.__new__(Occupancy)
        found.at, found.owned, found.pieces = at, owned, pieces
        found.kinds, found.counts = kinds, counts
        found.jumps = {}
        return found

    def count(self, kinds: frozenset[str]) -> int:
        """How many pieces of ``kinds`` are on the board."""
        found = self.counts.get(kinds)
        if found is None:
            pieces = self.pieces
            found = self.counts[kinds] = sum(
                1 for held in self.owned.values() for index in held
                if pieces[index][KIND] in kinds)
        return found

    def kinds_of(self, actor: str) -> frozenset[str]:
        """The kinds of the actor's pieces on the board."""
        kinds = self.kinds.get(actor)
        if kinds is None:
            kinds = self.kinds[actor] = frozenset(
                self.pieces[index][KIND] for index in self.owned.get(actor, ()))
        return kinds

    def may_move(self, actor: str, action: Action) -> bool:
        """Whether the actor has a piece of a kind the action moves (else it offers nothing)."""
        return action.kinds is None or not action.kinds.isdisjoint(self.kinds_of(actor))


# The last pieces lists asked about and their occupancy, newest last: a tuple replaced whole,
# so a thread reading it never sees it half-written.
_RECENT: tuple[tuple[list, Occupancy], ...] = ()
KEPT = 4
# The newest of them, asked first (a tuple replaced whole, as _RECENT is).
_NEWEST: tuple[list, Occupancy] = ([], Occupancy([]))


def occupancy(state: Mapping[str, Any]) -> Occupancy:
    """Where the pieces stand, by index. A state's pieces list is never changed in place
    (copy on write), so the answers for the last few are kept (an event asks about the state
    before it and the one after, under several readings)."""
    global _RECENT, _NEWEST
    pieces = state["pieces"]
    newest = _NEWEST
    if newest[0] is pieces:  # most often the newest: said before any loop
        return newest[1]
    recent = _RECENT
    for known, found in reversed(recent):
        if known is pieces:
            return found
    found = Occupancy(pieces)
    _NEWEST = (pieces, found)
    _RECENT = (*recent[1 - KEPT:], _NEWEST)
    return found


def carry_occupancy(before: list, after: list, changed: Iterable) -> None:
    """Keep the occupancy of ``after``, the pieces list an event made from ``before`` by
    changing the pieces at ``changed``, made from ``before``'s when that one is kept (see
    ``Occupancy.moved``)."""
    global _RECENT, _NEWEST
    recent = _RECENT
    newest = _NEWEST
    if newest[0] is before:  # most often the one: said before any loop
        _NEWEST = (after, newest[1].moved(after, changed))
        _RECENT = (*recent[1 - KEPT:], _NEWEST)
        return
    for known, found in reversed(recent):
        if known is before:
            _NEWEST = (after, found.moved(after, changed))
            _RECENT = (*recent[1 - KEPT:], _NEWEST)
            return
