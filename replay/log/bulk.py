"""Plain INSERTs for the replay's hot path. The ORM's bulk_create costs more than the engine
itself per row (model instances, per-field preparation); a replay writes one step row per
event, so these rows go in with executemany and JSON serialised once."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager

import orjson
from django.db import connection

STEP_COLUMNS = (
    "run_id", "seq", "event_type", "actor", "summary", "legal", "flag_count", "checksum", "effects"
)
FLAG_COLUMNS = (
    "run_id", "seq", "index", "kind", "rule", "point", "option", "message", "citations",
)
COPY_THRESHOLD = 20  # below this, COPY's extra round trips cost more than a plain INSERT
SNAPSHOT_COLUMNS = ("run_id", "seq", "state")
JSON_COLUMNS = {"effects", "citations", "data", "state"}


def _insert_sql(table: str, columns: Sequence[str]) -> str:
    quote = connection.ops.quote_name
    cast = "::jsonb" if connection.vendor == "postgresql" else ""
    values = ", ".join(f"%s{cast}" if c in JSON_COLUMNS else "%s" for c in columns)
    return f"INSERT INTO {quote(table)} ({', '.join(quote(c) for c in columns)}) VALUES ({values})"


def insert_rows(table: str, columns: Sequence[str], rows: Iterable[Sequence]) -> None:
    """INSERT on SQLite; COPY on PostgreSQL, several times faster than a pipelined INSERT."""
    rows = list(rows)
    if not rows:
        return
    if connection.vendor == "postgresql" and len(rows) >= COPY_THRESHOLD:
        with _copy(table, columns) as write_row:
            for row in rows:
                write_row(row)
    else:
        with connection.cursor() as cursor:
            cursor.executemany(_insert_sql(table, columns), rows)


@contextmanager
def _copy(table: str, columns: Sequence[str]) -> Iterator:
    quote = connection.ops.quote_name
    statement = f"COPY {quote(table)} ({', '.join(quote(c) for c in columns)}) FROM STDIN"
    with connection.cursor() as cursor, cursor.cursor.copy(statement) as copy:
        yield copy.write_row


@contextmanager
def streamed_rows(table: str, columns: Sequence[str]) -> Iterator:
    """A ``write(row)`` that sends each row as it is made: on PostgreSQL one COPY stays open,
    so the server parses and indexes a row while the caller computes the next one (the two
    run on two cores instead of one after the other); on SQLite, which runs in this process
    anyway, the rows are kept and inserted at the end. Nothing else may use the connection
    until the block ends."""
    if connection.vendor == "postgresql":
        with _copy(table, columns) as write_row:
            yield write_row
    else:
        rows: list[Sequence] = []
        yield rows.append
        insert_rows(table, columns, rows)


def to_json(value) -> str:
    return orjson.dumps(value).decode("utf-8")
