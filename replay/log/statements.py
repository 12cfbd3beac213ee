"""Statements PostgreSQL plans once per connection: the few hot ones (an append, the run a
cold step reads) sent with server-side binding and prepared, where planning cost more than
running them. Django leaves preparing off and merges parameters into the text; these go
through a psycopg cursor of their own, and still show among the queries Django logs."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager, nullcontext
from typing import Any

from django.db import DEFAULT_DB_ALIAS, connection, connections
from django.db.backends.utils import CursorDebugWrapper


@contextmanager
def prepared_cursor(sql: str, params: Sequence[Any]) -> Iterator[Any]:
    """A cursor that has run ``sql`` with ``params``: as a prepared statement on PostgreSQL,
    logged as Django logs its own queries when queries are being captured; as any query on
    another database."""
    db = connections[DEFAULT_DB_ALIAS]  # this thread's connection, looked up once
    if db.vendor == "postgresql" and not db.queries_logged:
        # Nothing to log: straight to the psycopg connection, as Django's cursor() reaches it
        # (the health check, the connection, the thread check), without a wrapper to build.
        import psycopg  # only PostgreSQL needs it (0.1 s a fresh process saves)

        db.close_if_health_check_failed()
        db.ensure_connection()
        db.validate_thread_sharing()
        with db.wrap_database_errors:  # a lost server is Django's error, as elsewhere
            cursor = psycopg.Cursor(db.connection)
            cursor.execute(sql, params, prepare=True)
        yield cursor
        return
    with connection.cursor() as wrapper:
        if connection.vendor != "postgresql":
            wrapper.execute(sql, params)
            yield wrapper
            return
        import psycopg

        cursor = psycopg.Cursor(wrapper.connection)
        logged = (wrapper.debug_sql(sql, params) if isinstance(wrapper, CursorDebugWrapper)
                  else nullcontext())
        with logged:
            cursor.execute(sql, params, prepare=True)
        yield cursor
