"""A move as played, asked in the game's words: one input for each field of the event type's
schema (a number, one of its values, a space or a card by its name with suggestions, a path
by the names of its spaces, ticks, or JSON for a field that holds an object), and read back
with the names turned into the ids the record stores. The details as one JSON object remain
as an advanced way in, which takes names too.

What a choice fixes stays fixed when "as played…" opens the form from it: the form then asks
only for the choice's open fields, each as the choice words it (its prompt, the words of the
values it offers as suggestions, a path begun at the space it starts from).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from boundary.errors import InputError
from boundary.jsontext import parse_json
from games.core.choices import ACTOR, Choice, OneOf
from games.core.engine import Engine
from games.core.events import EventSpec, Field
from games.core.paths import Path
from replay.recorder.questions import LONGEST_LIST, path_parts
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


@dataclass(frozen=True)
class ChoiceAsks:
    """How a choice asks one of its open fields, for the form opened from it: its
    ``prompt``; ``offered``, each value it offers by the words it says it in (a space, a
    card, a shadow: read back from those words too); ``paths``, the paths it offers said
    space by space; and where a path is ``begun`` (the space the choice moves from)."""

    prompt: str = ""
    offered: tuple[tuple[str, Any], ...] = ()
    paths: tuple[str, ...] = ()
    begun: str | None = None

    def value_of(self, words: str) -> Any:
        """The value offered by ``words`` (case, spacing and quotes aside), or None."""
        wanted = _key(words)
        return next((value for said, value in self.offered if _key(said) == wanted), None)

    def words_of(self, value: Any) -> str | None:
        return next((said for said, offered in self.offered if offered == value), None)


def kept_from(choice: Choice) -> dict[str, Any]:
    """The event as far as ``choice`` fixes it, and what it fixes (``fixed``: field names,
    ``actor`` among them when the player is fixed): what "as played…" keeps of it."""
    data = dict(choice.event.get("data") or {})
    actor_open = any(spec.name == ACTOR for spec in choice.fields)
    return {"type": choice.type, "actor": choice.actor, "data": data,
            "fixed": (*data, *(() if actor_open else (ACTOR,)))}


def choice_asks(choice: Choice, spec: EventSpec, words: Vocabulary) -> dict[str, ChoiceAsks]:
    """How ``choice`` asks each of its open fields the event type has."""
    asks = {}
    for open_field in choice.fields:
        schema = spec.fields.get(open_field.name)
        if schema is None:
            continue
        domain = open_field.domain
        offered: tuple[tuple[str, Any], ...] = ()
        paths: tuple[str, ...] = ()
        if isinstance(domain, OneOf) and schema.kind == "str":
            offered = tuple((domain.label_of(value), value) for value in domain.values
                            if isinstance(value, str))
        elif isinstance(domain, OneOf) and schema.refers == "space":
            paths = tuple(dict.fromkeys(words.word(schema, list(value)) for value in
                                        domain.values if isinstance(value, (list, tuple))))
        asks[open_field.name] = ChoiceAsks(prompt=open_field.prompt, offered=offered,
                                           paths=paths, begun=_path_start(domain, schema))
    return asks


def _path_start(domain, schema: Field) -> str | None:
    """The space a path field starts from, where the choice says it: a path domain's start,
    or the first space every path a one-of offers shares."""
    if schema.kind != "list[str]" or schema.refers != "space":
        return None
    if isinstance(domain, Path):
        return domain.start
    if isinstance(domain, OneOf) and all(isinstance(value, (list, tuple)) and value
                                         for value in domain.values):
        firsts = {value[0] for value in domain.values}
        if len(firsts) == 1:
            return firsts.pop()
    return None


def asked_fields(spec: EventSpec, words: Vocabulary, data: Mapping[str, Any],
                 fixed: Sequence[str] = (),
                 asks: Mapping[str, ChoiceAsks] | None = None) -> list[AskedField]:
    """The fields of an event type as the form asks for them, holding ``data`` in words;
    those named in ``fixed`` are kept as they are (a choice fixes them), and those in
    ``asks`` asked as the choice the form was opened from asks them."""
    asked = []
    for name, schema in spec.fields.items():
        if schema.former:
            continue
        field_ = _asked(name, schema, words, data.get(name), name in fixed)
        if asks and name in asks and name not in fixed:
            _as_the_choice_asks(field_, asks[name], data.get(name), schema, words)
        asked.append(field_)
    return asked


def _as_the_choice_asks(asked: AskedField, asks: ChoiceAsks, value: Any, schema: Field,
                        words: Vocabulary) -> None:
    """The choice's prompt; its values in its words (a select's options said so, a typed
    field suggesting them), a path begun where the choice starts it."""
    if asks.prompt:
        asked.label = asks.prompt
    if asks.offered and asked.widget == "select":
        asked.options = [(item, asks.words_of(item) or said) for item, said in asked.options]
    elif asks.offered and asked.widget == "typed":
        asked.suggestions = tuple(dict.fromkeys(said for said, _value in asks.offered))
        if value is not None:
            asked.value = asks.words_of(value) or asked.value
    elif asked.widget == "path":
        asked.suggestions = asks.paths or asked.suggestions
        if asks.begun and not asked.value:
            asked.value = words.word(schema, [asks.begun]) + " → "


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


def read_fields(spec: EventSpec, post: Mapping[str, Sequence[str]], words: Vocabulary,
                asks: Mapping[str, ChoiceAsks] | None = None) -> dict[str, Any]:
    """The event's data from the form's inputs, names turned into ids (and the words of a
    value the choice the form was opened from offers, ``asks``, into that value); a field
    left empty is left out (the schema then says if it was needed). A value that is not of its kind raises
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
        offered = asks[name].value_of(text) if asks and name in asks else None
        data[name] = offered if offered is not None else _read(name, schema, text, words)
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
        parts = path_parts(text, words.names_of(spec).values()) if spec.refers == "space" \
            else text.split(",")
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
