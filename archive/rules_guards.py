"""Database triggers that make a published rules document immutable (DESIGN.md: a published
version never changes), as ``replay.log.db_guards`` makes the event log append-only: no code
path and no admin screen can change or delete a published version. A draft may still be
edited, published or discarded. Installed by migration 0007 on SQLite and PostgreSQL.

``remove_rules_guards`` exists for the test suite alone: to let transactional tests empty
their database."""

from __future__ import annotations

from trust.db_guards import run_guard_statements

TABLE = "archive_rulesdocument"
MESSAGE = "a published rules document is immutable: {op} refused (add a new version instead)"

SQLITE_INSTALL = [
    f"""CREATE TRIGGER IF NOT EXISTS {TABLE}_no_update BEFORE UPDATE ON {TABLE}
        WHEN OLD.state = 'published'
        BEGIN SELECT RAISE(ABORT, '{MESSAGE.format(op="UPDATE")}'); END""",
    f"""CREATE TRIGGER IF NOT EXISTS {TABLE}_no_delete BEFORE DELETE ON {TABLE}
        WHEN OLD.state = 'published'
        BEGIN SELECT RAISE(ABORT, '{MESSAGE.format(op="DELETE")}'); END""",
]
SQLITE_REMOVE = [
    f"DROP TRIGGER IF EXISTS {TABLE}_no_update",
    f"DROP TRIGGER IF EXISTS {TABLE}_no_delete",
]

POSTGRES_INSTALL = [
    f"""CREATE OR REPLACE FUNCTION {TABLE}_refuse_change() RETURNS trigger AS $$
        BEGIN
            IF OLD.state = 'published' THEN
                RAISE EXCEPTION 'a published rules document is immutable: % refused (add a new version instead)', TG_OP
                    USING ERRCODE = 'insufficient_privilege';
            END IF;
            IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
            RETURN NEW;
        END;
        $$ LANGUAGE plpgsql""",
    f"DROP TRIGGER IF EXISTS {TABLE}_published_fixed ON {TABLE}",
    f"""CREATE TRIGGER {TABLE}_published_fixed BEFORE UPDATE OR DELETE ON {TABLE}
        FOR EACH ROW EXECUTE FUNCTION {TABLE}_refuse_change()""",
]
POSTGRES_REMOVE = [f"DROP TRIGGER IF EXISTS {TABLE}_published_fixed ON {TABLE}"]


def install_rules_guards(connection) -> None:
    run_guard_statements(connection, {"sqlite": SQLITE_INSTALL, "postgresql": POSTGRES_INSTALL},
                         "guard of published rules documents")


def remove_rules_guards(connection) -> None:
    run_guard_statements(connection, {"sqlite": SQLITE_REMOVE, "postgresql": POSTGRES_REMOVE},
                         "guard of published rules documents")
