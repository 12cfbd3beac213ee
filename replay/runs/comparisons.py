"""Comparing readings of the rules on one match: two runs side by side."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from replay.models import Match, ReplayFlag, ReplayRun, ReplayStep
from replay.runs.replaying import ReplayError, game_head, replay_match
from replay.variations.lines import on_one_line, shared_prefix

MAX_LISTED_DIFFERENCES = 1000


@dataclass
class Comparison:
    run_a: ReplayRun
    run_b: ReplayRun
    first_divergence: int | None
    differing_seqs: list[int]
    differing_total: int
    outcome_a: dict
    outcome_b: dict
    causes: list[str]
    differences: dict[str, list[str]] = field(default_factory=dict)  # at the first divergence
    # Runs of two lines of play (a variation and its parent): the events they share.
    branch_point: int | None = None
    # Each run's step at the first divergence, (legal, summary), None past a run's end.
    steps_at_divergence: tuple = (None, None)

    def as_dict(self) -> dict:
        return {
            "run_a": self.run_a.pk,
            "run_b": self.run_b.pk,
            "first_divergence": self.first_divergence,
            "differing_seqs": self.differing_seqs,
            "differing_total": self.differing_total,
            "outcome_a": self.outcome_a,
            "outcome_b": self.outcome_b,
            "causes": self.causes,
            "differences": self.differences,
            "branch_point": self.branch_point,
            "interpretation_a": self.run_a.interpretation,
            "interpretation_b": self.run_b.interpretation,
        }


def _step_pairs(run_a: ReplayRun, run_b: ReplayRun, upto: int):
    """Both runs' steps up to ``upto``, side by side by seq (None where a run has none), read
    in one query."""
    rows = (ReplayStep.objects.filter(run__in=[run_a, run_b], seq__lte=upto)
            .order_by("seq", "run_id")
            .values_list("run_id", "seq", "legal", "checksum", "summary")
            .iterator(chunk_size=5000))
    pending: dict[int, tuple] = {}
    current = None
    for run_id, *step in rows:
        if step[0] != current:
            if current is not None:
                yield pending.get(run_a.pk), pending.get(run_b.pk)
            current, pending = step[0], {}
        pending[run_id] = tuple(step)
    if current is not None:
        yield pending.get(run_a.pk), pending.get(run_b.pk)


def same_moves(run_a: ReplayRun, run_b: ReplayRun) -> bool:
    """Whether two runs of one match replay the same moves. Runs made at the same head do,
    with no query; otherwise each run's last game event is looked up (a run made by an older
    release also replayed the notes after it)."""
    if (run_a.log_seq, run_a.head_hash) == (run_b.log_seq, run_b.head_hash):
        return True
    return len({game_head(match=run.match, upto=run.log_seq) for run in (run_a, run_b)}) == 1


def compare_runs(*, run_a: ReplayRun, run_b: ReplayRun) -> Comparison:
    branch_point = None
    if run_a.match_id == run_b.match_id:
        if not same_moves(run_a, run_b):
            raise ReplayError(
                "both runs must replay the same moves: one was made before later moves were "
                "recorded (notes alone never matter)", field="run_b",
            )
        upto = min(run_a.log_seq, run_b.log_seq)
    elif on_one_line(run_a.match, run_b.match):
        branch_point = shared_prefix(run_a.match, run_b.match)
        upto = max(run_a.log_seq, run_b.log_seq)
    else:
        raise ReplayError("runs of two matches compare only when one is a variation of the "
                          "other, or both of one match", field="run_b")
    for run in (run_a, run_b):
        if run.status != ReplayRun.DONE:
            raise ReplayError(f"run {run.pk} is {run.status}, not done yet", field="run")
    first: int | None = None
    listed: list[int] = []
    total = 0
    differences: dict = {}
    at_first: tuple = (None, None)
    for a, b in _step_pairs(run_a, run_b, upto):
        if a == b:
            continue
        total += 1
        seq = (a or b)[0]
        if len(listed) < MAX_LISTED_DIFFERENCES:
            listed.append(seq)
        if first is None:
            first = seq
            differences = {
                "legality": [str(a[1]), str(b[1])] if a and b and a[1] != b[1] else [],
                "state": [a[2], b[2]] if a and b and a[2] != b[2] else [],
                "summary": [a[3], b[3]] if a and b and a[3] != b[3] else [],
            }
            at_first = tuple((step[1], step[3]) if step else None for step in (a, b))
    return Comparison(
        run_a, run_b, first, listed, total, run_a.outcome, run_b.outcome,
        _causes(run_a, run_b, first), differences, branch_point, at_first,
    )


def _causes(run_a: ReplayRun, run_b: ReplayRun, first: int | None) -> list[str]:
    """The points read differently by the two runs and consulted at the first divergence
    (or, failing that, before it)."""
    if first is None:
        return []
    differing = {
        point for point, option in run_a.interpretation.items()
        if run_b.interpretation.get(point) != option
    }
    flagged = set(ReplayFlag.objects.filter(
        run__in=[run_a, run_b], point__in=differing, seq__lte=first
    ).values_list("point", "seq"))
    at_first = sorted({point for point, seq in flagged if seq == first})
    return at_first or sorted({point for point, _ in flagged})


def compare_interpretations(
    *, match: Match, reading_a: Mapping[str, str], reading_b: Mapping[str, str], requested_by=None
) -> Comparison:
    run_a = replay_match(match=match, reading=reading_a, requested_by=requested_by)
    run_b = replay_match(match=match, reading=reading_b, requested_by=requested_by)
    return compare_runs(run_a=run_a, run_b=run_b)
