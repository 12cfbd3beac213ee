"""The document against its JSON Schema (``schema.json``, the format's single source of truth),
every error turned into a problem in a collector's words: ``unknown effect 'teleport'`` rather
than a validator's account of its branches."""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from games.rules.problems import Problem, path_text
from games.rules.source import Source

if TYPE_CHECKING:
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import ValidationError

SCHEMA_PATH = Path(__file__).with_name("schema.json")
FORMAT = "ludoteca.rules/1"


@cache
def schema() -> dict:
    return json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))


@cache
def validator(definition: str | None = None) -> Draft202012Validator:
    """The validator of the whole document, or of one of its ``$defs`` (a space, an action…),
    which an option's clause is checked against in the place its point stands. jsonschema is
    imported here, by the first check: a web process that checks no document never pays it."""
    from jsonschema import Draft202012Validator

    root = schema()
    if definition is None:
        return Draft202012Validator(root)
    return Draft202012Validator({"$defs": root["$defs"], "$ref": f"#/$defs/{definition}"})


def schema_problems(source: Source) -> list[Problem]:
    return [problem for error in validator().iter_errors(source.value)
            for problem in explain(error, source, ())]


def item_problems(definition: str, item: Any, source: Source, shown_at: tuple,
                  within: tuple) -> list[Problem]:
    """Problems of ``item`` (checked as a ``definition``) lying under ``within`` (a path in the
    item), reported at ``shown_at`` plus the rest of their path: how an option's clause is
    checked where its point stands."""
    found = []
    for error in validator(definition).iter_errors(item):
        for problem_path, message, line_path in _reasons(error, item):
            if tuple(problem_path[:len(within)]) != within:
                continue
            path = (*shown_at, *problem_path[len(within):])
            line_at = (*shown_at, *line_path[len(within):])
            found.append(Problem(source.line_of(line_at), path_text(path), message))
    return found


def explain(error: ValidationError, source: Source, prefix: tuple) -> Iterator[Problem]:
    for path, message, line_path in _reasons(error, source.value):
        yield Problem(source.line_of((*prefix, *line_path)), path_text((*prefix, *path)),
                      message)


def _reasons(error: ValidationError, root: Any) -> Iterator[tuple[tuple, str, tuple]]:
    """(path, message, path whose line to show) for one validation error, looking inside a
    choice of forms for the one the value was meant to be."""
    path = tuple(error.absolute_path)
    kind = error.validator
    schema_ = error.schema if isinstance(error.schema, Mapping) else {}
    value = error.instance
    if kind in ("anyOf", "oneOf"):
        meant = _meant_branch(error)
        if meant:
            for sub in meant:
                yield from _reasons(sub, root)
            return
        yield path, f"must be {schema_.get('x-what', 'one of the allowed forms')}", path
        return
    if kind == "additionalProperties":
        allowed = sorted(schema_.get("properties", {}))
        extra = [key for key in value if key not in schema_.get("properties", {})]
        what = schema_.get("x-what")
        for key in extra:
            if what:
                yield path, f"unknown {what} {key!r} (known: {', '.join(allowed)})", (*path, key)
            else:
                yield path, f"unknown key {key!r} (allowed here: {', '.join(allowed)})", \
                    (*path, key)
        return
    if kind == "required":
        missing = error.message.split("'")[1] if "'" in error.message else error.message
        yield path, f"{missing!r} is missing", path
        return
    if kind in ("minProperties", "maxProperties") and schema_.get("x-what"):
        yield path, f"an {schema_['x-what']} names exactly one thing to do (one key)", path
        return
    yield path, _sentence(kind, error.validator_value, value, schema_), path


def _meant_branch(error: ValidationError) -> list[ValidationError]:
    """The errors of the branch a value was written for: a ``{point: …}`` reference when it
    has a ``point`` key, else the other form; for two forms of one thing (an effect or a list
    of effects) the branch of the value's type."""
    schema_ = error.schema if isinstance(error.schema, Mapping) else {}
    branches = schema_.get(error.validator, [])
    value = error.instance
    by_branch: dict[int, list[ValidationError]] = {}
    for sub in error.context or ():
        by_branch.setdefault(sub.relative_schema_path[0], []).append(sub)
    if schema_.get("x-clause"):
        wanted = 0 if isinstance(value, dict) and "point" in value else 1
        return by_branch.get(wanted, [])
    typed = [index for index, branch in enumerate(branches)
             if _fits_type(branch, value)]
    if len(typed) == 1:
        return by_branch.get(typed[0], [])
    return []


def _fits_type(branch: Mapping, value: Any) -> bool:
    if "$ref" in branch:
        branch = schema()["$defs"][branch["$ref"].rsplit("/", 1)[1]]
    if "const" in branch:
        return type(branch["const"]) is type(value)
    if "enum" in branch:
        return isinstance(value, str)
    kind = str(branch.get("type"))
    return {"object": isinstance(value, dict), "array": isinstance(value, list),
            "string": isinstance(value, str),
            "integer": isinstance(value, int) and not isinstance(value, bool),
            "boolean": isinstance(value, bool)}.get(kind, False)


_TYPE_WORDS = {"object": "a mapping", "array": "a list", "string": "text",
               "integer": "a whole number", "number": "a number", "boolean": "true or false"}


def _sentence(kind: str, expected: Any, value: Any, schema_: Mapping) -> str:
    shown = json.dumps(value, ensure_ascii=False)
    if len(shown) > 60:
        shown = shown[:57] + "…"
    if kind == "type":
        wanted = [str(w) for w in (expected if isinstance(expected, list) else [expected])]
        return f"must be {' or '.join(_TYPE_WORDS.get(w, w) for w in wanted)}, not {shown}"
    if kind == "enum":
        return f"{shown} is not one of: {', '.join(map(str, expected))}"
    if kind == "const":
        return f"must be {json.dumps(expected)}, not {shown}"
    if kind == "minItems":
        return f"needs at least {expected} item{'s' if expected != 1 else ''}"
    if kind == "maxItems":
        return f"has {len(value)} items; at most {expected}"
    if kind == "minLength":
        return "must not be empty"
    if kind == "maxLength":
        return f"is {len(value):,} characters long; at most {expected:,}"
    if kind == "minimum":
        return f"{shown} is below the smallest allowed value {expected}"
    if kind == "maximum":
        return f"{shown} is above the largest allowed value {expected}"
    if kind == "exclusiveMinimum":
        return f"must be more than {expected}"
    if kind == "pattern":
        return f"{shown} is not {schema_.get('x-what', 'in the expected form')}"
    if kind == "not":
        return f"{shown} is not allowed here"
    if kind in ("minProperties", "maxProperties"):
        return f"must have {'at least' if kind == 'minProperties' else 'at most'} {expected} keys"
    if kind == "propertyNames":
        return f"a key is not {schema_.get('x-what', 'allowed')}"
    return f"{shown}: {kind} {expected}"
