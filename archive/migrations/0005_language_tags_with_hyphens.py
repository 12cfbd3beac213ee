"""Language tags stored with an underscore (``en_US``, which the input boundary once let
through) are written as BCP 47 writes them (``en-US``): TEI's xml:lang, and so
``export_tei --validate``, refuses the underscore."""

from django.db import migrations
from django.db.models import F, Value
from django.db.models.functions import Replace

FIELDS = (("Game", "original_language"), ("Rulebook", "language"),
          ("Transcription", "language"))


def hyphens(apps, schema_editor):
    for model_name, field in FIELDS:
        model = apps.get_model("archive", model_name)
        model.objects.filter(**{f"{field}__contains": "_"}).update(
            **{field: Replace(F(field), Value("_"), Value("-"))})


class Migration(migrations.Migration):
    dependencies = [("archive", "0004_rulebook_rights_scan_tiles")]

    operations = [migrations.RunPython(hyphens, migrations.RunPython.noop)]
