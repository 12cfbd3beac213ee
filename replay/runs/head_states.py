"""The state at a log's head under the match's recording reading: the recorder draws its board
and offers its choices (``GET /api/matches/ID/choices/`` too) from it.

Reading it never replays the whole log. States are kept every ``KEEP_EVERY`` events as the log
grows: after an append passes a multiple of ``KEEP_EVERY`` (or appends a correction), the
writer sends ``keep_head_states`` after its commit, to a worker when one is configured, else
to the background thread, to start a second later (``replay.log.append.KEEP_DELAY``) and
coalesced so that a fast writer has one waiting at a time: a burst is kept in one go. The head
is then the nearest kept state plus fewer than ``KEEP_EVERY`` events since. A kept state is trusted only while no correction appended after it was computed
reaches back to its seq or earlier (``HeadState.made_at``). A read that finds no kept state
near the head (after an engine's new version, a new recording reading, on a log recorded
before states were kept) computes from the nearest it has and keeps what it passes, so that
cost is paid once.
"""

from __future__ import annotations

import hashlib
import time

from django.core.cache import cache

from games.core.canonical import canonical_json
from games.core.engine import Engine
from games.core.points import Interpretation
from games.core.replay import collect_corrections, effective_events
from replay.log.engines import engine_for
from replay.models import Event, HeadState, Match
from replay.runs.replaying import SNAPSHOT_INTERVAL
from trust.errors import BrokenChain
from trust.reader import verified_events

KEEP_EVERY = SNAPSHOT_INTERVAL
# How long an append's send of keep_head_states stands for the ones after it at most.
KEEPING_MARK_SECONDS = 30
READ_CHUNK = 5000
NEAREST_BATCH = 8
# Events the background keeping applies between two hand-overs of the interpreter lock.
YIELD_EVERY = 4


def match_reading(*, match: Match, engine: Engine | None = None) -> Interpretation:
    """The reading the recorder offers choices under: the match's, on today's points."""
    engine = engine or engine_for(match)
    return engine.nearest_interpretation(match.reading or {})


def reading_key(engine: Engine, reading: Interpretation) -> str:
    """What a kept state depends on besides the log: the engine, its version, the reading."""
    payload = canonical_json({"engine": engine.slug, "version": engine.version,
                              "reading": dict(reading.options)})
    return hashlib.sha256(payload.encode("utf-8")).hexdigest()


def head_state(*, match: Match, engine: Engine, reading: Interpretation) -> dict:
    """The state after the log's last event (``match.last_seq``, as the caller read it)."""
    return _state_after(match, engine, reading, match.last_seq)


def state_after(*, match: Match, engine: Engine, reading: Interpretation, seq: int) -> dict:
    """The state after event ``seq`` (at most ``match.last_seq``), from the nearest kept state:
    what a page showing the last few events replays from, never the whole log."""
    return _state_after(match, engine, reading, seq)


def claim_keeping(match_id: int) -> bool:
    """Whether an append should send ``keep_head_states`` for the match: no, while one sent
    earlier has not started (the cache marks it; a mark lost or left only means one more
    or one fewer send, which a later append or a read makes up for)."""
    return cache.add(_keeping_key(match_id), True, timeout=KEEPING_MARK_SECONDS)


def _keeping_key(match_id: int) -> str:
    return f"head-states-waiting:{match_id}"


def keep_head_states(*, match_id: int) -> None:
    """Keep the states at every multiple of ``KEEP_EVERY`` up to the log's head that are not
    kept yet (or no longer hold), under the match's recording reading; forget those of other
    readings and engine versions. A log found broken keeps nothing."""
    cache.delete(_keeping_key(match_id))  # appends from now on send again
    match = Match.objects.select_related("game").get(pk=match_id)
    engine = engine_for(match)
    reading = match_reading(match=match, engine=engine)
    HeadState.objects.filter(match=match).exclude(reading=reading_key(engine, reading)).delete()
    target = match.last_seq - match.last_seq % KEEP_EVERY
    if target:
        try:
            _state_after(match, engine, reading, target, yielding=True)
        except BrokenChain:
            return


def _state_after(match: Match, engine: Engine, reading: Interpretation, seq: int, *,
                 yielding: bool = False) -> dict:
    """The state after ``seq`` with every correction of the log up to ``match.last_seq``
    applied, from the nearest kept state that still holds; the states at multiples of
    ``KEEP_EVERY`` passed on the way are kept. ``yielding`` lets other threads of the process
    run between events (the keeping, on the background thread beside appending requests)."""
    key = reading_key(engine, reading)
    # (match, type) only, so the planner takes the corrections' own index (see replay.runs).
    rows = sorted((row for row in Event.objects.filter(match=match, type="correction")
                   .order_by().values("seq", "type", "actor", "data")
                   if row["seq"] <= match.last_seq), key=lambda row: row["seq"])
    corrections = collect_corrections(rows)
    reaches = [(row["seq"], row["data"]["supersedes"]) for row in rows]
    start, state = _nearest_kept(match, key, seq, reaches)
    if state is None:
        state = engine.initial_state(match.players, match.setup)
    for begin in range(start, seq, READ_CHUNK):
        kept = []
        events = verified_events(match.pk, after_seq=begin, up_to_seq=min(begin + READ_CHUNK, seq))
        for event in effective_events(events, corrections):
            state = engine.apply(state, event, reading).state
            if yielding and event["seq"] % YIELD_EVERY == 0:
                # Hand the interpreter lock on: an appending thread whose answer arrived
                # waits this long, not the interpreter's 5 ms switch interval.
                time.sleep(0)
            if event["seq"] % KEEP_EVERY == 0:
                kept.append(HeadState(match=match, reading=key, seq=event["seq"],
                                      made_at=match.last_seq, state=state))
        HeadState.objects.bulk_create(kept, update_conflicts=True,
                                      unique_fields=["match", "reading", "seq"],
                                      update_fields=["made_at", "state"])
    return state


def _nearest_kept(match: Match, key: str, seq: int,
                  reaches: list[tuple[int, int]]) -> tuple[int, dict | None]:
    """The nearest kept state at or before ``seq`` that no correction appended after it was
    made reaches back past: (its seq, the state), or (0, None)."""
    candidates = (HeadState.objects.filter(match=match, reading=key, seq__lte=seq)
                  .order_by("-seq").values_list("seq", "made_at"))
    # Nearly always the nearest holds: look at a few at a time, not at all of a long log's.
    offset = 0
    while True:
        batch = list(candidates[offset:offset + NEAREST_BATCH])
        for kept_seq, made_at in batch:
            if all(not (at > made_at and supersedes <= kept_seq) for at, supersedes in reaches):
                state = (HeadState.objects.filter(match=match, reading=key, seq=kept_seq)
                         .values_list("state", flat=True).get())
                return kept_seq, state
        if len(batch) < NEAREST_BATCH:
            return 0, None
        offset += NEAREST_BATCH
