"""The checkpoint models now belong to trust (its migration 0001); their tables stay."""

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ("replay", "0014_head_states"),
        ("trust", "0001_checkpoints_from_replay"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.DeleteModel(name="CheckpointLeaf"),
                migrations.DeleteModel(name="Checkpoint"),
            ],
            database_operations=[],
        ),
    ]
