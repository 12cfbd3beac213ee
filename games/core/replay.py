"""Pure replay helpers shared by the replay service, the simulators, tests and benchmarks."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from games.core.engine import Engine, Step
from games.core.points import Interpretation


def effective_events(
    events: Iterable[Mapping[str, Any]], corrections: Mapping[int, Mapping[str, Any]]
) -> Iterator[dict[str, Any]]:
    """Events as the replay applies them: a superseded event is replaced by its latest
    correction (``corrections`` maps a seq to the corrected event), keeping its own seq.

    The correction event itself stays in the stream and applies as a no-op step, so the
    log and the steps keep the same numbering.
    """
    for event in events:
        replacement = corrections.get(event["seq"])
        if replacement is None:
            yield dict(event)
        else:
            yield {
                "seq": event["seq"],
                "type": replacement["type"],
                "actor": replacement.get("actor"),
                "data": dict(replacement.get("data", {})),
                "corrected_by": replacement.get("corrected_by"),
            }


def collect_corrections(events: Iterable[Mapping[str, Any]]) -> dict[int, dict[str, Any]]:
    """The latest correction for each superseded seq, from the correction events of a log."""
    found: dict[int, dict[str, Any]] = {}
    for event in events:
        if event.get("type") == "correction":
            data = event["data"]
            found[data["supersedes"]] = {**data["event"], "corrected_by": event.get("seq")}
    return found


def replay_document(
    engine: Engine, document: Mapping[str, Any], interpretation: Interpretation | None = None
) -> Iterator[tuple[dict[str, Any], Step]]:
    """Apply every event of a match document in order; yields (event, step) pairs."""
    interpretation = interpretation or engine.interpretation()
    state = engine.initial_state(document["players"], document.get("setup", {}))
    events = document["events"]
    corrections = collect_corrections(events)
    for event in effective_events(events, corrections):
        step = engine.apply(state, event, interpretation)
        state = step.state
        yield event, step


def corrections_of_notes(
    corrections: Iterable[Mapping[str, Any]], original_types: Mapping[int, str]
) -> set[int]:
    """The seqs of the corrections that only revise a note: an annotation replaced by an
    annotation. ``corrections`` in seq order; ``original_types`` maps each superseded seq to
    its event's type. A correction that turns a note into a move, or a move into a note,
    changes the game, and is not among them."""
    effective: dict[int, str | None] = dict(original_types)
    revisions = set()
    for correction in corrections:
        data = correction["data"]
        target = data["supersedes"]
        replacement: str | None = (data.get("event") or {}).get("type")
        if effective.get(target) == "annotation" and replacement == "annotation":
            revisions.add(correction["seq"])
        effective[target] = replacement
    return revisions
