"""The domain of an open field that is a path over the board's links, as a piece travels it
(a hunter's road, sea or rail journey): one linked space at a time, never enumerated."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from itertools import pairwise
from typing import Any

from games.core.choices import Domain


@dataclass(frozen=True)
class Path(Domain):
    """An ordered path over the board's links, as a piece travels it: it starts on ``start``
    and grows one linked space at a time, from ``least`` to ``most`` links long. ``links``
    gives each space's next spaces with the kind of the link to each (``(("paris",
    (("brussels", "white"), ...)), ...)``); a space may come back (a journey that zigzags), but
    a step always crosses a link. ``needs``: a kind of link the path must cross at least once
    (None: any). ``names`` says the spaces in the game's words. A page asks for it by picking
    the next space on the board or typing its name; a value is the list of spaces, the start
    first.

    ``free``: a path as a record gives it, where the rules give no links: any space of
    ``names`` may start it (``start`` None) and follow any, itself included."""

    start: str | None
    links: tuple[tuple[str, tuple[tuple[str, str], ...]], ...] = ()
    least: int = 1
    most: int = 1
    needs: str | None = None
    names: tuple[tuple[str, str], ...] = ()
    free: bool = False

    kind = "path"

    def __post_init__(self) -> None:
        if not 1 <= self.least <= self.most:
            raise ValueError("a Path domain needs 1 <= least <= most links")
        if self.free:
            if not self.names or self.start is not None or self.links or self.needs:
                raise ValueError("a free Path names its spaces and nothing else")
            everywhere = {space: "" for space, _name in self.names}
            following = dict.fromkeys(everywhere, everywhere)
        else:
            if self.start is None:
                raise ValueError("a Path domain with links starts on a space")
            following = {space: dict(steps) for space, steps in self.links}
        object.__setattr__(self, "_next", following)
        if self.sample(random.Random(0)) is None:
            raise ValueError(f"a Path domain from {self.start!r} that allows no path")

    def next_spaces(self, space: str) -> dict[str, str]:
        """The spaces one link on from ``space``, each with the kind of that link."""
        following: dict[str, dict[str, str]] = self._next  # type: ignore[attr-defined]
        return following.get(space, {})

    def firsts(self) -> list[str]:
        """The spaces a path may start on: ``start``, or any space of a free path."""
        return [self.start] if self.start is not None else sorted(self._next)  # type: ignore[attr-defined]

    def starts(self, space: str) -> bool:
        return space in self.firsts()

    def allows(self, value: Any) -> bool:
        if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
            return False
        if not value or not self.starts(value[0]) or not self.least <= len(value) - 1 <= self.most:
            return False
        crossed = set()
        for here, there in pairwise(value):
            kind = self.next_spaces(here).get(there)
            if kind is None:
                return False
            crossed.add(kind)
        return self.needs is None or self.needs in crossed

    def problem(self, value: list[str], names: Mapping[str, str] | None = None) -> str:
        """Why ``value`` is not a path of this domain, in words (empty when it is one)."""
        said = {**dict(self.names), **(names or {})}

        def say(space: str) -> str:
            return said.get(space, space)

        if not value or not self.starts(value[0]):
            return f"it starts from {say(self.start)}" if self.start else \
                "it starts from a space of the board"
        links = len(value) - 1
        if links < self.least:
            return f"at least {_links(self.least)}, not {links}"
        if links > self.most:
            return f"at most {_links(self.most)}, not {links}"
        for here, there in pairwise(value):
            if there not in self.next_spaces(here):
                return f"no link from {say(here)} to {say(there)}"
        if self.needs is not None and not self.allows(value):
            return f"it must cross a {self.needs} link"
        return ""

    def sample(self, rng: random.Random) -> list[str] | None:
        """A path the domain allows, as a walk of a length drawn from least to most (None when
        there is none, which a domain never is)."""
        firsts = self.firsts()
        for _ in range(64):
            walk = [rng.choice(firsts)]
            for _ in range(rng.randint(self.least, self.most)):
                ahead = sorted(self.next_spaces(walk[-1]))
                if not ahead:
                    break
                walk.append(rng.choice(ahead))
            if self.allows(walk):
                return walk
        return self._first()

    def _first(self) -> list[str] | None:
        """The first allowed path in a breadth-first search (a walk's draws may all miss one
        that ``needs`` a rare link)."""
        frontier = [([first], self.needs is None) for first in self.firsts()]
        for _ in range(self.most):
            longer = []
            for walk, done in frontier:
                for there, kind in sorted(self.next_spaces(walk[-1]).items()):
                    step = (walk + [there], done or kind == self.needs)
                    if step[1] and len(step[0]) - 1 >= self.least:
                        return step[0]
                    longer.append(step)
            frontier = longer[:4096]
        return None

    def reachable(self) -> dict[str, dict[str, str]]:
        """The links a path of this domain may cross, from the spaces it may reach before its
        last step: what a page needs to grow it (empty for a free path: any space follows)."""
        if self.free or self.start is None:
            return {}
        seen, frontier = {self.start}, [self.start]
        for _ in range(self.most - 1):
            reached = []
            for here in frontier:
                for there in self.next_spaces(here):
                    if there not in seen:
                        seen.add(there)
                        reached.append(there)
            frontier = reached
        return {space: dict(sorted(self.next_spaces(space).items())) for space in sorted(seen)}

    def as_dict(self) -> dict[str, Any]:
        reachable = self.reachable()
        spaces = set(reachable) | {there for steps in reachable.values() for there in steps}
        names = dict(self.names)
        return {"kind": self.kind, "start": self.start, "least": self.least, "most": self.most,
                "needs": self.needs, "free": self.free, "next": reachable,
                "names": names if self.free else
                {space: names.get(space, space) for space in sorted(spaces)}}


def path_domain(start: str, links: Mapping[str, Iterable[tuple[str, str]]], *, least: int = 1,
                most: int = 1, needs: str | None = None,
                names: Mapping[str, str] | None = None) -> Path | None:
    """A Path domain built from a mapping of each space to its (next space, kind) links; None
    when no path of least to most links (crossing ``needs``) leaves ``start``."""
    try:
        return Path(start=start,
                    links=tuple((space, tuple(sorted(steps))) for space, steps in sorted(
                        (space, tuple(steps)) for space, steps in links.items())),
                    least=least, most=most, needs=needs,
                    names=tuple(sorted((names or {}).items())))
    except ValueError:
        return None


def _links(count: int) -> str:
    return f"{count} link" + ("" if count == 1 else "s")
