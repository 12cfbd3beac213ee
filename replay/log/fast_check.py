"""A game's event schema compiled, once per engine, into one quick check per event type: what
``check_events`` runs first on each event of an append.

The quick check only ever accepts: an event it takes is one the full checks (the input
boundary's ``check_json_value``, then the engine's ``validate_event``) take too, and it gives
the same record. Anything else (an unusual value, a note or correction, a schema field of a
kind it does not know, an engine with checks of its own) it hands back to the full checks,
which name the seq and field of the problem exactly as before. It checks in one pass what the
two walks checked in two: each value's kind, bounds and referents as the schema says, and
that each is what the archive keeps (plain text, a whole number within ±(2**53 - 1)).
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Collection, Mapping, Sequence
from typing import Any

from boundary import MAX_JSON_DEPTH, MAX_SAFE_INTEGER, MAX_VALUE_TEXT, text_problem
from boundary.values import MAX_KEY_TEXT
from games.core.engine import Engine
from games.core.events import COMMON_SPECS, EventSpec, Field

# An event's keys, and the depth of its deepest value the quick check takes (a list in data).
EVENT_KEYS = frozenset({"seq", "type", "actor", "data"})
_DEEPEST = 2
# Notes and corrections have rules across events (an earlier seq): the full checks.
_FULL_CHECKS_ONLY = frozenset(spec.type for spec in COMMON_SPECS)

QuickCheck = Callable[[Any, int], "dict[str, Any] | None"]
# A field: its name, whether required, the check of its kind, and what it refers to.
_CompiledField = tuple[str, bool, Callable[[Any], bool], "str | None"]
_CompiledSpec = tuple[bool, frozenset[str], tuple[_CompiledField, ...]]

_compiled: weakref.WeakKeyDictionary[Engine, tuple[object, dict[str, _CompiledSpec]]] = \
    weakref.WeakKeyDictionary()


def plain_text(value: Any) -> bool:
    """Text the input boundary takes as it is (``check_json_value``'s rule for a string)."""
    return type(value) is str and len(value) <= MAX_VALUE_TEXT and text_problem(value) is None


def _plain_key(key: Any) -> bool:
    return type(key) is str and len(key) <= MAX_KEY_TEXT and text_problem(key) is None


def _members(allowed: Sequence[str] | None) -> Collection[str] | None:
    """``allowed`` as a set where that is the same test (``in`` a list of text), else as is."""
    if isinstance(allowed, (list, tuple, set, frozenset)) and all(
            type(item) is str for item in allowed):
        return frozenset(allowed)
    return allowed


def _whole_number_check(spec: Field) -> Callable[[Any], bool]:
    low = -MAX_SAFE_INTEGER if spec.low is None else max(spec.low, -MAX_SAFE_INTEGER)
    high = MAX_SAFE_INTEGER if spec.high is None else min(spec.high, MAX_SAFE_INTEGER)
    return lambda value: type(value) is int and low <= value <= high


def _text_check(spec: Field) -> Callable[[Any], bool]:
    allowed = _members(spec.allowed)
    longest = MAX_VALUE_TEXT if spec.max_length is None else min(spec.max_length, MAX_VALUE_TEXT)

    def check(value: Any) -> bool:
        return (type(value) is str and 0 < len(value) <= longest
                and (allowed is None or value in allowed) and text_problem(value) is None)
    return check


def _field_check(spec: Field) -> Callable[[Any], bool] | None:
    """The quick check of one field's value, or None for a kind it leaves to the full checks."""
    if spec.kind == "int":
        return _whole_number_check(spec)
    if spec.kind == "str":
        return _text_check(spec)
    if spec.kind == "bool":
        return lambda value: type(value) is bool
    if spec.kind not in ("list[str]", "list[int]"):
        return None  # an object: any JSON tree, which the full walk checks
    item_check = _whole_number_check(spec) if spec.kind == "list[int]" else _text_check(
        Field("str", allowed=spec.allowed))
    fewest, most = spec.min_items, spec.max_items

    def check_list(value: Any) -> bool:
        return (type(value) is list and fewest <= len(value)
                and (most is None or len(value) <= most) and all(map(item_check, value)))
    return check_list


def _compile_spec(spec: EventSpec) -> _CompiledSpec | None:
    if not plain_text(spec.type):
        return None
    fields = []
    for name, field_spec in spec.fields.items():
        check = _field_check(field_spec)
        if check is None or not _plain_key(name):
            return None
        fields.append((name, field_spec.required, check, field_spec.refers))
    return spec.actor_required, frozenset(spec.fields), tuple(fields)


def _compiled_schema(engine: Engine) -> dict[str, _CompiledSpec]:
    schema = engine.event_schema
    try:
        cached = _compiled.get(engine)
    except TypeError:  # an engine that cannot be a key: compiled each time
        return _compile_schema(schema)
    if cached is not None and cached[0] is schema:
        return cached[1]
    compiled = _compile_schema(schema)
    _compiled[engine] = (schema, compiled)
    return compiled


def _compile_schema(schema: Mapping[str, EventSpec]) -> dict[str, _CompiledSpec]:
    compiled = {}
    for event_type, spec in schema.items():
        if event_type in _FULL_CHECKS_ONLY or event_type != spec.type:
            continue
        spec_check = _compile_spec(spec)
        if spec_check is not None:
            compiled[event_type] = spec_check
    return compiled


def quick_check(engine: Engine, setup: Mapping[str, Any],
                player_ids: Sequence[str] | None) -> QuickCheck | None:
    """``check(event, seq)``: the event's record when it certainly passes every check, None
    when the full checks must decide. None instead of a check when the engine adds checks of
    its own to the schema's."""
    if (type(engine).validate_event is not Engine.validate_event or player_ids is None
            or MAX_JSON_DEPTH <= _DEEPEST):
        return None
    compiled = _compiled_schema(engine)
    players = frozenset(p for p in player_ids if type(p) is str and p and plain_text(p))
    known: dict[str, Collection[Any] | None] = {}
    bound: dict[str, tuple[bool, frozenset[str], tuple] | None] = {}

    def bind(event_type: str) -> tuple[bool, frozenset[str], tuple] | None:
        """An event type's compiled check with what its fields may name, when first met."""
        if event_type not in compiled:
            bound[event_type] = None
            return None
        actor_required, names, fields = compiled[event_type]
        bound_fields = []
        for name, required, value_check, refers in fields:
            if refers is not None and refers not in known:
                try:
                    known[refers] = player_ids if refers == "player" else \
                        engine.referents(refers, setup)
                except Exception:  # noqa: BLE001 - the full checks meet it where they would
                    bound[event_type] = None
                    return None
            bound_fields.append(
                (name, required, value_check, None if refers is None else known[refers]))
        spec = bound[event_type] = (actor_required, names, tuple(bound_fields))
        return spec

    def check(event: Any, seq: int) -> dict[str, Any] | None:
        if type(event) is not dict or not event.keys() <= EVENT_KEYS:
            return None
        if "seq" in event:
            given = event["seq"]
            if type(given) is not int or given != seq or not -MAX_SAFE_INTEGER <= given <= \
                    MAX_SAFE_INTEGER:
                return None
        event_type = event.get("type")
        if type(event_type) is not str:
            return None
        spec = bound[event_type] if event_type in bound else bind(event_type)
        if spec is None:
            return None
        actor_required, names, fields = spec
        actor = event.get("actor")
        if actor is None:
            if actor_required:
                return None
        elif type(actor) is not str or actor not in players:
            return None
        data = event.get("data", {})
        if type(data) is not dict or not data.keys() <= names:
            return None
        for name, required, value_check, referents in fields:
            if name not in data:
                if required:
                    return None
                continue
            value = data[name]
            if not value_check(value):
                return None
            if referents is not None and not (
                    all(item in referents for item in value) if type(value) is list
                    else value in referents):
                return None
        return {"seq": seq, "type": event_type, "actor": actor, "data": data}

    return check
