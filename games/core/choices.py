"""What a record could hold next: the choices ``Engine.legal_events`` offers.

As OpenSpiel's legal actions with chance nodes: a player's decision and each outcome of a die
or a draw are separate choices, and a choice carries exactly the event ``append_events`` takes.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

from games.core.flags import CONSULTED, VIOLATION


class Narrowing(Protocol):
    """What an open field may hold, when the rules list it but cannot enumerate it as choices:
    ``allows`` a value or not, ``draw`` one it allows, and describe itself for a page."""

    def allows(self, value: Any) -> bool: ...

    def draw(self, rng: random.Random) -> Any: ...

    def as_dict(self) -> dict: ...


@dataclass(frozen=True)
class Pick:
    """What an open list field may hold when the rules list its candidates but leave the
    selection to the record: from ``least`` to ``most`` items of ``pool`` (each at most as
    often as the pool holds it), in any order, such as the cards of a hand offered in an
    exchange, whose subsets are too many to enumerate one by one."""

    pool: tuple[str, ...]
    least: int = 0
    most: int | None = None

    @property
    def largest(self) -> int:
        return len(self.pool) if self.most is None else min(self.most, len(self.pool))

    def allows(self, value: Any) -> bool:
        if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
            return False
        if not self.least <= len(value) <= self.largest:
            return False
        left = Counter(self.pool)
        left.subtract(value)
        return min(left.values(), default=0) >= 0

    def draw(self, rng: random.Random) -> list[str]:
        return rng.sample(list(self.pool), rng.randint(self.least, self.largest))

    def as_dict(self) -> dict:
        return {"pool": list(self.pool), "least": self.least, "most": self.largest}


@dataclass(frozen=True)
class Choice:
    """One event a correct record could hold next.

    ``event`` is ``{"type", "actor", "data"}`` as appended, without the ``open_fields``: data
    keys the record must supply because the rules cannot enumerate them (a card the rulebook
    never lists). ``optional_fields`` are data keys the record may give or leave out, with any
    value its schema allows (a card's printed number, when the rules leave it to the record).
    ``picks`` narrow open fields: a :class:`Pick` of listed items, or a game's own
    :class:`Narrowing` (the walks a pawn's path may take).
    ``label`` is one sentence in the game's words ("Ana moves to KROMT").
    ``chance`` marks an outcome of a die or a draw rather than a decision. ``spaces`` are the
    board spaces it touches (a page highlights them); ``points`` the interpretation points
    whose reading decided that this choice is legal.
    """

    event: Mapping[str, Any]
    label: str
    chance: bool = False
    open_fields: tuple[str, ...] = ()
    spaces: tuple[str, ...] = ()
    points: tuple[str, ...] = ()
    optional_fields: tuple[str, ...] = ()
    picks: Mapping[str, Narrowing] = field(default_factory=dict, hash=False)

    def __post_init__(self) -> None:
        stray = set(self.picks) - set(self.open_fields)
        if stray:
            raise ValueError(f"picks name fields that are not open: {', '.join(sorted(stray))}")

    def as_dict(self) -> dict:
        return {
            "event": {
                "type": self.event["type"],
                "actor": self.event.get("actor"),
                "data": dict(self.event.get("data") or {}),
            },
            "label": self.label,
            "chance": self.chance,
            "open_fields": list(self.open_fields),
            "spaces": list(self.spaces),
            "points": list(self.points),
            "optional_fields": list(self.optional_fields),
            "picks": {name: pick.as_dict() for name, pick in self.picks.items()},
        }

    def matches(self, event: Mapping[str, Any]) -> bool:
        """Whether ``event`` is this choice: same type, actor and data, with every open field
        supplied (its value is the record's to give) and any of the optional fields."""
        if event.get("type") != self.event["type"]:
            return False
        if event.get("actor") != self.event.get("actor"):
            return False
        given = event.get("data") or {}
        fixed = self.event.get("data") or {}
        if any(name not in given for name in self.open_fields):
            return False
        if any(not pick.allows(given[name]) for name, pick in self.picks.items()):
            return False
        keys = set(given) - set(self.open_fields) - set(self.optional_fields)
        return keys == set(fixed) and all(given[key] == fixed[key] for key in keys)

    def filled(self, values: Mapping[str, Any]) -> dict:
        """The event with its open fields given ``values``."""
        data = {**(self.event.get("data") or {}), **{k: values[k] for k in self.open_fields}}
        return {"type": self.event["type"], "actor": self.event.get("actor"), "data": data}


def event(type_: str, actor: str | None, **data: Any) -> dict:
    """An event as a choice carries it."""
    return {"type": type_, "actor": actor, "data": data}


def matching_choice(choices: Iterable[Choice], event: Mapping[str, Any]) -> Choice | None:
    for choice in choices:
        if choice.matches(event):
            return choice
    return None


def keep_legal(engine, state: dict, choices: Sequence[Choice], interpretation) -> list[Choice]:
    """The choices that apply without a violation under ``interpretation``, each naming the
    points its application consulted. Choices with open fields cannot be tried without their
    values and pass through as the game built them."""
    kept = []
    for choice in choices:
        if choice.open_fields:
            kept.append(choice)
            continue
        step = engine.apply(state, choice.event, interpretation)
        if any(flag.kind == VIOLATION for flag in step.flags):
            continue
        consulted = tuple(sorted({flag.point for flag in step.flags
                                  if flag.kind == CONSULTED and flag.point}))
        if consulted != choice.points:
            choice = replace(choice, points=consulted)
        kept.append(choice)
    return kept
