"""Reading a rules document's text into plain values, with the line each value starts on.

YAML is composed node by node with PyYAML's safe loader and built here, so that nothing but
text, numbers, booleans, null, lists and mappings is ever made (no tags that build objects),
an alias that expands without bound is cut off, and a key given twice is a problem. A text whose
first character is ``{`` or ``[`` is JSON, read by a small parser that keeps lines too (JSON's
own ``NaN`` and ``Infinity`` extensions are refused). Size, depth and the number of values are
bounded before anything else looks at the document.
"""

from __future__ import annotations

import bisect
import json
import math
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import yaml

from games.rules.problems import Path, Problem, RulesError, path_text

MAX_CHARACTERS = 1_000_000
MAX_DEPTH = 40
MAX_VALUES = 200_000
MAX_STRING = 20_000

_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_SCALARS = yaml.constructor.SafeConstructor()
_PLAIN_TAGS = {
    "tag:yaml.org,2002:str", "tag:yaml.org,2002:int", "tag:yaml.org,2002:float",
    "tag:yaml.org,2002:bool", "tag:yaml.org,2002:null",
}
_TIMESTAMP = "tag:yaml.org,2002:timestamp"  # a date written plainly stays the text it is
_COLLECTION_TAGS = {"tag:yaml.org,2002:seq", "tag:yaml.org,2002:map"}


@dataclass(frozen=True)
class Source:
    """A document's values and the line of each path (a key's value: the key's line)."""

    value: Any
    lines: dict[Path, int]
    kind: str  # "yaml" or "json"

    def line_of(self, path: Path) -> int | None:
        """The line of ``path``, or of its nearest ancestor that has one."""
        path = tuple(path)
        while True:
            line = self.lines.get(path)
            if line is not None or not path:
                return line
            path = path[:-1]


def read_source(text: str) -> Source:
    """The document in ``text``; raises :class:`RulesError` naming the line of what is wrong."""
    if not isinstance(text, str):
        raise RulesError([Problem(None, "", f"a rules document is text, not "
                                            f"{type(text).__name__}")])
    if len(text) > MAX_CHARACTERS:
        raise RulesError([Problem(None, "", f"the document is {len(text):,} characters long; "
                                            f"at most {MAX_CHARACTERS:,}")])
    if "\x00" in text:
        raise RulesError([Problem(text.count("\n", 0, text.index("\x00")) + 1, "",
                                  "a NUL character is not text")])
    if not text.strip():
        raise RulesError([Problem(1, "", "the document is empty")])
    if text.lstrip()[0] in "{[":
        return _JsonReader(text).read()
    return _read_yaml(text)


class _Budget:
    """Counts values as they are built (an alias counts each time it is used)."""

    __slots__ = ("left",)

    def __init__(self) -> None:
        self.left = MAX_VALUES

    def spend(self, line: int, path: Path) -> None:
        self.left -= 1
        if self.left < 0:
            raise RulesError([Problem(line, path_text(path),
                                      f"the document expands to more than {MAX_VALUES:,} values "
                                      "(a YAML alias repeats all it names each time it is used)")])


def _tag_refused(node: yaml.Node, line: int, path: Path) -> RulesError:
    return RulesError([Problem(line, path_text(path),
                               f"the YAML tag {node.tag!r} is not allowed: only text, numbers, "
                               "true/false, null, lists and mappings")])


def _deep(line: int, path: Path) -> RulesError:
    return RulesError([Problem(line, path_text(path),
                               f"the document nests deeper than {MAX_DEPTH} levels")])


def _read_yaml(text: str) -> Source:
    try:
        root = yaml.compose(text, Loader=_Loader)
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None) or getattr(error, "context_mark", None)
        line = mark.line + 1 if mark is not None else None
        problem = getattr(error, "problem", None) or str(error)
        raise RulesError([Problem(line, "", f"not valid YAML: {problem}")]) from None
    if root is None:
        raise RulesError([Problem(1, "", "the document is empty")])
    lines: dict[Path, int] = {}
    budget = _Budget()

    def build(node: yaml.Node, path: Path, depth: int) -> Any:
        line = node.start_mark.line + 1
        if depth > MAX_DEPTH:
            raise _deep(line, path)
        budget.spend(line, path)
        lines.setdefault(path, line)
        if isinstance(node, yaml.ScalarNode):
            return scalar(node, line, path)
        if node.tag not in _COLLECTION_TAGS:
            raise _tag_refused(node, line, path)
        if isinstance(node, yaml.SequenceNode):
            return [build(item, (*path, index), depth + 1)
                    for index, item in enumerate(node.value)]
        if isinstance(node, yaml.MappingNode):
            built: dict[str, Any] = {}
            for key_node, value_node in node.value:
                key_line = key_node.start_mark.line + 1
                if not isinstance(key_node, yaml.ScalarNode) or key_node.tag not in (
                        "tag:yaml.org,2002:str", "tag:yaml.org,2002:int"):
                    raise RulesError([Problem(key_line, path_text(path),
                                              "a key must be plain text")])
                key = key_node.value
                if key in built:
                    raise RulesError([Problem(key_line, path_text((*path, key)),
                                              f"the key {key!r} is given twice")])
                lines[(*path, key)] = key_line
                built[key] = build(value_node, (*path, key), depth + 1)
            return built
        raise RulesError([Problem(line, path_text(path), "not a value")])  # pragma: no cover

    def scalar(node: yaml.ScalarNode, line: int, path: Path) -> Any:
        if node.tag == _TIMESTAMP:
            return node.value
        if node.tag not in _PLAIN_TAGS:
            raise _tag_refused(node, line, path)
        if len(node.value) > MAX_STRING:
            raise RulesError([Problem(line, path_text(path),
                                      f"a value of {len(node.value):,} characters; at most "
                                      f"{MAX_STRING:,}")])
        value = _SCALARS.construct_object(node)
        if isinstance(value, float) and not math.isfinite(value):
            raise RulesError([Problem(line, path_text(path), "not a finite number")])
        return value

    return Source(build(root, (), 0), lines, "yaml")


_SPACE = re.compile(r"[ \t\n\r]*")
# The standard library's JSON string scanner (typeshed does not declare it).
SCAN_STRING: Callable[[str, int, bool], tuple[str, int]] = (
    json.decoder.scanstring)  # type: ignore[attr-defined]


def _after_space(text: str, position: int) -> int:
    """Where the white space from ``position`` ends (``_SPACE`` matches anywhere)."""
    found = _SPACE.match(text, position)
    assert found is not None
    return found.end()
_NUMBER = re.compile(r"-?(?:0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?")
_LITERALS = {"true": True, "false": False, "null": None}


class _JsonReader:
    """A JSON parser that keeps the line each value starts on (RFC 8259, nothing more)."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.starts = [0] + [m.end() for m in re.finditer("\n", text)]
        self.lines: dict[Path, int] = {}
        self.budget = _Budget()

    def line(self, position: int) -> int:
        return bisect.bisect_right(self.starts, position)

    def fail(self, position: int, message: str, path: Path = ()) -> RulesError:
        return RulesError([Problem(self.line(position), path_text(path),
                                   f"not valid JSON: {message}")])

    def read(self) -> Source:
        position = _after_space(self.text, 0)
        value, position = self.value(position, (), 0)
        position = _after_space(self.text, position)
        if position != len(self.text):
            raise self.fail(position, "more text after the document")
        return Source(value, self.lines, "json")

    def value(self, position: int, path: Path, depth: int) -> tuple[Any, int]:
        text = self.text
        line = self.line(position)
        if depth > MAX_DEPTH:
            raise _deep(line, path)
        self.budget.spend(line, path)
        self.lines.setdefault(path, line)
        if position >= len(text):
            raise self.fail(position, "the text ends where a value should be", path)
        char = text[position]
        if char == "{":
            return self.mapping(position + 1, path, depth)
        if char == "[":
            return self.sequence(position + 1, path, depth)
        if char == '"':
            return self.string(position, path)
        number = _NUMBER.match(text, position)
        if number:
            digits = number.group(0)
            if number.group(1) or number.group(2):
                value = float(digits)
                if not math.isfinite(value):
                    raise RulesError([Problem(line, path_text(path), "not a finite number")])
                return value, number.end()
            return int(digits), number.end()
        for word, literal in _LITERALS.items():
            if text.startswith(word, position):
                return literal, position + len(word)
        raise self.fail(position, f"unexpected {text[position:position + 12]!r}", path)

    def string(self, position: int, path: Path) -> tuple[str, int]:
        try:
            value, end = SCAN_STRING(self.text, position + 1, True)
        except json.JSONDecodeError as error:
            raise self.fail(error.pos, error.msg, path) from None
        if len(value) > MAX_STRING:
            raise RulesError([Problem(self.line(position), path_text(path),
                                      f"a value of {len(value):,} characters; at most "
                                      f"{MAX_STRING:,}")])
        return value, end

    def mapping(self, position: int, path: Path, depth: int) -> tuple[dict, int]:
        text = self.text
        built: dict[str, Any] = {}
        position = _after_space(text, position)
        if text.startswith("}", position):
            return built, position + 1
        while True:
            if not text.startswith('"', position):
                raise self.fail(position, "a key must be a string in double quotes", path)
            key_line = self.line(position)
            key, position = self.string(position, path)
            if key in built:
                raise RulesError([Problem(key_line, path_text((*path, key)),
                                          f"the key {key!r} is given twice")])
            position = _after_space(text, position)
            if not text.startswith(":", position):
                raise self.fail(position, "expected ':' after a key", path)
            position = _after_space(text, position + 1)
            self.lines[(*path, key)] = key_line
            built[key], position = self.value(position, (*path, key), depth + 1)
            position = _after_space(text, position)
            if text.startswith(",", position):
                position = _after_space(text, position + 1)
                continue
            if text.startswith("}", position):
                return built, position + 1
            raise self.fail(position, "expected ',' or '}'", path)

    def sequence(self, position: int, path: Path, depth: int) -> tuple[list, int]:
        text = self.text
        built: list[Any] = []
        position = _after_space(text, position)
        if text.startswith("]", position):
            return built, position + 1
        while True:
            item, position = self.value(position, (*path, len(built)), depth + 1)
            built.append(item)
            position = _after_space(text, position)
            if text.startswith(",", position):
                position = _after_space(text, position + 1)
                continue
            if text.startswith("]", position):
                return built, position + 1
            raise self.fail(position, "expected ',' or ']'", path)
