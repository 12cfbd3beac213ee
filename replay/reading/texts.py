"""A step's words as its page writes them: its state as JSON (the standard library's indented
form, written by orjson where the two agree), and words shortened without walking a text
already short enough."""

from __future__ import annotations

import json
import unicodedata

import orjson
from django.utils.text import Truncator


def state_json(state) -> str:
    """A state as the step page shows it: ``json.dumps(state, ensure_ascii=False, indent=1,
    sort_keys=True)``, written by orjson (the standard library's indented form is its slow
    pure-Python encoder). The two agree on text, whole numbers, booleans and null; a state
    holding anything else (a float: orjson writes ``1e-05`` as ``0.00001`` and NaN as null),
    or a key orjson refuses, is written by the standard library."""
    if type(state) in _JSON_CONTAINERS and _plain_json(state):
        try:
            text = orjson.dumps(state, option=orjson.OPT_INDENT_2 | orjson.OPT_SORT_KEYS)
        except orjson.JSONEncodeError:
            pass
        else:
            return _halved_indents(text.decode())
    return json.dumps(state, ensure_ascii=False, indent=1, sort_keys=True)


_JSON_CONTAINERS = (dict, list, tuple)


_JSON_SCALARS = frozenset({str, int, bool, type(None)})


def _plain_json(value) -> bool:
    """Whether a container holds only containers, text, whole numbers, booleans and null."""
    for item in value.values() if type(value) is dict else value:
        kind = type(item)
        if kind in _JSON_CONTAINERS:
            if not _plain_json(item):
                return False
        elif kind not in _JSON_SCALARS:
            return False
    return True


def _halved_indents(text: str) -> str:
    """JSON indented by two spaces a level, indented by one: a line's leading spaces are its
    indent (a newline inside a string is escaped). Deepest lines first, each level's spaces
    marked by a character JSON always escapes so a shallower level cannot match them again."""
    depth = 0
    while f"\n{'  ' * (depth + 1)}" in text:
        depth += 1
    for level in range(depth, 0, -1):
        text = text.replace(f"\n{'  ' * level}", f"\n{_MARK * level}")
    return text.replace(_MARK, " ")


_MARK = "\x00"


def truncated(text: str, length: int) -> str:
    """``Truncator(text).chars(length)`` without walking a text already short enough (that
    walk cost a step page more than writing its log): such a text comes back as it is, once
    in NFC as Truncator gives it."""
    text = str(text)
    if len(text) <= length and unicodedata.is_normalized("NFC", text):
        return text
    return Truncator(text).chars(length)
