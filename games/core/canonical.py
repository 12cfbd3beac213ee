"""One canonical JSON form for states and events, so checksums agree on every machine."""

from __future__ import annotations

import hashlib
import json
from typing import Any


def canonical_json(value: Any) -> str:
    """Sorted keys, no spaces, UTF-8 kept as is: the same value always gives the same text."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def state_checksum(state: Any) -> str:
    return hashlib.sha256(canonical_json(state).encode("utf-8")).hexdigest()


def round_trip(value: Any) -> Any:
    """The value as it comes back from its JSON form (tuples become lists, and so on)."""
    return json.loads(canonical_json(value))
