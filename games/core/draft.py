"""Copy-on-write of a state: a handler never mutates the state it is given, and copies only
the parts it changes, never the whole state (a replay applies tens of thousands of events a
second, and a step's state is stored by checksum)."""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping
from typing import Any


class Draft:
    """The next state, edited in place where it is already a copy.

    ``draft.state`` is a new top-level dict sharing everything with the old state;
    ``draft.edit("heroes", pid)`` copies each dict or list on that path the first time it is
    edited and returns the copy at its end, so writes never reach the old state.
    """

    __slots__ = ("_copied", "state")

    def __init__(self, state: Mapping[str, Any]) -> None:
        self.state: dict[str, Any] = dict(state)
        # The paths already copied, as a tree of their keys ({"heroes": {"p1": {}}}): walked
        # key by key beside the state, so an edit never builds or hashes a path tuple.
        self._copied: dict[Hashable, dict[Hashable, Any]] = {}

    def edit(self, *path: Hashable) -> Any:
        node: Any = self.state
        copied = self._copied
        for key in path:
            child = node[key]
            below = copied.get(key)
            if below is None:
                child = dict(child) if isinstance(child, dict) else list(child)
                node[key] = child
                below = copied[key] = {}
            node, copied = child, below
        return node

    def edited(self, key: Hashable) -> Iterable[Hashable]:
        """The keys (or indexes) of the items of ``state[key]`` edited so far: what changed,
        without comparing the old state and the new item by item."""
        return self._copied.get(key, {}).keys()

    def set(self, *path_and_value: Any) -> None:
        """``set("heroes", pid, "space", end)``: the value at the end of the path."""
        *path, key, value = path_and_value
        self.edit(*path)[key] = value

    def update(self, *path: Hashable, **changes: Any) -> Any:
        """``update("heroes", pid, space=end, weapons=2)``: several values of one dict."""
        node = self.edit(*path)
        node.update(changes)
        return node
