"""What a record could hold next: the choices ``Engine.legal_events`` offers.

As OpenSpiel's legal actions with chance nodes, but as a small decision tree rather than a flat
list of whole events: a choice fixes what is decided (the event type, the actor, some data) and
leaves the rest *open*, each open field with its **domain**, the values it may take at this
state. Combinations are never enumerated: a four-card draw is one choice with four open fields.
Filling every open field with any value of its domain gives an event that applies without a
violation under the reading the choice was offered for (``Engine.legal_events``).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

ACTOR = "actor"  # an open field by this name leaves the event's actor open


class Domain:
    """What an open field may hold. ``kind`` names the shape a page asks for it in."""

    kind = ""

    def allows(self, value: Any) -> bool:
        raise NotImplementedError

    def sample(self, rng: random.Random) -> Any:
        """A value the domain allows, drawn by its stated odds where it has them."""
        raise NotImplementedError

    def as_dict(self) -> dict[str, Any]:
        raise NotImplementedError


@dataclass(frozen=True)
class OneOf(Domain):
    """Exactly one of ``values``, each said in the game's words by ``labels``. ``spaces`` gives
    the board space each value stands for, where it has one (a page lets it be picked on the
    board); ``weights`` the odds of each value of a throw or a draw (uniform when None)."""

    values: tuple[Any, ...]
    labels: tuple[str, ...] = ()
    spaces: tuple[str | None, ...] = ()
    weights: tuple[float, ...] | None = None

    kind = "one-of"

    def __post_init__(self) -> None:
        if not self.values:
            raise ValueError("a OneOf domain needs at least one value")
        for name in ("labels", "spaces"):
            given = getattr(self, name)
            if given and len(given) != len(self.values):
                raise ValueError(f"{name} must give one entry per value")
        if self.weights is not None and len(self.weights) != len(self.values):
            raise ValueError("weights must give one entry per value")

    def allows(self, value: Any) -> bool:
        return any(_same(value, candidate) for candidate in self.values)

    def sample(self, rng: random.Random) -> Any:
        if self.weights is None:
            return _copy(rng.choice(self.values))
        return _copy(rng.choices(self.values, weights=self.weights)[0])

    def label_of(self, value: Any) -> str:
        for index, candidate in enumerate(self.values):
            if _same(value, candidate):
                return self.labels[index] if self.labels else _words(candidate)
        return _words(value)

    def odds(self) -> tuple[float, ...]:
        if self.weights is None:
            return tuple(1 / len(self.values) for _ in self.values)
        total = sum(self.weights)
        return tuple(weight / total for weight in self.weights)

    def as_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "kind": self.kind,
            "values": [_copy(value) for value in self.values],
            "labels": list(self.labels) or [_words(value) for value in self.values],
        }
        if self.spaces:
            data["spaces"] = list(self.spaces)
        if self.weights is not None:
            data["odds"] = list(self.odds())
        return data


@dataclass(frozen=True)
class SomeOf(Domain):
    """A list of ``least`` to ``most`` items of ``pool`` (each at most as often as the pool
    holds it), in any order: the cards of a hand given in an exchange, whose selections are too
    many to enumerate one by one. ``required``: items every selection holds (the icon a banner
    must highlight for the card it cancels)."""

    pool: tuple[str, ...]
    least: int = 0
    most: int | None = None
    labels: tuple[str, ...] = ()
    required: tuple[str, ...] = ()

    kind = "some-of"

    def __post_init__(self) -> None:
        if self.labels and len(self.labels) != len(self.pool):
            raise ValueError("labels must give one entry per item of the pool")
        if self.least > self.largest or len(self.required) > self.largest:
            raise ValueError("a SomeOf domain that allows no selection")
        left = Counter(self.pool)
        left.subtract(self.required)
        if min(left.values(), default=0) < 0:
            raise ValueError("a SomeOf domain that requires what its pool does not hold")

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
        if min(left.values(), default=0) < 0:
            return False
        given = Counter(value)
        given.subtract(self.required)
        return min(given.values(), default=0) >= 0

    def sample(self, rng: random.Random) -> list[str]:
        """A selection drawn by the pool, the count and what is required alone."""
        rest = list(self.pool)
        for item in self.required:
            rest.remove(item)
        count = rng.randint(max(self.least, len(self.required)), self.largest)
        picked = [*self.required, *rng.sample(rest, count - len(self.required))]
        rng.shuffle(picked)
        return picked

    def as_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": self.kind, "pool": list(self.pool), "least": self.least,
                "most": self.largest,
                "labels": list(self.labels) or [_words(item) for item in self.pool]}
        if self.required:
            data["required"] = list(self.required)
        return data


@dataclass(frozen=True)
class Number(Domain):
    """A whole number from ``low`` to ``high`` (what a card or a counter says, as read)."""

    low: int
    high: int

    kind = "number"

    def __post_init__(self) -> None:
        if self.low > self.high:
            raise ValueError("a Number domain with low above high")

    def allows(self, value: Any) -> bool:
        return (isinstance(value, int) and not isinstance(value, bool)
                and self.low <= value <= self.high)

    def sample(self, rng: random.Random) -> int:
        return rng.randint(self.low, self.high)

    def as_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "low": self.low, "high": self.high}


@dataclass(frozen=True)
class Text(Domain):
    """Free text in the record's own words, up to ``max_length`` characters (a card's name as
    read, when the rulebook lists none). ``suggestions`` are names already met in the match,
    offered for type-ahead; any other text is allowed too, but ``excluded`` (names another
    choice stands for, so that two choices never cover one event). A chance choice may carry a
    Text outcome: what came up, read as it is, when the text lists no such cards (its odds are
    not known)."""

    max_length: int = 200
    suggestions: tuple[str, ...] = ()
    excluded: tuple[str, ...] = ()
    weights: tuple[float, ...] | None = None

    kind = "text"

    def __post_init__(self) -> None:
        if self.weights is not None and len(self.weights) != len(self.suggestions):
            raise ValueError("weights must give one entry per suggestion")

    def allows(self, value: Any) -> bool:
        return (isinstance(value, str) and 0 < len(value) <= self.max_length
                and value not in self.excluded)

    def sample(self, rng: random.Random) -> str:
        """A suggestion (by its odds, when ``weights`` gives them), or a placeholder name when
        there is none: a bot names what the match has met, never invents a card."""
        usable = [(name, weight) for name, weight in
                  zip(self.suggestions, self.weights or [1.0] * len(self.suggestions),
                      strict=True) if name not in self.excluded]
        if usable:
            return rng.choices([n for n, _ in usable], weights=[w for _, w in usable])[0]
        while True:
            name = f"unrecorded-{rng.randint(1, 999)}"
            if name not in self.excluded:
                return name

    def as_dict(self) -> dict[str, Any]:
        data = {"kind": self.kind, "max_length": self.max_length,
                "suggestions": list(self.suggestions), "excluded": list(self.excluded)}
        if self.weights is not None:
            total = sum(self.weights) or 1
            data["odds"] = [weight / total for weight in self.weights]
        return data


@dataclass(frozen=True)
class Details(Domain):
    """Structured details in the record's own words: an object of named values (``{"from":
    "A1", "to": "B3"}``), for a game with no engine to say what they may be."""

    most: int = 50

    kind = "details"

    def allows(self, value: Any) -> bool:
        return (isinstance(value, dict) and len(value) <= self.most
                and all(isinstance(key, str) and key for key in value))

    def sample(self, rng: random.Random) -> dict[str, Any]:
        return {"note": f"detail {rng.randint(1, 99)}"}

    def as_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "most": self.most}


@dataclass(frozen=True)
class OpenField:
    """A data key (or the actor, by the name ``actor``) the choice leaves to the record.
    ``optional``: the record may also leave it out. ``prompt`` asks for it in the game's words
    ("Which Lagoon?"). ``decider`` is the player who decides it when that is not the choice's
    actor (under "the attacked player chooses", the attacked Hero picks its Lagoon); None for
    the actor, or for chance."""

    name: str
    domain: Domain
    prompt: str = ""
    optional: bool = False
    decider: str | None = None

    def as_dict(self) -> dict[str, Any]:
        return {"name": self.name, "prompt": self.prompt or self.name.replace("_", " "),
                "optional": self.optional, "decider": self.decider,
                "domain": self.domain.as_dict()}


@dataclass(frozen=True)
class Choice:
    """One decision (or one throw or draw, ``chance``) a correct record could hold next.

    ``event`` is ``{"type", "actor", "data"}`` with what the choice fixes; ``fields`` are the
    open fields, each with its domain; ``omitted`` the data keys the record must leave out
    here. Every data key of the event type's schema is fixed, open or omitted.
    ``label`` is one sentence in the game's words ("Ana moves to KROMT"). For picking on the
    board, ``origin`` is the space of the piece the choice moves, ``target`` the space it goes
    to when the choice fixes it; ``spaces`` every space it touches (highlighted). ``points``
    are the interpretation points whose reading decided that the choice is legal.
    """

    event: Mapping[str, Any]
    label: str
    chance: bool = False
    fields: tuple[OpenField, ...] = ()
    omitted: tuple[str, ...] = ()
    spaces: tuple[str, ...] = ()
    origin: str | None = None
    target: str | None = None
    points: tuple[str, ...] = ()

    @property
    def type(self) -> str:
        return str(self.event["type"])

    @property
    def actor(self) -> str | None:
        return self.event.get("actor")

    @property
    def open_fields(self) -> tuple[str, ...]:
        return tuple(spec.name for spec in self.fields)

    def field(self, name: str) -> OpenField:
        for spec in self.fields:
            if spec.name == name:
                return spec
        raise KeyError(name)

    def decider_of(self, field: OpenField) -> str | None:
        """Who decides an open field: its own decider, else the actor (nobody for chance)."""
        if self.chance:
            return None
        return field.decider or self.actor

    def may_act(self, player: str) -> bool:
        """Whether ``player`` is the actor this choice fixes, or one its open actor allows."""
        for spec in self.fields:
            if spec.name == ACTOR:
                return spec.domain.allows(player)
        return self.actor == player

    def matches(self, event: Mapping[str, Any]) -> bool:
        """Whether ``event`` is this choice: same type, fixed actor and data, every open field
        given a value of its domain (an optional one given or left out), nothing else."""
        if event.get("type") != self.event["type"]:
            return False
        given = event.get("data") or {}
        fixed = self.event.get("data") or {}
        open_names = set()
        actor_open = False
        for spec in self.fields:
            if spec.name == ACTOR:
                actor_open = True
                if not spec.domain.allows(event.get("actor")):
                    return False
                continue
            open_names.add(spec.name)
            if spec.name in given:
                if not spec.domain.allows(given[spec.name]):
                    return False
            elif not spec.optional:
                return False
        if not actor_open and event.get("actor") != self.event.get("actor"):
            return False
        keys = set(given) - open_names
        return keys == set(fixed) and all(_same(given[key], fixed[key]) for key in keys)

    def filled(self, values: Mapping[str, Any]) -> dict[str, Any]:
        """The event with its open fields given ``values`` (an optional field left out of
        ``values`` is left out of the event)."""
        data = dict(self.event.get("data") or {})
        actor = self.event.get("actor")
        for spec in self.fields:
            if spec.name not in values:
                if spec.optional:
                    continue
                raise KeyError(f"no value for the open field {spec.name!r}")
            if spec.name == ACTOR:
                actor = values[ACTOR]
            else:
                data[spec.name] = _copy(values[spec.name])
        return {"type": self.event["type"], "actor": actor, "data": data}

    def sampled(self, rng: random.Random, *, leave_out: float = 0.0) -> dict[str, Any]:
        """The event with each open field drawn from its domain (an optional one left out with
        probability ``leave_out``)."""
        values = {spec.name: spec.domain.sample(rng) for spec in self.fields
                  if not (spec.optional and rng.random() < leave_out)}
        return self.filled(values)

    def for_actor(self, player: str) -> Choice:
        """This choice with its open actor fixed to ``player``."""
        if not any(spec.name == ACTOR for spec in self.fields):
            return self
        event = {"type": self.event["type"], "actor": player,
                 "data": dict(self.event.get("data") or {})}
        return Choice(event=event, label=self.label, chance=self.chance,
                      fields=tuple(spec for spec in self.fields if spec.name != ACTOR),
                      omitted=self.omitted, spaces=self.spaces, origin=self.origin,
                      target=self.target, points=self.points)

    def as_dict(self) -> dict[str, Any]:
        return {
            "event": {
                "type": self.event["type"],
                "actor": self.event.get("actor"),
                "data": _copy(dict(self.event.get("data") or {})),
            },
            "label": self.label,
            "chance": self.chance,
            "fields": [spec.as_dict() for spec in self.fields],
            "open_fields": list(self.open_fields),
            "omitted": list(self.omitted),
            "spaces": list(self.spaces),
            "origin": self.origin,
            "target": self.target,
            "points": list(self.points),
        }


def event(type_: str, actor: str | None, **data: Any) -> dict[str, Any]:
    """An event as a choice carries it."""
    return {"type": type_, "actor": actor, "data": data}


def covering(choices: Iterable[Choice], event: Mapping[str, Any]) -> list[Choice]:
    """Every choice that stands for ``event`` (a correct offer has exactly one)."""
    return [choice for choice in choices if choice.matches(event)]


def matching_choice(choices: Iterable[Choice], event: Mapping[str, Any]) -> Choice | None:
    for choice in choices:
        if choice.matches(event):
            return choice
    return None


def one_of(values: Iterable[Any], label: Callable[[Any], Any] | None = None,
           space: Callable[[Any], Any] | None = None,
           weight: Callable[[Any], Any] | None = None) -> OneOf:
    """A OneOf domain built from values and functions that say, place and weigh each one."""
    values = tuple(values)
    return OneOf(
        values=values,
        labels=tuple(label(v) for v in values) if label else (),
        spaces=tuple(space(v) for v in values) if space else (),
        weights=tuple(weight(v) for v in values) if weight else None,
    )


def _same(a: Any, b: Any) -> bool:
    """JSON equality: a tuple of values stands for the list a record carries, and a boolean is
    never the number 1."""
    if isinstance(a, bool) or isinstance(b, bool):
        return type(a) is type(b) and bool(a == b)
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    return bool(a == b)


def _copy(value: Any) -> Any:
    if isinstance(value, (list, tuple)):
        return [_copy(item) for item in value]
    if isinstance(value, dict):
        return {key: _copy(item) for key, item in value.items()}
    return value


def _words(value: Any) -> str:
    if value is None:
        return "nobody"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (list, tuple)):
        return ", ".join(_words(item) for item in value)
    return str(value)
