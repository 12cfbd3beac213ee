"""A match as a score sheet: its players and setup, every event numbered and said in the
engine's words (its step summaries), the notes on each step and the flags each raises under
one reading; what the printable record of a match shows."""

from __future__ import annotations

from dataclasses import dataclass

from games.core.engine import Engine
from replay.log.append import NOTE_TYPES
from replay.models import Event, Match, ReplayFlag, ReplayRun, ReplayStep
from replay.reading.notes import MatchNotes, StepNote, match_notes
from replay.reading.readings import ReadingWords, flag_rows, reading_words
from web.words import event_in_words, facts, field_names, outcome_in_words, spoken_names

# A sheet lists at most this many events (about a hundred A4 pages); the export holds them all.
MOST_EVENTS = 5000


@dataclass(frozen=True)
class SheetRow:
    seq: int
    said: str
    legal: bool
    flags: tuple[dict, ...]  # as replay.reading.readings.flag_rows says them
    notes: tuple[StepNote, ...]


@dataclass(frozen=True)
class ScoreSheet:
    """``run`` is the replay whose words and flags the sheet shows (None: the log as
    recorded, said from its data, with no flag); ``shown`` of ``total`` game events."""

    run: ReplayRun | None
    reading: ReadingWords
    setup: list[tuple[str, str]]
    opening_notes: tuple[StepNote, ...]
    rows: list[SheetRow]
    shown: int
    total: int
    outcome: list[tuple[str, str]]


def _game_events(match: Match, notes: MatchNotes, upto: int) -> list[tuple[int, dict]]:
    """The log's events up to ``upto`` as the replay reads them (corrections applied), but
    the notes, which go under the step they are about."""
    corrected = notes.replayed_corrections(log_seq=upto)
    events = []
    for seq, type_, actor, data in (Event.objects.filter(match=match, seq__lte=upto)
                                    .exclude(type__in=NOTE_TYPES).order_by("seq")
                                    .values_list("seq", "type", "actor", "data")):
        event = corrected.get(seq) or {"type": type_, "actor": actor, "data": data}
        if event["type"] not in NOTE_TYPES:
            events.append((seq, event))
    return events


def score_sheet(*, match: Match, run: ReplayRun | None, engine: Engine | None) -> ScoreSheet:
    """The sheet of ``match`` under ``run``'s reading (a finished run of the match), or of
    the log as recorded when ``run`` is None. Four queries whatever the match's length."""
    notes = match_notes(match=match)
    upto = run.log_seq if run is not None else match.last_seq
    events = _game_events(match, notes, upto)
    names = spoken_names(engine, match.players)
    fields = field_names(engine, match.setup)
    shown = events[:MOST_EVENTS]
    said: dict[int, tuple[str, bool]] = {}
    flags: dict[int, list] = {}
    if run is not None and shown:
        last = shown[-1][0]
        said = {seq: (summary, legal) for seq, summary, legal in ReplayStep.objects.filter(
            run=run, seq__lte=last).values_list("seq", "summary", "legal")}
        for row in flag_rows(ReplayFlag.objects.filter(run=run, seq__lte=last)
                             .order_by("seq", "index")
                             .only("seq", "kind", "message", "rule", "point", "option"), engine):
            flags.setdefault(row["flag"].seq, []).append(row)
    rows = []
    for seq, event in shown:
        words, legal = said.get(seq) or (
            event_in_words(event["type"], event.get("actor"), event.get("data"), names,
                           fields), True)
        rows.append(SheetRow(seq=seq, said=words, legal=legal, flags=tuple(flags.get(seq, ())),
                             notes=notes.on(seq)))
    return ScoreSheet(
        run=run,
        reading=reading_words(engine, run.interpretation if run is not None else {}),
        setup=facts(match.setup, names),
        opening_notes=notes.on(0),
        rows=rows, shown=len(shown), total=len(events),
        outcome=outcome_in_words(run.outcome, names) if run is not None else [],
    )
