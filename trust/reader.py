"""The one reader of a match's log: every read checks the hash chain as it goes.

``verified_events`` reads a stretch of the log in seq order, in chunks, and checks each
event against the chain before handing it on: its seq follows the previous one, its
``prev_hash`` is the previous event's hash, and its content hashes to its stored ``hash``
(orjson's canonical bytes, no text round trip). A stretch that starts after seq N is chained
from the stored hash of event N, so a step page checks what it reads, a replay checks the
whole log, and an export also checks that the log ends at the match's recorded head.

A break raises :class:`BrokenChain` naming the seq, and is recorded on the match
(``chain_broken_seq``). A break once found, whether by a read or by ``verify_log`` against the
heads its runs replayed or a signed checkpoint (a chain recomputed after a change verifies on
its own), stops every read of the log from then on (:func:`refuse_known_break`), and appends.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Iterable, Iterator
from typing import Any

from django.db import connection
from django.utils import timezone

from games.core.canonical import load_json
from trust.chain import GENESIS_HASH
from trust.chain import link_hash as _digest
from trust.errors import BrokenChain
from trust.logs import tables

READ_CHUNK = 2000
# A row of the events table as the reader selects it: seq, type, actor, data, prev_hash, hash.
Row = tuple[int, str, Any, Any, str, str]
# The columns of an event the chain covers, and its links, as the reader selects them.
_LINK_COLUMNS = "seq, type, actor, data, prev_hash, hash"


def _rows(match_id: int, first_seq: int, last_seq: int | None) -> Iterator[Row]:
    """Rows ``first_seq`` … ``last_seq`` (or the end), window by window on the unique index.

    Each query asks for a closed range of seqs, not "the next N from here": just after a
    large import PostgreSQL has no statistics for the new rows yet, and for ``ORDER BY seq
    LIMIT N`` it then plans a sort of everything after ``seq``, so reading a 100,000-event
    log chunk by chunk cost as much as sorting it fifty times. A window is cheap under any
    plan. A window that comes back short is the end of the log or a gap; one more indexed
    look finds which, so the caller still sees the row after a gap and can name it.
    """
    logs = tables()
    window = (f"SELECT {_LINK_COLUMNS} FROM {logs.events} WHERE {logs.log_column} = %s "
              "AND seq BETWEEN %s AND %s ORDER BY seq")
    start = first_seq
    while last_seq is None or start <= last_seq:
        end = start + READ_CHUNK - 1 if last_seq is None else min(start + READ_CHUNK - 1,
                                                                   last_seq)
        with connection.cursor() as cursor:
            cursor.execute(window, [match_id, start, end])
            rows = cursor.fetchall()
        yield from rows
        if len(rows) < end - start + 1:
            following = _next_seq(match_id, end, last_seq)
            if following is None:
                return
            start = following
        else:
            start = end + 1


def _next_seq(match_id: int, after: int, last_seq: int | None) -> int | None:
    """The first stored seq after ``after`` (up to ``last_seq``), or None."""
    bound = "" if last_seq is None else " AND seq <= %s"
    logs = tables()
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT MIN(seq) FROM {logs.events} WHERE {logs.log_column} = %s "
                       f"AND seq > %s{bound}",
                       [match_id, after] + ([] if last_seq is None else [last_seq]))
        row = cursor.fetchone()
    return row[0] if row else None


def verified_events(
    match_id: int, *, after_seq: int = 0, up_to_seq: int | None = None,
    with_hashes: bool = False, auditing: bool = False,
) -> Iterator[dict[str, Any]]:
    """Events ``after_seq + 1`` … ``up_to_seq`` (or the end) as ``{seq, type, actor, data}``
    (plus ``prev_hash`` and ``hash`` when ``with_hashes``), each checked against the chain.

    Raises :class:`BrokenChain` at the first event that does not fit, or before the first
    event when a break was found before; events before a break found now have already been
    yielded, so a caller writing what it reads must do so in one transaction. An audit
    (``auditing``: ``verify_log``, a checkpoint's verification) walks the log even when a
    break was found before, to report what it finds now.
    """
    if not auditing:
        refuse_known_break(match_id)
    rows = _rows(match_id, max(after_seq, 1), up_to_seq)
    return _checked(match_id, rows, after_seq, up_to_seq, with_hashes)


def verified_windows(match_id: int, windows: Iterable[tuple[int, int]]
                     ) -> dict[tuple[int, int], list[dict[str, Any]]]:
    """For each ``(after_seq, up_to_seq)`` window, its events checked as ``verified_events``
    checks them, all read in one query (a step page reads a few short stretches of the log:
    each from a snapshot to a step). Windows that overlap or touch are checked once, as the
    one stretch they make: the windows of a run's first read, each from its snapshot to a
    step, would otherwise check the start of a stretch once per step."""
    windows = sorted({(after, upto) for after, upto in windows if after < upto})
    if not windows:
        return {}
    stretches: list[list[Any]] = []  # [after, upto, windows]
    for after, upto in windows:
        if stretches and max(after, 1) <= stretches[-1][1] + 1:
            stretches[-1][1] = max(stretches[-1][1], upto)
            stretches[-1][2].append((after, upto))
        else:
            stretches.append([after, upto, [(after, upto)]])
    where = " OR ".join("seq BETWEEN %s AND %s" for _ in stretches)
    logs = tables()
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT {_LINK_COLUMNS} FROM {logs.events} "
                       f"WHERE {logs.log_column} = %s AND ({where}) ORDER BY seq",
                       [match_id, *(bound for after, upto, _ in stretches
                                    for bound in (max(after, 1), upto))])
        rows = cursor.fetchall()
    seqs = [row[0] for row in rows]
    found = {}
    for after, upto, inside in stretches:
        low, high = bisect_left(seqs, max(after, 1)), bisect_right(seqs, upto)
        events = list(_checked(match_id, iter(rows[low:high]), after, upto, False))
        starts = [event["seq"] for event in events]
        for window in inside:
            found[window] = events[bisect_right(starts, window[0]):
                                   bisect_right(starts, window[1])]
    return found


def _checked(match_id: int, rows: Iterator[Row], after_seq: int, up_to_seq: int | None,
             with_hashes: bool) -> Iterator[dict[str, Any]]:
    """Rows ``after_seq`` (the anchor, when above 0) … ``up_to_seq`` checked link by link."""
    expected_prev, expected_seq = GENESIS_HASH, after_seq + 1
    if after_seq > 0:
        anchor = next(rows, None)
        if anchor is None or anchor[0] != after_seq:
            raise _broken(match_id, after_seq, "the event is missing from the log")
        seq, event_type, actor, data, prev_hash, digest = anchor
        if _digest(prev_hash, seq, event_type, actor, load_json(data)) != digest:
            raise _broken(match_id, seq, "the stored hash does not match the event's content")
        expected_prev = digest
    for seq, event_type, actor, data, prev_hash, digest in rows:
        if seq != expected_seq:
            raise _broken(match_id, expected_seq, f"the log has a gap: seq {expected_seq} is "
                          f"missing (the next stored event is seq {seq})")
        if prev_hash != expected_prev:
            raise _broken(match_id, seq, "prev_hash does not match the previous event's hash")
        data = load_json(data)
        if _digest(prev_hash, seq, event_type, actor, data) != digest:
            raise _broken(match_id, seq, "the stored hash does not match the event's content")
        event = {"seq": seq, "type": event_type, "actor": actor, "data": data}
        if with_hashes:
            event["prev_hash"], event["hash"] = prev_hash, digest
        yield event
        expected_prev, expected_seq = digest, seq + 1
    if up_to_seq is not None and expected_seq <= up_to_seq:
        raise _broken(match_id, expected_seq, f"the log ends at seq {expected_seq - 1}, not "
                      f"at seq {up_to_seq}")


def verified_log(match: Any, *, auditing: bool = False) -> Iterator[dict[str, Any]]:
    """The whole log (``match``: its row, with ``pk``, ``last_seq`` and ``head_hash``), checked
    link by link and against the head the log's row records (so a removed tail is found
    too)."""
    last = None
    for event in verified_events(match.pk, with_hashes=True, auditing=auditing):
        last = event
        yield event
    last_seq, head = (last["seq"], last["hash"]) if last else (0, GENESIS_HASH)
    if last_seq != match.last_seq:
        raise _broken(match.pk, last_seq + 1 if last_seq < match.last_seq else match.last_seq + 1,
                      f"the log ends at seq {last_seq}, but the match recorded seq "
                      f"{match.last_seq}")
    if head != match.head_hash:
        raise _broken(match.pk, last_seq, "the last event's hash is not the match's chain head")


def check_stretch(match_id: int, events: Iterable[Any], *, match: Any = None) -> None:
    """Check rows already read (``Event`` objects in seq order, such as one page of a
    listing) against the chain: consecutive, linked, each hashing to its stored hash, the
    first linked to the stored hash before it (one indexed lookup). ``match``: the log's row
    as the caller read it in this request, so a break found before is known without a read."""
    refuse_known_break(match_id, match=match)
    events = list(events)
    if not events:
        return
    expected_prev, expected_seq = stored_hash(match_id, events[0].seq - 1), events[0].seq
    for event in events:
        if event.seq != expected_seq:
            raise _broken(match_id, expected_seq, f"the log has a gap: seq {expected_seq} is "
                          f"missing (the next stored event is seq {event.seq})")
        if event.prev_hash != expected_prev:
            raise _broken(match_id, event.seq,
                          "prev_hash does not match the previous event's hash")
        if _digest(event.prev_hash, event.seq, event.type, event.actor, event.data) != event.hash:
            raise _broken(match_id, event.seq,
                          "the stored hash does not match the event's content")
        expected_prev, expected_seq = event.hash, event.seq + 1


def stored_hash(match_id: int, seq: int) -> str | None:
    """The hash stored for event ``seq`` (the genesis hash for seq 0), or None."""
    if seq == 0:
        return GENESIS_HASH
    logs = tables()
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT hash FROM {logs.events} WHERE {logs.log_column} = %s "
                       "AND seq = %s", [match_id, seq])
        row = cursor.fetchone()
    return row[0] if row else None


def stored_hashes(match_id: int, seqs: set[int]) -> dict[int, str]:
    """The hashes stored for events ``seqs``, in one query."""
    if not seqs:
        return {}
    logs = tables()
    marks = ", ".join(["%s"] * len(seqs))
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT seq, hash FROM {logs.events} WHERE {logs.log_column} = %s "
                       f"AND seq IN ({marks})", [match_id, *sorted(seqs)])
        return dict(cursor.fetchall())


def check_tail(match_id: int, last_seq: int, head_hash: str) -> None:
    """The log's last event still hashes to the head the match records (one row read):
    what an append checks before it extends the chain."""
    if last_seq == 0:
        return
    logs = tables()
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT {_LINK_COLUMNS} FROM {logs.events} "
                       f"WHERE {logs.log_column} = %s AND seq = %s", [match_id, last_seq])
        row = cursor.fetchone()
    if row is None:
        raise _broken(match_id, last_seq, "the match's last event is missing from the log")
    seq, event_type, actor, data, prev_hash, digest = row
    if digest != head_hash:
        raise _broken(match_id, seq, "the last event's hash is not the match's chain head")
    if _digest(prev_hash, seq, event_type, actor, load_json(data)) != digest:
        raise _broken(match_id, seq, "the stored hash does not match the event's content")


def refuse_known_break(match_id: int, *, match: Any = None) -> None:
    """Raise :class:`BrokenChain` if a break was found in the log before (one row read, none
    when the caller holds the log's row, ``match``)."""
    if match is not None:
        row = (match.chain_broken_seq, match.chain_broken_problem)
    else:
        row = (tables().log_model.objects.filter(pk=match_id)
               .values_list("chain_broken_seq", "chain_broken_problem").first())
    if row is not None and row[0] is not None:
        seq, problem = row
        raise BrokenChain(f"the log of match {match_id} was found broken at seq {seq}: "
                          f"{problem}. Nothing is read from it until it is restored from a "
                          "backup", seq=seq, problem=problem)


def refuse_broken(match_id: int, seq: int, problem: str) -> BrokenChain:
    """The error for a log already known to be broken."""
    return BrokenChain(f"the log of match {match_id} is broken at seq {seq}: {problem}; "
                       "nothing can be appended to it", seq=seq, problem=problem)


def _broken(match_id: int, seq: int, problem: str) -> BrokenChain:
    record_break(match_id, seq, problem)
    return BrokenChain(f"the log of match {match_id} is broken at seq {seq}: {problem}. "
                       "It was changed behind the archive's guards; nothing is computed "
                       "from it until it is restored from a backup", seq=seq, problem=problem)


def record_break(match_id: int, seq: int, problem: str) -> None:
    """Mark the log as tampered with (the first break found stays): appends refuse it."""
    tables().log_model.objects.filter(pk=match_id, chain_broken_seq__isnull=True).update(
        chain_broken_seq=seq, chain_broken_problem=problem[:500],
        chain_broken_at=timezone.now(),
    )
