"""JSON text into Python values, refusing what the archive cannot keep.

The depth is measured on the text before the parser runs, so nesting cannot exhaust the
stack; ``NaN`` and ``Infinity`` are refused by the parser; duplicate keys, numbers out of
range and text that cannot be stored are noticed by its hooks and by a look at the text, and
only then is every value walked (:func:`boundary.values.check_json_value`) to name the path
of the first one refused, so a sound document is read at nearly the standard parser's speed.
"""

from __future__ import annotations

import json
import math
import re
from itertools import accumulate
from typing import Any, NoReturn

from boundary.errors import InputError
from boundary.limits import MAX_JSON_DEPTH, MAX_NUMBER_DIGITS, MAX_SAFE_INTEGER, MAX_VALUE_TEXT
from boundary.values import Refused, check_json_value

_ESCAPE = re.compile(r"\\.", re.DOTALL)
_STRING = re.compile(r'"[^"]*"')
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_ASCII_NOT_SYNTAX = {c: None for c in range(128) if chr(c) not in '[]{}"'}
_DEPTH_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}
# \u0000, and surrogate escapes (a lone one cannot be stored; a pair is checked by the walk).
_RISKY_ESCAPE = re.compile(r"\\u(?:0000|[dD][89a-fA-F])")


def nesting_depth(text: str) -> int:
    """How deep ``[`` and ``{`` nest in JSON text, brackets inside strings skipped, without
    parsing it."""
    if text.count("[") + text.count("{") <= MAX_JSON_DEPTH:
        return 0  # too few brackets to nest deeper than the bound
    if "\\" in text:
        text = _ESCAPE.sub("", text)  # an escaped quote no longer ends a string
    syntax = text.translate(_ASCII_NOT_SYNTAX).replace('""', "")
    if '"' in syntax:
        syntax = _STRING.sub("", syntax)
    syntax = _NOT_BRACKET.sub("", syntax)
    return max(accumulate(map(_DEPTH_STEP.__getitem__, syntax)), default=0)


class _Object(dict[str, Any]):
    """An object in which a key was repeated (named with its path by the value walk)."""

    duplicate_key: str | None = None


def _refuse_constant(name: str) -> NoReturn:
    raise InputError(f"{name} is not a JSON number (use a finite number or null)")


def _decoder(noticed: list[str]) -> json.JSONDecoder:
    def object_from(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        result = dict(pairs)
        if len(result) != len(pairs):
            seen: set[str] = set()
            for key, _ in pairs:
                if key in seen:
                    noticed.append(key)
                    marked = _Object(result)
                    marked.duplicate_key = key
                    return marked
                seen.add(key)
        return result

    def whole(text: str) -> int | Refused:
        digits = len(text) - text.startswith("-")
        if digits > MAX_NUMBER_DIGITS:
            noticed.append(text)
            return Refused(f"a whole number of {digits} digits is too long")
        value = int(text)
        if not -MAX_SAFE_INTEGER <= value <= MAX_SAFE_INTEGER:
            noticed.append(text)
        return value

    def decimal(text: str) -> float | Refused:
        if len(text) > 100:
            noticed.append(text)
            return Refused("a number written with more than 100 characters is too long")
        value = float(text)
        if not math.isfinite(value) or (value == 0 and text.startswith("-")):
            noticed.append(text)
        return value

    return json.JSONDecoder(object_pairs_hook=object_from, parse_constant=_refuse_constant,
                            parse_int=whole, parse_float=decimal)


def _may_hold_refused_text(raw: str, max_text: int) -> bool:
    if _RISKY_ESCAPE.search(raw):
        return True
    if not raw.isascii():
        try:
            raw.encode("utf-8")
        except UnicodeEncodeError:
            return True
    if len(raw) <= max_text:
        return False
    # Quotes delimit strings once escapes are gone; a long stretch between two quotes may be
    # a long string (or, rarely, long text between strings): the walk measures.
    unescaped = _ESCAPE.sub("", raw) if "\\" in raw else raw
    return re.search(f'"[^"]{{{max_text + 1},}}"', unescaped) is not None


def parse_json(raw: bytes | bytearray | str, *, field: str = "$",
               max_text: int = MAX_VALUE_TEXT) -> Any:
    """Parse JSON text (bytes must be UTF-8) into values the archive can keep.

    Raises :class:`InputError` naming ``field`` for a syntax error (with its line and
    column), or the refused value's own path below ``field``.
    """
    if isinstance(raw, (bytes, bytearray)):
        data = bytes(raw)
        try:
            raw = data.decode("utf-8")
        except UnicodeDecodeError as error:
            line = data[: error.start].count(b"\n") + 1
            raise InputError(f"is not UTF-8 text (line {line}, byte {error.start})",
                             field=field, code="parse_error") from None
    raw = raw.removeprefix("\ufeff")
    depth = nesting_depth(raw)
    if depth > MAX_JSON_DEPTH:
        raise InputError(f"nests {depth} levels deep; at most {MAX_JSON_DEPTH}", field=field,
                         code="parse_error")
    noticed: list[str] = []
    try:
        value = _decoder(noticed).decode(raw)
    except json.JSONDecodeError as error:
        raise InputError(
            f"malformed JSON at line {error.lineno}, column {error.colno}: {error.msg}",
            field=field, code="parse_error",
        ) from None
    except InputError as error:
        raise InputError(error.message, field=field) from None
    if noticed or _may_hold_refused_text(raw, max_text):
        try:
            check_json_value(value, field="$", max_text=max_text)
        except InputError as error:
            raise error.under(field) from None
    return value
