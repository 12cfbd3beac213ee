"""Event schemas: what each event type of a game carries, checked before a record is stored.

A schema says whether an event is *well-formed*; whether it was *legal* is for a replay to
flag. Two types belong to every game (DESIGN.md): ``annotation`` and ``correction``.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any


@dataclass(frozen=True)
class EventSchemaError(ValueError):
    """A malformed event: ``seq`` and ``field`` (a dotted path such as ``data.value``) name it."""

    seq: int | None
    field: str
    problem: str

    def __str__(self) -> str:
        where = f"event {self.seq}" if self.seq is not None else "event"
        return f"{where}: {self.field}: {self.problem}"


@dataclass(frozen=True)
class Field:
    """One field of an event's ``data``.

    ``kind`` is one of ``int``, ``str``, ``bool``, ``list[str]``, ``list[int]``, ``object``.
    ``allowed`` limits a ``str`` (or each item of a ``list[str]``); ``low``/``high`` bound an int;
    ``max_length`` bounds a ``str``.
    ``refers`` names what a ``str`` (or each item of a ``list[str]``) names in the game:
    ``player``, or a kind the engine lists in ``Engine.referents`` (``space``, ``card``...);
    a value naming something the game does not have makes the event malformed.
    ``former``: a form kept so that older records still read and replay as they did; a choice
    never offers it (it is among the choice's omitted fields) and a form never asks for it.
    """

    kind: str
    required: bool = True
    allowed: Sequence[str] | None = None
    low: int | None = None
    high: int | None = None
    min_items: int = 0
    max_items: int | None = None
    description: str = ""
    refers: str | None = None
    max_length: int | None = None
    former: bool = False

    def check(self, value: Any, path: str, seq: int | None) -> None:
        def fail(problem: str) -> None:
            raise EventSchemaError(seq, path, problem)

        if self.kind == "int":
            if isinstance(value, bool) or not isinstance(value, int):
                fail(f"must be a whole number, not {_type_name(value)}")
            self._check_range(value, fail)
        elif self.kind == "str":
            if not isinstance(value, str) or not value:
                fail(f"must be a non-empty string, not {_type_name(value)}")
            if self.allowed is not None and value not in self.allowed:
                fail(f"{value!r} is not one of: {', '.join(self.allowed)}")
            if self.max_length is not None and len(value) > self.max_length:
                fail(f"is {len(value):,} characters long; at most {self.max_length:,}")
        elif self.kind == "bool":
            if not isinstance(value, bool):
                fail(f"must be true or false, not {_type_name(value)}")
        elif self.kind in ("list[str]", "list[int]"):
            if not isinstance(value, list):
                fail(f"must be a list, not {_type_name(value)}")
            if len(value) < self.min_items:
                fail(f"must have at least {self.min_items} item(s)")
            if self.max_items is not None and len(value) > self.max_items:
                fail(f"must have at most {self.max_items} item(s)")
            for index, item in enumerate(value):
                item_path = f"{path}[{index}]"
                if self.kind == "list[str]":
                    if not isinstance(item, str) or not item:
                        raise EventSchemaError(seq, item_path, "must be a non-empty string")
                    if self.allowed is not None and item not in self.allowed:
                        raise EventSchemaError(
                            seq, item_path, f"{item!r} is not one of: {', '.join(self.allowed)}"
                        )
                else:
                    if isinstance(item, bool) or not isinstance(item, int):
                        raise EventSchemaError(seq, item_path, "must be a whole number")
                    self._check_range(item, partial(_raise, seq, item_path))
        elif self.kind == "object":
            if not isinstance(value, dict):
                fail(f"must be an object, not {_type_name(value)}")
        else:  # pragma: no cover - a programming error in an engine's schema
            raise ValueError(f"unknown field kind {self.kind!r}")

    def _check_range(self, value: int, fail: Callable[[str], None]) -> None:
        if self.low is not None and value < self.low:
            fail(f"{value} is below the smallest allowed value {self.low}")
        if self.high is not None and value > self.high:
            fail(f"{value} is above the largest allowed value {self.high}")

    def as_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": self.kind, "required": self.required}
        for name in ("allowed", "low", "high", "max_length", "description", "refers"):
            value = getattr(self, name)
            if value not in (None, ""):
                data[name] = list(value) if name == "allowed" else value
        if "allowed" in data:
            data["choices"] = data["allowed"]  # the key's former name, kept for readers of it
        if self.former:
            data["former"] = True
        return data


def _raise(seq: int | None, path: str, problem: str) -> None:
    raise EventSchemaError(seq, path, problem)


def _type_name(value: Any) -> str:
    return {
        type(None): "null",
        bool: "a boolean",
        int: "a number",
        float: "a decimal number",
        str: "a string",
        list: "a list",
        dict: "an object",
    }.get(type(value), type(value).__name__)


@dataclass(frozen=True)
class EventSpec:
    """One event type: its name, what it means, whether it needs an actor, its data fields."""

    type: str
    description: str
    fields: Mapping[str, Field] = field(default_factory=dict)
    actor_required: bool = True

    def as_dict(self) -> dict[str, Any]:
        return {
            "type": self.type,
            "description": self.description,
            "actor_required": self.actor_required,
            "fields": {name: spec.as_dict() for name, spec in self.fields.items()},
        }


ANNOTATION = EventSpec(
    "annotation",
    "A collector's note on the record; changes nothing in the game.",
    {
        "text": Field("str", max_length=2000, description="the note"),
        "step": Field("int", required=False, low=1,
                      description="the seq the note is about (an earlier event of the log)"),
    },
    actor_required=False,
)
CORRECTION = EventSpec(
    "correction",
    "Replaces an earlier event of the record; replays apply data.event in its place.",
    {
        "supersedes": Field("int", low=1, description="the seq this correction replaces"),
        "event": Field("object", description="the corrected event: type, actor, data"),
        "reason": Field("str", required=False),
    },
    actor_required=False,
)
COMMON_SPECS = (ANNOTATION, CORRECTION)


def check_referents(
    field_spec: Field,
    value: Any,
    path: str,
    seq: int | None,
    player_ids: Sequence[str] | None,
    referents: Callable[[str], Collection[str] | None] | None,
) -> None:
    """A value that names a player, space, card or piece must name one the game has."""
    if field_spec.refers is None:
        return
    if field_spec.refers == "player":
        known: Collection[str] | None = player_ids
    else:
        known = referents(field_spec.refers) if referents is not None else None
    if known is None:
        return
    items = value if isinstance(value, list) else [value]
    for index, item in enumerate(items):
        if item not in known:
            where = f"{path}[{index}]" if isinstance(value, list) else path
            what = "a player of this match" if field_spec.refers == "player" else \
                f"a {field_spec.refers} of this game"
            raise EventSchemaError(seq, where, f"{item!r} is not {what}")


def validate_event(
    specs: Mapping[str, EventSpec],
    event: Mapping[str, Any],
    player_ids: Sequence[str] | None = None,
    *,
    seq: int | None = None,
    referents: Callable[[str], Collection[str] | None] | None = None,
) -> None:
    """Raise :class:`EventSchemaError` naming the seq and field if ``event`` is malformed.

    ``specs`` must include the common types. A ``correction``'s inner event is checked too.
    ``referents(kind)`` lists what a field with ``refers=kind`` may name.
    """
    if not isinstance(event, Mapping):
        raise EventSchemaError(seq, "event", f"must be an object, not {_type_name(event)}")
    if seq is None and isinstance(event.get("seq"), int):
        seq = event["seq"]
    event_type = event.get("type")
    if not isinstance(event_type, str) or not event_type:
        raise EventSchemaError(seq, "type", "is missing")
    spec = specs.get(event_type)
    if spec is None:
        raise EventSchemaError(
            seq, "type", f"unknown event type {event_type!r} (known: {', '.join(sorted(specs))})"
        )
    actor = event.get("actor")
    if actor is not None or spec.actor_required:
        if not isinstance(actor, str) or not actor:
            raise EventSchemaError(seq, "actor", f"a {event_type} event needs the acting player's id")
        if player_ids is not None and actor not in player_ids:
            raise EventSchemaError(
                seq, "actor", f"{actor!r} is not a player of this match ({', '.join(player_ids)})"
            )
    data = event.get("data", {})
    if not isinstance(data, Mapping):
        raise EventSchemaError(seq, "data", f"must be an object, not {_type_name(data)}")
    unknown = sorted(set(data) - set(spec.fields))
    if unknown:
        raise EventSchemaError(
            seq, f"data.{unknown[0]}", f"is not a field of a {event_type} event"
        )
    for name, field_spec in spec.fields.items():
        if name not in data:
            if field_spec.required:
                raise EventSchemaError(seq, f"data.{name}", "is missing")
            continue
        field_spec.check(data[name], f"data.{name}", seq)
        check_referents(field_spec, data[name], f"data.{name}", seq, player_ids, referents)
    if event_type == "annotation" and "step" in data and seq is not None and data["step"] >= seq:
        raise EventSchemaError(
            seq, "data.step", f"step {data['step']} is not an earlier event of the log "
            f"(this note is event {seq})"
        )
    if event_type == "correction":
        if seq is not None and data["supersedes"] >= seq:
            raise EventSchemaError(
                seq, "data.supersedes", "a correction can only supersede an earlier seq"
            )
        inner = data["event"]
        unknown = sorted(set(inner) - {"type", "actor", "data"})
        if unknown:
            raise EventSchemaError(
                seq, f"data.event.{unknown[0]}", "is not a field of an event (type, actor, data)"
            )
        if inner.get("type") == "correction":
            raise EventSchemaError(
                seq, "data.event.type", "a correction replaces an event, not another correction"
            )
        try:
            validate_event(specs, inner, player_ids, seq=seq, referents=referents)
        except EventSchemaError as error:
            raise EventSchemaError(seq, f"data.event.{error.field}", error.problem) from None
