"""Recording a match move by move: what the rules offer at the log's head, and the writes a
recorder makes (one event at a time, through ``append_events``).

A choice is recorded with the ``expected_seq`` the recorder was shown, so a second recorder
gets a conflict instead of a move made on a board that has changed. A historical move the rules
forbid is recorded as played: it is checked first (the flags it will raise are shown), then
kept. Undo appends a ``correction`` that turns the last move into a note, so the log keeps it.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from games.core.board import BoardLayout, Piece
from games.core.choices import Choice
from games.core.engine import Engine
from games.core.events import EventSchemaError
from games.core.points import Interpretation, InterpretationError
from games.core.replay import collect_corrections, effective_events
from games.core.step import Outcome, Step
from replay.log.append import AppendResult, append_events
from replay.log.engines import engine_for, engine_or_none
from replay.log.errors import AppendConflict, LogError, MalformedEvent
from replay.models import Event, Match, ReplayRun, ReplayStep
from replay.recorder.questions import Answers, answered, choice_key
from replay.runs.head_states import head_state, keep_head_states, match_reading, state_after
from replay.runs.replaying import find_run
from trust.reader import refuse_known_break, verified_events

READ_CHUNK = 5000


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
    seat: str | None
    choices: list[Choice]
    outcome: Outcome
    layout: BoardLayout
    pieces: list[Piece]

    @property
    def refereed(self) -> bool:
        return engine_or_none(self.match) is not None


def replayed_state(*, match: Match, engine: Engine, reading: Interpretation, up_to_seq: int
                   ) -> dict:
    """The state after event ``up_to_seq``, replayed in memory (see ``replayed``)."""
    state = engine.initial_state(match.players, match.setup)
    for _event, step in replayed(match=match, engine=engine, reading=reading,
                                 up_to_seq=up_to_seq):
        state = step.state
    return state


def replayed(*, match: Match, engine: Engine, reading: Interpretation, up_to_seq: int
             ) -> Iterator[tuple[dict, Step]]:
    """Events 1 to ``up_to_seq`` applied in memory as the log stood then (its corrections up
    to there), each with its step."""
    state = engine.initial_state(match.players, match.setup)
    corrections = collect_corrections(sorted(
        Event.objects.filter(match=match, type="correction", seq__lte=up_to_seq).order_by()
        .values("seq", "type", "actor", "data"), key=lambda row: row["seq"]))
    for start in range(0, up_to_seq, READ_CHUNK):
        for event in effective_events(verified_events(match.pk, after_seq=start,
                                                     up_to_seq=min(start + READ_CHUNK, up_to_seq)),
                                      corrections):
            step = engine.apply(state, event, reading)
            state = step.state
            yield event, step


def recorder_head(*, match: Match, seat: str | None = None) -> RecorderHead:
    """The head as a recorder sees it: as the archivist (``seat`` None, everything) or from one
    seat's view (that seat's choices, from what it can see)."""
    refuse_known_break(match.pk)  # a log found broken is refused (BrokenChain)
    match = Match.objects.select_related("game").get(pk=match.pk)  # the head as it is now
    if seat is not None and seat not in match.player_ids:
        raise RecorderError(f"seat {seat!r} is not a player of this match (players: "
                            f"{', '.join(match.player_ids)})", field="seat")
    engine = engine_for(match)
    reading = match_reading(match=match, engine=engine)
    state = head_state(match=match, engine=engine, reading=reading)
    seen = state if seat is None else engine.view(state, seat)
    choices = engine.legal_events(state, reading, viewer=seat)
    return RecorderHead(
        match=match, engine=engine, seq=match.last_seq, reading=reading, state=state,
        seat=seat, choices=choices, outcome=engine.outcome(state), layout=engine.layout(seen),
        pieces=engine.pieces(seen),
    )


@dataclass(frozen=True)
class Said:
    """One event of the log as the recorder says it: the engine's step summary, whether the
    step was legal under the recording reading, and the event as recorded (so that a move
    kept as played, which the engine ignored, still says who did what)."""

    summary: str
    legal: bool
    event: Mapping[str, Any]


def said_since(*, head: RecorderHead, since: int) -> dict[int, Said]:
    """What each event from ``since`` to the head did, in the engine's words (its step
    summaries, corrections applied): read from a stored run of this log and reading where
    there is one (the notes after its last game event said on their own), else replayed."""
    match, engine, reading = head.match, head.engine, head.reading
    run = find_run(match=match, reading=reading.options)
    corrections = collect_corrections(
        Event.objects.filter(match=match, type="correction", seq__lte=head.seq)
        .order_by("seq").values("seq", "type", "actor", "data"))
    if run is None or run.status != ReplayRun.DONE:
        # From the kept state before ``since``: a few events applied, never the whole log.
        start = max(since - 1, 0)
        state = state_after(match=match, engine=engine, reading=reading, seq=start)
        said = {}
        for event in effective_events(verified_events(match.pk, after_seq=start,
                                                      up_to_seq=head.seq), corrections):
            step = engine.apply(state, event, reading)
            state = step.state
            said[event["seq"]] = Said(step.summary, step.legal, event)
        return said
    rows = ReplayStep.objects.filter(run=run, seq__gte=since).values_list("seq", "summary",
                                                                           "legal")
    events = {event["seq"]: event for event in effective_events(
        verified_events(match.pk, after_seq=max(since - 1, 0), up_to_seq=head.seq),
        corrections)}
    said = {seq: Said(summary, legal, events.get(seq, {})) for seq, summary, legal in rows}
    for seq, event in events.items():
        if seq > run.log_seq:
            said[seq] = Said(engine.apply(head.state, event, reading).summary, True, event)
    return said


def step_summaries(*, head: RecorderHead, since: int) -> dict[int, str]:
    """The engine's step summary of each event from ``since`` to the head (``said_since``)."""
    return {seq: said.summary for seq, said in said_since(head=head, since=since).items()}


def match_reading_set(*, match: Match, reading: Mapping[str, str]) -> Match:
    """Record under another reading (it decides what is offered, never what is stored)."""
    engine = engine_for(match)
    try:
        interpretation = engine.interpretation(reading)
    except InterpretationError as error:
        raise RecorderError(str(error), field="reading") from None
    defaults = engine.interpretation()
    chosen = {p: o for p, o in interpretation.options.items() if defaults.options.get(p) != o}
    Match.objects.filter(pk=match.pk).update(reading=chosen)
    match.reading = chosen
    keep_head_states(match_id=match.pk)  # the new reading's states, once, on this POST
    return match


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


def chosen(*, choices: Sequence[Choice], key: str) -> Choice:
    """The choice a form names by its key, among the choices at the head now."""
    for choice in choices:
        if choice_key(choice) == key:
            return choice
    raise RecorderError("that choice is no longer offered here (the recording reading or the "
                        "viewpoint changed since the page was drawn): nothing was recorded; "
                        "choose again", field="choice")


def record_offered(*, match: Match, key: str, answers: Answers, expected_seq: int,
                  seat: str | None = None, recorded_by=None) -> AppendResult:
    """Record one of the choices offered: the one named ``key``, with the recorder's answers
    to its open fields, at the head the page was drawn at (``expected_seq``). A head that has
    moved is a conflict; an open field left empty or answered outside its domain is refused
    naming it."""
    head = recorder_head(match=match, seat=seat)
    if expected_seq != head.seq:
        raise AppendConflict(f"the log is at seq {head.seq}, not {expected_seq}: another "
                             "writer appended first; reload and retry", current_seq=head.seq)
    choice = chosen(choices=head.choices, key=key)
    event = choice.filled(answered(choice, answers, head.layout.names()))
    return record_event(match=match, event=event, expected_seq=expected_seq,
                        recorded_by=recorded_by)


def tried_event(*, match: Match, key: str, answers: Answers, seq: int,
                seat: str | None = None) -> dict | None:
    """The event a recorder tried to record on a page drawn when the log ended at ``seq``,
    rebuilt from the choices offered then (None when it cannot be): a conflict keeps it."""
    if not 0 <= seq < match.last_seq:
        return None
    engine = engine_for(match)
    reading = match_reading(match=match, engine=engine)
    state = replayed_state(match=match, engine=engine, reading=reading, up_to_seq=seq)
    try:
        choice = chosen(choices=engine.legal_events(state, reading, viewer=seat), key=key)
        return choice.filled(answered(choice, answers, engine.layout(state).names()))
    except LogError:
        return None


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
    said = step_summaries(head=recorder_head(match=match), since=move.seq)[move.seq]
    note = {"type": "annotation", "actor": None,
            "data": {"text": f"undone in the recorder: event {move.seq} ({said})",
                     "step": move.seq}}
    correction = {"type": "correction", "actor": None,
                  "data": {"supersedes": move.seq, "event": note, "reason": "undone"}}
    return append_events(match=match, events=[correction], expected_seq=expected_seq,
                         recorded_by=recorded_by)
