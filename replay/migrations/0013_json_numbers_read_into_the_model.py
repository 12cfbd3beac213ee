"""Event data, match setups and snapshots are read into the number model (a large double that
PostgreSQL gives back as a whole number is a double again). Only how Python reads the
columns changes, so nothing is done to the database: on SQLite an altered field would remake
the event table, and the table's append-only triggers with it."""

from django.db import migrations, models

import games.core.canonical


class Migration(migrations.Migration):
    dependencies = [
        ("replay", "0012_steps_and_flags_without_run_constraint"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AlterField(
                    model_name="event",
                    name="data",
                    field=models.JSONField(decoder=games.core.canonical.NumberModelDecoder,
                                           default=dict),
                ),
                migrations.AlterField(
                    model_name="match",
                    name="setup",
                    field=models.JSONField(blank=True,
                                           decoder=games.core.canonical.NumberModelDecoder,
                                           default=dict),
                ),
                migrations.AlterField(
                    model_name="replaysnapshot",
                    name="state",
                    field=models.JSONField(decoder=games.core.canonical.NumberModelDecoder),
                ),
            ],
        ),
    ]
