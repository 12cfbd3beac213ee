"""Copy-on-write of a state: a handler never mutates the state it is given, and copies only
the parts it changes, never the whole state (a replay applies tens of thousands of events a
second, and a step's state is stored by checksum)."""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from typing import Any


class Draft:
    """The next state, edited in place where it is already a copy.

    ``draft.state`` is a new top-level dict sharing everything with the old state;
    ``draft.edit("heroes", pid)`` copies each dict or list on that path the first time it is
    edited and returns the copy at its end, so writes never reach the old state.
    """

    __slots__ = ("_copied", "state")

    def __init__(self, state: Mapping[str, Any]) -> None:
        self.state: dict = dict(state)
        self._copied: set[tuple[Hashable, ...]] = set()

    def edit(self, *path: Hashable) -> Any:
        node: Any = self.state
        for depth in range(len(path)):
            key = path[depth]
            child = node[key]
            here = path[: depth + 1]
            if here not in self._copied:
                child = dict(child) if isinstance(child, dict) else list(child)
                node[key] = child
                self._copied.add(here)
            node = child
        return node

    def set(self, *path_and_value: Any) -> None:
        """``set("heroes", pid, "space", end)``: the value at the end of the path."""
        *path, key, value = path_and_value
        self.edit(*path)[key] = value

    def update(self, *path: Hashable, **changes: Any) -> Any:
        """``update("heroes", pid, space=end, weapons=2)``: several values of one dict."""
        node = self.edit(*path)
        node.update(changes)
        return node
