"""What the step and match pages read on their fast paths, each in one plain query, as typed
results: a run as a step reads it (``RunFace``), what a stored step is checked against before
it is served (``StepFace``), what a stored match page is checked against (``MatchFace``). Who
may read and whether a run still stands come from the access policy, compiled to SQL."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from django.db import connection

from archive.models import Game, Transcription
from replay.log.statements import prepared_cursor
from replay.models import Event, Match, ReplayRun, ReplayStep
from replay.reading.policy import moves_after_run_sql, readable_sql, run_stands_sql
from replay.reading.rows import columns_of, json_rows, table

# A step page lists the log this many steps either way of its step.
LOG_REACH = 10
# The largest seq a stored step can have (a PositiveIntegerField on every database): a step
# asked for past it, from a hand-typed address, reads no log rather than overflow a query.
LARGEST_SEQ = 2**31 - 1


def log_span(seq: int) -> tuple[int, int]:
    """The seqs a step page lists around step ``seq``."""
    return (min(max(1, seq - LOG_REACH), LARGEST_SEQ), min(seq + LOG_REACH, LARGEST_SEQ))


def step_columns() -> Any:
    """A stored step's columns but its effects, which a page does not show."""
    return columns_of(ReplayStep, leave=("effects",))


@dataclass(frozen=True)
class StoredReading:
    """A finished run of a match as the step page links to it: its id, the log's seq it
    replayed to and its reading."""

    pk: int
    match_id: int
    log_seq: int
    interpretation: dict


def readings_mark(done_run_pks: Any) -> tuple[int, int, int]:
    """Which finished runs a match has, in three numbers (how many, the sum and the largest
    of their ids): a run finishes once and is never taken back, so the set only grows and
    any new run changes them. A step links to itself under each stored reading."""
    pks = list(done_run_pks)
    return (len(pks), sum(pks), max(pks, default=0))


@dataclass(frozen=True)
class RunFace:
    """A run of a match the reader may read, as a step page reads it: the run with its match
    and game; ``stands`` (the access policy's ``run_stands``: no break known, its head still
    stored where it replayed to); ``archive_version``, the latest transcription stored (the
    rulebook text a step quotes changes only with a new one); the match's finished runs
    (``stored_readings``, parsed only when a step is drawn; a step served from the cache
    compares ``readings_mark``); ``behind``, whether moves were recorded after the run's last
    seq (None when not asked: a step's htmx fragment does not say it); and ``steps_near``,
    the stored steps around step ``near`` when asked."""

    run: ReplayRun
    stands: bool
    archive_version: int | None
    done_rows: str
    readings_mark: tuple[int, int, int]
    behind: bool | None = None
    near: int | None = None
    steps_near: tuple[ReplayStep, ...] = ()

    @property
    def match(self) -> Match:
        return self.run.match

    @cached_property
    def stored_readings(self) -> tuple[StoredReading, ...]:
        found = []
        for pk, log_seq, interpretation in json.loads(self.done_rows) if self.done_rows else ():
            if isinstance(interpretation, str):  # SQLite keeps a JSON column as its text
                interpretation = json.loads(interpretation)
            found.append(StoredReading(pk=pk, match_id=self.run.match_id, log_seq=log_seq,
                                       interpretation=interpretation))
        return tuple(sorted(found, key=lambda stored: stored.pk))


def run_face(*, user: Any, match_id: int, run_id: int, behind: bool = True,
             steps_near: int | None = None) -> RunFace | None:
    """The ``RunFace`` of a run of a match the reader may read (None otherwise), with its match
    and game; ``behind``: whether to say if moves were recorded after the run; with
    ``steps_near``, the stored steps around that seq. One plain query: building it through
    the ORM cost thirty times more than running it."""
    runs, matches, games = (columns_of(ReplayRun, leave=("outcome", "flag_summary", "error")),
                            columns_of(Match), columns_of(Game, leave=("components",)))
    run_table, match_table = table(ReplayRun), table(Match)
    readable, readable_params = readable_sql(user)
    stands, stands_params = run_stands_sql()
    behind_sql, behind_params = moves_after_run_sql() if behind else ("NULL", [])
    near_sql, near_params = "NULL", []
    if steps_near is not None:
        steps = step_columns()
        near_sql = (f"(SELECT {json_rows(steps.select('s'))} FROM {table(ReplayStep)} s "
                    f"WHERE s.run_id = {run_table}.id AND s.seq BETWEEN %s AND %s)")
        near_params = list(log_span(steps_near))
    # Prepared: planning this query took longer than running it (0.35 ms against 0.13).
    with prepared_cursor(
            f"SELECT {runs.select(run_table)}, {matches.select(match_table)}, "
            f"{games.select('g')}, {stands}, "
            f"(SELECT MAX(t.id) FROM {table(Transcription)} t), "
            f"(SELECT {json_rows('d.id, d.log_seq, d.interpretation')} FROM {run_table} d "
            f"WHERE d.match_id = {run_table}.match_id AND d.status = %s), {behind_sql}, "
            f"{near_sql} "
            f"FROM {run_table} JOIN {match_table} ON {match_table}.id = {run_table}.match_id "
            f"JOIN {table(Game)} g ON g.id = {match_table}.game_id "
            f"WHERE {run_table}.match_id = %s AND {run_table}.id = %s AND {readable}",
            [*stands_params, ReplayRun.DONE, *behind_params, *near_params, match_id, run_id,
             *readable_params]) as cursor:
        row = cursor.fetchone()
    if row is None:
        return None
    first_match, first_game = len(runs.fields), len(runs.fields) + len(matches.fields)
    first_extra = first_game + len(games.fields)
    run = runs.instance(row[:first_match])
    run.match = matches.instance(row[first_match:first_game])
    run.match.game = games.instance(row[first_game:first_extra])
    stood, archive_version, done_rows, moved, near = row[first_extra:]
    steps_read: tuple[ReplayStep, ...] = ()
    if steps_near is not None:
        steps = step_columns()
        steps_read = tuple(sorted((steps.instance(values) for values in json.loads(near or "[]")),
                                  key=lambda step: step.seq))
    return RunFace(
        run=run, stands=bool(stood), archive_version=archive_version, done_rows=done_rows or "",
        readings_mark=readings_mark(pk for pk, *_ in json.loads(done_rows or "[]")),
        behind=bool(moved) if behind else None, near=steps_near, steps_near=steps_read)


@dataclass(frozen=True)
class StepFace:
    """What a stored step is checked against before it is served without drawing, read in
    one small query: whether anyone may read the match, whether the run still stands, and
    what moves the step's drawing (the log's last seq, the latest transcription, the match's
    finished runs, the game's title the page names)."""

    is_public: bool
    sound: bool
    done: bool
    fingerprint: str
    last_seq: int
    archive_version: int | None
    readings_mark: tuple[int, int, int]
    game_title: str

    @property
    def servable(self) -> bool:
        """A finished run of a public match whose log still stands where the run replayed it."""
        return self.is_public and self.sound and self.done


def step_face(*, match_id: int, run_id: int) -> StepFace | None:
    """The run's ``StepFace``; None when the match has no such run. Plain SQL: the query is
    the same for every step, and building it through the ORM cost more than running it;
    prepared, as PostgreSQL planned it for longer than it ran it (a warm step's one query)."""
    run_table, match_table = table(ReplayRun), table(Match)
    public, public_params = readable_sql(None)
    stands, stands_params = run_stands_sql()
    with prepared_cursor(
            f"SELECT {public}, {stands}, {run_table}.status, {run_table}.fingerprint, "
            f"g.title, {match_table}.last_seq, "
            f"(SELECT MAX(t.id) FROM {table(Transcription)} t), d.count, d.total, d.largest "
            f"FROM {run_table} JOIN {match_table} ON {match_table}.id = {run_table}.match_id "
            f"JOIN {table(Game)} g ON g.id = {match_table}.game_id, "
            f"(SELECT COUNT(*) AS count, COALESCE(SUM(id), 0) AS total, "
            f"COALESCE(MAX(id), 0) AS largest FROM {run_table} WHERE match_id = %s "
            f"AND status = %s) d WHERE {run_table}.id = %s AND {run_table}.match_id = %s",
            [*public_params, *stands_params, match_id, ReplayRun.DONE, run_id, match_id],
    ) as cursor:
        row = cursor.fetchone()
    if row is None:
        return None
    public_, stood, status, fingerprint, game_title, last_seq, archive, count, total, largest = row
    return StepFace(is_public=bool(public_), sound=bool(stood), done=status == ReplayRun.DONE,
                    fingerprint=fingerprint, last_seq=last_seq, archive_version=archive,
                    readings_mark=(int(count), int(total), int(largest)), game_title=game_title)


@dataclass(frozen=True)
class MatchFace:
    """What a stored match page is checked against before it is served without drawing,
    read in one query: whether anyone may read the match, whether its log still stands
    (no break known, its last event still storing the match's head, every run still
    standing), whether a run is still going, and ``drawn_from``, everything the page shows
    that can change: the match's and its game's fields, the log's head, its runs, and its
    family of variations (each one's title, length, branch point and visibility).
    ``public_family``: which of the family anyone may read (a page is served only if every
    match it names is among them)."""

    is_public: bool
    sound: bool
    settled: bool
    drawn_from: str
    public_family: frozenset[int]

    @property
    def servable(self) -> bool:
        """A public match whose log verifies where the query can tell, with no run going."""
        return self.is_public and self.sound and self.settled


def match_face(*, match_id: int) -> MatchFace | None:
    """The match's ``MatchFace``; None when there is no such match. Plain SQL, as
    ``step_face``: its family is found by walking up to the line it began from and down
    to every variation of it, in the same query."""
    matches, games, events, runs = table(Match), table(Game), table(Event), table(ReplayRun)
    public, public_params = readable_sql(None)
    stands, stands_params = run_stands_sql()
    family = json_rows(f"{matches}.id, {matches}.parent_id, {matches}.title, "
                       f"{matches}.last_seq, CASE WHEN {public} THEN 0 ELSE 1 END, "
                       f"{matches}.branch_of")
    with connection.cursor() as cursor:
        cursor.execute(
            f"WITH RECURSIVE up(id, parent_id) AS ("
            f"SELECT id, parent_id FROM {matches} WHERE id = %s UNION "
            f"SELECT p.id, p.parent_id FROM {matches} p JOIN up ON p.id = up.parent_id), "
            f"down(id) AS (SELECT id FROM up WHERE parent_id IS NULL UNION "
            f"SELECT c.id FROM {matches} c JOIN down ON c.parent_id = down.id) "
            f"SELECT {public}, {matches}.chain_broken_seq, "
            f"(SELECT e.hash FROM {events} e WHERE e.match_id = {matches}.id "
            f"AND e.seq = {matches}.last_seq), "
            f"d.unfinished, d.disagreeing, (SELECT {family} FROM {matches} "
            f"WHERE {matches}.id IN (SELECT id FROM up UNION SELECT id FROM down)), "
            f"{matches}.last_seq, {matches}.head_hash, {matches}.title, {matches}.players, "
            f"{matches}.played_on, {matches}.source, {matches}.branch_of, g.slug, g.title, "
            f"d.count, d.total, d.largest, d.done, d.attempts, d.progress "
            f"FROM {matches} JOIN {games} g ON g.id = {matches}.game_id, "
            f"(SELECT COUNT(*) AS count, COALESCE(SUM({runs}.id), 0) AS total, "
            f"COALESCE(MAX({runs}.id), 0) AS largest, "
            f"COALESCE(SUM(CASE WHEN {runs}.status = %s THEN {runs}.id ELSE 0 END), 0) AS done, "
            f"COALESCE(SUM({runs}.attempts), 0) AS attempts, "
            f"COALESCE(SUM({runs}.progress), 0) AS progress, "
            f"COALESCE(SUM(CASE WHEN {runs}.status IN (%s, %s) THEN 1 ELSE 0 END), 0) "
            f"AS unfinished, "
            f"COALESCE(SUM(CASE WHEN {stands} THEN 0 ELSE 1 END), 0) AS disagreeing "
            f"FROM {runs} JOIN {matches} ON {matches}.id = {runs}.match_id "
            f"WHERE {runs}.match_id = %s) d "
            f"WHERE {matches}.id = %s",
            [match_id, *public_params, *public_params, ReplayRun.DONE, ReplayRun.PENDING,
             ReplayRun.RUNNING, *stands_params, match_id, match_id])
        row = cursor.fetchone()
    if row is None:
        return None
    public_, broken_seq, stored_tail, unfinished, disagreeing, family_rows, *shown = row
    last_seq, head = shown[:2]
    relatives = sorted(json.loads(family_rows or "[]"), key=lambda relative: relative[0])
    sound = (broken_seq is None and not disagreeing
             and (last_seq == 0 or stored_tail == head))
    return MatchFace(
        is_public=bool(public_), sound=sound, settled=not unfinished,
        drawn_from=repr((*shown, relatives)),
        public_family=frozenset(relative[0] for relative in relatives if not relative[4]),
    )
