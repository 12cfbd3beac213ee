"""Recording a match move by move: what the rules offer at the log's head, and the writes a
recorder makes (one event at a time, through ``append_events``).

A choice is recorded with the ``expected_seq`` the recorder was shown, so a second recorder
gets a conflict instead of a move made on a board that has changed. A historical move the rules
forbid is recorded as played: it is checked first (the flags it will raise are shown), then
kept. Undo appends a ``correction`` that turns the last move into a note, so the log keeps it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import games
from boundary import InputError, parse_json, whole_number_text
from games.core.board import BoardLayout, Piece
from games.core.choices import Choice
from games.core.engine import Engine
from games.core.events import EventSchemaError
from games.core.points import Interpretation, InterpretationError
from games.core.replay import collect_corrections
from games.core.step import Outcome, Step
from replay.errors import LogError, MalformedEvent
from replay.head_states import head_state, keep_head_states, match_reading
from replay.models import Event, Match
from replay.reader import refuse_known_break
from replay.services import AppendResult, append_events


class RecorderError(LogError):
    code = "invalid"


@dataclass
class RecorderHead:
    """The log's head as a recorder sees it: the state after the last event under the
    match's reading, what the rules offer next, and where everything stands."""

    match: Match
    engine: Engine
    seq: int
    reading: Interpretation
    state: dict
    choices: list[Choice]
    outcome: Outcome
    layout: BoardLayout
    pieces: list[Piece]

    @property
    def refereed(self) -> bool:
        return games.find(self.match.game.slug) is not None


def recorder_head(*, match: Match) -> RecorderHead:
    """The head as it is now; a log found broken is refused (:class:`BrokenChain`)."""
    refuse_known_break(match.pk)
    match = Match.objects.select_related("game").get(pk=match.pk)
    engine = games.for_records(match.game.slug)
    reading = match_reading(match=match, engine=engine)
    state = head_state(match=match, engine=engine, reading=reading)
    try:
        choices = engine.legal_events(state, reading)
        layout, pieces = engine.layout(state), engine.pieces(state)
    except NotImplementedError:  # an engine not yet on the protocol: moves as played only
        choices, pieces = [], []
        layout = BoardLayout(spaces=(), links=(), width=0, height=0)
    return RecorderHead(
        match=match, engine=engine, seq=match.last_seq, reading=reading, state=state,
        choices=choices, outcome=engine.outcome(state), layout=layout, pieces=pieces,
    )


def match_reading_set(*, match: Match, choices: Mapping[str, str]) -> Match:
    """Record under another reading (it decides what is offered, never what is stored)."""
    engine = games.for_records(match.game.slug)
    try:
        reading = engine.interpretation(choices)
    except InterpretationError as error:
        raise RecorderError(str(error), field="reading") from None
    defaults = engine.interpretation()
    chosen = {p: o for p, o in reading.choices.items() if defaults.choices.get(p) != o}
    Match.objects.filter(pk=match.pk).update(reading=chosen)
    match.reading = chosen
    keep_head_states(match_id=match.pk)  # the new reading's states, once, on this POST
    return match


def filled_event(*, match: Match, event: Mapping[str, Any],
                 values: Mapping[str, str]) -> dict:
    """A choice's event with the values a recorder typed for its open (and optional) fields,
    read as the game's schema says (a whole number, true or false, a list, a name)."""
    if not isinstance(event, Mapping) or not isinstance(event.get("type"), str):
        raise MalformedEvent("the choice's event is not an event", field="event")
    spec = games.for_records(match.game.slug).event_schema.get(event["type"])
    if spec is None:
        raise MalformedEvent(f"unknown event type {event['type']!r}", field="type")
    data = dict(event.get("data") or {})
    for name, raw in values.items():
        field = spec.fields.get(name)
        if field is None:
            raise MalformedEvent(f"{name!r} is not a field of a {event['type']} event",
                                 field=f"data.{name}")
        raw = raw.strip()
        if raw == "":
            if field.required and name not in data:
                raise MalformedEvent(f"give the {name.replace('_', ' ')}", field=f"data.{name}")
            continue
        data[name] = _typed(raw, field.kind, f"data.{name}")
    return {"type": event["type"], "actor": event.get("actor"), "data": data}


def _typed(raw: str, kind: str, path: str) -> Any:
    if kind == "int":
        value = whole_number_text(raw)
        if value is None:
            raise MalformedEvent(f"{raw[:40]!r} is not a whole number", field=path)
        return value
    if kind == "bool":
        if raw.lower() not in ("true", "false", "on", "yes", "no"):
            raise MalformedEvent(f"{raw!r} is not yes or no", field=path)
        return raw.lower() in ("true", "on", "yes")
    if kind == "list[str]":
        return [item.strip() for item in raw.split(",") if item.strip()]
    if kind == "list[int]":
        items = [whole_number_text(item) for item in raw.split(",") if item.strip()]
        if None in items:
            raise MalformedEvent(f"{raw[:40]!r} is not whole numbers separated by commas",
                                 field=path)
        return items
    if kind == "object":
        value = parsed_json(raw, field=path)
        if not isinstance(value, dict):
            raise MalformedEvent("must be a JSON object", field=path)
        return value
    return raw


def parsed_json(raw: str, *, field: str) -> Any:
    """JSON a recorder typed or a page carried, through the input boundary."""
    try:
        return parse_json(raw, field=field)
    except InputError as error:
        raise MalformedEvent(str(error), field=error.field) from None


def check_event(*, match: Match, event: Mapping[str, Any], head: RecorderHead | None = None
                ) -> Step:
    """What recording ``event`` at the head would do, without storing it: a malformed event
    is refused naming its field; a well-formed one gives the step, its flags included."""
    head = head or recorder_head(match=match)
    try:
        head.engine.validate_event(event, match.player_ids, seq=head.seq + 1, setup=match.setup)
    except EventSchemaError as error:
        raise MalformedEvent(str(error), seq=head.seq + 1, field=error.field) from None
    return head.engine.apply(head.state, event, head.reading)


def record_event(*, match: Match, event: Mapping[str, Any], expected_seq: int,
                 recorded_by=None) -> AppendResult:
    """One recorded move (a choice, or a move as played): one ``append_events``."""
    return append_events(match=match, events=[dict(event)], expected_seq=expected_seq,
                         recorded_by=recorded_by)


def last_move(*, match: Match) -> Event | None:
    """The last event that is still a move of the game (not a note, not undone)."""
    # (match, type) only, so the planner takes the corrections' own index (see replay.runs).
    corrections = collect_corrections(sorted(
        Event.objects.filter(match=match, type="correction").order_by()
        .values("seq", "type", "actor", "data"), key=lambda row: row["seq"]))
    moves = (Event.objects.filter(match=match).exclude(type__in=("annotation", "correction"))
             .order_by("-seq"))
    for event in moves.iterator(chunk_size=50):
        replacement = corrections.get(event.seq)
        if replacement is None or replacement.get("type") != "annotation":
            return event
    return None


def undo_last_move(*, match: Match, expected_seq: int, recorded_by=None) -> AppendResult:
    """Take back the last move: a ``correction`` that turns it into a note saying what was
    undone (the log keeps both)."""
    move = last_move(match=match)
    if move is None:
        raise RecorderError("there is no move to undo", field="undo")
    who = match.player_name(move.actor) if move.actor else "nobody"
    note = {"type": "annotation", "actor": None,
            "data": {"text": f"undone in the recorder: event {move.seq}, {move.type} by {who}",
                     "step": move.seq}}
    correction = {"type": "correction", "actor": None,
                  "data": {"supersedes": move.seq, "event": note, "reason": "undone"}}
    return append_events(match=match, events=[correction], expected_seq=expected_seq,
                         recorded_by=recorded_by)
