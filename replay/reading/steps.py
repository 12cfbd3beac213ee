"""What a step page reads around its step: the step itself (``replay.runs.steps``), its
landmarks (the nearest flags, violations, notes and steps where the reading matters), its
notes, the log around it; and two runs' steps side by side."""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from django.db import connection
from django.db.models import CharField, Count, Q, Value

from replay.models import Match, ReplayFlag, ReplayRun, ReplayStep
from replay.reading.faces import log_span, step_columns
from replay.reading.notes import MatchNotes, StepNote, match_notes
from replay.reading.readings import reading_words
from replay.reading.rows import table
from replay.runs.steps import StepView, read_step


def steps_around(*, run: ReplayRun, seq: int) -> list[ReplayStep]:
    """The stored steps within LOG_REACH of ``seq``: the stretch of log a step page lists,
    in one plain query (``faces.run_face`` reads them with the run when asked to)."""
    columns = step_columns()
    steps = table(ReplayStep)
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT {columns.select(steps)} FROM {steps} WHERE {steps}.run_id = %s "
                       f"AND {steps}.seq BETWEEN %s AND %s ORDER BY {steps}.seq",
                       [run.pk, *log_span(seq)])
        return [columns.instance(row) for row in cursor.fetchall()]


@dataclass(frozen=True)
class RunMarks:
    """Where a run's flags and broken rules are, in seq order: every flagged step, every
    step with a violation flag or an illegal move, and each (step, point) a flag consulted."""

    flagged: tuple[int, ...]
    violations: tuple[int, ...]
    consulted: tuple[tuple[int, str], ...]

    def flags_around(self, seq: int) -> tuple[int | None, int | None]:
        return _neighbours(self.flagged, seq)

    def violations_around(self, seq: int) -> tuple[int | None, int | None]:
        return _neighbours(self.violations, seq)

    def consulted_near(self, seq: int, reach: int) -> tuple[list[tuple[int, str]], ...]:
        """The (step, point) pairs of the ``reach`` nearest consulted steps before ``seq``
        (nearest first) and after it."""
        steps = sorted({s for s, _ in self.consulted})
        at = bisect_left(steps, seq)
        after = at + 1 if at < len(steps) and steps[at] == seq else at
        before_steps = set(steps[max(0, at - reach):at])
        after_steps = set(steps[after:after + reach])
        return ([pair for pair in reversed(self.consulted) if pair[0] in before_steps],
                [pair for pair in self.consulted if pair[0] in after_steps])


def _neighbours(seqs: tuple[int, ...], seq: int) -> tuple[int | None, int | None]:
    at = bisect_left(seqs, seq)
    after = at + 1 if at < len(seqs) and seqs[at] == seq else at
    return (seqs[at - 1] if at else None, seqs[after] if after < len(seqs) else None)


def run_marks(*, run: ReplayRun) -> RunMarks:
    """One query: the run's flags (step, kind, point) and its illegal steps together."""
    flags = ReplayFlag.objects.filter(run=run).order_by().values_list("seq", "kind", "point")
    illegal = (ReplayStep.objects.filter(run=run, legal=False).order_by()
               .values_list("seq", Value("illegal"), Value(None, output_field=CharField())))
    rows = sorted(flags.union(illegal, all=True), key=lambda row: (row[0], row[1]))
    return RunMarks(
        flagged=tuple(sorted({seq for seq, kind, _ in rows if kind != "illegal"})),
        violations=tuple(sorted({seq for seq, kind, _ in rows
                                 if kind in ("violation", "illegal")})),
        consulted=tuple(dict.fromkeys((seq, point) for seq, kind, point in rows
                                      if point and kind != "illegal")),
    )


@dataclass(frozen=True)
class Landmarks:
    """The nearest steps before and after one step where there is something to read: a flag,
    a reading that matters (a flag whose point's other options would change the step: over
    the whole of a finished run, among the nearest MATTER_SEARCH flagged steps of one still
    in progress), a violation, a collector's note. None
    where there is none."""

    prev_flag: int | None
    next_flag: int | None
    prev_matter: int | None
    next_matter: int | None
    prev_violation: int | None
    next_violation: int | None
    prev_note: int | None
    next_note: int | None


# Steps whose points are tried under their other options to find where the reading matters,
# each way from the step read: the options are worked out when read, a few applies a step.
MATTER_SEARCH = 40


@dataclass(frozen=True)
class StepRead:
    """What a step page reads: the step, its landmarks, its notes, the log around it, and for
    a finished run every step where its reading matters."""

    view: StepView
    marks: Landmarks
    notes: tuple[StepNote, ...]
    log: list[ReplayStep]
    matters: tuple[int, ...] | None = None


def step_read(*, run: ReplayRun, seq: int, viewer: str | None = None,
              marks: RunMarks | None = None, notes: MatchNotes | None = None,
              matters: tuple[int, ...] | None = None,
              known_states: Mapping[int, dict] | None = None,
              near: Sequence[ReplayStep] | None = None, stands: bool | None = None) -> StepRead:
    """The step and everything its page shows around it, in a bounded number of queries
    whatever the match's length, notes, flags and runs (``marks`` and ``notes``: the run's
    and the match's, when already at hand). Where the reading matters: ``matters`` (a
    finished run's ``StepRead.matters``) when known; else every consulted step of a
    finished run is tried, in the same reads as the step (its answer then kept by the
    caller), and the nearest MATTER_SEARCH either way of a run still in progress.
    ``known_states``: as ``read_step``'s (``StepRead.view.states``: those to keep);
    ``near``: the stored steps around ``seq`` when already read; ``stands``: whether the run
    still stands, when already known (``faces.RunFace``)."""
    marks = marks if marks is not None else run_marks(run=run)
    notes = notes if notes is not None else match_notes(match=run.match)
    finished = run.status == ReplayRun.DONE
    reach = len(marks.consulted) if finished else MATTER_SEARCH
    before, after = marks.consulted_near(seq, reach) if matters is None else ([], [])
    log = list(near) if near is not None else steps_around(run=run, seq=seq)
    view = read_step(run=run, seq=seq, viewer=viewer, stands=stands,
                     corrections=notes.replayed_corrections(log_seq=run.log_seq),
                     consulted_nearby=[*before, *after],
                     flag_neighbours=marks.flags_around(seq),
                     flagged=seq in marks.flagged,
                     stored_step=next((step for step in log if step.seq == seq), None),
                     known_states=known_states)

    def first_that_matters(pairs):
        return next((s for s, point in pairs if view.nearby.get((s, point))), None)

    if matters is None and finished:
        matters = tuple(sorted({s for (s, _), options in view.nearby.items() if options}
                               | ({seq} if any(f.changing_options for f in view.flags)
                                  else set())))
    if matters is None:
        prev_matter, next_matter = first_that_matters(before), first_that_matters(after)
    else:
        prev_matter, next_matter = _neighbours(matters, seq)
    prev_violation, next_violation = marks.violations_around(seq)
    prev_note, next_note = notes.around(seq, last=run.progress)
    landmarks = Landmarks(
        prev_flag=view.prev_flag_seq, next_flag=view.next_flag_seq,
        prev_matter=prev_matter, next_matter=next_matter,
        prev_violation=prev_violation, next_violation=next_violation,
        prev_note=prev_note, next_note=next_note,
    )
    return StepRead(view=view, marks=landmarks, notes=notes.on(seq) if seq else (), log=log,
                    matters=matters)


def step_landmarks(*, run: ReplayRun, seq: int) -> Landmarks:
    return step_read(run=run, seq=seq).marks


@dataclass(frozen=True)
class SideBySide:
    """One step of two runs, as the compare page shows it: each run's stored step and flags
    (None and no flags past a run's end)."""

    step_a: ReplayStep | None
    step_b: ReplayStep | None
    flags_a: list[ReplayFlag]
    flags_b: list[ReplayFlag]


def side_by_side(*, run_a: ReplayRun, run_b: ReplayRun, seq: int) -> SideBySide:
    """Two queries, whatever the runs' length."""
    steps = {step.run_id: step for step in ReplayStep.objects.filter(
        run__in=[run_a, run_b], seq=seq)} if seq else {}
    flags: dict[int, list[ReplayFlag]] = {run_a.pk: [], run_b.pk: []}
    if seq:
        for flag in ReplayFlag.objects.filter(run__in=[run_a, run_b], seq=seq).order_by("index"):
            flags[flag.run_id].append(flag)
    return SideBySide(step_a=steps.get(run_a.pk), step_b=steps.get(run_b.pk),
                      flags_a=flags[run_a.pk], flags_b=flags[run_b.pk])


def diverging_pair(*, runs: list[ReplayRun], engine) -> tuple[ReplayRun, ReplayRun] | None:
    """Two finished runs that replay the same moves and diverge at the earliest step where
    any two of them do (the default reading's run first when it is one of them); the two
    newest of the same moves when none diverge; None with fewer than two. Two queries: two
    runs first differ at a step that consulted a point, so only those steps are compared."""
    by_head: dict[tuple[int, str], list[ReplayRun]] = {}
    for run in runs:
        if run.status == ReplayRun.DONE:
            by_head.setdefault((run.log_seq, run.head_hash), []).append(run)
    heads = sorted((key for key, same in by_head.items() if len(same) > 1), reverse=True)
    if not heads:
        return None
    group = sorted(by_head[heads[0]], key=lambda run: -run.pk)
    consulted = ReplayFlag.objects.filter(run__in=group, kind="consulted").values("seq")
    first = (ReplayStep.objects.filter(run__in=group, seq__in=consulted).values("seq")
             .annotate(states=Count("checksum", distinct=True),
                       legality=Count("legal", distinct=True),
                       summaries=Count("summary", distinct=True))
             .filter(Q(states__gt=1) | Q(legality__gt=1) | Q(summaries__gt=1))
             .order_by("seq").values_list("seq", flat=True)[:1])
    rows = {run_id: step for run_id, *step in ReplayStep.objects.filter(
        run__in=group, seq__in=first).values_list("run_id", "checksum", "legal", "summary")}
    if not rows:
        return group[1], group[0]
    by_pk = {run.pk: run for run in group}
    ordered = sorted(rows, key=lambda pk: (
        not reading_words(engine, by_pk[pk].interpretation).is_default, -pk))
    a = ordered[0]
    b = next(pk for pk in ordered if rows[pk] != rows[a])
    return by_pk[a], by_pk[b]


def finished_run_of(*, match: Match, run_id: int) -> ReplayRun | None:
    return ReplayRun.objects.filter(match=match, pk=run_id, status=ReplayRun.DONE).first()
