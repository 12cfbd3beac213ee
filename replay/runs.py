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
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from django.db import connection, transaction
from django.db.models import Count, Max, Min, Q
from django.utils import timezone

import background
import games
from games.core.canonical import canonical_json, load_json, state_checksum
from games.core.facts import PlayerFacts
from games.core.points import Interpretation, InterpretationError
from games.core.replay import collect_corrections, corrections_of_notes, effective_events
from replay.bulk import (
    FLAG_COLUMNS,
    SNAPSHOT_COLUMNS,
    STEP_COLUMNS,
    insert_rows,
    streamed_rows,
    to_json,
)
from replay.errors import LogError
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
    stored_hash,
    verified_events,
    verified_windows,
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


def engine_for(match: Match):
    """The match's rule engine, or the annotated log for a game that has none yet."""
    return games.for_records(match.game.slug)


def replay_match(
    *, match: Match, choices: Mapping[str, str] | None = None, requested_by=None
) -> ReplayRun:
    """The run of the match's current log under ``choices`` (unchosen points take defaults):
    reused if its fingerprint exists, otherwise created and started (eagerly, or on a worker).
    A log found broken is refused (:class:`BrokenChain`): nothing is computed from it."""
    refuse_known_break(match.pk)
    engine, interpretation, match, (log_seq, head_hash), fingerprint = _identify(match, choices)
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


def _identify(match: Match, choices: Mapping[str, str] | None):
    """The engine, the full interpretation, the match as it is now, the head of the log its
    run replays (seq and hash), and the fingerprint of that run under ``choices``."""
    engine = engine_for(match)
    try:
        interpretation = engine.interpretation(choices)
    except InterpretationError as error:
        raise ReplayError(str(error), field="interpretation") from None
    match = Match.objects.get(pk=match.pk)  # the log head as it is now
    log_seq, head_hash = game_head(match=match)
    fingerprint = run_fingerprint(
        match_id=match.pk, log_seq=log_seq, head_hash=head_hash,
        engine=engine.slug, engine_version=engine.version, interpretation=interpretation.choices,
    )
    return engine, interpretation, match, (log_seq, head_hash), fingerprint


def find_run(*, match: Match, choices: Mapping[str, str] | None = None) -> ReplayRun | None:
    """The run ``replay_match`` would give for this reading of the log as it is now, if it
    was ever made; never starts one (pages that only read call this)."""
    *_, fingerprint = _identify(match, choices)
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


def _interpretation(run: ReplayRun, engine) -> Interpretation:
    return engine.interpretation(run.interpretation)


def _corrections(match: Match, log_seq: int) -> dict[int, dict]:
    # (match, type) only, so the planner takes the type index; corrections are few, and the
    # ones after log_seq are dropped here.
    rows = Event.objects.filter(match=match, type="correction").order_by().values(
        "seq", "type", "actor", "data"
    )
    return collect_corrections(sorted((r for r in rows if r["seq"] <= log_seq),
                                      key=lambda r: r["seq"]))


def _initial_state(run: ReplayRun, engine) -> dict:
    return engine.initial_state(run.match.players, run.match.setup)


def _replay_chunks(run: ReplayRun) -> None:
    engine = engine_for(run.match)
    interpretation = _interpretation(run, engine)
    corrections = _corrections(run.match, run.log_seq)
    position = run.progress
    if position == 0:
        state = _initial_state(run, engine)
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


def check_run_head(run: ReplayRun) -> None:
    """Refuse to read a run whose log was found broken or rewritten since (no query for a run
    read with its match and its ``stored_head``: ``replay.selectors.visible_run``)."""
    loaded = run.match if "match" in run._state.fields_cache else None
    refuse_known_break(run.match_id, match=loaded)
    if not run.log_seq:
        return
    stored = run.stored_head if hasattr(run, "stored_head") else stored_hash(run.match_id,
                                                                              run.log_seq)
    if stored != run.head_hash:
        raise changed_since_run(run)


def _changing_options(engine, before, event, interpretation, point_id, step) -> list[str]:
    """The options of ``point_id`` under which this same event would give another step."""
    point = engine.point(point_id)
    chosen = interpretation.option(point_id)
    changing = []
    for option in point.option_ids:
        if option == chosen:
            continue
        alternative = engine.apply(before, event, interpretation.with_choice(point_id, option))
        if (
            alternative.legal != step.legal
            or alternative.summary != step.summary
            or alternative.state != step.state
        ):
            changing.append(option)
    return changing


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


# -- reading a step ------------------------------------------------------------------------


@dataclass
class StepView:
    run: ReplayRun
    seq: int
    event: dict | None
    step: ReplayStep | None
    flags: list[ReplayFlag]
    state: dict
    first_seq: int
    last_seq: int
    prev_seq: int | None
    next_seq: int | None
    next_flag_seq: int | None
    prev_flag_seq: int | None
    viewer: str | None = None
    nearby: dict[tuple[int, str], list[str]] = field(default_factory=dict)
    # Each player's facts as the viewpoint may see them (``Engine.player_facts``), and the
    # state before the step as the viewpoint sees it (None at step 0): what the page draws
    # the last move from.
    players: list[PlayerFacts] = field(default_factory=list)
    state_before: dict | None = None
    # The full states this read worked out that a later read may start from, by seq (the
    # state after each seq): after the step read, and every KEPT_STATE_SPACING-th step passed.
    states: dict[int, dict] = field(default_factory=dict)


@dataclass
class _Approaches:
    """For each step asked for the state before it and its event as the replay applies it,
    the event as recorded, and the states worth keeping passed on the way (``StepView.states``)."""

    at: dict[int, tuple[dict, dict]]
    recorded: dict[int, dict]
    passed: dict[int, dict]


def _snapshot_seq(run: ReplayRun, seq: int) -> int:
    """The stored snapshot a read of the state after ``seq`` starts from: every K steps, and
    the run's last step."""
    if seq == run.log_seq and run.progress == run.log_seq:
        return seq
    return seq - seq % run.snapshot_interval


def _start_seq(run: ReplayRun, seq: int, known: Mapping[int, dict]) -> int:
    """Where a read of the state after ``seq`` starts: the latest state ``known`` at or before
    it and past its stored snapshot, else that snapshot."""
    snapshot = _snapshot_seq(run, seq)
    return max((k for k in known if snapshot < k <= seq), default=snapshot)


def _stored_states(run: ReplayRun, seqs: set[int]) -> dict[int, dict]:
    """The run's stored snapshots at ``seqs``, in one plain query (building it through the
    ORM cost a step more than running it)."""
    if not seqs:
        return {}
    table = connection.ops.quote_name(ReplaySnapshot._meta.db_table)
    marks = ", ".join(["%s"] * len(seqs))
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT seq, state FROM {table} WHERE run_id = %s AND seq IN ({marks})",
                       [run.pk, *sorted(seqs)])
        return {seq: load_json(state) for seq, state in cursor.fetchall()}


def _kept(run: ReplayRun, seq: int) -> bool:
    """Whether the state after ``seq`` is one a read hands back to keep (not a snapshot)."""
    return seq % KEPT_STATE_SPACING == 0 and seq % run.snapshot_interval != 0


def _states_before(run: ReplayRun, seqs: Iterable[int],
                   corrections: Mapping[int, dict] | None = None,
                   known: Mapping[int, dict] | None = None) -> _Approaches:
    """For each seq (1 or more) the state after the step before it and the event at it, read
    in two queries however many seqs (their snapshots, then every stretch of the log from a
    snapshot to a seq, checked against the chain); steps close together share their applies.
    ``known``: full states after some seqs, kept from earlier reads of the same run; a read
    starts from the latest of them before a step rather than from its snapshot."""
    seqs = sorted(set(seqs))
    known = known or {}
    engine = engine_for(run.match)
    interpretation = _interpretation(run, engine)
    starts = {seq: _start_seq(run, seq - 1, known) for seq in seqs}
    states = {**_stored_states(run, set(starts.values()) - known.keys()), **known}
    if 0 in starts.values() and 0 not in states:
        states[0] = _initial_state(run, engine)
    if seqs and corrections is None:
        corrections = _corrections(run.match, run.log_seq)
    windows = verified_windows(run.match_id, [(starts[seq], seq) for seq in seqs])
    found: dict[int, tuple[dict, dict]] = {}
    recorded: dict[int, dict] = {}
    passed: dict[int, dict] = {}
    position, state = None, None
    for seq in seqs:
        start = starts[seq]
        if position is None or not start <= position < seq:
            if start not in states:
                raise ReplayError(f"run {run.pk} has no stored state at step {start}", seq=seq)
            position, state = start, states[start]
        window = windows.get((start, seq), [])
        recorded[seq] = window[-1]
        events = [event for event in effective_events(window, corrections)
                  if event["seq"] > position]
        for event in events[:-1]:
            state = engine.apply(state, event, interpretation).state
            if _kept(run, event["seq"]) and event["seq"] not in known:
                passed[event["seq"]] = state
        found[seq] = (state, events[-1])
        position = seq - 1
    return _Approaches(at=found, recorded=recorded, passed=passed)


def changing_options(*, run: ReplayRun, flags: Iterable[ReplayFlag],
                     corrections: Mapping[int, dict] | None = None) -> list[ReplayFlag]:
    """Each flag with ``changing_options`` set: the options of its point under which the same
    event, from the same state, would give another step. Worked out when read (from the
    nearest snapshots, in two queries), so that a replay applies each event once."""
    flags = list(flags)
    found = options_that_change(
        run=run, consulted=[(flag.seq, flag.point) for flag in flags if flag.point],
        corrections=corrections)
    for flag in flags:
        flag.changing_options = found.get((flag.seq, flag.point), [])
    return flags


def options_that_change(
    *, run: ReplayRun, consulted: Iterable[tuple[int, str]],
    corrections: Mapping[int, dict] | None = None, approaches: _Approaches | None = None,
) -> dict[tuple[int, str], list[str]]:
    """For each (seq, point) consulted at that step, the point's other options that would
    change the step (``approaches``: the states before those steps, when already read)."""
    points: dict[int, dict[str, None]] = {}
    for seq, point in consulted:
        points.setdefault(seq, {})[point] = None
    if not points:
        return {}
    if approaches is None or not points.keys() <= approaches.at.keys():
        approaches = _states_before(run, points, corrections=corrections)
    engine = engine_for(run.match)
    interpretation = _interpretation(run, engine)
    found = {}
    for seq, named in points.items():
        before, event = approaches.at[seq]
        step = engine.apply(before, event, interpretation)
        for point in named:
            found[(seq, point)] = _changing_options(engine, before, event, interpretation,
                                                    point, step)
    return found


def read_step(*, run: ReplayRun, seq: int, viewer: str | None = None,
              corrections: Mapping[int, dict] | None = None,
              consulted_nearby: Iterable[tuple[int, str]] = (),
              flag_neighbours: tuple[int | None, int | None] | None = None,
              flagged: bool = True, stored_step: ReplayStep | None = None,
              known_states: Mapping[int, dict] | None = None) -> StepView:
    """One step as a page shows it. ``consulted_nearby``: other (seq, point) pairs whose
    changing options are worked out in the same reads (``StepView.nearby``);
    ``flag_neighbours``: the flagged steps before and after it, and ``flagged`` whether it
    has flags at all, when already known; ``stored_step``: its row, when already read;
    ``known_states``: full states after some seqs kept from earlier reads of the run (the
    read starts from the latest before the step; ``StepView.states`` are those to keep)."""
    if viewer is not None and viewer not in run.match.player_ids:
        raise ReplayError(f"viewer {viewer!r} is not a player of this match", field="viewer")
    if not 0 <= seq <= run.progress:
        raise ReplayError(f"step {seq} is not in this run (0 to {run.progress})", seq=seq)
    check_run_head(run)
    flags = list(ReplayFlag.objects.filter(run=run, seq=seq)) if seq and flagged else []
    nearby = [pair for pair in consulted_nearby if pair[0] <= run.progress]
    approaches = _states_before(run, [*([seq] if seq else []), *(s for s, _ in nearby)],
                                corrections=corrections, known=known_states)
    engine = engine_for(run.match)
    found = options_that_change(
        run=run, consulted=[*nearby, *((seq, f.point) for f in flags if f.point)],
        approaches=approaches)
    for flag in flags:
        flag.changing_options = found.get((flag.seq, flag.point), [])
    event = before = None
    kept = dict(approaches.passed)
    if seq:
        before, applied = approaches.at[seq]
        state = engine.apply(before, applied, _interpretation(run, engine)).state
        event = approaches.recorded[seq]
        if seq % run.snapshot_interval and seq not in (known_states or {}):
            kept[seq] = state
    else:
        state = _stored_states(run, {0}).get(0) or _initial_state(run, engine)
    step = stored_step
    if seq and step is None:
        step = ReplayStep.objects.filter(run=run, seq=seq).first()
    if flag_neighbours is None:
        around = ReplayFlag.objects.filter(run=run).aggregate(
            before=Max("seq", filter=Q(seq__lt=seq)), after=Min("seq", filter=Q(seq__gt=seq)))
        flag_neighbours = (around["before"], around["after"])
    last = run.progress
    return StepView(
        run=run,
        seq=seq,
        event=event,
        step=step,
        flags=flags,
        state=engine.view(state, viewer),
        first_seq=1 if last else 0,
        last_seq=last,
        prev_seq=seq - 1 if seq > 0 else None,
        next_seq=seq + 1 if seq < last else None,
        next_flag_seq=flag_neighbours[1],
        prev_flag_seq=flag_neighbours[0],
        viewer=viewer,
        nearby={pair: found[pair] for pair in nearby},
        players=engine.player_facts(state, viewer),
        state_before=engine.view(before, viewer) if before is not None else None,
        states=kept,
    )


def first_flag_seq(run: ReplayRun) -> int | None:
    return ReplayFlag.objects.filter(run=run).order_by("seq").values_list("seq", flat=True).first()
