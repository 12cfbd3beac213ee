"""Writes to matches and their logs. ``match_create`` is the only way a match is made and
``append_events`` the only way an event enters a log: the API, the forms, the importer and the
commands all call them."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Mapping, Sequence
from contextlib import nullcontext
from dataclasses import dataclass
from typing import Any

import psycopg
from django.db import IntegrityError, InterfaceError, OperationalError, connection, transaction
from django.utils import timezone

import background
import games
from archive.models import Game
from boundary import InputError, check_json_value, check_text
from games.core.canonical import load_json
from games.core.events import EventSchemaError
from replay.bulk import COPY_THRESHOLD, insert_rows, to_json
from replay.errors import (
    AppendConflict,
    DatabaseUnavailable,
    DocumentError,
    IdempotencyMismatch,
    MalformedEvent,
)
from replay.head_states import KEEP_EVERY
from replay.models import Event, Match
from replay.selectors import visible_matches
from replay.signals import notes_appended
from trust.chain import chain_head, event_hash, event_record
from trust.reader import check_tail, refuse_broken, stored_hash

KEEP_HEAD_STATES = "replay.tasks.keep_head_states"

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


def event_validator(game_slug: str, setup: Mapping[str, Any]):
    """``validate(event, player_ids, seq)`` for a game's records: its engine's, which also
    refuses a space, card or piece the game does not have, or, while a game has no engine
    yet, the annotated log's (the common types and a generic ``move``)."""
    engine = games.for_records(game_slug)
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
    validate = event_validator(game_slug, setup or {})
    records = []
    for index, event in enumerate(events):
        seq = first_seq + index
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
    _check_idempotency_key(idempotency_key, MalformedEvent)
    records = check_events(
        game_slug=match.game.slug,
        player_ids=match.player_ids,
        events=events,
        first_seq=expected_seq + 1,
        setup=match.setup,
    )
    recorded_by_id = getattr(recorded_by, "pk", None)
    # Notes are announced in the append's transaction, so what follows them (the search
    # index) is written with them or not at all; game events keep their one-statement path.
    notes = any(record["type"] in NOTE_TYPES for record in records)
    try:
        with transaction.atomic() if notes else nullcontext():
            if connection.vendor == "postgresql" and len(records) < COPY_THRESHOLD:
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
    except (OperationalError, InterfaceError, psycopg.OperationalError,
            psycopg.InterfaceError) as error:
        raise _unavailable(error) from error
    if isinstance(head, AppendResult):
        return head  # a repeated idempotency key
    match.last_seq, match.head_hash = records[-1]["seq"], head
    if (records[-1]["seq"] // KEEP_EVERY != expected_seq // KEEP_EVERY
            or any(record["type"] == "correction" for record in records)):
        # The writer keeps the head's state up to date, so no read replays the log.
        match_id = match.pk
        # On a worker when a broker is configured, else here right after the commit.
        transaction.on_commit(lambda: background.send(KEEP_HEAD_STATES, match_id, wait=True),
                              robust=True)
    return AppendResult(
        match_id=match.pk, first_seq=records[0]["seq"], last_seq=records[-1]["seq"], head_hash=head
    )


def _check_idempotency_key(key: str | None, error_class) -> None:
    if key is None:
        return
    try:
        check_text(key, field="idempotency_key", max_length=200, single_line=True)
    except InputError as error:
        raise error_class(f"an idempotency key is 1 to 200 characters of one line; it "
                          f"{error.message}", field="idempotency_key") from None


# -- creating a match ---------------------------------------------------------------------------

MAX_TITLE = 300
MAX_SOURCE = 10_000
MAX_PLAYER_ID = 40
MAX_PLAYER_NAME = 200
HASH_RE = re.compile(r"[0-9a-f]{64}")


@dataclass(frozen=True)
class MatchCreation:
    match: Match
    repeated: bool = False  # True when an idempotency key returned an earlier creation


def match_create(
    *,
    game: Game,
    title: Any,
    players: Any,
    setup: Any = None,
    played_on: Any = None,
    source: Any = "",
    is_private: Any = False,
    created_by=None,
    events: Sequence[Any] = (),
    events_head: str | None = None,
    branch_of: Any = None,
    parent: Match | None = None,
    reading: Mapping[str, str] | None = None,
    idempotency_key: str | None = None,
) -> MatchCreation:
    """Create a match and its first events in one transaction: a refusal writes nothing, and
    a creation is never half done. Everything is checked before the transaction opens.

    Errors are :class:`DocumentError` naming the field (``players[1].id``) or, for an event,
    :class:`MalformedEvent` naming its seq. A repeated ``idempotency_key`` returns the match
    it created (``repeated``), or :class:`IdempotencyMismatch` if the request differs.
    ``events_head``, when given, is the chain head the events must hash to (a document's);
    ``branch_of`` (``{"match", "seq", "hash"}``) makes it a variation, its first events the
    parent's, linked to the parent when this archive has it and ``created_by`` may read it,
    or to ``parent`` when the caller holds it already (a variation made here from a match its
    maker was shown). ``reading`` is the reading the recorder offers choices under.
    """
    _check_idempotency_key(idempotency_key, DocumentError)
    fields = {
        "title": _checked_text(title, "title", MAX_TITLE, single_line=True).strip(),
        "played_on": _checked_date(played_on),
        "source": _checked_text("" if source is None else source, "source", MAX_SOURCE,
                                required=False),
        "players": checked_players(players, game),
        "setup": _checked_setup(setup),
        "reading": dict(reading or {}),
    }
    if not isinstance(is_private, bool):
        raise DocumentError("is_private must be true or false", field="is_private")
    if not isinstance(events, (list, tuple)):
        raise DocumentError("events must be a list", field="events")
    check_setup(game, fields["players"], fields["setup"])
    records = []
    if events:
        records = check_events(
            game_slug=game.slug, player_ids=[p["id"] for p in fields["players"]],
            events=events, first_seq=1, setup=fields["setup"], max_batch=None,
        )
    if branch_of is not None:
        fields["branch_of"] = checked_branch_of(branch_of, records)
    if parent is not None and (branch_of is None or parent.pk != fields["branch_of"]["match"]):
        raise ValueError("a parent is linked only through the branch_of that names it")
    if events_head is not None and chain_head(records) != events_head:
        raise DocumentError(
            "broken chain: the events do not hash to the document's chain head "
            "(an event was changed, added or removed after export)",
            field="chain.head",
        )
    if idempotency_key is not None:
        earlier = Match.objects.filter(idempotency_key=idempotency_key).first()
        if earlier is not None:
            return _repeated_creation(earlier, game, fields, is_private, created_by, records)
    try:
        with transaction.atomic():
            if parent is None and branch_of is not None:
                parent = parent_in_archive(fields["branch_of"], reader=created_by)
            match = Match.objects.create(
                game=game, created_by=created_by, is_private=is_private,
                idempotency_key=idempotency_key, parent=parent, **fields,
            )
            for start in range(0, len(records), CREATE_BATCH):
                append_events(
                    match=match, events=records[start : start + CREATE_BATCH],
                    expected_seq=start, recorded_by=created_by,
                )
    except IntegrityError:
        # Two creations with one key raced; the other committed first.
        earlier = Match.objects.filter(idempotency_key=idempotency_key).first()
        if idempotency_key is None or earlier is None:
            raise
        return _repeated_creation(earlier, game, fields, is_private, created_by, records)
    return MatchCreation(match)


CREATE_BATCH = 5000  # events per append inside the creation's one transaction


def checked_branch_of(value: Any, events: Sequence[Mapping[str, Any]]) -> dict:
    """The ``branch_of`` of a match document: its shape, and the document's own chain at the
    branch point (a variation's prefix must hash to what it says it shares)."""
    if not isinstance(value, dict) or set(value) != {"match", "seq", "hash"}:
        raise DocumentError('branch_of must be {"match": <id>, "seq": <n>, "hash": "<hex>"}',
                            field="$.branch_of")
    parent_id, seq, digest = value["match"], value["seq"], value["hash"]
    if isinstance(parent_id, bool) or not isinstance(parent_id, int) or parent_id < 1:
        raise DocumentError("branch_of.match must be a match id", field="$.branch_of.match")
    if isinstance(seq, bool) or not isinstance(seq, int) or not 0 <= seq <= len(events):
        raise DocumentError(f"branch_of.seq must be a seq of the log, 0 to {len(events)}",
                            field="$.branch_of.seq")
    if not isinstance(digest, str) or not HASH_RE.fullmatch(digest):
        raise DocumentError("branch_of.hash must be a sha256 in hex", field="$.branch_of.hash")
    if chain_head(events[:seq]) != digest:
        raise DocumentError(
            f"the first {seq} events do not hash to branch_of.hash: the shared part of the "
            "log was changed", field="$.branch_of.hash",
        )
    return {"match": parent_id, "seq": seq, "hash": digest}


def parent_in_archive(branch_of: Mapping[str, Any], *, reader) -> Match | None:
    """The parent a ``branch_of`` names, when this archive has it, ``reader`` may read it, and
    its chain at the branch point has the same hash; else None (the record keeps
    ``branch_of`` as it came). A match the reader may not read is looked up exactly as one
    that does not exist, so an import never tells whether a private match has those events."""
    parent = visible_matches(user=reader).filter(pk=branch_of["match"]).first()
    if parent is None or parent.last_seq < branch_of["seq"]:
        return None
    return parent if stored_hash(parent.pk, branch_of["seq"]) == branch_of["hash"] else None


def _checked_text(value, field, max_length, *, required=True, single_line=False) -> str:
    try:
        return check_text(value, field=field, max_length=max_length, required=required,
                          single_line=single_line)
    except InputError as error:
        raise DocumentError(f"{field} {error.message}", field=field) from None


def _checked_date(value) -> dt.date | None:
    if value is None or isinstance(value, dt.date):
        return value
    if not isinstance(value, str):
        raise DocumentError("played_on must be a date YYYY-MM-DD or null", field="played_on")
    try:
        return dt.date.fromisoformat(value)
    except ValueError:
        raise DocumentError(f"played_on {value[:40]!r} is not a date YYYY-MM-DD",
                            field="played_on") from None


def _checked_setup(setup) -> dict:
    if setup is None:
        return {}
    if not isinstance(setup, dict):
        raise DocumentError("setup must be an object", field="setup")
    try:
        return check_json_value(setup, field="setup")
    except InputError as error:
        raise DocumentError(f"{error.field}: {error.message}", field=error.field) from None


def checked_players(players: Any, game: Game) -> list[dict]:
    """``[{"id", "name"}, ...]`` with distinct ids, as many as the game is played by."""
    if not isinstance(players, list) or not players:
        raise DocumentError("players must be a non-empty list", field="players")
    seen = set()
    cleaned = []
    for index, player in enumerate(players):
        path = f"players[{index}]"
        if not isinstance(player, dict):
            raise DocumentError("a player is an object with id and name", field=path)
        unknown = sorted(set(player) - {"id", "name"}, key=str)
        if unknown:
            raise DocumentError(f"unknown field {str(unknown[0])[:100]!r}",
                                field=f"{path}.{str(unknown[0])[:100]}")
        if "name" not in player:
            raise DocumentError("name must be a non-empty string", field=f"{path}.name")
        player_id = _checked_text(player.get("id"), f"{path}.id", MAX_PLAYER_ID,
                                  single_line=True)
        if player_id != player_id.strip():
            raise DocumentError("id must not begin or end with spaces", field=f"{path}.id")
        if player_id in seen:
            raise DocumentError(f"duplicate player id {player_id!r}", field=f"{path}.id")
        name = _checked_text(player["name"], f"{path}.name", MAX_PLAYER_NAME, single_line=True)
        seen.add(player_id)
        cleaned.append({"id": player_id, "name": name})
    fewest, most = player_range(game)
    if len(cleaned) < fewest or (most is not None and len(cleaned) > most):
        allowed = f"{fewest} to {most}" if most is not None else f"at least {fewest}"
        raise DocumentError(
            f"{game.title} is played by {allowed} players, not {len(cleaned)}",
            field="players",
        )
    return cleaned


def player_range(game: Game) -> tuple[int, int | None]:
    """How many players a record may name: the rulebook's numbers where it gives them, narrowed
    to the table its engine can set (None: no upper bound)."""
    engine = games.find(game.slug)
    lows = [game.min_players, engine.min_players if engine else None]
    highs = [game.max_players, engine.max_players if engine else None]
    return max(filter(None, lows), default=1), min(filter(None, highs), default=None)


def check_setup(game: Game, players: list[dict], setup: dict) -> None:
    """The engine must be able to set the table: a setup it cannot start from is refused."""
    engine = games.find(game.slug)
    if engine is None:
        return
    try:
        engine.initial_state(players, setup)
    except (ValueError, KeyError, TypeError) as error:
        raise DocumentError(f"setup cannot start a {game.title} match: {error}",
                            field="setup") from None


def _repeated_creation(earlier, game, fields, is_private, created_by, records) -> MatchCreation:
    asked = (game.pk, fields, is_private, getattr(created_by, "pk", None),
             len(records), chain_head(records))
    stored_head = (earlier.head_hash if earlier.last_seq == len(records) else None)
    stored = (earlier.game_id, {name: getattr(earlier, name) for name in fields},
              earlier.is_private, earlier.created_by_id, earlier.last_seq, stored_head)
    if asked != stored:
        raise IdempotencyMismatch(
            f"idempotency key {earlier.idempotency_key!r} already created match {earlier.pk} "
            "with other content", field="idempotency_key",
        )
    return MatchCreation(earlier, repeated=True)


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


def _chained_rows(match_id, records, head, key, recorded_by_id) -> tuple[list[tuple], str]:
    now = timezone.now()
    rows = []
    for record in records:
        digest = event_hash(head, record)
        rows.append(
            (match_id, record["seq"], record["type"], record["actor"], to_json(record["data"]),
             now, recorded_by_id, head, digest, key)
        )
        head = digest
    return rows, head


def _conflict(last_seq: int, expected_seq: int) -> AppendConflict:
    return AppendConflict(
        f"the log is at seq {last_seq}, not {expected_seq}: another writer appended first; "
        "reload and retry",
        current_seq=last_seq,
    )


def _append_locked(match_id, records, expected_seq, key, recorded_by_id):
    """Lock the head, then write: SQLite's IMMEDIATE transaction holds the database's write
    lock from its start; PostgreSQL takes the match row's lock. Large PostgreSQL batches
    come here too, as COPY outruns any single INSERT statement."""
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
# A batch: the columns travel as arrays.
POSTGRES_APPEND = _GUARDED_INSERT + """
SELECT advanced.id, v.seq, v.type, v.actor, v.data::jsonb, %s, %s, v.prev_hash, v.hash, %s
FROM advanced CROSS JOIN unnest(%s::integer[], %s::text[], %s::text[], %s::text[],
                                %s::text[], %s::text[])
    AS v(seq, type, actor, data, prev_hash, hash)
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
    rows, new_head = _chained_rows(match_id, records, head, key, recorded_by_id)
    guard = [records[-1]["seq"], new_head, match_id, expected_seq, head]
    if len(rows) == 1:
        statement, params = POSTGRES_APPEND_ONE, guard + list(rows[0][1:])
    else:
        columns = list(zip(*rows))
        statement = POSTGRES_APPEND
        params = guard + [
            rows[0][5], recorded_by_id, key,
            list(columns[1]), list(columns[2]), list(columns[3]), list(columns[4]),
            list(columns[7]), list(columns[8]),
        ]
    # Autocommit makes the one statement its own transaction (no BEGIN/COMMIT round trips);
    # inside a caller's transaction a savepoint keeps a failure from breaking it.
    block = transaction.atomic() if connection.in_atomic_block else nullcontext()
    try:
        with block, connection.cursor() as wrapper:
            # A server-side-binding cursor with a prepared statement: the server plans this
            # statement once per connection instead of parsing inlined arrays every time.
            cursor = psycopg.Cursor(wrapper.connection)
            cursor.execute(statement, params, prepare=True)
            inserted = cursor.rowcount
    except (IntegrityError, psycopg.errors.UniqueViolation):
        inserted = 0
    if inserted != len(rows):
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


def note_add(
    *, match: Match, step: int, text: str, expected_seq: int, recorded_by=None
) -> AppendResult:
    """A collector's note on a step: one ``annotation`` event. It never changes a replay."""
    event = {"type": "annotation", "actor": None, "data": {"text": text, "step": step}}
    return append_events(match=match, events=[event], expected_seq=expected_seq,
                         recorded_by=recorded_by)


def note_revise(
    *, match: Match, note_seq: int, text: str, expected_seq: int, recorded_by=None
) -> AppendResult:
    """A new wording of the note at ``note_seq``: a ``correction`` superseding it with an
    annotation on the same step (the note's history stays in the log)."""
    note = Event.objects.filter(match=match, seq=note_seq, type="annotation").first()
    if note is None:
        raise MalformedEvent(f"event {note_seq} is not a note of this match", field="note")
    data = {"text": text}
    if "step" in note.data:
        data["step"] = note.data["step"]
    revised = {"type": "annotation", "actor": note.actor, "data": data}
    correction = {"type": "correction", "actor": None,
                  "data": {"supersedes": note_seq, "event": revised, "reason": "note revised"}}
    return append_events(match=match, events=[correction], expected_seq=expected_seq,
                         recorded_by=recorded_by)
