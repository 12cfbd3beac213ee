"""What each database reads the index with: a GIN index on the vectors (PostgreSQL), or an FTS5
table of lexemes whose rowid is the entry's id (SQLite), which forgets an entry's lexemes
whenever the entry is deleted, however it is deleted (a cascade, a flush), by a trigger."""

from django.db import migrations

FTS_TABLE = "search_searchentry_fts"


def create(apps, schema_editor):
    vendor = schema_editor.connection.vendor
    if vendor == "postgresql":
        schema_editor.execute(
            "CREATE INDEX search_searchentry_vector_gin ON search_searchentry USING gin (vector)"
        )
    elif vendor == "sqlite":
        schema_editor.execute(
            f"CREATE VIRTUAL TABLE {FTS_TABLE} USING fts5("
            "title, text, tokenize = 'unicode61 remove_diacritics 0')"
        )
        schema_editor.execute(
            f"CREATE TRIGGER {FTS_TABLE}_forget AFTER DELETE ON search_searchentry "
            f"BEGIN DELETE FROM {FTS_TABLE} WHERE rowid = old.id; END"
        )


def drop(apps, schema_editor):
    vendor = schema_editor.connection.vendor
    if vendor == "postgresql":
        schema_editor.execute("DROP INDEX IF EXISTS search_searchentry_vector_gin")
    elif vendor == "sqlite":
        schema_editor.execute(f"DROP TRIGGER IF EXISTS {FTS_TABLE}_forget")
        schema_editor.execute(f"DROP TABLE IF EXISTS {FTS_TABLE}")


class Migration(migrations.Migration):
    dependencies = [("search", "0001_search_index")]
    operations = [migrations.RunPython(create, drop)]
