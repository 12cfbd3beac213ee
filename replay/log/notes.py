"""A collector's notes on steps: an ``annotation`` appended, and revised by a ``correction``
(the note's history stays in the log)."""

from __future__ import annotations

from replay.log.append import AppendResult, append_events
from replay.log.errors import (
    MalformedEvent,
)
from replay.models import Event, Match


def note_add(
    *, match: Match, step: int, text: str, expected_seq: int, recorded_by=None
) -> AppendResult:
    """A collector's note on a step: one ``annotation`` event. It never changes a replay."""
    event = {"type": "annotation", "actor": None, "data": {"text": text, "step": step}}
    return append_events(match=match, events=[event], expected_seq=expected_seq,
                         recorded_by=recorded_by)


def note_revise(
    *, match: Match, note_seq: int, text: str, expected_seq: int, recorded_by=None
) -> AppendResult:
    """A new wording of the note at ``note_seq``: a ``correction`` superseding it with an
    annotation on the same step (the note's history stays in the log)."""
    note = Event.objects.filter(match=match, seq=note_seq, type="annotation").first()
    if note is None:
        raise MalformedEvent(f"event {note_seq} is not a note of this match", field="note")
    data = {"text": text}
    if "step" in note.data:
        data["step"] = note.data["step"]
    revised = {"type": "annotation", "actor": note.actor, "data": data}
    correction = {"type": "correction", "actor": None,
                  "data": {"supersedes": note_seq, "event": revised, "reason": "note revised"}}
    return append_events(match=match, events=[correction], expected_seq=expected_seq,
                         recorded_by=recorded_by)
