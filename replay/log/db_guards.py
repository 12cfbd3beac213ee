"""Database triggers that make the events table append-only (DESIGN.md: history is never
rewritten). Installed by migration 0002 on SQLite and PostgreSQL.

``remove_event_guards`` exists for the test suite alone: to prove that ``verify_log`` finds a
change made behind the triggers' back, and to let transactional tests empty their database.
"""

from __future__ import annotations

from trust.db_guards import run_guard_statements

TABLE = "replay_event"
MESSAGE = "replay_event is append-only: {op} refused (append a correction event instead)"

SQLITE_INSTALL = [
    f"""CREATE TRIGGER IF NOT EXISTS {TABLE}_no_update BEFORE UPDATE ON {TABLE}
        BEGIN SELECT RAISE(ABORT, '{MESSAGE.format(op="UPDATE")}'); END""",
    f"""CREATE TRIGGER IF NOT EXISTS {TABLE}_no_delete BEFORE DELETE ON {TABLE}
        BEGIN SELECT RAISE(ABORT, '{MESSAGE.format(op="DELETE")}'); END""",
]
SQLITE_REMOVE = [
    f"DROP TRIGGER IF EXISTS {TABLE}_no_update",
    f"DROP TRIGGER IF EXISTS {TABLE}_no_delete",
]

POSTGRES_INSTALL = [
    f"""CREATE OR REPLACE FUNCTION {TABLE}_refuse_change() RETURNS trigger AS $$
        BEGIN
            RAISE EXCEPTION '{TABLE} is append-only: % refused (append a correction event instead)', TG_OP
                USING ERRCODE = 'insufficient_privilege';
        END;
        $$ LANGUAGE plpgsql""",
    f"DROP TRIGGER IF EXISTS {TABLE}_no_update_delete ON {TABLE}",
    f"""CREATE TRIGGER {TABLE}_no_update_delete BEFORE UPDATE OR DELETE ON {TABLE}
        FOR EACH ROW EXECUTE FUNCTION {TABLE}_refuse_change()""",
    # Row triggers never see TRUNCATE: a statement-level trigger does.
    f"DROP TRIGGER IF EXISTS {TABLE}_no_truncate ON {TABLE}",
    f"""CREATE TRIGGER {TABLE}_no_truncate BEFORE TRUNCATE ON {TABLE}
        FOR EACH STATEMENT EXECUTE FUNCTION {TABLE}_refuse_change()""",
]
POSTGRES_REMOVE = [
    f"DROP TRIGGER IF EXISTS {TABLE}_no_update_delete ON {TABLE}",
    f"DROP TRIGGER IF EXISTS {TABLE}_no_truncate ON {TABLE}",
]


def install_event_guards(connection) -> None:
    run_guard_statements(connection, {"sqlite": SQLITE_INSTALL, "postgresql": POSTGRES_INSTALL},
                         "append-only guard")


def remove_event_guards(connection) -> None:
    run_guard_statements(connection, {"sqlite": SQLITE_REMOVE, "postgresql": POSTGRES_REMOVE},
                         "append-only guard")
