"""The one append path: ``append_events`` is the only way an event enters a log (the API, the
forms, the importer, the recorder and the commands all call it), checked, chained and written
in one statement or transaction, with conflicts and idempotency keys."""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from contextlib import nullcontext
from dataclasses import dataclass
from typing import Any

import orjson
from django.db import IntegrityError, InterfaceError, OperationalError, connection, transaction
from django.utils import timezone

import background
from boundary import InputError, check_json_value, check_text
from games.core.canonical import load_json
from games.core.events import EventSchemaError
from replay.log.bulk import insert_rows, to_json
from replay.log.engines import records_engine
from replay.log.errors import (
    AppendConflict,
    DatabaseUnavailable,
    IdempotencyMismatch,
    MalformedEvent,
)
from replay.log.fast_check import quick_check
from replay.log.signals import notes_appended
from replay.log.statements import prepared_cursor
from replay.models import Event, Match
from replay.runs import head_states
from replay.runs.head_states import KEEP_EVERY
from trust.chain import chained_records, event_record
from trust.reader import check_tail, refuse_broken

KEEP_HEAD_STATES = "replay.tasks.keep_head_states"
# Seconds between an append passing a multiple of KEEP_EVERY and the keeping of its states.
# Meanwhile a read of the head applies the events since the last kept state (fewer than
# 2 * KEEP_EVERY at a person's pace), and a writer's burst is kept in one keeping.
KEEP_DELAY = 1.0
# Up to this many events, PostgreSQL appends in one guarded statement (one round trip, the
# columns as arrays); a larger batch takes the lock-then-COPY transaction, whose five round
# trips cost less than planning arrays of thousands.
GUARDED_BATCH = 1000

MAX_BATCH = 10_000
# Event types that carry a collector's words (a note, or the correction of one).
NOTE_TYPES = ("annotation", "correction")


@dataclass(frozen=True)
class AppendResult:
    match_id: int
    first_seq: int
    last_seq: int
    head_hash: str
    repeated: bool = False  # True when an idempotency key returned an earlier append

    def as_dict(self) -> dict:
        return {
            "match": self.match_id,
            "first_seq": self.first_seq,
            "last_seq": self.last_seq,
            "head_hash": self.head_hash,
            "repeated": self.repeated,
        }


def event_validator(engine, setup: Mapping[str, Any]):
    """``validate(event, player_ids, seq)`` for a game's records: its engine's (``records_engine``:
    of the rules version the match remembers, for a data game), which also refuses a space,
    card or piece the game does not have, or, while a game has no engine yet, the annotated
    log's (the common types and a generic ``move``)."""
    return lambda event, player_ids, seq: engine.validate_event(
        event, player_ids, seq=seq, setup=setup
    )


def check_events(
    *,
    game_slug: str,
    player_ids: Sequence[str],
    events: Sequence[Any],
    first_seq: int,
    setup: Mapping[str, Any] | None = None,
    max_batch: int | None = MAX_BATCH,
    rules_version: str = "",
) -> list[dict]:
    """Well-formedness of a batch, before anything is written. Returns the records to store.

    Every event passes the input boundary, then the game's event schema, which names only
    players of the match and what the game has. Raises :class:`MalformedEvent` naming the
    seq and field of the first problem.
    """
    if not isinstance(events, (list, tuple)):
        raise MalformedEvent("events must be a list", field="events")
    if not events:
        raise MalformedEvent("no events to append", field="events")
    if max_batch is not None and len(events) > max_batch:
        raise MalformedEvent(f"at most {max_batch} events in one append", field="events")
    engine = records_engine(game_slug, rules_version)
    validate = event_validator(engine, setup or {})
    # The quick check takes the usual event at once; anything else meets the full checks.
    quick = quick_check(engine, setup or {}, player_ids)
    records = []
    for index, event in enumerate(events):
        seq = first_seq + index
        if quick is not None:
            record = quick(event, seq)
            if record is not None:
                records.append(record)
                continue
        if not isinstance(event, Mapping):
            raise MalformedEvent(f"event {seq}: must be an object", seq=seq, field="event")
        given_seq = event.get("seq")
        if given_seq is not None and given_seq != seq:
            raise MalformedEvent(
                f"event {seq}: seq is {given_seq!r} but the log's next seq is {seq}",
                seq=seq,
                field="seq",
            )
        unknown = sorted(set(event) - {"seq", "type", "actor", "data"}, key=str)
        if unknown:
            raise MalformedEvent(
                f"event {seq}: unknown field {str(unknown[0])[:100]!r}", seq=seq,
                field=str(unknown[0])[:100],
            )
        try:
            check_json_value(event)
        except InputError as error:
            raise MalformedEvent(f"event {seq}: {error.field}: {error.message}", seq=seq,
                                 field=error.field) from None
        try:
            validate(event, player_ids, seq)
        except EventSchemaError as error:
            raise MalformedEvent(str(error), seq=seq, field=error.field) from None
        records.append(event_record({**event, "seq": seq, "data": event.get("data", {})}))
    return records


def append_events(
    *,
    match: Match,
    events: Sequence[Mapping[str, Any]],
    expected_seq: int,
    idempotency_key: str | None = None,
    recorded_by=None,
) -> AppendResult:
    """Append ``events`` after ``expected_seq``, atomically, extending the hash chain.

    A stale ``expected_seq`` raises :class:`AppendConflict` and writes nothing. A repeated
    ``idempotency_key`` returns the original append's result (same events) without writing.
    """
    if isinstance(expected_seq, bool) or not isinstance(expected_seq, int) or expected_seq < 0:
        raise MalformedEvent("expected_seq must be a whole number ≥ 0", field="expected_seq")
    check_idempotency_key(idempotency_key, MalformedEvent)
    records = check_events(
        game_slug=match.game.slug,
        player_ids=match.player_ids,
        events=events,
        first_seq=expected_seq + 1,
        setup=match.setup,
        rules_version=match.rules_version,
    )
    recorded_by_id = getattr(recorded_by, "pk", None)
    # Notes are announced in the append's transaction, so what follows them (the search
    # index) is written with them or not at all; game events keep their one-statement path.
    notes = any(record["type"] in NOTE_TYPES for record in records)
    try:
        with transaction.atomic() if notes else nullcontext():
            if connection.vendor == "postgresql" and len(records) <= GUARDED_BATCH:
                known_head = (match.last_seq, match.head_hash)
                head = _append_postgres(
                    match.pk, records, expected_seq, idempotency_key, recorded_by_id, known_head
                )
            else:
                head = _append_locked(
                    match.pk, records, expected_seq, idempotency_key, recorded_by_id
                )
            if notes and not isinstance(head, AppendResult):
                notes_appended.send(Match, match=match, events=records)
    except (OperationalError, InterfaceError, *_psycopg_errors()) as error:
        raise _unavailable(error) from error
    if isinstance(head, AppendResult):
        return head  # a repeated idempotency key
    match.last_seq, match.head_hash = records[-1]["seq"], head
    if (records[-1]["seq"] // KEEP_EVERY != expected_seq // KEEP_EVERY
            or any(record["type"] == "correction" for record in records)):
        _keep_head_states_soon(match.pk)
    return AppendResult(
        match_id=match.pk, first_seq=records[0]["seq"], last_seq=records[-1]["seq"], head_hash=head
    )


def _keep_head_states_soon(match_id: int) -> None:
    """The head's states kept up to date so no read replays the log, but off the append's
    path: after the commit, on a worker (a broker configured) or the background thread, and
    coalesced: while one is waiting for this match, no other is sent (the one waiting keeps
    every state up to the head it finds when it runs). It waits ``KEEP_DELAY`` before it
    starts, so the batches of one burst are kept in one go, not each as it comes."""
    def send() -> None:
        if head_states.claim_keeping(match_id):
            background.send(KEEP_HEAD_STATES, match_id, delay=KEEP_DELAY)

    transaction.on_commit(send, robust=True)


def check_idempotency_key(key: str | None, error_class) -> None:
    if key is None:
        return
    try:
        check_text(key, field="idempotency_key", max_length=200, single_line=True)
    except InputError as error:
        raise error_class(f"an idempotency key is 1 to 200 characters of one line; it "
                          f"{error.message}", field="idempotency_key") from None


def _unavailable(error: Exception) -> DatabaseUnavailable:
    """A lost connection: drop it (outside a caller's transaction) so the retry opens a new
    one; Django only re-checks connections between requests, and a writer loop has none."""
    if connection.vendor == "sqlite" and "locked" in str(error):
        return DatabaseUnavailable("the database is busy; retry the append in a moment")
    if not connection.in_atomic_block:
        try:
            connection.close()
        except Exception:  # noqa: BLE001 - a dead connection may fail to close; it is gone
            connection.connection = None
    return DatabaseUnavailable()


def chain_links(records: Sequence[Mapping[str, Any]], head: str) -> tuple[list[str], str]:
    """Each record's hash chained after ``head``, in order, and the new head."""
    hashes = [digest for digest, _, _ in chained_records(records, head)]
    return hashes, hashes[-1] if hashes else head


def _chained_rows(match_id, records, head, key, recorded_by_id) -> tuple[list[tuple], str]:
    now = timezone.now()
    hashes, new_head = chain_links(records, head)
    prev_hashes = [head, *hashes[:-1]]
    rows = [_event_row(match_id, record, now, recorded_by_id, prev, digest, key)
            for record, prev, digest in zip(records, prev_hashes, hashes, strict=True)]
    return rows, new_head


def _event_row(match_id, record, now, recorded_by_id, prev_hash, digest, key) -> tuple:
    """One event's row, its values in ``EVENT_COLUMNS``' order."""
    return (match_id, record["seq"], record["type"], record["actor"], to_json(record["data"]),
            now, recorded_by_id, prev_hash, digest, key)


def postgres_batch(records: Sequence[Mapping[str, Any]], head: str) -> tuple[str, str]:
    """The batch as the one JSON parameter ``POSTGRES_APPEND`` reads, and the new head. Each
    element is the record's canonical bytes, which the hash has just been taken of, with its
    two hashes put in front (no second serialising of the data)."""
    items = []
    prev = head
    for record, (digest, canonical, as_is) in zip(records, chained_records(records, head),
                                                  strict=True):
        if not as_is:
            # A number read into the number model to be hashed: the data goes as given.
            items.append(orjson.dumps({
                "seq": record["seq"], "type": record["type"], "actor": record["actor"],
                "data": record["data"], "prev_hash": prev, "hash": digest}))
        else:
            items.append(b'{"prev_hash":"%s","hash":"%s",%s' % (
                prev.encode("ascii"), digest.encode("ascii"), canonical[1:]))
        prev = digest
    return (b"[" + b",".join(items) + b"]").decode("utf-8"), prev


def _conflict(last_seq: int, expected_seq: int) -> AppendConflict:
    return AppendConflict(
        f"the log is at seq {last_seq}, not {expected_seq}: another writer appended first; "
        "reload and retry",
        current_seq=last_seq,
    )


def _append_locked(match_id, records, expected_seq, key, recorded_by_id):
    """Lock the head, then write: SQLite's IMMEDIATE transaction holds the database's write
    lock from its start; PostgreSQL takes the match row's lock. PostgreSQL batches
    over ``GUARDED_BATCH`` come here too, as COPY outruns one statement of long arrays."""
    try:
        with transaction.atomic():
            last_seq, head = _read_head(match_id, lock=True)
            if key is not None:
                earlier = _events_with_key(match_id, key)
                if earlier:
                    return _repeated_result(match_id, earlier, records, key)
            if last_seq != expected_seq:
                raise _conflict(last_seq, expected_seq)
            check_tail(match_id, last_seq, head)
            rows, head = _chained_rows(match_id, records, head, key, recorded_by_id)
            insert_rows(Event._meta.db_table, EVENT_COLUMNS, rows)
            with connection.cursor() as cursor:
                cursor.execute(
                    "UPDATE replay_match SET last_seq = %s, head_hash = %s WHERE id = %s",
                    [records[-1]["seq"], head, match_id],
                )
    except IntegrityError:
        # The unique (match, seq) constraint is the last line of defence against a race.
        raise _conflict(_read_head(match_id)[0], expected_seq) from None
    return head


# One statement: the match's head moves only if it is still where this writer read it, and
# the events are inserted only if it moved. One round trip when the caller's match object
# already knows the head, two when it must be read; a lock-then-write transaction takes five.
_GUARDED_INSERT = """
WITH advanced AS (
    UPDATE replay_match SET last_seq = %s, head_hash = %s
    WHERE id = %s AND last_seq = %s AND head_hash = %s AND chain_broken_seq IS NULL
    RETURNING id
)
INSERT INTO replay_event
    (match_id, seq, type, actor, data, recorded_at, recorded_by_id, prev_hash, hash,
     idempotency_key)
"""
# A batch: the events travel as one JSON array, serialised by orjson in one call; the server
# parses it once. (Six arrays of text cost twice the whole statement to adapt in Python.)
POSTGRES_APPEND = _GUARDED_INSERT + """
SELECT advanced.id, v.seq, v.type, v.actor, v.data, %s, %s, v.prev_hash, v.hash, %s
FROM advanced CROSS JOIN json_to_recordset(%s::json)
    AS v(seq integer, type text, actor text, data jsonb, prev_hash text, hash text)
"""
# Exactly one event, the common case of a live recording: scalars plan and run faster than
# unnest over one-element arrays.
POSTGRES_APPEND_ONE = _GUARDED_INSERT + """
SELECT advanced.id, %s::integer, %s, %s, %s::jsonb, %s, %s, %s, %s, %s
FROM advanced
"""


def _append_postgres(match_id, records, expected_seq, key, recorded_by_id, known_head):
    # The head the caller's match object last saw is tried first: the statement itself checks
    # it, so a stale one costs a re-read, never a wrong write.
    if known_head is not None and known_head[0] == expected_seq:
        last_seq, head = known_head
    else:
        last_seq, head = _read_head(match_id)
    if key is not None:
        earlier = _events_with_key(match_id, key)
        if earlier:
            return _repeated_result(match_id, earlier, records, key)
    if last_seq != expected_seq:
        raise _conflict(last_seq, expected_seq)
    if len(records) == 1:
        # One event, the live recorder's case: its one link, without the batch's lists.
        record = records[0]
        [(new_head, _, _)] = chained_records(records, head)
        statement = POSTGRES_APPEND_ONE
        params = [record["seq"], new_head, match_id, expected_seq, head,
                  *_event_row(match_id, record, timezone.now(), recorded_by_id, head, new_head,
                              key)[1:]]
    else:
        payload, new_head = postgres_batch(records, head)
        statement = POSTGRES_APPEND
        params = [records[-1]["seq"], new_head, match_id, expected_seq, head,
                  timezone.now(), recorded_by_id, key, payload]
    # Autocommit makes the one statement its own transaction (no BEGIN/COMMIT round trips);
    # inside a caller's transaction a savepoint keeps a failure from breaking it.
    block = transaction.atomic() if connection.in_atomic_block else nullcontext()
    try:
        # Prepared: the server plans this statement once per connection, not every append.
        with block, prepared_cursor(statement, params) as cursor:
            inserted = cursor.rowcount
    except (IntegrityError, *_psycopg_errors(unique=True)):
        inserted = 0
    if inserted != len(records):
        # Another writer moved the head between our read and our write.
        if known_head is not None and (last_seq, head) == tuple(known_head):
            return _append_postgres(match_id, records, expected_seq, key, recorded_by_id, None)
        if key is not None:
            earlier = _events_with_key(match_id, key)
            if earlier:
                return _repeated_result(match_id, earlier, records, key)
        raise _conflict(_read_head(match_id)[0], expected_seq)
    return new_head


EVENT_COLUMNS = (
    "match_id", "seq", "type", "actor", "data", "recorded_at", "recorded_by_id", "prev_hash",
    "hash", "idempotency_key",
)


def _read_head(match_id: int, *, lock: bool = False) -> tuple[int, str]:
    """The log's head; a log known to be broken refuses every append."""
    suffix = " FOR UPDATE" if lock and connection.vendor == "postgresql" else ""
    with connection.cursor() as cursor:
        cursor.execute("SELECT last_seq, head_hash, chain_broken_seq, chain_broken_problem "
                       f"FROM replay_match WHERE id = %s{suffix}", [match_id])
        row = cursor.fetchone()
    if row is None:
        raise MalformedEvent(f"match {match_id} does not exist", field="match")
    if row[2] is not None:
        raise refuse_broken(match_id, row[2], row[3])
    return row[0], row[1]


def _events_with_key(match_id: int, key: str) -> list[dict]:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT seq, type, actor, data, hash FROM replay_event "
            "WHERE match_id = %s AND idempotency_key = %s ORDER BY seq",
            [match_id, key],
        )
        return [
            {"seq": seq, "type": t, "actor": actor, "data": load_json(data), "hash": digest}
            for seq, t, actor, data, digest in cursor.fetchall()
        ]


def _repeated_result(
    match_id: int, earlier: list[dict], records: list[dict], key: str
) -> AppendResult:
    stored = [(e["type"], e["actor"], e["data"]) for e in earlier]
    asked = [(r["type"], r["actor"], r["data"]) for r in records]
    if stored != asked:
        raise IdempotencyMismatch(
            f"idempotency key {key!r} was already used for a different append "
            f"(seq {earlier[0]['seq']}–{earlier[-1]['seq']})",
            field="idempotency_key",
        )
    return AppendResult(
        match_id=match_id,
        first_seq=earlier[0]["seq"],
        last_seq=earlier[-1]["seq"],
        head_hash=earlier[-1]["hash"],
        repeated=True,
    )




def _psycopg_errors(*, unique: bool = False) -> tuple[type[Exception], ...]:
    """The errors psycopg raises past Django (from the PostgreSQL path's own cursor); none when
    psycopg was never imported, as on SQLite."""
    psycopg = sys.modules.get("psycopg")
    if psycopg is None:
        return ()
    if unique:
        return (psycopg.errors.UniqueViolation,)
    return (psycopg.OperationalError, psycopg.InterfaceError)
