"""The hash chain: ``hash = sha256(prev_hash + canonical JSON of the event)``, one formula for
every writer and reader of a log. Pure functions."""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from games.core.canonical import canonical_bytes

GENESIS_HASH = "0" * 64


def event_record(event: Mapping[str, Any]) -> dict[str, Any]:
    """The part of an event the chain covers: seq, type, actor, data (nothing server-side)."""
    return {
        "seq": event["seq"],
        "type": event["type"],
        "actor": event.get("actor"),
        "data": event.get("data", {}),
    }


def event_hash(prev_hash: str, event: Mapping[str, Any]) -> str:
    """The hash of ``event`` chained after ``prev_hash`` (canonical bytes, no text round trip)."""
    return link_hash(prev_hash, event["seq"], event["type"], event.get("actor"),
                     event.get("data", {}))


def link_hash(prev_hash: str, seq: int, event_type: str, actor: Any, data: Any) -> str:
    """``event_hash`` of an event given field by field, as rows are read from the log."""
    record = {"seq": seq, "type": event_type, "actor": actor, "data": data}
    return hashlib.sha256(prev_hash.encode("ascii") + canonical_bytes(record)).hexdigest()


@dataclass(frozen=True)
class ChainBreak:
    seq: int
    problem: str

    def __str__(self) -> str:
        return f"seq {self.seq}: {self.problem}"


def chain_head(events: Iterable[Mapping[str, Any]]) -> str:
    head = GENESIS_HASH
    for event in events:
        head = event_hash(head, event)
    return head
