"""Small helpers every rule module of this game shares: the unchecked mark and copy-on-write."""

from __future__ import annotations

from games.core.referee import Referee
from games.fury_of_dracula.state import HIDDEN

TWILIGHT = ("dawn", "dusk")

def unchecked(ref: Referee, note: str) -> None:
    """A part of the full game the excerpts do not give: applied as recorded, marked as such."""
    ref.effects.append({"kind": "unchecked", "note": note})


def _take(cards: list, card: str) -> list | None:
    """``cards`` without one copy of ``card`` (an unseen '?' stands for any), or None."""
    if card in cards:
        i = cards.index(card)
    elif HIDDEN in cards:
        i = cards.index(HIDDEN)
    elif card == HIDDEN and cards:
        i = 0
    else:
        return None
    return cards[:i] + cards[i + 1 :]


def _within(hand: list, shown: list) -> list:
    """The revealed cards that are still in ``hand`` (a revealed card discarded is no longer shown)."""
    left, kept = list(hand), []
    for card in shown:
        if card in left:
            left.remove(card)
            kept.append(card)
    return kept


class _Tx:
    """Copy-on-write access to the parts of the state one event changes."""

    __slots__ = ("_copied", "_dracula", "_hunters", "new")

    def __init__(self, state: dict) -> None:
        self.new = dict(state)
        self._hunters = None
        self._copied: set[str] = set()
        self._dracula = None

    def hunter(self, pid: str) -> dict:
        if self._hunters is None:
            self._hunters = self.new["hunters"] = dict(self.new["hunters"])
        if pid not in self._copied:
            self._copied.add(pid)
            self._hunters[pid] = dict(self._hunters[pid])
        return self._hunters[pid]

    def dracula(self) -> dict:
        if self._dracula is None:
            self._dracula = self.new["dracula"] = dict(self.new["dracula"])
        return self._dracula

    def discards(self, **more: int) -> None:
        d = dict(self.new["discards"])
        for key, n in more.items():
            d[key] += n
        self.new["discards"] = d
