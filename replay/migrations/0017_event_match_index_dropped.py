"""The events' own index on match_id goes: the unique (match, seq) index, whose first column
is match_id, serves every lookup by match, and an append writes one index fewer per event.

The database side is plain SQL: on SQLite, Django's AlterField would rebuild the table, and
a rebuilt table loses the triggers that keep it append-only."""

import django.db.models.deletion
from django.db import migrations, models

INDEX = "replay_event_match_id_bbb56d39"


class Migration(migrations.Migration):

    dependencies = [
        ("replay", "0016_match_rules_version"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AlterField(
                    model_name="event",
                    name="match",
                    field=models.ForeignKey(
                        db_index=False,
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="events",
                        to="replay.match",
                    ),
                ),
            ],
            database_operations=[
                migrations.RunSQL(
                    f"DROP INDEX IF EXISTS {INDEX}",
                    reverse_sql=f"CREATE INDEX IF NOT EXISTS {INDEX} ON replay_event (match_id)",
                ),
            ],
        ),
    ]
