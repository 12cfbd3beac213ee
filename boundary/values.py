"""Checks of values already in Python: text, whole numbers, and JSON-like trees."""

from __future__ import annotations

import json
import math
import re
from typing import Any

from boundary.errors import InputError
from boundary.limits import MAX_JSON_DEPTH, MAX_NUMBER_DIGITS, MAX_SAFE_INTEGER, MAX_VALUE_TEXT

MAX_KEY_TEXT = 200


class Refused:
    """A value a parser could not take, kept in place so the walk names its path."""

    def __init__(self, problem: str):
        self.problem = problem


def text_problem(value: str) -> str | None:
    """Why ``value`` cannot be stored as text (a lone surrogate, a NUL), or None."""
    if value.isascii():
        return "contains a NUL character" if "\x00" in value else None
    try:
        value.encode("utf-8")
    except UnicodeEncodeError as error:
        code = ord(value[error.start])
        return (f"contains a lone surrogate U+{code:04X} at character {error.start + 1} "
                "(not a Unicode character)")
    if "\x00" in value:
        return "contains a NUL character"
    return None


def check_text(
    value: Any,
    *,
    field: str,
    max_length: int,
    required: bool = True,
    single_line: bool = False,
) -> str:
    """``value`` as stored text: a string of Unicode scalar values, at most ``max_length``
    characters, not blank when ``required``, without line breaks when ``single_line``."""
    if not isinstance(value, str):
        raise InputError("must be text", field=field)
    problem = text_problem(value)
    if problem:
        raise InputError(problem, field=field)
    if len(value) > max_length:
        raise InputError(f"is {len(value):,} characters long; at most {max_length:,}",
                         field=field)
    if required and not value.strip():
        raise InputError("must not be empty", field=field)
    if single_line and any(c in value for c in "\r\n\x0b\x0c\x85\u2028\u2029"):
        raise InputError("must be one line", field=field)
    return value


def check_whole_number(value: Any, *, field: str, low: int, high: int) -> int:
    """``value`` as a whole number from ``low`` to ``high`` (true and 3.0 are not numbers)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise InputError(f"must be a whole number from {low} to {high}", field=field)
    if not low <= value <= high:
        raise InputError(f"{_short(value)} is out of range: a whole number from {low} to {high}",
                         field=field)
    return value


_WHOLE_NUMBER_TEXT = re.compile(r"-?[0-9]+\Z")


def whole_number_text(text: str) -> int | None:
    """Text typed as a whole number (a form field, a query parameter), or None: ASCII digits
    only, with an optional minus, spaces around allowed. Python's ``int`` would also take
    ``٠`` (an Arabic-Indic zero) and ``1_000``; ``²`` is a digit to ``str.isdigit``."""
    stripped = text.strip() if isinstance(text, str) else None
    if stripped is None or len(stripped) > MAX_NUMBER_DIGITS \
            or not _WHOLE_NUMBER_TEXT.match(stripped):
        return None
    return int(stripped)


def _short(number: int) -> str:
    digits = len(str(abs(number))) if abs(number) >= 10**30 else 0
    return f"a {digits}-digit number" if digits else str(number)


def check_json_value(value: Any, *, field: str = "$", max_text: int = MAX_VALUE_TEXT) -> Any:
    """Refuse, naming its path, anything in a JSON-like tree that the archive cannot keep:
    text with a lone surrogate or NUL or longer than ``max_text``, keys that are not text,
    whole numbers beyond ±(2**53 - 1), non-finite numbers and negative zero (the number model
    of ``games.core.canonical``), other types, nesting deeper than ``MAX_JSON_DEPTH``.
    Returns ``value`` unchanged."""
    _walk(value, field, 0, max_text)
    return value


def _leaf_problem(value: Any, max_text: int) -> str | None:
    kind = type(value)
    if kind is str:
        if len(value) > max_text:
            return f"is {len(value):,} characters long; at most {max_text:,}"
        if not value.isascii() or "\x00" in value:
            return text_problem(value)
        return None
    if kind is int:
        if -MAX_SAFE_INTEGER <= value <= MAX_SAFE_INTEGER:
            return None
        return (f"{_short(value)} is beyond ±{MAX_SAFE_INTEGER:,}, the largest whole number "
                "JSON readers keep exactly")
    if kind is float:
        return None if math.isfinite(value) and not is_negative_zero(value) else \
            _number_problem(value)
    if kind is bool or value is None:
        return None
    if isinstance(value, Refused):
        return value.problem
    return f"{kind.__name__} is not a JSON value"


def is_negative_zero(value: float) -> bool:
    return value == 0 and math.copysign(1.0, value) < 0


def _number_problem(value: float) -> str:
    if is_negative_zero(value):
        # PostgreSQL keeps JSON numbers as decimals, which have no negative zero: the value
        # would come back as 0.0 and its event would no longer hash as it was chained.
        return "is negative zero (or rounds to it), which not every database keeps; write 0 or 0.0"
    return "must be a finite number (not NaN or Infinity)"


_CONTAINERS = (dict, list, tuple)
_PLAIN_KEY = re.compile(r"[A-Za-z_][A-Za-z0-9_-]*\Z")


def key_path(path: str, key: str) -> str:
    """``path.key``, or ``path["key"]`` for a key that is empty or not a plain name."""
    if _PLAIN_KEY.match(key):
        return key if path == "$" else f"{path}.{key}"
    quoted = f"[{json.dumps(key, ensure_ascii=True)}]"
    return quoted if path == "$" else path + quoted


def _plain_leaf(item: Any, max_text: int) -> bool:
    """Whether ``item`` is a leaf every check passes at a glance: short ASCII text without NUL,
    a whole number within the safe range, a boolean or null (most of what events hold)."""
    kind = type(item)
    if kind is str:
        text: str = item
        return len(text) <= max_text and text.isascii() and "\x00" not in text
    if kind is int:
        number: int = item
        return -MAX_SAFE_INTEGER <= number <= MAX_SAFE_INTEGER
    return kind is bool or item is None


def _walk(value: Any, path: str, depth: int, max_text: int) -> None:
    if not isinstance(value, _CONTAINERS):
        problem = _leaf_problem(value, max_text)
        if problem:
            raise InputError(problem, field=path)
        return
    if depth >= MAX_JSON_DEPTH:
        raise InputError(f"nests deeper than {MAX_JSON_DEPTH} levels", field=path)
    if isinstance(value, dict):
        duplicate = getattr(value, "duplicate_key", None)
        if duplicate is not None:
            raise InputError(f"has the key {duplicate!r} twice", field=path)
        for key, item in value.items():
            if type(key) is not str:
                raise InputError("object keys must be text", field=path)
            if len(key) > MAX_KEY_TEXT:
                raise InputError(f"a key is longer than {MAX_KEY_TEXT} characters", field=path)
            if not key.isascii() or "\x00" in key:
                problem = text_problem(key)
                if problem:
                    raise InputError(f"a key {problem}", field=path)
            if _plain_leaf(item, max_text):
                continue
            if isinstance(item, _CONTAINERS):
                _walk(item, key_path(path, key), depth + 1, max_text)
            else:
                problem = _leaf_problem(item, max_text)
                if problem:
                    raise InputError(problem, field=key_path(path, key))
        return
    base = "" if path == "$" else path
    for index, item in enumerate(value):
        if _plain_leaf(item, max_text):
            continue
        if isinstance(item, _CONTAINERS):
            _walk(item, f"{base}[{index}]", depth + 1, max_text)
        else:
            problem = _leaf_problem(item, max_text)
            if problem:
                raise InputError(problem, field=f"{base}[{index}]")
