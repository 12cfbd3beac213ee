"""How the recorder asks for a choice's open fields, and how it reads the answers back.

Each open field is asked in the shape its domain calls for: one of the values (a select, or a
row of buttons for a throw), some of a pool (boxes to tick, a count where the pool holds an
item more than once), a whole number within bounds, free text with suggestions, or named
details. Values are said in the game's words (the domain's labels, players and spaces by
name). A form names a choice by its key and a value of a one-of domain by its place in the
domain, so what the page posts is read against the choices as they stand when it arrives.
"""

from __future__ import annotations

import hashlib
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from games.core.canonical import canonical_bytes
from games.core.choices import ACTOR, Choice, Details, Number, OneOf, OpenField, SomeOf, Text
from replay.log.errors import LogError
from web.words import in_words

Answers = Mapping[str, Sequence[str]]

# Key/value rows a details field shows before "Add a row" (more rows: the form keeps them all).
DETAIL_ROWS = 3


class UnansweredField(LogError):
    """An open field left empty, or answered with a value its domain does not allow; ``field``
    is the input's name (``f:<open field>``) so the page can point at it."""


@dataclass(frozen=True)
class Option:
    """One answer of a one-of or some-of field: what the form posts, what it says, the board
    space it stands for (one-of) or how many the pool holds (some-of)."""

    value: str
    label: str
    space: str = ""
    count: int = 1


@dataclass
class Question:
    """One open field as the page asks for it (``kind`` is the domain's)."""

    name: str
    input: str
    prompt: str
    kind: str
    optional: bool
    options: list[Option] = field(default_factory=list)
    low: int | None = None
    high: int | None = None
    max_length: int | None = None
    suggestions: tuple[str, ...] = ()
    given: list[str] = field(default_factory=list)
    rows: list[tuple[str, str]] = field(default_factory=list)

    @property
    def board(self) -> bool:
        """Whether its values stand for board spaces (picked on the board)."""
        return any(option.space for option in self.options)

    @property
    def bounds(self) -> str:
        """What a some-of field allows, in words."""
        if self.low == self.high:
            return f"choose {self.low}"
        if not self.low:
            return f"choose up to {self.high}"
        return f"choose {self.low} to {self.high}"


def choice_key(choice: Choice) -> str:
    """A short name for a choice, the same for the same choice at the same head: what a form
    posts to say which choice it records."""
    return hashlib.sha256(canonical_bytes(choice.as_dict())).hexdigest()[:16]


def input_name(spec: OpenField) -> str:
    return f"f:{spec.name}"


def questions(choice: Choice, names: Mapping[str, str],
              given: Answers | None = None) -> list[Question]:
    """Every open field of ``choice`` as the page asks for it; ``names`` says players and spaces
    by name; ``given`` refills the answers a recorder posted (after an error)."""
    return [_question(spec, names, given or {}) for spec in choice.fields]


def _question(spec: OpenField, names: Mapping[str, str], given: Answers) -> Question:
    domain = spec.domain
    name = input_name(spec)
    asked = Question(name=spec.name, input=name, prompt=_prompt(spec), kind=domain.kind,
                     optional=spec.optional, given=list(given.get(name, ())))
    if isinstance(domain, OneOf):
        asked.options = [
            Option(str(index), _said(domain.labels, index, value, names),
                   (domain.spaces[index] or "") if domain.spaces else "")
            for index, value in enumerate(domain.values)
        ]
    elif isinstance(domain, SomeOf):
        counts = Counter(domain.pool)
        first = {}
        for index, item in enumerate(domain.pool):
            first.setdefault(item, index)
        asked.options = [Option(str(first[item]), _said(domain.labels, first[item], item, names),
                                count=counts[item]) for item in counts]
        asked.low, asked.high = domain.least, domain.largest
    elif isinstance(domain, Number):
        asked.low, asked.high = domain.low, domain.high
    elif isinstance(domain, Text):
        asked.max_length, asked.suggestions = domain.max_length, domain.suggestions
    elif isinstance(domain, Details):
        keys = list(given.get(f"{name}:key", ()))
        values = list(given.get(f"{name}:value", ()))
        rows = list(zip(keys, values + [""] * (len(keys) - len(values)), strict=False))
        asked.rows = rows + [("", "")] * max(0, DETAIL_ROWS - len(rows))
    return asked


def _prompt(spec: OpenField) -> str:
    if spec.prompt:
        return spec.prompt
    return "Who" if spec.name == ACTOR else spec.name.replace("_", " ").capitalize()


def _said(labels: Sequence[str], index: int, value: Any, names: Mapping[str, str]) -> str:
    return labels[index] if labels else in_words(value, names)


def answered(choice: Choice, answers: Answers) -> dict[str, Any]:
    """The values of ``choice``'s open fields, read from a form's answers; an open field that
    is required and left empty, or answered outside its domain, raises ``UnansweredField``
    naming it by its prompt."""
    values = {}
    for spec in choice.fields:
        value = _answer(spec, answers)
        if value is EMPTY:
            if not spec.optional:
                raise UnansweredField(f"{_prompt(spec)}: {_missing(spec.domain)}",
                                      field=input_name(spec))
            continue
        if not spec.domain.allows(value):
            raise UnansweredField(f"{_prompt(spec)}: {_not_allowed(spec.domain)}",
                                  field=input_name(spec))
        values[spec.name] = value
    return values


# A field left empty; a value of a domain may itself be None ("nobody records it").
EMPTY = object()


def _answer(spec: OpenField, answers: Answers) -> Any:
    """The posted answer to one field as its domain's value; EMPTY when left empty."""
    domain = spec.domain
    name = input_name(spec)
    raw = [text.strip() for text in answers.get(name, ())]
    first = raw[0] if raw else ""
    if isinstance(domain, OneOf):
        if first == "":
            return EMPTY
        index = _index(first, len(domain.values), spec)
        return domain.values[index]
    if isinstance(domain, SomeOf):
        return _selection(spec, domain, answers)
    if isinstance(domain, Number):
        if first == "":
            return EMPTY
        if not (first.isascii() and first.lstrip("-").isdigit() and len(first) < 20):
            raise UnansweredField(f"{_prompt(spec)}: {first!r} is not a whole number",
                                  field=name)
        return int(first)
    if isinstance(domain, Text):
        return first or EMPTY
    if isinstance(domain, Details):
        keys = [key.strip() for key in answers.get(f"{name}:key", ())]
        values = [value.strip() for value in answers.get(f"{name}:value", ())]
        details = {}
        for key, value in zip(keys, values + [""] * (len(keys) - len(values)), strict=False):
            if key and key in details:
                raise UnansweredField(f"{_prompt(spec)}: {key!r} is given twice", field=name)
            if key:
                details[key] = value
            elif value:
                raise UnansweredField(f"{_prompt(spec)}: the value {value!r} has no name",
                                      field=name)
        return details or EMPTY
    raise UnansweredField(f"{_prompt(spec)}: the recorder cannot ask for this", field=name)


def _index(raw: str, size: int, spec: OpenField) -> int:
    if not (raw.isascii() and raw.isdigit() and int(raw) < size):
        raise UnansweredField(f"{_prompt(spec)}: {_not_allowed(spec.domain)}",
                              field=input_name(spec))
    return int(raw)


def _selection(spec: OpenField, domain: SomeOf, answers: Answers) -> list[str] | None:
    """The items ticked (each at most once) and counted (items the pool holds several times),
    in the order the recorder gave them when the page could keep it, else the pool's."""
    name = input_name(spec)
    counts: Counter = Counter()
    for raw in answers.get(name, ()):
        counts[domain.pool[_index(raw.strip(), len(domain.pool), spec)]] += 1
    for index, item in enumerate(domain.pool):
        raw = "".join(answers.get(f"{name}#{index}", ())).strip()
        if raw:
            if not (raw.isascii() and raw.isdigit() and len(raw) < 6):
                raise UnansweredField(f"{_prompt(spec)}: {raw!r} is not a count", field=name)
            counts[item] += int(raw)
    if not counts:
        # Nothing ticked: an empty selection where one is required and allowed.
        return EMPTY if spec.optional or domain.least else []
    order = [_index(raw, len(domain.pool), spec)
             for raw in "".join(answers.get(f"{name}:order", ())).split(",") if raw.strip()]
    ordered = [domain.pool[index] for index in order]
    if Counter(ordered) == counts:
        return ordered
    return [item for item in dict.fromkeys(domain.pool) for _ in range(counts[item])]


def _missing(domain) -> str:
    if isinstance(domain, (OneOf, SomeOf)):
        return "choose first"
    return "fill it in first"


def _not_allowed(domain) -> str:
    if isinstance(domain, OneOf):
        return "choose one of the values offered"
    if isinstance(domain, SomeOf):
        low, high = domain.least, domain.largest
        return (f"choose {low}" if low == high else f"choose {low} to {high}") + \
            " of those offered"
    if isinstance(domain, Number):
        return f"a whole number from {domain.low} to {domain.high}"
    if isinstance(domain, Text):
        return f"at most {domain.max_length} characters"
    return "too many details"
