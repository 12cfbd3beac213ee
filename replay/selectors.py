"""Reads of matches and logs."""

from __future__ import annotations

import functools
import json
from bisect import bisect_left
from collections.abc import Mapping
from dataclasses import dataclass

from django.db import connection
from django.db.models import (
    CharField,
    Count,
    Exists,
    IntegerField,
    OuterRef,
    Q,
    QuerySet,
    Value,
)
from django.db.models.functions import Cast

from archive.models import Game, Transcription
from games.core.replay import collect_corrections
from replay.models import Event, Match, ReplayFlag, ReplayRun, ReplayStep
from replay.readings import ReadingWords, reading_words
from replay.runs.steps import StepView, read_step
from trust.chain import GENESIS_HASH


def _readable_by(user, prefix: str = "") -> Q:
    """Public matches, and a signed-in user's own private ones (staff see all)."""
    if user is not None and user.is_authenticated and user.is_staff:
        return Q()
    if user is not None and user.is_authenticated:
        return Q(**{f"{prefix}is_private": False}) | Q(**{f"{prefix}created_by": user})
    return Q(**{f"{prefix}is_private": False})


def visible_matches(*, user) -> QuerySet[Match]:
    """Public matches, and a signed-in user's own private ones (staff see all)."""
    return Match.objects.select_related("game").filter(_readable_by(user))


def visible_matches_of(*, user, game_slug: str = "") -> QuerySet[Match]:
    """The matches ``user`` may read, of one game when ``game_slug`` names one."""
    matches = visible_matches(user=user)
    return matches.filter(game__slug=game_slug) if game_slug else matches


def visible_parent(*, user, match: Match) -> Match | None:
    """The line a variation branched from, when ``user`` may read it."""
    if match.parent_id is None:
        return None
    return visible_matches(user=user).filter(pk=match.parent_id).first()


def finished_runs_of_line(*, line, limit: int = 200) -> list[ReplayRun]:
    """The finished runs of a line of play's matches (``line``), the newest first."""
    return list(ReplayRun.objects.filter(match__in=line, status=ReplayRun.DONE)
                .select_related("match").order_by("-created_at")[:limit])


def moves_after_run() -> Exists:
    """Whether the run's match has recorded, after the run's last seq, an event the game
    depends on: anything but a note, or a correction that only rewords one (an annotation
    put in place of an annotation). An annotation for a queryset of runs."""
    rewords_a_note = Exists(Event.objects.filter(
        match=OuterRef("match_id"), type="annotation",
        seq=Cast(OuterRef("data__supersedes"), IntegerField())))
    later = (Event.objects.filter(match=OuterRef("match_id"), seq__gt=OuterRef("log_seq"))
             .exclude(type="annotation").annotate(rewords=rewords_a_note)
             .exclude(type="correction", data__event__type="annotation", rewords=True))
    return Exists(later)


def _done_runs_of(match_ref) -> QuerySet[ReplayRun]:
    return ReplayRun.objects.filter(match=match_ref, status=ReplayRun.DONE).order_by()


# A few small rows as the text of one JSON array of arrays (``[[1, 40, {…}], …]``), read in a
# query a page makes anyway and parsed by the caller: SQLite's ``json_group_array``,
# PostgreSQL's ``json_agg``. Written as SQL, not with Django's JSON functions, which ask SQLite
# whether it has JSON once per connection, in a query of its own.
_JSON_ROWS = {
    "sqlite": "JSON_GROUP_ARRAY(JSON_ARRAY({}))",
    "postgresql": "JSON_AGG(JSON_BUILD_ARRAY({}))::text",
}


def json_rows(columns: str) -> str:
    """The SQL aggregating ``columns`` of a group into one JSON array, on this database."""
    return _JSON_ROWS[connection.vendor].format(columns)


@dataclass(frozen=True)
class _Columns:
    """A model's columns as a plain query selects them, and its instance made from their
    values, each converted as the ORM converts it (JSON, dates, booleans on SQLite)."""

    model: type
    fields: tuple
    converters: tuple

    @classmethod
    def of(cls, model, *, leave: tuple[str, ...] = ()) -> _Columns:
        fields = tuple(f for f in model._meta.concrete_fields if f.name not in leave)
        converters = []
        for field in fields:
            column = field.get_col(model._meta.db_table)
            converters.append((column, (*connection.ops.get_db_converters(column),
                                        *field.get_db_converters(connection))))
        return cls(model=model, fields=fields, converters=tuple(converters))

    @functools.cache  # one per model and vendor: kept for the process
    def select(self, alias: str) -> str:
        return ", ".join(f"{alias}.{connection.ops.quote_name(f.column)}" for f in self.fields)

    @functools.cached_property
    def _attnames(self) -> list[str]:
        return [f.attname for f in self.fields]

    @functools.cached_property
    def _converting(self) -> tuple:
        """(index, column, converters) of the columns that have converters."""
        return tuple((index, column, converters)
                     for index, (column, converters) in enumerate(self.converters) if converters)

    def instance(self, values):
        if len(values) != len(self.fields):
            raise ValueError(f"{len(values)} values for {len(self.fields)} columns")
        converted = list(values)
        for index, column, converters in self._converting:
            for convert in converters:
                converted[index] = convert(converted[index], column, connection)
        return self.model.from_db(connection.alias, self._attnames, converted)


_columns_by_vendor: dict[str, tuple[_Columns, _Columns, _Columns]] = {}


def _run_columns() -> tuple[_Columns, _Columns, _Columns]:
    """The run's, its match's and its game's columns a step reads (a run's flag summary can
    be long, and a game's components are not shown)."""
    if connection.vendor not in _columns_by_vendor:
        _columns_by_vendor[connection.vendor] = (
            _Columns.of(ReplayRun, leave=("outcome", "flag_summary", "error")),
            _Columns.of(Match), _Columns.of(Game, leave=("components",)))
    return _columns_by_vendor[connection.vendor]


@dataclass(frozen=True)
class StoredReading:
    """A finished run of a match as the step page links to it: its id, the log's seq it
    replayed to and its reading."""

    pk: int
    match_id: int
    log_seq: int
    interpretation: dict


def stored_readings_of(run: ReplayRun) -> tuple[StoredReading, ...]:
    """The finished runs of ``run``'s match, as ``visible_run`` read them with it (parsed
    only when a step is drawn: a step served from the cache compares ``readings_mark``)."""
    found = []
    for pk, log_seq, interpretation in json.loads(run.done_rows) if run.done_rows else ():
        if isinstance(interpretation, str):  # SQLite keeps a JSON column as its text
            interpretation = json.loads(interpretation)
        found.append(StoredReading(pk=pk, match_id=run.match_id, log_seq=log_seq,
                                   interpretation=interpretation))
    return tuple(sorted(found, key=lambda stored: stored.pk))


def visible_run(*, user, match_id: int, run_id: int, behind: bool = True,
                steps_near: int | None = None) -> ReplayRun | None:
    """A run of a match the user may read, with its match and game; ``stored_head``, the
    hash the log now stores at the run's last seq (a run whose log was rewritten since is
    refused by whoever reads it); ``archive_version``, the latest transcription stored
    (the rulebook text a step quotes changes only with a new one); ``done_rows``, the
    match's finished runs as JSON text (a step links to itself under each stored reading:
    ``stored_readings_of``), and ``readings_mark``, a mark of them; and, unless asked not to
    (a step's htmx fragment does not say it), ``behind``: whether moves were recorded after
    the run's last seq; with ``steps_near``, the stored steps around that seq
    (``steps_around`` then reads them from here). One plain query: building it through the
    ORM cost thirty times more than running it."""
    runs, matches, games = _run_columns()
    run_table = connection.ops.quote_name(ReplayRun._meta.db_table)
    readable, params = "", [match_id, run_id]
    if user is None or not user.is_authenticated:
        readable = "AND NOT m.is_private"
    elif not user.is_staff:
        readable, params = "AND (NOT m.is_private OR m.created_by_id = %s)", [*params, user.pk]
    behind_sql, behind_params = _moves_after_run_sql() if behind else ("NULL", ())
    near_sql, near_params = "NULL", ()
    if steps_near is not None:
        steps = _step_columns()
        near_sql = (f"(SELECT {json_rows(steps.select('s'))} FROM "
                    f"{ReplayStep._meta.db_table} s WHERE s.run_id = {run_table}.id "
                    f"AND s.seq BETWEEN %s AND %s)")
        near_params = _log_span(steps_near)
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT {runs.select(run_table)}, {matches.select('m')}, {games.select('g')}, "
            f"(SELECT e.hash FROM {Event._meta.db_table} e WHERE e.match_id = "
            f"{run_table}.match_id AND e.seq = {run_table}.log_seq), "
            f"(SELECT MAX(t.id) FROM {Transcription._meta.db_table} t), "
            f"(SELECT {json_rows('d.id, d.log_seq, d.interpretation')} FROM {run_table} d "
            f"WHERE d.match_id = {run_table}.match_id AND d.status = %s), {behind_sql}, "
            f"{near_sql} "
            f"FROM {run_table} JOIN {Match._meta.db_table} m ON m.id = {run_table}.match_id "
            f"JOIN {Game._meta.db_table} g ON g.id = m.game_id "
            f"WHERE {run_table}.match_id = %s AND {run_table}.id = %s {readable}",
            [ReplayRun.DONE, *behind_params, *near_params, *params])
        row = cursor.fetchone()
    if row is None:
        return None
    first_match, first_game = len(runs.fields), len(runs.fields) + len(matches.fields)
    first_extra = first_game + len(games.fields)
    run = runs.instance(row[:first_match])
    run.match = matches.instance(row[first_match:first_game])
    run.match.game = games.instance(row[first_game:first_extra])
    run.stored_head, run.archive_version, run.done_rows, moved, near = row[first_extra:]
    if steps_near is not None:
        steps = _step_columns()
        run.steps_near = (steps_near, sorted((steps.instance(values)
                                              for values in json.loads(near or "[]")),
                                             key=lambda step: step.seq))
    run.readings_mark = readings_mark(pk for pk, *_ in json.loads(run.done_rows or "[]"))
    if behind:
        run.behind = bool(moved)
    return run


_moves_after_run_by_vendor: dict[str, tuple[str, tuple]] = {}


def _moves_after_run_sql() -> tuple[str, tuple]:
    """``moves_after_run`` as SQL about the runs' table by its own name, compiled once: the
    plain query of ``visible_run`` asks it as the ORM would."""
    if connection.vendor not in _moves_after_run_by_vendor:
        query = ReplayRun.objects.annotate(behind=moves_after_run()).query
        compiled = query.get_compiler(connection=connection).compile(query.annotations["behind"])
        _moves_after_run_by_vendor[connection.vendor] = (compiled[0], tuple(compiled[1]))
    return _moves_after_run_by_vendor[connection.vendor]


def readings_mark(done_run_pks) -> tuple[int, int, int]:
    """Which finished runs a match has, in three numbers (how many, the sum and the largest
    of their ids): a run finishes once and is never taken back, so the set only grows and
    any new run changes them. A step links to itself under each stored reading."""
    pks = list(done_run_pks)
    return (len(pks), sum(pks), max(pks, default=0))


@dataclass(frozen=True)
class StepFace:
    """What a stored step is checked against before it is served without drawing, read in
    one small query: whether anyone may read the match, whether its log still stands where
    the run replayed it, and what moves the step's drawing (the log's last seq, the latest
    transcription, the match's finished runs, the game's title the page names)."""

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
        """A finished run of a public match whose log verifies up to the run's last seq."""
        return self.is_public and self.sound and self.done


def step_face(*, match_id: int, run_id: int) -> StepFace | None:
    """The run's ``StepFace``; None when the match has no such run. Plain SQL: the query
    is the same for every step, and building it through the ORM cost more than running it."""
    runs, matches, games = (ReplayRun._meta.db_table, Match._meta.db_table,
                            Game._meta.db_table)
    events, transcriptions = Event._meta.db_table, Transcription._meta.db_table
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT m.is_private, m.chain_broken_seq, r.log_seq, r.head_hash, r.status, "
            f"r.fingerprint, g.title, m.last_seq, (SELECT e.hash FROM {events} e "
            f"WHERE e.match_id = m.id AND e.seq = r.log_seq), "
            f"(SELECT MAX(t.id) FROM {transcriptions} t), "
            f"d.count, d.total, d.largest "
            f"FROM {runs} r JOIN {matches} m ON m.id = r.match_id "
            f"JOIN {games} g ON g.id = m.game_id, "
            f"(SELECT COUNT(*) AS count, COALESCE(SUM(id), 0) AS total, "
            f"COALESCE(MAX(id), 0) AS largest FROM {runs} WHERE match_id = %s "
            f"AND status = %s) d WHERE r.id = %s AND r.match_id = %s",
            [match_id, ReplayRun.DONE, run_id, match_id])
        row = cursor.fetchone()
    if row is None:
        return None
    (private, broken_seq, log_seq, head, status, fingerprint, game_title, last_seq,
     stored_head, archive, *marks) = row
    # A run of no events starts from the genesis hash, which no event stores.
    sound = broken_seq is None and (log_seq == 0 or stored_head == head)
    return StepFace(is_public=not private, sound=sound, done=status == ReplayRun.DONE,
                    fingerprint=fingerprint, last_seq=last_seq, archive_version=archive,
                    readings_mark=tuple(int(n) for n in marks), game_title=game_title)


@dataclass(frozen=True)
class MatchFace:
    """What a stored match page is checked against before it is served without drawing,
    read in one query: whether anyone may read the match, whether its log still stands
    (no break known, its last event still stores the match's head, every run's recorded
    head still stored where it replayed to), whether a run is still going, and
    ``drawn_from``, everything the page shows that can change: the match's and its game's
    fields, the log's head, its runs, and its family of variations (each one's title,
    length, branch point and visibility). ``public_family``: which of the family anyone may
    read (a page is served only if every match it names is among them)."""

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
    matches, games, events = Match._meta.db_table, Game._meta.db_table, Event._meta.db_table
    runs = ReplayRun._meta.db_table
    family = json_rows("f.id, f.parent_id, f.title, f.last_seq, f.is_private, f.branch_of")
    with connection.cursor() as cursor:
        cursor.execute(
            f"WITH RECURSIVE up(id, parent_id) AS ("
            f"SELECT id, parent_id FROM {matches} WHERE id = %s UNION "
            f"SELECT p.id, p.parent_id FROM {matches} p JOIN up ON p.id = up.parent_id), "
            f"down(id) AS (SELECT id FROM up WHERE parent_id IS NULL UNION "
            f"SELECT c.id FROM {matches} c JOIN down ON c.parent_id = down.id) "
            f"SELECT m.is_private, m.chain_broken_seq, "
            f"(SELECT e.hash FROM {events} e WHERE e.match_id = m.id AND e.seq = m.last_seq), "
            f"d.unfinished, d.disagreeing, (SELECT {family} FROM {matches} f "
            f"WHERE f.id IN (SELECT id FROM up UNION SELECT id FROM down)), "
            f"m.last_seq, m.head_hash, m.title, m.players, m.played_on, m.source, "
            f"m.branch_of, g.slug, g.title, d.count, d.total, d.largest, d.done, d.attempts, "
            f"d.progress FROM {matches} m JOIN {games} g ON g.id = m.game_id, "
            f"(SELECT COUNT(*) AS count, COALESCE(SUM(r.id), 0) AS total, "
            f"COALESCE(MAX(r.id), 0) AS largest, "
            f"COALESCE(SUM(CASE WHEN r.status = %s THEN r.id ELSE 0 END), 0) AS done, "
            f"COALESCE(SUM(r.attempts), 0) AS attempts, "
            f"COALESCE(SUM(r.progress), 0) AS progress, "
            f"COALESCE(SUM(CASE WHEN r.status IN (%s, %s) THEN 1 ELSE 0 END), 0) "
            f"AS unfinished, "
            f"COALESCE(SUM(CASE WHEN r.log_seq <= o.last_seq AND ("
            f"(r.log_seq = 0 AND r.head_hash = %s) OR EXISTS (SELECT 1 FROM {events} e "
            f"WHERE e.match_id = r.match_id AND e.seq = r.log_seq AND e.hash = r.head_hash)) "
            f"THEN 0 ELSE 1 END), 0) AS disagreeing "
            f"FROM {runs} r JOIN {matches} o ON o.id = r.match_id WHERE r.match_id = %s) d "
            f"WHERE m.id = %s",
            [match_id, ReplayRun.DONE, ReplayRun.PENDING, ReplayRun.RUNNING, GENESIS_HASH,
             match_id, match_id])
        row = cursor.fetchone()
    if row is None:
        return None
    private, broken_seq, stored_tail, unfinished, disagreeing, family_rows, *shown = row
    last_seq, head = shown[:2]
    relatives = sorted(json.loads(family_rows or "[]"), key=lambda relative: relative[0])
    sound = (broken_seq is None and not disagreeing
             and (last_seq == 0 or stored_tail == head))
    return MatchFace(
        is_public=not private, sound=sound, settled=not unfinished,
        drawn_from=repr((*shown, relatives)),
        public_family=frozenset(relative[0] for relative in relatives if not relative[4]),
    )


def runs_of_match(*, match: Match, limit: int = 50) -> list[ReplayRun]:
    """The match's newest runs, each with ``behind`` (moves were recorded after it). One
    query."""
    return list(match.runs.order_by("-created_at", "-pk").annotate(behind=moves_after_run())
                [:limit])


def stored_readings(*, match: Match) -> tuple[StoredReading, ...]:
    """The match's finished runs, as ``visible_run`` reads them with a run. One query."""
    rows = _done_runs_of(match).values_list("pk", "log_seq", "interpretation")
    return tuple(StoredReading(pk=pk, match_id=match.pk, log_seq=log_seq,
                               interpretation=interpretation)
                 for pk, log_seq, interpretation in rows.order_by("pk"))


@dataclass(frozen=True)
class ReadingLink:
    run: StoredReading | ReplayRun
    words: ReadingWords


def readings_at(runs, *, seq: int, engine) -> list[ReadingLink]:
    """Among a match's finished ``runs``, those that reach step ``seq``, one a reading (the
    one that replays the most of the log, the newest among equals), each with its reading in
    words: the default reading first."""
    found: dict[str, ReplayRun | StoredReading] = {}
    for run in sorted(runs, key=lambda run: (-run.log_seq, -run.pk)):
        key = reading_key(run.interpretation)
        if run.log_seq >= seq and key not in found:
            found[key] = run
    links = [ReadingLink(run=run, words=reading_words(engine, run.interpretation))
             for run in found.values()]
    return sorted(links, key=lambda link: (not link.words.is_default, link.words.label))


def reading_key(interpretation: dict) -> str:
    """One reading however its points are ordered."""
    return json.dumps(interpretation, sort_keys=True)


def event_log(*, match: Match, after_seq: int = 0, limit: int | None = None) -> QuerySet[Event]:
    events = Event.objects.filter(match=match, seq__gt=after_seq).order_by("seq")
    return events[:limit] if limit else events


def latest_seqs(*, match: Match, count: int) -> list[int]:
    """The seqs of the log's last ``count`` events, the latest first."""
    return list(match.events.order_by("-seq").values_list("seq", flat=True)[:count])


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


# A step page lists the log this many steps either way of its step.
LOG_REACH = 10
# The largest seq a stored step can have (a PositiveIntegerField on every database): a step
# asked for past it, from a hand-typed address, reads no log rather than overflow a query.
_LARGEST_SEQ = 2**31 - 1


def _log_span(seq: int) -> tuple[int, int]:
    return (min(max(1, seq - LOG_REACH), _LARGEST_SEQ),
            min(seq + LOG_REACH, _LARGEST_SEQ))


def _step_columns() -> _Columns:
    """A stored step's columns but its effects, which a page does not show."""
    if connection.vendor not in _step_columns_by_vendor:
        _step_columns_by_vendor[connection.vendor] = _Columns.of(ReplayStep, leave=("effects",))
    return _step_columns_by_vendor[connection.vendor]


_step_columns_by_vendor: dict[str, _Columns] = {}


def steps_around(*, run: ReplayRun, seq: int) -> list[ReplayStep]:
    """The stored steps within LOG_REACH of ``seq``: the stretch of log a step page lists
    (as ``visible_run`` read them with the run, when asked to; else in one plain query)."""
    near = getattr(run, "steps_near", None)
    if near is not None and near[0] == seq:
        return list(near[1])
    columns = _step_columns()
    table = connection.ops.quote_name(ReplayStep._meta.db_table)
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT {columns.select(table)} FROM {table} WHERE {table}.run_id = %s "
                       f"AND {table}.seq BETWEEN %s AND %s ORDER BY {table}.seq",
                       [run.pk, *_log_span(seq)])
        return [columns.instance(row) for row in cursor.fetchall()]


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


@dataclass(frozen=True)
class RunMarks:
    """Where a run's flags and broken rules are, in seq order: every flagged step, every
    step with a violation flag or an illegal move, and each (step, point) a flag consulted."""

    flagged: tuple[int, ...]
    violations: tuple[int, ...]
    consulted: tuple[tuple[int, str], ...]

    def flags_around(self, seq: int) -> tuple[int | None, int | None]:
        return _neighbours(self.flagged, seq)

    def violations_around(self, seq: int) -> tuple[int | None, int | None]:
        return _neighbours(self.violations, seq)

    def consulted_near(self, seq: int, reach: int) -> tuple[list[tuple[int, str]], ...]:
        """The (step, point) pairs of the ``reach`` nearest consulted steps before ``seq``
        (nearest first) and after it."""
        steps = sorted({s for s, _ in self.consulted})
        at = bisect_left(steps, seq)
        after = at + 1 if at < len(steps) and steps[at] == seq else at
        before_steps = set(steps[max(0, at - reach):at])
        after_steps = set(steps[after:after + reach])
        return ([pair for pair in reversed(self.consulted) if pair[0] in before_steps],
                [pair for pair in self.consulted if pair[0] in after_steps])


def _neighbours(seqs: tuple[int, ...], seq: int) -> tuple[int | None, int | None]:
    at = bisect_left(seqs, seq)
    after = at + 1 if at < len(seqs) and seqs[at] == seq else at
    return (seqs[at - 1] if at else None, seqs[after] if after < len(seqs) else None)


def run_marks(*, run: ReplayRun) -> RunMarks:
    """One query: the run's flags (step, kind, point) and its illegal steps together."""
    flags = ReplayFlag.objects.filter(run=run).order_by().values_list("seq", "kind", "point")
    illegal = (ReplayStep.objects.filter(run=run, legal=False).order_by()
               .values_list("seq", Value("illegal"), Value(None, output_field=CharField())))
    rows = sorted(flags.union(illegal, all=True), key=lambda row: (row[0], row[1]))
    return RunMarks(
        flagged=tuple(sorted({seq for seq, kind, _ in rows if kind != "illegal"})),
        violations=tuple(sorted({seq for seq, kind, _ in rows
                                 if kind in ("violation", "illegal")})),
        consulted=tuple(dict.fromkeys((seq, point) for seq, kind, point in rows
                                      if point and kind != "illegal")),
    )


@dataclass(frozen=True)
class Landmarks:
    """The nearest steps before and after one step where there is something to read: a flag,
    a reading that matters (a flag whose point's other options would change the step: over
    the whole of a finished run, among the nearest MATTER_SEARCH flagged steps of one still
    in progress), a violation, a collector's note. None
    where there is none."""

    prev_flag: int | None
    next_flag: int | None
    prev_matter: int | None
    next_matter: int | None
    prev_violation: int | None
    next_violation: int | None
    prev_note: int | None
    next_note: int | None


# Steps whose points are tried under their other options to find where the reading matters,
# each way from the step read: the options are worked out when read, a few applies a step.
MATTER_SEARCH = 40


@dataclass(frozen=True)
class StepRead:
    """What a step page reads: the step, its landmarks, its notes, the log around it, and for
    a finished run every step where its reading matters."""

    view: StepView
    marks: Landmarks
    notes: tuple[StepNote, ...]
    log: list[ReplayStep]
    matters: tuple[int, ...] | None = None


def step_read(*, run: ReplayRun, seq: int, viewer: str | None = None,
              marks: RunMarks | None = None, notes: MatchNotes | None = None,
              matters: tuple[int, ...] | None = None,
              known_states: Mapping[int, dict] | None = None) -> StepRead:
    """The step and everything its page shows around it, in a bounded number of queries
    whatever the match's length, notes, flags and runs (``marks`` and ``notes``: the run's
    and the match's, when already at hand). Where the reading matters: ``matters`` (a
    finished run's ``StepRead.matters``) when known; else every consulted step of a
    finished run is tried, in the same reads as the step (its answer then kept by the
    caller), and the nearest MATTER_SEARCH either way of a run still in progress.
    ``known_states``: as ``read_step``'s (``StepRead.view.states``: those to keep)."""
    marks = marks if marks is not None else run_marks(run=run)
    notes = notes if notes is not None else match_notes(match=run.match)
    finished = run.status == ReplayRun.DONE
    reach = len(marks.consulted) if finished else MATTER_SEARCH
    before, after = marks.consulted_near(seq, reach) if matters is None else ([], [])
    log = steps_around(run=run, seq=seq)
    view = read_step(run=run, seq=seq, viewer=viewer,
                     corrections=notes.replayed_corrections(log_seq=run.log_seq),
                     consulted_nearby=[*before, *after],
                     flag_neighbours=marks.flags_around(seq),
                     flagged=seq in marks.flagged,
                     stored_step=next((step for step in log if step.seq == seq), None),
                     known_states=known_states)

    def first_that_matters(pairs):
        return next((s for s, point in pairs if view.nearby.get((s, point))), None)

    if matters is None and finished:
        matters = tuple(sorted({s for (s, _), options in view.nearby.items() if options}
                               | ({seq} if any(f.changing_options for f in view.flags)
                                  else set())))
    if matters is None:
        prev_matter, next_matter = first_that_matters(before), first_that_matters(after)
    else:
        prev_matter, next_matter = _neighbours(matters, seq)
    prev_violation, next_violation = marks.violations_around(seq)
    prev_note, next_note = notes.around(seq, last=run.progress)
    landmarks = Landmarks(
        prev_flag=view.prev_flag_seq, next_flag=view.next_flag_seq,
        prev_matter=prev_matter, next_matter=next_matter,
        prev_violation=prev_violation, next_violation=next_violation,
        prev_note=prev_note, next_note=next_note,
    )
    return StepRead(view=view, marks=landmarks, notes=notes.on(seq) if seq else (), log=log,
                    matters=matters)


def step_landmarks(*, run: ReplayRun, seq: int) -> Landmarks:
    return step_read(run=run, seq=seq).marks


@dataclass(frozen=True)
class SideBySide:
    """One step of two runs, as the compare page shows it: each run's stored step and flags
    (None and no flags past a run's end)."""

    step_a: ReplayStep | None
    step_b: ReplayStep | None
    flags_a: list[ReplayFlag]
    flags_b: list[ReplayFlag]


def side_by_side(*, run_a: ReplayRun, run_b: ReplayRun, seq: int) -> SideBySide:
    """Two queries, whatever the runs' length."""
    steps = {step.run_id: step for step in ReplayStep.objects.filter(
        run__in=[run_a, run_b], seq=seq)} if seq else {}
    flags: dict[int, list[ReplayFlag]] = {run_a.pk: [], run_b.pk: []}
    if seq:
        for flag in ReplayFlag.objects.filter(run__in=[run_a, run_b], seq=seq).order_by("index"):
            flags[flag.run_id].append(flag)
    return SideBySide(step_a=steps.get(run_a.pk), step_b=steps.get(run_b.pk),
                      flags_a=flags[run_a.pk], flags_b=flags[run_b.pk])


def diverging_pair(*, runs: list[ReplayRun], engine) -> tuple[ReplayRun, ReplayRun] | None:
    """Two finished runs that replay the same moves and diverge at the earliest step where
    any two of them do (the default reading's run first when it is one of them); the two
    newest of the same moves when none diverge; None with fewer than two. Two queries: two
    runs first differ at a step that consulted a point, so only those steps are compared."""
    by_head: dict[tuple[int, str], list[ReplayRun]] = {}
    for run in runs:
        if run.status == ReplayRun.DONE:
            by_head.setdefault((run.log_seq, run.head_hash), []).append(run)
    heads = sorted((key for key, same in by_head.items() if len(same) > 1), reverse=True)
    if not heads:
        return None
    group = sorted(by_head[heads[0]], key=lambda run: -run.pk)
    consulted = ReplayFlag.objects.filter(run__in=group, kind="consulted").values("seq")
    first = (ReplayStep.objects.filter(run__in=group, seq__in=consulted).values("seq")
             .annotate(states=Count("checksum", distinct=True),
                       legality=Count("legal", distinct=True),
                       summaries=Count("summary", distinct=True))
             .filter(Q(states__gt=1) | Q(legality__gt=1) | Q(summaries__gt=1))
             .order_by("seq").values_list("seq", flat=True)[:1])
    rows = {run_id: step for run_id, *step in ReplayStep.objects.filter(
        run__in=group, seq__in=first).values_list("run_id", "checksum", "legal", "summary")}
    if not rows:
        return group[1], group[0]
    by_pk = {run.pk: run for run in group}
    ordered = sorted(rows, key=lambda pk: (
        not reading_words(engine, by_pk[pk].interpretation).is_default, -pk))
    a = ordered[0]
    b = next(pk for pk in ordered if rows[pk] != rows[a])
    return by_pk[a], by_pk[b]


def finished_run_of(*, match: Match, run_id: int) -> ReplayRun | None:
    return ReplayRun.objects.filter(match=match, pk=run_id, status=ReplayRun.DONE).first()
