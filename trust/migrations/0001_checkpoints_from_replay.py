"""The checkpoint models move from replay to trust; their tables stay as they are."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ("replay", "0014_head_states"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name="Checkpoint",
                    fields=[
                        ("id", models.BigAutoField(auto_created=True, primary_key=True,
                                                   serialize=False, verbose_name="ID")),
                        ("origin", models.CharField(max_length=200)),
                        ("tree_size", models.PositiveIntegerField()),
                        ("root_hash", models.CharField(help_text="hex of the RFC 6962 root",
                                                       max_length=64)),
                        ("note", models.TextField(help_text="the signed note, byte for byte")),
                        ("verifier_key", models.CharField(max_length=300)),
                        ("created_at", models.DateTimeField(auto_now_add=True)),
                    ],
                    options={"db_table": "replay_checkpoint", "ordering": ["-tree_size", "-id"]},
                ),
                migrations.CreateModel(
                    name="CheckpointLeaf",
                    fields=[
                        ("id", models.BigAutoField(auto_created=True, primary_key=True,
                                                   serialize=False, verbose_name="ID")),
                        ("index", models.PositiveIntegerField(unique=True)),
                        ("last_seq", models.PositiveIntegerField()),
                        ("head_hash", models.CharField(max_length=64)),
                        ("match", models.ForeignKey(
                            on_delete=django.db.models.deletion.PROTECT,
                            related_name="checkpoint_leaves", to=settings.LUDOTECA_LOG_MODEL)),
                    ],
                    options={"db_table": "replay_checkpointleaf", "ordering": ["index"]},
                ),
            ],
            database_operations=[],
        ),
    ]
