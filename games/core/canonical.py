"""One canonical JSON form for states and events, so checksums and the log's hash chain agree on
every machine and every database.

orjson with sorted keys gives byte-for-byte the text of ``json.dumps(sort_keys=True,
separators=(",", ":"), ensure_ascii=False)`` for JSON data, about ten times faster, which
matters when every replayed step is checksummed.

Numbers follow one model, I-JSON's (RFC 7493): a whole number within ±(2**53 - 1), or an IEEE
754 double. A whole number is written as its digits and a double in its shortest round-trip
form (``0.5``, ``2.0``, ``1e+16``), as every stored chain was hashed. A database may give a
double back as a whole number: PostgreSQL keeps JSON numbers as decimals and writes a large
double out in full (``1e+16`` comes back as ``10000000000000000``). No whole number beyond
±(2**53 - 1) is ever stored (the input boundary refuses them), so one read back from a database
is the double it stands for (:func:`in_number_model`), and hashes as it did when written.
"""

from __future__ import annotations

import hashlib
import json
import math
import re
from typing import Any

import orjson

MAX_SAFE_INTEGER = 2**53 - 1
_OPTIONS = orjson.OPT_SORT_KEYS
# Refuses a whole number beyond ±(2**53 - 1), so that one is written as its double instead.
_STRICT = orjson.OPT_SORT_KEYS | orjson.OPT_STRICT_INTEGER


def as_double(whole: int) -> float:
    """The double a whole number beyond the I-JSON range stands for. One too large for any
    double cannot have been written by this archive: it becomes infinity, which no
    canonical form holds (orjson writes it as null), so its event never verifies."""
    try:
        return float(whole)
    except OverflowError:
        return math.inf if whole > 0 else -math.inf


def stored_whole_number(text: str) -> int | float:
    """A whole number as JSON text from a database, read into the number model."""
    value = int(text)
    return value if -MAX_SAFE_INTEGER <= value <= MAX_SAFE_INTEGER else as_double(value)


class NumberModelDecoder(json.JSONDecoder):
    """JSON text from a database, read into the number model (for ``JSONField(decoder=...)``)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(parse_int=stored_whole_number, **kwargs)


def in_number_model(value: Any) -> Any:
    """``value`` with every whole number beyond ±(2**53 - 1) read as the double it stands for
    (a new tree when one is found; ``value`` itself otherwise)."""
    kind = type(value)
    if kind is int:
        return value if -MAX_SAFE_INTEGER <= value <= MAX_SAFE_INTEGER else as_double(value)
    if kind is dict:
        return {key: in_number_model(item) for key, item in value.items()}
    if kind in (list, tuple):
        return [in_number_model(item) for item in value]
    return value


def canonical_bytes(value: Any) -> bytes:
    exact = canonical_bytes_as_is(value)
    return exact if exact is not None else orjson.dumps(in_number_model(value), option=_OPTIONS)


def canonical_bytes_as_is(value: Any) -> bytes | None:
    """``canonical_bytes(value)`` when that is ``value``'s own JSON (every whole number within
    ±(2**53 - 1), as anything past the input boundary), or None when a number had to be read
    into the number model first."""
    try:
        return orjson.dumps(value, option=_STRICT)
    except orjson.JSONEncodeError:
        return None


def canonical_json(value: Any) -> str:
    """Sorted keys, no spaces, UTF-8 kept as is: the same value always gives the same text."""
    return canonical_bytes(value).decode("utf-8")


def state_checksum(state: Any) -> str:
    return hashlib.sha256(canonical_bytes(state)).hexdigest()


def round_trip(value: Any) -> Any:
    """The value as it comes back from its JSON form (tuples become lists, and so on)."""
    return orjson.loads(canonical_bytes(value))


# Sixteen digits in a row: the text may hold a whole number beyond ±(2**53 - 1).
_LONG_DIGITS = re.compile(r"[0-9]{16}")
_LONG_DIGITS_BYTES = re.compile(rb"[0-9]{16}")


def load_json(value: Any) -> Any:
    """A JSON column as a raw database cursor gives it (its text, or a value already parsed),
    read into the number model: a whole number beyond ±(2**53 - 1), which is how PostgreSQL
    gives back a large double, is that double again."""
    if not isinstance(value, (str, bytes)):
        return in_number_model(value)
    loaded = orjson.loads(value)
    if isinstance(value, str):
        long_digits = _LONG_DIGITS.search(value) is not None
    else:
        long_digits = _LONG_DIGITS_BYTES.search(value) is not None
    return in_number_model(loaded) if long_digits else loaded
