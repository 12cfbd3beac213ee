"""The hash chain: ``hash = sha256(prev_hash + canonical JSON of the event)``, one formula for
every writer and reader of a log. Pure functions."""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from games.core.canonical import canonical_bytes, canonical_bytes_as_is

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
    return _link(prev_hash, canonical_bytes(record))


def _link(prev_hash: str, canonical: bytes) -> str:
    """The chain's one formula: sha256 of the previous hash and the record's canonical bytes."""
    return hashlib.sha256(prev_hash.encode("ascii") + canonical).hexdigest()


def chained_records(records: Iterable[Mapping[str, Any]], prev_hash: str
                    ) -> Iterator[tuple[str, bytes, bool]]:
    """``event_hash`` of each record chained after ``prev_hash``, for records as
    ``event_record`` gives them (those four keys and no other) without building each again:
    the hash, the canonical bytes hashed, and whether those are the record's own JSON (no
    number read into the number model first)."""
    for record in records:
        canonical = canonical_bytes_as_is(record)
        as_is = canonical is not None
        if canonical is None:
            canonical = canonical_bytes(record)
        prev_hash = _link(prev_hash, canonical)
        yield prev_hash, canonical, as_is


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
