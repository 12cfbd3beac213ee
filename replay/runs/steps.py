"""Reading a step of a run back: the state before it from the nearest stored snapshot (or a
state kept by an earlier read), its event checked against the chain, what the step's flags
would have been under the other options of their points.

``replay_match`` is the only way a run is made (views, API, commands, workers all call it);
``execute_run`` is the one replay function, run eagerly or by a Celery worker. It writes steps,
flags and snapshots chunk by chunk, each chunk in one transaction together with the run's
progress, so a worker killed at any point leaves either a whole chunk or none, and a re-run
resumes from the last snapshot without duplicates.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from django.db import connection
from django.db.models import Max, Min, Q

from games.core.canonical import load_json
from games.core.facts import PlayerFacts
from games.core.replay import effective_events
from replay.models import (
    ReplayFlag,
    ReplayRun,
    ReplaySnapshot,
    ReplayStep,
)
from replay.runs.replaying import (
    KEPT_STATE_SPACING,
    ReplayError,
    check_run_head,
    engine_for,
    run_corrections,
    run_initial_state,
    run_interpretation,
)
from trust.reader import (
    verified_windows,
)

logger = logging.getLogger(__name__)

# K: a full state snapshot every K steps, so reading any step costs one snapshot load plus at
# most K-1 applies (~K × 20 µs), and a 100,000-event run stores 1,000 snapshots.
def _changing_options(engine, before, event, interpretation, point_id, step) -> list[str]:
    """The options of ``point_id`` under which this same event would give another step."""
    point = engine.point(point_id)
    chosen = interpretation.option(point_id)
    changing = []
    for option in point.option_ids:
        if option == chosen:
            continue
        alternative = engine.apply(before, event, interpretation.with_option(point_id, option))
        if (
            alternative.legal != step.legal
            or alternative.summary != step.summary
            or alternative.state != step.state
        ):
            changing.append(option)
    return changing


# -- reading a step ------------------------------------------------------------------------


@dataclass(frozen=True)
class FlagRead:
    """A stored flag as a page reads it, with ``changing_options``: the other options of its
    point under which the same event, from the same state, would give another step (worked
    out when read)."""

    seq: int
    index: int
    kind: str
    rule: str
    point: str | None
    option: str | None
    message: str
    citations: list
    changing_options: list[str]

    @classmethod
    def of(cls, flag: ReplayFlag, changing: list[str]) -> FlagRead:
        return cls(seq=flag.seq, index=flag.index, kind=flag.kind, rule=flag.rule,
                   point=flag.point, option=flag.option, message=flag.message,
                   citations=flag.citations, changing_options=changing)


@dataclass
class StepView:
    run: ReplayRun
    seq: int
    event: dict | None
    step: ReplayStep | None
    flags: list[FlagRead]
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
    interpretation = run_interpretation(run, engine)
    starts = {seq: _start_seq(run, seq - 1, known) for seq in seqs}
    states = {**_stored_states(run, set(starts.values()) - known.keys()), **known}
    if 0 in starts.values() and 0 not in states:
        states[0] = run_initial_state(run, engine)
    if corrections is None:  # read only when a step is
        corrections = run_corrections(run.match, run.log_seq) if seqs else {}
    windows = verified_windows(run.match_id, [(starts[seq], seq) for seq in seqs])
    found: dict[int, tuple[dict, dict]] = {}
    recorded: dict[int, dict] = {}
    passed: dict[int, dict] = {}
    position: int | None = None
    state: dict = {}  # the state after ``position``, once there is one
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
                     corrections: Mapping[int, dict] | None = None) -> list[FlagRead]:
    """Each flag as read, with the options of its point under which the same event, from the
    same state, would give another step. Worked out when read (from the nearest snapshots,
    in two queries), so that a replay applies each event once."""
    flags = list(flags)
    found = options_that_change(
        run=run, consulted=[(flag.seq, flag.point) for flag in flags if flag.point],
        corrections=corrections)
    return [FlagRead.of(flag, found.get((flag.seq, flag.point), [])) for flag in flags]


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
    interpretation = run_interpretation(run, engine)
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
              known_states: Mapping[int, dict] | None = None,
              stands: bool | None = None) -> StepView:
    """One step as a page shows it. ``consulted_nearby``: other (seq, point) pairs whose
    changing options are worked out in the same reads (``StepView.nearby``);
    ``flag_neighbours``: the flagged steps before and after it, and ``flagged`` whether it
    has flags at all, when already known; ``stored_step``: its row, when already read;
    ``known_states``: full states after some seqs kept from earlier reads of the run (the
    read starts from the latest before the step; ``StepView.states`` are those to keep);
    ``stands``: whether the run still stands, when the caller read it with the run."""
    if viewer is not None and viewer not in run.match.player_ids:
        raise ReplayError(f"viewer {viewer!r} is not a player of this match", field="viewer")
    if not 0 <= seq <= run.progress:
        raise ReplayError(f"step {seq} is not in this run (0 to {run.progress})", seq=seq)
    check_run_head(run, stands=stands)
    stored = list(ReplayFlag.objects.filter(run=run, seq=seq)) if seq and flagged else []
    nearby = [pair for pair in consulted_nearby if pair[0] <= run.progress]
    approaches = _states_before(run, [*([seq] if seq else []), *(s for s, _ in nearby)],
                                corrections=corrections, known=known_states)
    engine = engine_for(run.match)
    found = options_that_change(
        run=run, consulted=[*nearby, *((seq, f.point) for f in stored if f.point)],
        approaches=approaches)
    flags = [FlagRead.of(flag, found.get((flag.seq, flag.point), [])) for flag in stored]
    event = before = None
    kept = dict(approaches.passed)
    if seq:
        before, applied = approaches.at[seq]
        state = engine.apply(before, applied, run_interpretation(run, engine)).state
        event = approaches.recorded[seq]
        if seq % run.snapshot_interval and seq not in (known_states or {}):
            kept[seq] = state
    else:
        state = _stored_states(run, {0}).get(0) or run_initial_state(run, engine)
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
