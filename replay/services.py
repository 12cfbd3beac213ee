"""Writes to the match log. ``append_events`` is the only way an event enters a log: the API,
the forms, the importer and the commands all call it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, transaction

import games
from games.core.events import COMMON_SPECS, EventSchemaError, validate_event
from replay.chain import event_hash, event_record
from replay.errors import AppendConflict, IdempotencyMismatch, MalformedEvent
from replay.models import Event, Match

MAX_BATCH = 10_000


@dataclass(frozen=True)
class AppendResult:
    match_id: int
    first_seq: int
    last_seq: int
    head_hash: str
    events: tuple[Event, ...]
    repeated: bool = False  # True when an idempotency key returned an earlier append

    def as_dict(self) -> dict:
        return {
            "match": self.match_id,
            "first_seq": self.first_seq,
            "last_seq": self.last_seq,
            "head_hash": self.head_hash,
            "repeated": self.repeated,
        }


def event_schema_for(game_slug: str) -> dict:
    """The event types a game's records may hold: the engine's schema, or only the common
    types while a game has no engine yet."""
    try:
        return games.get(game_slug).event_schema
    except (games.UnknownGame, ModuleNotFoundError):
        return {spec.type: spec for spec in COMMON_SPECS}


def check_events(
    *,
    game_slug: str,
    player_ids: Sequence[str],
    events: Sequence[Any],
    first_seq: int,
    max_batch: int | None = MAX_BATCH,
) -> list[dict]:
    """Well-formedness of a batch, before anything is written. Returns the records to store.

    Raises :class:`MalformedEvent` naming the seq and field of the first problem.
    """
    if not isinstance(events, (list, tuple)):
        raise MalformedEvent("events must be a list", field="events")
    if not events:
        raise MalformedEvent("no events to append", field="events")
    if max_batch is not None and len(events) > max_batch:
        raise MalformedEvent(f"at most {max_batch} events in one append", field="events")
    schema = event_schema_for(game_slug)
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
        unknown = sorted(set(event) - {"seq", "type", "actor", "data"})
        if unknown:
            raise MalformedEvent(
                f"event {seq}: unknown field {unknown[0]!r}", seq=seq, field=unknown[0]
            )
        try:
            validate_event(schema, event, player_ids, seq=seq)
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
    if idempotency_key is not None and (not idempotency_key or len(idempotency_key) > 200):
        raise MalformedEvent(
            "an idempotency key is 1 to 200 characters", field="idempotency_key"
        )
    records = check_events(
        game_slug=match.game.slug,
        player_ids=match.player_ids,
        events=events,
        first_seq=expected_seq + 1,
    )
    try:
        with transaction.atomic():
            locked = Match.objects.select_for_update().get(pk=match.pk)
            if idempotency_key is not None:
                earlier = list(
                    Event.objects.filter(match=locked, idempotency_key=idempotency_key).order_by(
                        "seq"
                    )
                )
                if earlier:
                    return _repeated_result(locked, earlier, records, idempotency_key)
            if locked.last_seq != expected_seq:
                raise AppendConflict(
                    f"the log is at seq {locked.last_seq}, not {expected_seq}: another writer "
                    "appended first; reload and retry",
                    current_seq=locked.last_seq,
                )
            rows, head = [], locked.head_hash
            for record in records:
                digest = event_hash(head, record)
                rows.append(
                    Event(
                        match=locked,
                        seq=record["seq"],
                        type=record["type"],
                        actor=record["actor"],
                        data=record["data"],
                        prev_hash=head,
                        hash=digest,
                        idempotency_key=idempotency_key,
                        recorded_by=recorded_by,
                    )
                )
                head = digest
            Event.objects.bulk_create(rows)
            Match.objects.filter(pk=locked.pk).update(last_seq=rows[-1].seq, head_hash=head)
    except IntegrityError as error:
        # The unique (match, seq) constraint is the last line of defence against a race.
        current = Match.objects.filter(pk=match.pk).values_list("last_seq", flat=True).first()
        raise AppendConflict(
            f"another writer appended first ({error.__class__.__name__}); reload and retry",
            current_seq=current or 0,
        ) from None
    match.last_seq, match.head_hash = rows[-1].seq, head
    return AppendResult(
        match_id=match.pk,
        first_seq=rows[0].seq,
        last_seq=rows[-1].seq,
        head_hash=head,
        events=tuple(rows),
    )


def _repeated_result(
    match: Match, earlier: list[Event], records: list[dict], key: str
) -> AppendResult:
    stored = [(e.type, e.actor, e.data) for e in earlier]
    asked = [(r["type"], r["actor"], r["data"]) for r in records]
    if stored != asked:
        raise IdempotencyMismatch(
            f"idempotency key {key!r} was already used for a different append "
            f"(seq {earlier[0].seq}–{earlier[-1].seq})",
            field="idempotency_key",
        )
    return AppendResult(
        match_id=match.pk,
        first_seq=earlier[0].seq,
        last_seq=earlier[-1].seq,
        head_hash=earlier[-1].hash,
        events=tuple(earlier),
        repeated=True,
    )
