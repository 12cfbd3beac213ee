"""A match's notes as they read now: each collector's note on a step in its latest revision,
and the log's corrections, read together."""

from __future__ import annotations

from bisect import bisect_left
from dataclasses import dataclass

from games.core.replay import collect_corrections
from replay.models import Event, Match


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
    return list(match_notes(match=match).on(step))


def noted_steps(*, match: Match) -> list[int]:
    """The steps that carry at least one note as the notes read now (see ``step_notes``)."""
    return list(match_notes(match=match).steps)


@dataclass(frozen=True)
class MatchNotes:
    """Every note of a match as it reads now, by step, and the log's corrections (which the
    replay needs too): read together, in one query (two when a correction turned a move
    into a note)."""

    by_step: dict[int, tuple[StepNote, ...]]
    corrections: tuple[dict, ...]

    @property
    def steps(self) -> tuple[int, ...]:
        return tuple(sorted(self.by_step))

    def on(self, step: int) -> tuple[StepNote, ...]:
        return self.by_step.get(step, ())

    def around(self, step: int, *, last: int) -> tuple[int | None, int | None]:
        """The noted steps nearest before and after ``step`` (up to step ``last``)."""
        steps = [s for s in self.steps if s <= last]
        at = bisect_left(steps, step)
        after = at + 1 if at < len(steps) and steps[at] == step else at
        return (steps[at - 1] if at else None, steps[after] if after < len(steps) else None)

    def replayed_corrections(self, *, log_seq: int) -> dict[int, dict]:
        """The corrections a run up to ``log_seq`` applies (as ``collect_corrections``)."""
        return collect_corrections(row for row in self.corrections if row["seq"] <= log_seq)


def match_notes(*, match: Match) -> MatchNotes:
    rows = list(Event.objects.filter(match=match, type__in=("annotation", "correction"))
                .select_related("recorded_by").order_by("seq")
                .only("seq", "type", "actor", "data", "recorded_by__username"))
    corrections = tuple({"seq": e.seq, "type": e.type, "actor": e.actor, "data": e.data}
                        for e in rows if e.type == "correction")
    revisions: dict[int, list[dict]] = {}
    for row in corrections:
        revisions.setdefault(row["data"]["supersedes"], []).append(row)
    originals = {e.seq: e for e in rows if e.type == "annotation"}
    moves_made_notes = [seq for seq, found in revisions.items()
                        if seq not in originals and found[-1]["data"]["event"].get("type")
                        == "annotation"]
    if moves_made_notes:
        originals.update({e.seq: e for e in Event.objects.filter(
            match=match, seq__in=moves_made_notes).select_related("recorded_by")})
    by_step: dict[int, list[StepNote]] = {}
    for seq in sorted(originals):
        event = originals[seq]
        revised = revisions.get(seq, [])
        current = revised[-1]["data"]["event"] if revised else event.as_record()
        step = _note_step(current)
        if step is None:
            continue
        by_step.setdefault(step, []).append(StepNote(
            seq=seq,
            text=current["data"]["text"],
            step=step,
            recorded_by=event.recorded_by.get_username() if event.recorded_by else "",
            revised_by=revised[-1]["seq"] if revised else None,
            revisions=len(revised),
        ))
    return MatchNotes(by_step={step: tuple(notes) for step, notes in by_step.items()},
                      corrections=corrections)


def _note_step(event: dict) -> int | None:
    data = event.get("data") or {}
    return data.get("step") if event.get("type") == "annotation" else None
