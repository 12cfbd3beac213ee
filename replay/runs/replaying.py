"""Replay runs: a match's log through its game's engine, under one interpretation.

``replay_match`` is the only way a run is made (views, API, commands, workers all call it);
``execute_run`` is the one replay function, run eagerly or by a Celery worker. It writes steps,
flags and snapshots chunk by chunk, each chunk in one transaction together with the run's
progress, so a worker killed at any point leaves either a whole chunk or none, and a re-run
resumes from the last snapshot without duplicates.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import logging
import time
from collections.abc import Mapping

from django.db import transaction
from django.db.models import Count, Exists, Min, OuterRef, Q
from django.utils import timezone

import background
from games.core.canonical import canonical_json, state_checksum
from games.core.points import Interpretation, InterpretationError
from games.core.replay import collect_corrections, corrections_of_notes, effective_events
from replay.log.bulk import (
    FLAG_COLUMNS,
    SNAPSHOT_COLUMNS,
    STEP_COLUMNS,
    insert_rows,
    streamed_rows,
    to_json,
)
from replay.log.engines import engine_for
from replay.log.errors import LogError
from replay.models import (
    GENESIS_HASH,
    Event,
    Match,
    ReplayFlag,
    ReplayRun,
    ReplaySnapshot,
    ReplayStep,
)
from trust.errors import BrokenChain
from trust.logs import WitnessedHead
from trust.reader import (
    record_break,
    refuse_known_break,
    verified_events,
)

logger = logging.getLogger(__name__)

# K: a full state snapshot every K steps, so reading any step costs one snapshot load plus at
# most K-1 applies (~K × 20 µs), and a 100,000-event run stores 1,000 snapshots.
SNAPSHOT_INTERVAL = 100
# The states a step read passes through at every KEPT_STATE_SPACING-th step (and the state after
# the step read) are handed back (``StepView.states``) for the cache to keep: a later read
# starts from the nearest kept one, applying fewer than this many events instead of up to
# SNAPSHOT_INTERVAL from a stored snapshot (whose spacing each run's fingerprint fixes).
KEPT_STATE_SPACING = 10
# Steps are written SNAPSHOTS_PER_WRITE snapshots at a time: one transaction per 1,000 steps,
# always ending on a snapshot, so a resumed run starts from a stored state.
SNAPSHOTS_PER_WRITE = 10


class ReplayError(LogError):
    code = "replay_error"


def run_fingerprint(
    *, match_id: int, log_seq: int, head_hash: str, engine: str, engine_version: str,
    interpretation: Mapping[str, str],
) -> str:
    payload = canonical_json(
        {
            "match": match_id,
            "log_seq": log_seq,
            "head_hash": head_hash,
            "engine": engine,
            "engine_version": engine_version,
            "interpretation": dict(interpretation),
            "snapshot_interval": SNAPSHOT_INTERVAL,
        }
    )
    return hashlib.sha256(payload.encode("utf-8")).hexdigest()


def replay_match(
    *, match: Match, reading: Mapping[str, str] | None = None, requested_by=None
) -> ReplayRun:
    """The run of the match's current log under ``reading`` (point id to option id; unchosen
    points take defaults):
    reused if its fingerprint exists, otherwise created and started (eagerly, or on a worker).
    A log found broken is refused (:class:`BrokenChain`): nothing is computed from it."""
    refuse_known_break(match.pk)
    engine, interpretation, match, (log_seq, head_hash), fingerprint = _identify(match, reading)
    run, created = ReplayRun.objects.get_or_create(
        fingerprint=fingerprint,
        defaults={
            "match": match,
            "log_seq": log_seq,
            "head_hash": head_hash,
            "engine": engine.slug,
            "engine_version": engine.version,
            "interpretation": interpretation.as_dict(),
            "snapshot_interval": SNAPSHOT_INTERVAL,
            "requested_by": requested_by,
        },
    )
    if created or run.status == ReplayRun.FAILED or _abandoned(run):
        start_run(run)
        run.refresh_from_db()
    return run


def game_head(*, match: Match, upto: int | None = None) -> tuple[int, str]:
    """The seq and hash of the last event (up to ``upto``) that the game depends on. A run
    replays the log to there: notes after it (annotations, and corrections that only revise
    a note) never make a new run necessary, and the hash still pins every event before it."""
    events = Event.objects.filter(match=match)
    if upto is not None:
        events = events.filter(seq__lte=upto)
    last = events.exclude(type__in=("annotation", "correction")).order_by("-seq").values_list(
        "seq", flat=True).first() or 0
    corrections = list(events.filter(type="correction").order_by().values("seq", "data"))
    if corrections:
        corrections.sort(key=lambda row: row["seq"])
        targets = {row["data"]["supersedes"] for row in corrections}
        original_types = dict(
            Event.objects.filter(match=match, seq__in=targets).values_list("seq", "type")
        )
        notes_only = corrections_of_notes(corrections, original_types)
        last = max([last, *(row["seq"] for row in corrections if row["seq"] not in notes_only)])
    if last == 0:
        return 0, GENESIS_HASH
    if last == match.last_seq and upto is None:
        return last, match.head_hash
    return last, Event.objects.filter(match=match, seq=last).values_list("hash", flat=True).get()


def _identify(match: Match, reading: Mapping[str, str] | None):
    """The engine, the full interpretation, the match as it is now, the head of the log its
    run replays (seq and hash), and the fingerprint of that run under ``reading``."""
    engine = engine_for(match)
    try:
        interpretation = engine.interpretation(reading)
    except InterpretationError as error:
        raise ReplayError(str(error), field="interpretation") from None
    match = Match.objects.get(pk=match.pk)  # the log head as it is now
    log_seq, head_hash = game_head(match=match)
    fingerprint = run_fingerprint(
        match_id=match.pk, log_seq=log_seq, head_hash=head_hash,
        engine=engine.slug, engine_version=engine.version, interpretation=interpretation.options,
    )
    return engine, interpretation, match, (log_seq, head_hash), fingerprint


def find_run(*, match: Match, reading: Mapping[str, str] | None = None) -> ReplayRun | None:
    """The run ``replay_match`` would give for this reading of the log as it is now, if it
    was ever made; never starts one (pages that only read call this)."""
    *_, fingerprint = _identify(match, reading)
    return ReplayRun.objects.filter(fingerprint=fingerprint).first()


# A run that shows no sign of life for this long is started again: its process died (an
# eager web process, or a worker whose message was lost). Starting it twice is safe: each
# chunk is written only by the execution that finds the run's progress where it left it.
RUN_STALE_AFTER = dt.timedelta(minutes=5)


def _abandoned(run: ReplayRun) -> bool:
    if run.status not in (ReplayRun.PENDING, ReplayRun.RUNNING):
        return False
    last_sign = run.heartbeat_at or run.created_at
    return last_sign < timezone.now() - RUN_STALE_AFTER


def start_run(run: ReplayRun) -> None:
    """A replay is computed before the request answers when no broker is configured (the
    replays a curator asks for are short to make), by a worker otherwise."""
    background.send("replay.tasks.run_replay", run.pk, wait=True)


def execute_run(*, run_id: int) -> ReplayRun:
    """Replay a run to its end, resuming from its last committed chunk."""
    with transaction.atomic():
        run = ReplayRun.objects.select_for_update().select_related("match__game").get(pk=run_id)
        if run.status == ReplayRun.DONE:
            return run
        run.status = ReplayRun.RUNNING
        run.attempts += 1
        run.started_at = run.started_at or timezone.now()
        run.heartbeat_at = timezone.now()
        run.error = ""
        run.save(update_fields=["status", "attempts", "started_at", "heartbeat_at", "error"])
    started = time.perf_counter()
    try:
        _replay_chunks(run)
    except Exception as error:  # an engine bug must not leave a run "running" forever
        logger.exception("replay run %s failed", run.pk)
        ReplayRun.objects.filter(pk=run.pk).update(
            status=ReplayRun.FAILED, error=f"{error.__class__.__name__}: {error}"[:2000]
        )
        run.refresh_from_db()
        return run
    run.refresh_from_db()
    if run.status == ReplayRun.DONE:
        return run
    _finish(run, elapsed=time.perf_counter() - started)
    return run


def run_interpretation(run: ReplayRun, engine) -> Interpretation:
    return engine.interpretation(run.interpretation)


def run_corrections(match: Match, log_seq: int) -> dict[int, dict]:
    # (match, type) only, so the planner takes the type index; corrections are few, and the
    # ones after log_seq are dropped here.
    rows = Event.objects.filter(match=match, type="correction").order_by().values(
        "seq", "type", "actor", "data"
    )
    return collect_corrections(sorted((r for r in rows if r["seq"] <= log_seq),
                                      key=lambda r: r["seq"]))


def run_initial_state(run: ReplayRun, engine) -> dict:
    return engine.initial_state(run.match.players, run.match.setup)


def _replay_chunks(run: ReplayRun) -> None:
    engine = engine_for(run.match)
    interpretation = run_interpretation(run, engine)
    corrections = run_corrections(run.match, run.log_seq)
    position = run.progress
    if position == 0:
        state = run_initial_state(run, engine)
        ReplaySnapshot.objects.get_or_create(run=run, seq=0, defaults={"state": state})
    else:
        state = ReplaySnapshot.objects.get(run=run, seq=position).state
    interval, run_id = run.snapshot_interval, run.pk
    citations_json: dict[int, tuple[tuple, str]] = {}
    while position < run.log_seq:
        chunk_end = min(position + interval * SNAPSHOTS_PER_WRITE, run.log_seq)
        events = list(verified_events(run.match_id, after_seq=position, up_to_seq=chunk_end,
                                      with_hashes=chunk_end == run.log_seq))
        if chunk_end == run.log_seq and events[-1]["hash"] != run.head_hash:
            raise changed_since_run(run)
        # One chunk and the run's progress in one transaction. The progress moves first, by
        # an UPDATE that names the progress it expects: it finds the row only if no other
        # execution of this run (a re-queued task) got here first, and holds the row's lock
        # to the commit. Steps stream to the database as they are computed.
        with transaction.atomic():
            claimed = ReplayRun.objects.filter(pk=run_id, progress=position).update(
                progress=chunk_end, heartbeat_at=timezone.now())
            if not claimed:
                return
            flags, snapshots = [], []
            with streamed_rows(ReplayStep._meta.db_table, STEP_COLUMNS) as write_step:
                for event in effective_events(events, corrections):
                    seq = event["seq"]
                    step = engine.apply(state, event, interpretation)
                    state = step.state
                    write_step((run_id, seq, event["type"], event.get("actor"), step.summary,
                                step.legal, len(step.flags), state_checksum(state),
                                to_json(step.effects)))
                    for index, flag in enumerate(step.flags):
                        # Engines cite their points' constant tuples: found by identity.
                        known = citations_json.get(id(flag.citations))
                        if known is None or known[0] is not flag.citations:
                            known = citations_json[id(flag.citations)] = (
                                flag.citations, to_json([c.as_dict() for c in flag.citations]))
                        flags.append((run_id, seq, index, flag.kind, flag.rule, flag.point,
                                      flag.option, flag.message, known[1]))
                    if seq % interval == 0 or seq == chunk_end:
                        snapshots.append((run_id, seq, to_json(state)))
            insert_rows(ReplayFlag._meta.db_table, FLAG_COLUMNS, flags)
            insert_rows(ReplaySnapshot._meta.db_table, SNAPSHOT_COLUMNS, snapshots)
        position = chunk_end


def changed_since_run(run: ReplayRun) -> BrokenChain:
    """The log no longer ends, at the run's seq, with the head the run was made for: its
    chain was recomputed after a change."""
    problem = (f"event {run.log_seq} no longer has the hash run {run.pk} replayed "
               f"({run.head_hash[:12]}…): the chain was rewritten after the run was made")
    record_break(run.match_id, run.log_seq, problem)
    return BrokenChain(f"the log of match {run.match_id} was changed: {problem}",
                       seq=run.log_seq, problem=problem)


def run_heads(match_id: int) -> list[WitnessedHead]:
    """The heads of the match's log its runs replayed to (a witness of the chain for
    ``trust.audit.verify_log``: a chain recomputed after a change no longer reaches them)."""
    rows = (ReplayRun.objects.filter(match_id=match_id).order_by("log_seq", "pk")
            .values_list("pk", "log_seq", "head_hash"))
    return [WitnessedHead(f"run {pk}", log_seq, head) for pk, log_seq, head in rows]


def run_stands(*, via: str = "") -> Q:
    """The runs that still stand, as a filter on runs (``via``: the path from the rows
    filtered to their run): no break is known in their match's log, and the log still stores,
    at the run's last seq, the head the run replayed (a run of no events starts from the
    genesis hash). A chain recomputed after a change verifies on its own, but not against its
    runs. The one definition: the reading pages' fast paths compile it to SQL
    (``replay.reading.policy.run_stands_sql``)."""
    head_stored = Exists(Event.objects.filter(
        match=OuterRef(f"{via}match_id"), seq=OuterRef(f"{via}log_seq"),
        hash=OuterRef(f"{via}head_hash")))
    return (Q(**{f"{via}match__chain_broken_seq__isnull": True})
            & (Q(**{f"{via}log_seq": 0, f"{via}head_hash": GENESIS_HASH}) | head_stored))


def check_run_head(run: ReplayRun, *, stands: bool | None = None) -> None:
    """Refuse to read a run that no longer stands (``run_stands``), naming why: the break
    known in its log, or its head rewritten since (recorded as a break). ``stands``: the
    answer when the caller read it with the run (no query then)."""
    if stands is None:
        stands = ReplayRun.objects.filter(pk=run.pk).filter(run_stands()).exists()
    if stands:
        return
    refuse_known_break(run.match_id)
    raise changed_since_run(run)


def _finish(run: ReplayRun, *, elapsed: float) -> None:
    engine = engine_for(run.match)
    final = ReplaySnapshot.objects.get(run=run, seq=run.log_seq).state
    outcome = engine.outcome(final).as_dict()
    outcome["length"] = run.log_seq
    summary: dict[str, dict] = {}
    grouped = (
        ReplayFlag.objects.filter(run=run)
        .values("point", "kind", "rule")
        .annotate(count=Count("id"), first_seq=Min("seq"))
        .order_by("point", "kind", "rule")
    )
    for row in grouped:
        key = row["point"] or f"rule:{row['rule']}"
        entry = summary.setdefault(key, {"point": row["point"], "total": 0, "kinds": {},
                                         "first_seq": row["first_seq"]})
        entry["total"] += row["count"]
        entry["kinds"][row["kind"]] = entry["kinds"].get(row["kind"], 0) + row["count"]
        entry["first_seq"] = min(entry["first_seq"], row["first_seq"])
    ReplayRun.objects.filter(pk=run.pk).update(
        status=ReplayRun.DONE,
        finished_at=timezone.now(),
        duration_ms=int(elapsed * 1000),
        outcome=outcome,
        flag_summary=summary,
    )


