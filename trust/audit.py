"""Auditing a whole log: its chain link by link, then every head its witnesses recorded
(``trust.logs``): a chain recomputed after a change verifies on its own, but not against what
was replayed from it. Each break found is recorded on the log (``record_break``)."""

from __future__ import annotations

from typing import Any

from trust.chain import GENESIS_HASH, ChainBreak
from trust.errors import BrokenChain
from trust.logs import witnessed_heads
from trust.reader import check_stretch, check_tail, record_break, stored_hashes, verified_log


def verify_log(*, match: Any) -> ChainBreak | None:
    """Walk the stored chain in chunks, then cross-check every witnessed head; the first
    problem, or None when the log verifies (``match``: the log's row)."""
    try:
        for _ in verified_log(match, auditing=True):
            pass
    except BrokenChain as error:
        return ChainBreak(error.seq, error.problem)
    return witnesses_disagree(match=match)


def witnesses_disagree(*, match: Any) -> ChainBreak | None:
    """The first witnessed head the stored chain no longer reaches, recorded as a break; None
    when every witness agrees. Two queries, however many witnesses."""
    heads = witnessed_heads(match.pk)
    stored = stored_hashes(match.pk, {head.seq for head in heads if head.seq})
    for head in heads:
        if head.seq > match.last_seq:
            return ChainBreak(head.seq, f"{head.who} replayed the log up to seq {head.seq}, "
                                        f"but the log now ends at seq {match.last_seq}")
        found = GENESIS_HASH if head.seq == 0 else stored.get(head.seq)
        if found != head.head_hash:
            problem = (f"{head.who} replayed a log whose event {head.seq} hashed to "
                       f"{head.head_hash[:12]}…; it now hashes to {str(found)[:12]}…: the "
                       "chain was rewritten after that run")
            record_break(match.pk, head.seq, problem)
            return ChainBreak(head.seq, problem)
    return None


def chain_problem(*, match: Any, listed: list[Any]) -> ChainBreak | None:
    """What a page that lists part of a log shows in its banner: a break in the events it
    lists (checked link by link), at the log's tail (its last event against the log's head)
    or against a witnessed head, found now; or one found before. ``verify_log`` walks the
    whole chain; a page checks what it reads, in a bounded number of queries."""
    found: ChainBreak | None
    try:
        check_stretch(match.pk, listed, match=match)
        shown_to_the_end = listed and listed[-1].seq == match.last_seq
        if not (shown_to_the_end and listed[-1].hash == match.head_hash):
            check_tail(match.pk, match.last_seq, match.head_hash)
    except BrokenChain as error:
        found = ChainBreak(error.seq, error.problem)
    else:
        found = witnesses_disagree(match=match)
    if found is None and match.chain_broken_seq is not None:
        return ChainBreak(match.chain_broken_seq, match.chain_broken_problem)
    return found
