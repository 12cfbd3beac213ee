"""Reads of matches and logs."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Q, QuerySet

from replay.chain import ChainBreak
from replay.errors import BrokenChain
from replay.models import Event, Match, ReplayFlag, ReplayRun, ReplayStep
from replay.reader import record_break, stored_hash, verified_log


def visible_matches(*, user) -> QuerySet[Match]:
    """Public matches, and a signed-in user's own private ones (staff see all)."""
    matches = Match.objects.select_related("game")
    if user is not None and user.is_authenticated and user.is_staff:
        return matches
    if user is not None and user.is_authenticated:
        return matches.filter(Q(is_private=False) | Q(created_by=user))
    return matches.filter(is_private=False)


def event_log(*, match: Match, after_seq: int = 0, limit: int | None = None) -> QuerySet[Event]:
    events = Event.objects.filter(match=match, seq__gt=after_seq).order_by("seq")
    return events[:limit] if limit else events


def verify_log(*, match: Match) -> ChainBreak | None:
    """Walk the stored chain in chunks, then cross-check every run's recorded head (a chain
    recomputed after a change still differs from what the runs replayed); the first
    problem, or None when the log verifies."""
    try:
        for _ in verified_log(match, auditing=True):
            pass
    except BrokenChain as error:
        return ChainBreak(error.seq, error.problem)
    return runs_disagree(match=match)


def runs_disagree(*, match: Match) -> ChainBreak | None:
    """The first run whose recorded head the stored chain no longer reaches (a chain
    recomputed after a change verifies on its own, but not against what was replayed)."""
    heads = (ReplayRun.objects.filter(match=match).order_by("log_seq", "pk")
             .values_list("pk", "log_seq", "head_hash"))
    checked = {}
    for run_id, log_seq, head in heads:
        if log_seq > match.last_seq:
            return ChainBreak(log_seq, f"run {run_id} replayed the log up to seq {log_seq}, "
                                       f"but the log now ends at seq {match.last_seq}")
        stored = checked.setdefault(log_seq, stored_hash(match.pk, log_seq))
        if stored != head:
            problem = (f"run {run_id} replayed a log whose event {log_seq} hashed to "
                       f"{head[:12]}…; it now hashes to {str(stored)[:12]}…: the chain was "
                       "rewritten after that run")
            record_break(match.pk, log_seq, problem)
            return ChainBreak(log_seq, problem)
    return None


def chain_problem(*, match: Match) -> ChainBreak | None:
    """What the match pages show in their banner: a break found now, or one found before."""
    found = verify_log(match=match)
    if found is None and match.chain_broken_seq is not None:
        return ChainBreak(match.chain_broken_seq, match.chain_broken_problem)
    return found


@dataclass(frozen=True)
class StepNote:
    """A collector's note on a step as it reads now: ``seq`` is the annotation's own event,
    ``revised_by`` the correction that last revised it (None if never)."""

    seq: int
    text: str
    step: int
    recorded_by: str
    revised_by: int | None = None
    revisions: int = 0


def steps_around(*, run: ReplayRun, seq: int, reach: int = 10) -> QuerySet[ReplayStep]:
    """The stored steps within ``reach`` of ``seq``: the stretch of log a step page lists."""
    return ReplayStep.objects.filter(run=run, seq__gte=max(1, seq - reach), seq__lte=seq + reach)


def step_notes(*, match: Match, step: int) -> list[StepNote]:
    """The notes on one step, each once, in its latest revision (a correction that replaces
    an annotation by another revises the note; one that replaces it by a move removes it)."""
    corrections: dict[int, list[dict]] = {}
    for row in (Event.objects.filter(match=match, type="correction").order_by()
                .values("seq", "data")):
        corrections.setdefault(row["data"]["supersedes"], []).append(row)
    candidates = {
        seq for seq, rows in corrections.items()
        if _note_step(max(rows, key=lambda r: r["seq"])["data"]["event"]) == step
    }
    originals = Event.objects.filter(
        Q(match=match, type="annotation", data__step=step) | Q(match=match, seq__in=candidates)
    ).select_related("recorded_by").order_by("seq")
    notes = []
    for event in originals:
        revisions = sorted(corrections.get(event.seq, []), key=lambda r: r["seq"])
        current = revisions[-1]["data"]["event"] if revisions else event.as_record()
        if current.get("type") != "annotation" or _note_step(current) != step:
            continue
        notes.append(StepNote(
            seq=event.seq,
            text=current["data"]["text"],
            step=step,
            recorded_by=event.recorded_by.get_username() if event.recorded_by else "",
            revised_by=revisions[-1]["seq"] if revisions else None,
            revisions=len(revisions),
        ))
    return notes


def _note_step(event: dict) -> int | None:
    data = event.get("data") or {}
    return data.get("step") if event.get("type") == "annotation" else None


def noted_steps(*, match: Match) -> list[int]:
    """The steps that carry at least one note as the notes read now (see ``step_notes``)."""
    latest: dict[int, dict] = {}
    for row in (Event.objects.filter(match=match, type="correction").order_by("seq")
                .values("seq", "data")):
        latest[row["data"]["supersedes"]] = row["data"]["event"]
    steps = {_note_step(event) for event in latest.values()}
    for seq, data in Event.objects.filter(match=match, type="annotation").values_list(
            "seq", "data"):
        if seq not in latest:
            steps.add(_note_step({"type": "annotation", "data": data}))
    return sorted(step for step in steps if step is not None)


@dataclass(frozen=True)
class Landmarks:
    """The nearest steps before and after one step where there is something to read: a flag,
    a reading that matters (a flag whose point's other options would change the step; looked
    for among the nearest MATTER_SEARCH flagged steps), a violation, a collector's note. None
    where there is none."""

    prev_flag: int | None
    next_flag: int | None
    prev_matter: int | None
    next_matter: int | None
    prev_violation: int | None
    next_violation: int | None
    prev_note: int | None
    next_note: int | None


def _nearest(rows: QuerySet, seq: int) -> tuple[int | None, int | None]:
    seqs = rows.values_list("seq", flat=True)
    return (seqs.filter(seq__lt=seq).order_by("-seq").first(),
            seqs.filter(seq__gt=seq).order_by("seq").first())


def _closest(candidates: list[int | None], pick) -> int | None:
    found = [seq for seq in candidates if seq is not None]
    return pick(found) if found else None


# Steps whose points are tried under their other options to find where the reading matters,
# each way from the step read: the options are worked out when read, a few applies a step.
MATTER_SEARCH = 40


def _where_the_reading_matters(run: ReplayRun, flags: QuerySet) -> int | None:
    """The nearest of the next MATTER_SEARCH flagged steps (in ``flags``' order) where
    another option of a consulted point would change the step; None if none of them."""
    from replay.runs import changing_options

    seqs = list(dict.fromkeys(flags.filter(point__isnull=False)
                              .values_list("seq", flat=True)[:MATTER_SEARCH * 8]))[:MATTER_SEARCH]
    if not seqs:
        return None
    found = changing_options(run=run, flags=ReplayFlag.objects.filter(
        run=run, seq__in=seqs, point__isnull=False).order_by("seq", "index"))
    mattering = {flag.seq for flag in found if flag.changing_options}
    return next((s for s in seqs if s in mattering), None)


def step_landmarks(*, run: ReplayRun, seq: int) -> Landmarks:
    flags = ReplayFlag.objects.filter(run=run)
    prev_flag, next_flag = _nearest(flags, seq)
    prev_matter = _where_the_reading_matters(run, flags.filter(seq__lt=seq).order_by("-seq"))
    next_matter = _where_the_reading_matters(run, flags.filter(seq__gt=seq).order_by("seq"))
    prev_bad_flag, next_bad_flag = _nearest(flags.filter(kind="violation"), seq)
    prev_illegal, next_illegal = _nearest(ReplayStep.objects.filter(run=run, legal=False), seq)
    noted = [step for step in noted_steps(match=run.match) if step <= run.progress]
    return Landmarks(
        prev_flag=prev_flag,
        next_flag=next_flag,
        prev_matter=prev_matter,
        next_matter=next_matter,
        prev_violation=_closest([prev_bad_flag, prev_illegal], max),
        next_violation=_closest([next_bad_flag, next_illegal], min),
        prev_note=_closest([s for s in noted if s < seq], max),
        next_note=_closest([s for s in noted if s > seq], min),
    )
