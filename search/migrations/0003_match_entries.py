"""Recorded matches become entries of the index (by title, players, the day played, source and
notes); the matches already stored are indexed here."""

from django.db import migrations, models


def index_stored_matches(apps, schema_editor):
    # Only an archive that already holds matches reads them, through the index's own writer
    # (the historical model tells whether there are any, whatever later migrations add).
    if not apps.get_model("replay", "Match").objects.exists():
        return
    from replay.models import Match
    from search.services import index_match

    for match in Match.objects.order_by("pk").iterator(chunk_size=500):
        index_match(match=match)


class Migration(migrations.Migration):

    dependencies = [
        ("search", "0002_text_search_structures"),
        ("replay", "0015_checkpoints_moved_to_trust"),
    ]

    operations = [
        migrations.AlterField(
            model_name="searchentry",
            name="kind",
            field=models.CharField(choices=[("passage", "Passage"), ("legibility", "Legibility note"), ("editorial", "Editorial note"), ("reading", "Uncertain reading"), ("glossary", "Glossary entry"), ("point", "Interpretation point"), ("game", "Game"), ("match", "Match"), ("annotation", "Match annotation")], max_length=20),
        ),
        migrations.RunPython(index_stored_matches, migrations.RunPython.noop),
    ]
