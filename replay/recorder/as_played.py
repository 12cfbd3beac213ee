"""A move as played, asked in the game's words: one input for each field of the event type's
schema (a number, one of its values, a space or a card by its name with suggestions, a path
by the names of its spaces, ticks, or JSON for a field that holds an object), and read back
with the names turned into the ids the record stores. The details as one JSON object remain
as an advanced way in, which takes names too.

What a choice fixes stays fixed when "as played…" opens the form from it: the form then asks
only for the choice's open fields.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from boundary.errors import InputError
from boundary.jsontext import parse_json
from games.core.engine import Engine
from games.core.events import EventSpec, Field
from replay.recorder.questions import LONGEST_LIST, PATH_SEPARATORS
from web.words import in_words, label

PREFIX = "ap:"
QUOTES = "“”\"'‘’«»"


@dataclass
class AskedField:
    """One field of the event as the form asks for it. ``widget`` is ``number``, ``select``,
    ``typed`` (words with suggestions), ``path`` (spaces by name, in order), ``ticks``,
    ``list`` (items by name, separated by commas) or ``json``. ``value`` is what its input
    holds (what it posts); ``fixed`` a field a choice fixes, said in ``words`` and posted as
    it is."""

    name: str
    label: str
    widget: str
    required: bool
    value: str = ""
    options: list[tuple[str, str]] = field(default_factory=list)
    suggestions: tuple[str, ...] = ()
    chosen: tuple[str, ...] = ()
    low: int | None = None
    high: int | None = None
    fixed: bool = False
    words: str = ""

    @property
    def input(self) -> str:
        return PREFIX + self.name

    @property
    def suggestion_list(self) -> str:
        return f"ap-said-{self.name}"


@dataclass(frozen=True)
class Vocabulary:
    """What the form says and reads: players, and the ids each kind of referent may name,
    with their words (spaces by their names on the board)."""

    players: Mapping[str, str]
    referents: Mapping[str, Mapping[str, str]]

    def names_of(self, spec: Field) -> Mapping[str, str]:
        if spec.refers == "player":
            return self.players
        named = self.referents.get(spec.refers, {}) if spec.refers else {}
        if spec.allowed:
            return {choice: named.get(choice) or label(choice) for choice in spec.allowed}
        return named

    def word(self, spec: Field, value: Any) -> str:
        names = self.names_of(spec)
        if isinstance(value, list):
            joiner = " → " if spec.refers == "space" else ", "
            return joiner.join(str(names.get(item, item)) for item in value)
        if isinstance(value, bool):
            return "yes" if value else "no"
        if isinstance(value, str):
            return names.get(value, value)
        return in_words(value)

    def read(self, spec: Field, words: str) -> str:
        """The id ``words`` name (an id is read as itself; words nobody has stay as typed, so
        that the schema refuses them naming the field)."""
        names = self.names_of(spec)
        if words in names:
            return words
        wanted = _key(words)
        for item, said in names.items():
            if _key(said) == wanted:
                return item
        return words


def vocabulary(engine: Engine, players: Sequence[Mapping[str, str]],
               setup: Mapping[str, Any]) -> Vocabulary:
    kinds = {spec.refers for event in engine.event_schema.values()
             for spec in event.fields.values() if spec.refers not in (None, "player")}
    return Vocabulary(players={p["id"]: p.get("name") or p["id"] for p in players},
                      referents={kind: engine.referent_names(kind, setup) for kind in kinds})


def _key(words: str) -> str:
    return " ".join(words.strip(QUOTES + " ").casefold().split())


def asked_fields(spec: EventSpec, words: Vocabulary, data: Mapping[str, Any],
                 fixed: Sequence[str] = ()) -> list[AskedField]:
    """The fields of an event type as the form asks for them, holding ``data`` in words;
    those named in ``fixed`` are kept as they are (a choice fixes them)."""
    asked = []
    for name, schema in spec.fields.items():
        if schema.former:
            continue
        asked.append(_asked(name, schema, words, data.get(name), name in fixed))
    return asked


def _asked(name: str, spec: Field, words: Vocabulary, value: Any, fixed: bool) -> AskedField:
    names = words.names_of(spec)
    said = spec.description or label(name)
    asked = AskedField(name=name, label=said[:1].upper() + said[1:], widget="typed",
                       required=spec.required, fixed=fixed)
    if spec.kind == "int":
        asked.widget, asked.low, asked.high = "number", spec.low, spec.high
    elif spec.kind == "bool":
        asked.widget = "select"
        asked.options = [("yes", "yes"), ("no", "no")]
    elif spec.kind == "str" and (spec.refers == "player" or (
            spec.allowed and len(spec.allowed) <= LONGEST_LIST)):
        asked.widget = "select"
        asked.options = [(item, names.get(item) or label(item))
                         for item in (spec.allowed or list(names))]
    elif spec.kind == "str":
        asked.suggestions = tuple(dict.fromkeys(names.values()))
    elif spec.kind == "list[str]" and spec.refers == "space":
        asked.widget, asked.suggestions = "path", tuple(dict.fromkeys(names.values()))
    elif spec.kind == "list[str]" and spec.allowed and len(spec.allowed) <= LONGEST_LIST:
        asked.widget = "ticks"
        asked.options = [(item, names.get(item) or label(item)) for item in spec.allowed]
    elif spec.kind in ("list[str]", "list[int]"):
        asked.widget, asked.suggestions = "list", tuple(dict.fromkeys(names.values()))
    else:
        asked.widget = "json"
    if value is not None:
        asked.value = posted_value(spec, asked.widget, value, words)
        asked.words = words.word(spec, value)
        if asked.widget == "ticks" and isinstance(value, list):
            asked.chosen = tuple(value)
    return asked


def posted_value(spec: Field, widget: str, value: Any, words: Vocabulary) -> str:
    """What the field's input holds for ``value``: an id for a select, words otherwise."""
    if widget == "select":
        if isinstance(value, bool):
            return "yes" if value else "no"
        return str(value)
    if widget == "number":
        return str(value)
    if widget == "json":
        return json.dumps(value, ensure_ascii=False)
    if widget == "ticks":
        return ""
    return words.word(spec, value)


def read_fields(spec: EventSpec, post: Mapping[str, Sequence[str]], words: Vocabulary
                ) -> dict[str, Any]:
    """The event's data from the form's inputs, names turned into ids; a field left empty is
    left out (the schema then says if it was needed). A value that is not of its kind raises
    ``InputError`` naming ``data.<field>``."""
    data: dict[str, Any] = {}
    for name, schema in spec.fields.items():
        if schema.former:
            continue
        given = [text.strip() for text in post.get(PREFIX + name, ())]
        if schema.kind == "list[str]" and schema.allowed and len(schema.allowed) <= LONGEST_LIST \
                and schema.refers != "space":
            if given:
                data[name] = [words.read(schema, item) for item in given if item]
            continue
        text = given[0] if given else ""
        if not text:
            continue
        data[name] = _read(name, schema, text, words)
    return data


def _read(name: str, spec: Field, text: str, words: Vocabulary) -> Any:
    where = f"data.{name}"
    if spec.kind == "int":
        if not (text.isascii() and text.lstrip("-").isdigit() and len(text) < 20):
            raise InputError(f"{text[:40]!r} is not a whole number", field=where)
        return int(text)
    if spec.kind == "bool":
        if text not in ("yes", "no"):
            raise InputError("must be yes or no", field=where)
        return text == "yes"
    if spec.kind == "str":
        return words.read(spec, text)
    if spec.kind == "list[str]":
        parts = PATH_SEPARATORS.split(text) if spec.refers == "space" else text.split(",")
        return [words.read(spec, part.strip()) for part in parts if part.strip()]
    if spec.kind == "list[int]":
        items = [part.strip() for part in text.split(",") if part.strip()]
        if not all(item.lstrip("-").isdigit() for item in items):
            raise InputError("must be whole numbers separated by commas", field=where)
        return [int(item) for item in items]
    return parse_json(text, field=where)


def read_json(spec: EventSpec | None, text: str, words: Vocabulary) -> dict[str, Any]:
    """The details typed as one JSON object, names read as the fields read them."""
    data = parse_json(text, field="data")
    if not isinstance(data, dict):
        raise InputError("must be a JSON object: {\"name\": value, …}", field="data")
    if spec is None:
        return data
    for name, value in list(data.items()):
        schema = spec.fields.get(name)
        if schema is None:
            continue
        names = words.names_of(schema)
        if not names:
            continue
        if isinstance(value, str):
            data[name] = words.read(schema, value)
        elif isinstance(value, list):
            data[name] = [words.read(schema, item) if isinstance(item, str) else item
                          for item in value]
    return data
