"""Migration 0017 drops the events' own index on match_id (the unique (match, seq) index
serves lookups by match) and undoes cleanly, on SQLite and PostgreSQL, without touching the
triggers that keep the table append-only."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

BEFORE = ("replay", "0016_match_rules_version")
AFTER = ("replay", "0017_event_match_index_dropped")


@pytest.fixture(autouse=True)
def _back_to_the_latest_schema():
    yield
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())


def event_indexes() -> set[tuple[tuple[str, ...], bool]]:
    """The events table's indexes: their columns, and whether each is unique."""
    with connection.cursor() as cursor:
        constraints = connection.introspection.get_constraints(cursor, "replay_event")
    return {(tuple(c["columns"]), c["unique"]) for c in constraints.values()
            if c["index"] or c["unique"]}


def event_triggers() -> set[str]:
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute("SELECT tgname FROM pg_trigger "
                           "WHERE tgrelid = 'replay_event'::regclass AND NOT tgisinternal")
        else:
            cursor.execute("SELECT name FROM sqlite_master "
                           "WHERE type = 'trigger' AND tbl_name = 'replay_event'")
        return {row[0] for row in cursor.fetchall()}


@pytest.mark.django_db(transaction=True)
def test_the_match_index_goes_and_comes_back_and_the_guards_stay():
    triggers = event_triggers()
    assert triggers  # the append-only guards this test must not lose
    executor = MigrationExecutor(connection)
    executor.migrate([BEFORE])
    assert (("match_id",), False) in event_indexes()
    executor = MigrationExecutor(connection)
    executor.migrate([AFTER])
    indexes = event_indexes()
    assert (("match_id",), False) not in indexes
    assert (("match_id", "seq"), True) in indexes  # what serves lookups by match
    assert event_triggers() == triggers
