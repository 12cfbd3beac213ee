"""Make replay_event append-only in the database itself (SQLite and PostgreSQL)."""

from django.db import migrations

from replay.log.db_guards import install_event_guards, remove_event_guards


def install(apps, schema_editor):
    install_event_guards(schema_editor.connection)


def remove(apps, schema_editor):
    remove_event_guards(schema_editor.connection)


class Migration(migrations.Migration):
    dependencies = [("replay", "0001_initial")]
    operations = [migrations.RunPython(install, remove)]
