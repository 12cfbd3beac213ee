"""How the recorder asks for a choice's open fields, and how it reads the answers back.

Each open field is asked in the shape its domain calls for: one of the values (a select, a row
of buttons for a throw, or, for a long list, typed with suggestions), some of a pool (boxes to
tick, a count where the pool holds an item more than once), a path (its spaces picked on the
board one after the other, or typed by name), a whole number within bounds, free text with
suggestions, or named details. Values are said in the game's words (the domain's labels,
players and spaces by name). A form names a choice by its key and a value of a listed one-of
domain by its place in the domain; a typed value or a path by its words, so what the page
posts is read against the choices as they stand when it arrives.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from games.core.canonical import canonical_bytes
from games.core.choices import (
    ACTOR,
    Choice,
    Details,
    Number,
    OneOf,
    OpenField,
    SomeOf,
    Text,
)
from games.core.paths import Path
from replay.log.errors import LogError
from web.words import in_words

Answers = Mapping[str, Sequence[str]]

# Key/value rows a details field shows before "Add a row" (more rows: the form keeps them all).
DETAIL_ROWS = 3
# A one-of domain longer than this is typed into with suggestions, not listed in a select.
LONGEST_LIST = 24
# What separates the spaces of a path typed by name: an arrow, a comma, a semicolon.
PATH_SEPARATORS = re.compile(r"\s*(→|->|>|,|;|\n)\s*")


class UnansweredField(LogError):
    """An open field left empty, or answered with a value its domain does not allow; ``field``
    is the input's name (``f:<open field>``) so the page can point at it."""


@dataclass(frozen=True)
class OfferedAnswer:
    """One answer of a one-of or some-of field: what the form posts, what it says, the board
    space it stands for (one-of), how many the pool holds (some-of) and whether every
    selection holds it."""

    value: str
    label: str
    space: str = ""
    count: int = 1
    required: bool = False
    group: str = ""


@dataclass
class Question:
    """One open field as the page asks for it (``kind`` is the domain's; ``typed`` for a long
    one-of domain asked as text with suggestions)."""

    name: str
    input: str
    prompt: str
    kind: str
    optional: bool
    options: list[OfferedAnswer] = field(default_factory=list)
    low: int | None = None
    high: int | None = None
    max_length: int | None = None
    suggestions: tuple[str, ...] = ()
    given: list[str] = field(default_factory=list)
    rows: list[tuple[str, str]] = field(default_factory=list)
    typed: bool = False
    odds: str = ""
    path: dict | None = None

    @property
    def board(self) -> bool:
        """Whether its values stand for board spaces (picked on the board)."""
        return self.kind == Path.kind or any(option.space for option in self.options)

    @property
    def bounds(self) -> str:
        """What a some-of field allows, in words."""
        if self.low == self.high:
            said = f"choose {self.low}"
        elif not self.low:
            said = f"choose up to {self.high}"
        else:
            said = f"choose {self.low} to {self.high}"
        required = [option.label for option in self.options if option.required]
        return said + (f", {' and '.join(required)} among them" if required else "")

    @property
    def suggestion_list(self) -> str:
        """The id of the shared list of suggestions of a typed field (one per distinct list)."""
        words = self.suggestions or tuple(option.label for option in self.options)
        return "said-" + hashlib.sha256("\n".join(words).encode()).hexdigest()[:12]

    @property
    def grouped(self) -> bool:
        """Whether several values stand for one space: the list then goes by destination
        (the space's name), then by value."""
        spaces = [option.space for option in self.options if option.space]
        return len(set(spaces)) < len(spaces)

    @property
    def by_destination(self) -> list[OfferedAnswer]:
        return sorted(self.options, key=lambda option: (option.group, option.label))

    @property
    def said(self) -> tuple[str, ...]:
        return self.suggestions or tuple(option.label for option in self.options)

    @property
    def path_json(self) -> str:
        """The path's starts, bounds, links and names, for the page's script."""
        return json.dumps(self.path, ensure_ascii=False, separators=(",", ":"))

    @property
    def start_words(self) -> str:
        """What a path's input holds before anything is picked: its start, then an arrow."""
        if not self.path or not self.path["start"]:
            return ""
        return self.path["names"][self.path["start"]] + " → "

    @property
    def board_spaces_json(self) -> str:
        """For a typed field whose values stand for spaces: each space's values, by words."""
        by_space: dict[str, list[str]] = {}
        for option in self.options:
            if option.space:
                by_space.setdefault(option.space, []).append(option.label)
        return json.dumps(by_space, ensure_ascii=False, separators=(",", ":"))


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


def typed(domain: OneOf) -> bool:
    """Whether a one-of domain is typed into (a long list whose values say themselves apart)."""
    if len(domain.values) <= LONGEST_LIST or not domain.labels:
        return False
    return len({_key(label) for label in domain.labels}) == len(domain.labels)


def _question(spec: OpenField, names: Mapping[str, str], given: Answers) -> Question:
    domain = spec.domain
    name = input_name(spec)
    asked = Question(name=spec.name, input=name, prompt=_prompt(spec), kind=domain.kind,
                     optional=spec.optional, given=list(given.get(name, ())))
    if isinstance(domain, OneOf):
        asked.options = [
            OfferedAnswer(str(index), _said(domain.labels, index, value, names), space,
                   group=names.get(space, space) if space else "elsewhere")
            for index, value in enumerate(domain.values)
            for space in [(domain.spaces[index] or "") if domain.spaces else ""]
        ]
        asked.typed = typed(domain)
        asked.odds = odds_words(domain)
        if asked.odds and not asked.odds.startswith("each"):
            shares = [_share(odds) for odds in domain.odds()]
            asked.options = [OfferedAnswer(o.value, f"{o.label} ({share})", o.space, group=o.group)
                             for o, share in zip(asked.options, shares, strict=True)]
    elif isinstance(domain, SomeOf):
        counts = Counter(domain.pool)
        first: dict[str, int] = {}
        for index, item in enumerate(domain.pool):
            first.setdefault(item, index)
        asked.options = [OfferedAnswer(str(first[item]), _said(domain.labels, first[item], item, names),
                                count=counts[item], required=item in domain.required)
                         for item in counts]
        asked.low, asked.high = domain.least, domain.largest
    elif isinstance(domain, Path):
        asked.path = path_data(domain, names)
        asked.low, asked.high = domain.least, domain.most
        asked.suggestions = tuple(asked.path["names"].values())
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


def odds_words(domain: OneOf) -> str:
    """A draw's odds in words: "each 1 in 6" when even, else "by the odds shown" (each value
    then says its own); empty when the domain gives none."""
    if domain.weights is None:
        return ""
    odds = domain.odds()
    if len(set(odds)) == 1:
        return f"each {_share(odds[0])}"
    return "by the odds shown"


def _share(odds: float) -> str:
    fraction = Fraction(odds).limit_denominator(1000)
    return f"{fraction.numerator} in {fraction.denominator}"


def path_data(domain: Path, names: Mapping[str, str]) -> dict:
    """What the page's script needs to grow a path: where it starts, how long it may be, the
    kind of link it must cross, the links from each space and the spaces' names."""
    links = domain.reachable()
    said = dict(domain.names)
    spaces = set(links) | {there for steps in links.values() for there in steps} | \
        set(domain.firsts())
    return {"start": domain.start, "least": domain.least, "most": domain.most,
            "needs": domain.needs, "free": domain.free, "next": links,
            "names": {space: names.get(space) or said.get(space, space)
                      for space in sorted(spaces)}}


def _prompt(spec: OpenField) -> str:
    if spec.prompt:
        return spec.prompt
    return "Who" if spec.name == ACTOR else spec.name.replace("_", " ").capitalize()


def _said(labels: Sequence[str], index: int, value: Any, names: Mapping[str, str]) -> str:
    return labels[index] if labels else in_words(value, names)


def answered(choice: Choice, answers: Answers, names: Mapping[str, str] | None = None
             ) -> dict[str, Any]:
    """The values of ``choice``'s open fields, read from a form's answers; an open field that
    is required and left empty, or answered outside its domain, raises ``UnansweredField``
    naming it by its prompt. ``names`` reads spaces typed by name."""
    values = {}
    for spec in choice.fields:
        value = _answer(spec, answers, names or {})
        if value is EMPTY:
            if not spec.optional:
                raise UnansweredField(f"{_prompt(spec)}: {_missing(spec.domain)}",
                                      field=input_name(spec))
            continue
        if not spec.domain.allows(value):
            raise UnansweredField(f"{_prompt(spec)}: {_not_allowed(spec.domain, value, names)}",
                                  field=input_name(spec))
        values[spec.name] = value
    return values


# A field left empty; a value of a domain may itself be None ("nobody records it").
EMPTY = object()


def _answer(spec: OpenField, answers: Answers, names: Mapping[str, str]) -> Any:
    """The posted answer to one field as its domain's value; EMPTY when left empty."""
    domain = spec.domain
    name = input_name(spec)
    raw = [text.strip() for text in answers.get(name, ())]
    first = raw[0] if raw else ""
    if isinstance(domain, OneOf):
        if first == "":
            return EMPTY
        if typed(domain):
            return _typed_value(spec, domain, first)
        index = _index(first, len(domain.values), spec)
        return domain.values[index]
    if isinstance(domain, SomeOf):
        return _selection(spec, domain, answers)
    if isinstance(domain, Path):
        return _path(spec, domain, first, names) if first else EMPTY
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


def _key(words: str) -> str:
    return " ".join(words.casefold().split())


def _typed_value(spec: OpenField, domain: OneOf, text: str) -> Any:
    """The value whose words were typed (case and spacing aside)."""
    wanted = _key(text)
    for value, label in zip(domain.values, domain.labels, strict=True):
        if _key(label) == wanted:
            return value
    raise UnansweredField(f"{_prompt(spec)}: {text[:80]!r} is none of the values offered; "
                          "type one of the suggestions", field=input_name(spec))


def spaces_named(text: str, names: Mapping[str, str], field_name: str, prompt: str
                 ) -> list[str]:
    """The spaces of a path typed by name ("Paris → Brussels"; an id is read too), in order; a
    name the board does not have is refused, named."""
    by_words = {_key(said): space for space, said in names.items()}
    found = []
    for part in path_parts(text, names.values()):
        if not part:
            continue
        space = part if part in names else by_words.get(_key(part))
        if space is None:
            raise UnansweredField(f"{prompt}: {part[:80]!r} is not a space of the board",
                                  field=field_name)
        found.append(space)
    return found


def path_parts(text: str, names: Iterable[str]) -> list[str]:
    """The words of each space of a path typed by name, in order: split at its arrows,
    commas and semicolons, but a comma kept where it belongs to a space's name among
    ``names`` ("the west battlements, 4th square from the north")."""
    known = {_key(said) for said in names}
    pieces = PATH_SEPARATORS.split(text.strip())
    parts, separators = pieces[0::2], pieces[1::2]
    found, start = [], 0
    while start < len(parts):
        end, joined = start, parts[start]
        for after in range(start + 1, len(parts)):
            if separators[after - 1] != ",":
                break
            joined += ", " + parts[after]
            if _key(joined) in known:
                end = after
        found.append(", ".join(parts[start:end + 1]))
        start = end + 1
    return [part for part in found if part]


def _path(spec: OpenField, domain: Path, text: str, names: Mapping[str, str]) -> list[str]:
    return spaces_named(text, {**dict(domain.names), **names}, input_name(spec), _prompt(spec))


def _index(raw: str, size: int, spec: OpenField) -> int:
    if not (raw.isascii() and raw.isdigit() and int(raw) < size):
        raise UnansweredField(f"{_prompt(spec)}: {_not_allowed(spec.domain)}",
                              field=input_name(spec))
    return int(raw)


def _selection(spec: OpenField, domain: SomeOf, answers: Answers) -> list[str] | object:
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
    if isinstance(domain, Path):
        return "pick its spaces on the board, or type their names, first"
    return "fill it in first"


def _not_allowed(domain, value: Any = None, names: Mapping[str, str] | None = None) -> str:
    if isinstance(domain, OneOf):
        return "choose one of the values offered"
    if isinstance(domain, SomeOf):
        low, high = domain.least, domain.largest
        said = (f"choose {low}" if low == high else f"choose {low} to {high}") + \
            " of those offered"
        if domain.required:
            labels = dict(zip(domain.pool, domain.labels or domain.pool, strict=True))
            said += ", " + " and ".join(labels[item] for item in domain.required) + \
                " among them"
        return said
    if isinstance(domain, Path):
        return (domain.problem(value, names) if isinstance(value, list) else "") or \
            "not a path the rules allow"
    if isinstance(domain, Number):
        return f"a whole number from {domain.low} to {domain.high}"
    if isinstance(domain, Text):
        return f"at most {domain.max_length} characters"
    return "too many details"
