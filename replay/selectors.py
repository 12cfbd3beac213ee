"""Reads of matches and logs."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Q, QuerySet

from replay.chain import ChainBreak
from replay.errors import BrokenChain
from replay.models import Event, Match, ReplayRun
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
        for _ in verified_log(match):
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
