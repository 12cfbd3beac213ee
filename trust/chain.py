"""The hash chain: hash = sha256(prev_hash + canonical JSON of the event). Pure functions."""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from games.core.canonical import canonical_json

GENESIS_HASH = "0" * 64


def event_record(event: Mapping[str, Any]) -> dict:
    """The part of an event the chain covers: seq, type, actor, data (nothing server-side)."""
    return {
        "seq": event["seq"],
        "type": event["type"],
        "actor": event.get("actor"),
        "data": event.get("data", {}),
    }


def event_hash(prev_hash: str, event: Mapping[str, Any]) -> str:
    payload = prev_hash + canonical_json(event_record(event))
    return hashlib.sha256(payload.encode("utf-8")).hexdigest()


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
