"""The access policy of reading: who may read a match, and whether a run still stands. Each
rule is written once, as an ORM expression, and compiled to SQL where a fast path reads in a
plain query (``readable_sql``, ``run_stands_sql``): the same rule either way, and a test runs
every case through both.

- **Who may read**: anyone reads a public match; a signed-in reader also their own private
  ones; staff read every match. Anyone else is told a private match does not exist.
- **Moves after a run**: whether the log recorded, after a run's last seq, an event the game
  depends on (anything but a note): the page then offers the replay of the whole log.
- **A run still stands** (``replay.runs.replaying.run_stands``, where runs are made) when no
  break is known in its match's log and the log still stores, at the run's last seq, the head
  the run replayed.
"""

from __future__ import annotations

import enum
from typing import Any

from django.db import connection
from django.db.models import (
    BooleanField,
    Exists,
    ExpressionWrapper,
    IntegerField,
    OuterRef,
    Q,
    QuerySet,
)
from django.db.models.functions import Cast

from replay.models import Event, Match, ReplayRun
from replay.runs.replaying import run_stands


class Reader(enum.Enum):
    """The kinds of reader the policy tells apart."""

    SIGNED_OUT = "signed out"
    MEMBER = "signed in"
    STAFF = "staff"


def reader_of(user: Any) -> Reader:
    if user is None or not user.is_authenticated:
        return Reader.SIGNED_OUT
    return Reader.STAFF if user.is_staff else Reader.MEMBER


def readable_by(user: Any, *, via: str = "") -> Q:
    """The matches ``user`` may read, as a filter (``via``: the path from the rows filtered
    to their match, such as ``match__``)."""
    return _readable(reader_of(user), getattr(user, "pk", None), via)


def _readable(reader: Reader, user_id: int | None, via: str) -> Q:
    if reader is Reader.STAFF:
        return Q()
    public = Q(**{f"{via}is_private": False})
    if reader is Reader.MEMBER:
        return public | Q(**{f"{via}created_by_id": user_id})
    return public


def visible_matches(*, user: Any) -> QuerySet[Match]:
    """The matches ``user`` may read, with their game."""
    return Match.objects.select_related("game").filter(readable_by(user))


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


# -- compiled to SQL --------------------------------------------------------------------------

# A user id no account has: compiled in, then replaced by the reader's own in the parameters.
_ANY_USER = -7_734_001
_compiled: dict[tuple, tuple[str, tuple]] = {}


def readable_sql(user: Any) -> tuple[str, list]:
    """``readable_by(user)`` as an SQL condition on the match table by its own name, and its
    parameters: compiled once per database and kind of reader."""
    reader = reader_of(user)
    key = ("readable", connection.vendor, reader)
    if key not in _compiled:
        condition = _readable(reader, _ANY_USER, "")
        _compiled[key] = (_where_sql(Match, condition) if condition else ("1 = 1", ()))
    sql, params = _compiled[key]
    return sql, [user.pk if value == _ANY_USER else value for value in params]


def run_stands_sql() -> tuple[str, list]:
    """``run_stands()`` as an SQL condition on the runs' table by its own name (its match
    joined by the table's own name too), and its parameters."""
    key = ("stands", connection.vendor)
    if key not in _compiled:
        query = ReplayRun.objects.annotate(stands=_as_value(run_stands())).query
        compiled = query.get_compiler(connection=connection).compile(query.annotations["stands"])
        _compiled[key] = (compiled[0], tuple(compiled[1]))
    sql, params = _compiled[key]
    return sql, list(params)


def _as_value(condition: Q) -> Any:
    return ExpressionWrapper(condition, output_field=BooleanField())


def _where_sql(model: Any, condition: Q) -> tuple[str, tuple]:
    query = model.objects.filter(condition).query
    compiler = query.get_compiler(connection=connection)
    sql, params = query.where.as_sql(compiler, connection)
    return sql, tuple(params)


def moves_after_run_sql() -> tuple[str, list]:
    """``moves_after_run()`` as SQL about the runs' table by its own name, and its
    parameters: compiled once per database."""
    key = ("behind", connection.vendor)
    if key not in _compiled:
        query = ReplayRun.objects.annotate(behind=moves_after_run()).query
        compiled = query.get_compiler(connection=connection).compile(query.annotations["behind"])
        _compiled[key] = (compiled[0], tuple(compiled[1]))
    sql, params = _compiled[key]
    return sql, list(params)
