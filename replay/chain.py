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


def first_broken_link(
    events: Iterable[Mapping[str, Any]],
    *,
    last_seq: int | None = None,
    head_hash: str | None = None,
) -> ChainBreak | None:
    """Walk stored events (with ``prev_hash`` and ``hash``) in seq order; name the first break.

    ``last_seq`` and ``head_hash``, when given, are what the match says its log ends with,
    so a removed tail is found too.
    """
    expected_prev = GENESIS_HASH
    expected_seq = 1
    for event in events:
        seq = event["seq"]
        if seq != expected_seq:
            return ChainBreak(seq, f"expected seq {expected_seq}: the log has a gap")
        if event["prev_hash"] != expected_prev:
            return ChainBreak(seq, "prev_hash does not match the previous event's hash")
        recomputed = event_hash(expected_prev, event)
        if recomputed != event["hash"]:
            return ChainBreak(seq, "stored hash does not match the event's content")
        expected_prev = event["hash"]
        expected_seq += 1
    if last_seq is not None and expected_seq - 1 != last_seq:
        return ChainBreak(expected_seq, f"the log ends at seq {expected_seq - 1}, "
                                        f"but the match recorded seq {last_seq}")
    if head_hash is not None and expected_prev != head_hash:
        return ChainBreak(expected_seq - 1, "the last event's hash is not the match's chain head")
    return None


def chain_head(events: Iterable[Mapping[str, Any]]) -> str:
    head = GENESIS_HASH
    for event in events:
        head = event_hash(head, event)
    return head
