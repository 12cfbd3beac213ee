"""Query parameters that must be whole numbers (ASCII digits, as everywhere) or names of a
known shape (a game's slug, a language tag), with an error that names the parameter."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import overload

from boundary import whole_number_text

# Ids and seqs fit PostgreSQL's integer columns; a larger number names nothing.
MAX_QUERY_INT = 2**31 - 1


class BadParameter(ValueError):
    def __init__(self, name: str, message: str):
        super().__init__(message)
        self.name = name
        self.message = message


# A default given, a number is sure; none given, None when the parameter is absent.
@overload
def whole_number(params: Mapping[str, str], name: str, *, default: int, low: int = ...,
                 high: int = ...) -> int: ...
@overload
def whole_number(params: Mapping[str, str], name: str, *, default: None = ..., low: int = ...,
                 high: int = ...) -> int | None: ...
def whole_number(
    params: Mapping[str, str],
    name: str,
    *,
    default: int | None = None,
    low: int = 0,
    high: int = MAX_QUERY_INT,
) -> int | None:
    """``params[name]`` as a whole number from ``low`` to ``high``; ``default`` when absent."""
    raw = params.get(name)
    if raw in (None, ""):
        return default
    value = whole_number_text(raw)
    if value is None:
        shown = raw if len(raw) <= 20 else raw[:20] + "…"
        raise BadParameter(name, f"{name} must be a whole number, not {shown!r}")
    if not low <= value <= high:
        raise BadParameter(name, f"{name} must be a whole number from {low} to {high}")
    return value


@dataclass(frozen=True)
class NameShape:
    """What a name parameter may be: the pattern the schema publishes, and its words."""

    pattern: str
    max_length: int
    said: str


# Game.slug is a SlugField of 50; a language is a BCP 47 tag as transcriptions store it.
GAME_SLUG = NameShape(r"^[-a-zA-Z0-9_]+$", 50, "a game's slug (letters, digits, - and _)")
LANGUAGE_TAG = NameShape(r"^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{1,8})*$", 35,
                         "a language tag such as en, it or pt-BR")


def name_of_shape(params: Mapping[str, str], name: str, shape: NameShape) -> str | None:
    """``params[name]`` when it has ``shape``; None when absent (given empty, it is refused:
    the schema's pattern says a name)."""
    raw = params.get(name)
    if raw is None:
        return None
    if len(raw) > shape.max_length or not re.fullmatch(shape.pattern, raw):
        raise BadParameter(name, f"{name} must be {shape.said}")
    return raw
