"""Statements PostgreSQL plans once per connection: the few hot ones (an append, the run a
cold step reads) sent with server-side binding and prepared, where planning cost more than
running them. Django leaves preparing off and merges parameters into the text; these go
through a psycopg cursor of their own, and still show among the queries Django logs."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager, nullcontext
from typing import Any

from django.db import connection
from django.db.backends.utils import CursorDebugWrapper


@contextmanager
def prepared_cursor(sql: str, params: Sequence[Any]) -> Iterator[Any]:
    """A cursor that has run ``sql`` with ``params``: as a prepared statement on PostgreSQL,
    logged as Django logs its own queries when queries are being captured; as any query on
    another database."""
    with connection.cursor() as wrapper:
        if connection.vendor != "postgresql":
            wrapper.execute(sql, params)
            yield wrapper
            return
        import psycopg  # only PostgreSQL needs it (0.1 s a fresh process saves)

        cursor = psycopg.Cursor(wrapper.connection)
        logged = (wrapper.debug_sql(sql, params) if isinstance(wrapper, CursorDebugWrapper)
                  else nullcontext())
        with logged:
            cursor.execute(sql, params, prepare=True)
        yield cursor
