"""One event's working copy of the state, and how the game names players and places.

A handler never mutates the state it is given: it edits a ``Work``, which copies only what
changes (the players it touches, the go's bookkeeping).
"""

from __future__ import annotations

from games.gothic.state import GATES, MOAT, ROOMS, SQUARE_ADJ, SQUARES


class Work:
    """A copy-on-write view of the state for one event: only what changes is copied."""

    __slots__ = ("copied", "go_copied", "s")

    def __init__(self, state: dict) -> None:
        self.s = dict(state)
        self.s["players"] = dict(state["players"])
        self.copied: set = set()
        self.go_copied = False

    def p(self, pid: str) -> dict:
        if pid not in self.copied:
            self.s["players"][pid] = dict(self.s["players"][pid])
            self.copied.add(pid)
        return self.s["players"][pid]

    def go(self) -> dict:
        if not self.go_copied:
            self.s["go"] = dict(self.s["go"])
            self.go_copied = True
        return self.s["go"]


def name_of(state, pid) -> str:
    player = state["players"].get(pid)
    return player["name"] if player else str(pid)


def place_name(node) -> str:
    """A place in the game's words: "the Den", "outside the West Gate", "the moat", or the
    square's name on the board ("the door of the Kitchen")."""
    if node in ROOMS:
        return f"the {ROOMS[node]['name']}"
    if node in GATES:
        return f"outside the {GATES[node]['name']}"
    if node == MOAT:
        return "the moat"
    if node in SQUARES and SQUARES[node].get("name"):
        return SQUARES[node]["name"]
    return str(node)


def adjacent(state, a: str, b: str) -> bool:
    """gothic/adjacency: "the square next to another player" (squares only)."""
    pa, pb = state["players"][a]["at"], state["players"][b]["at"]
    return pa in SQUARE_ADJ and pb in SQUARE_ADJ[pa]
