"""Pages, regions and the review step. Every version stored before them stays what readers
see: it becomes published (without review, as it was: the history says so) and one page
covering its whole text, tied to no scan (which scan holds which lines was never recorded)."""

import django.db.models.deletion
import django.utils.timezone
from django.conf import settings
from django.db import migrations, models

EARLIER = "stored before the review step existed: what readers saw then stays published"


def publish_earlier_versions(apps, schema_editor):
    Transcription = apps.get_model("archive", "Transcription")
    TranscriptionPage = apps.get_model("archive", "TranscriptionPage")
    ReviewStep = apps.get_model("archive", "ReviewStep")
    for transcription in Transcription.objects.order_by("pk").iterator(chunk_size=500):
        Transcription.objects.filter(pk=transcription.pk).update(
            state="published", published_at=transcription.created_at)
        TranscriptionPage.objects.create(transcription=transcription, number=1, start=0,
                                         end=len(transcription.text))
        step = ReviewStep.objects.create(
            transcription=transcription, action="published-without-review",
            by=transcription.created_by, by_name=transcription.transcriber, note=EARLIER)
        ReviewStep.objects.filter(pk=step.pk).update(at=transcription.created_at)


class Migration(migrations.Migration):

    dependencies = [
        ('archive', '0005_language_tags_with_hyphens'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name='Region',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('x', models.PositiveIntegerField()),
                ('y', models.PositiveIntegerField()),
                ('w', models.PositiveIntegerField()),
                ('h', models.PositiveIntegerField()),
                ('target_index', models.PositiveSmallIntegerField(blank=True, null=True)),
                ('drawn_by', models.CharField(max_length=200)),
                ('drawn_at', models.DateTimeField()),
            ],
            options={
                'ordering': ['transcription_id', 'scan_id', 'y', 'x', 'id'],
            },
        ),
        migrations.CreateModel(
            name='ReviewStep',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('action', models.CharField(choices=[('submitted', 'submitted for review'), ('returned', 'returned to draft'), ('published', 'reviewed and published'), ('published-without-review', 'published without review')], max_length=30)),
                ('by_name', models.CharField(max_length=200)),
                ('at', models.DateTimeField(auto_now_add=True)),
                ('note', models.CharField(blank=True, max_length=500)),
            ],
            options={
                'ordering': ['transcription_id', 'at', 'id'],
            },
        ),
        migrations.CreateModel(
            name='TranscriptionPage',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('number', models.PositiveIntegerField()),
                ('start', models.PositiveIntegerField()),
                ('end', models.PositiveIntegerField()),
            ],
            options={
                'ordering': ['transcription_id', 'number'],
            },
        ),
        migrations.AddField(
            model_name='game',
            name='updated_at',
            field=models.DateTimeField(default=django.utils.timezone.now, editable=False),
        ),
        migrations.AddField(
            model_name='rulebook',
            name='updated_at',
            field=models.DateTimeField(default=django.utils.timezone.now, editable=False),
        ),
        migrations.AddField(
            model_name='transcription',
            name='published_at',
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name='transcription',
            name='state',
            field=models.CharField(choices=[('draft', 'Draft'), ('review', 'Needs review'), ('published', 'Published')], default='draft', max_length=10),
        ),
        migrations.AddIndex(
            model_name='transcription',
            index=models.Index(fields=['state', 'published_at'], name='transcription_by_state'),
        ),
        migrations.AddField(
            model_name='region',
            name='note',
            field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='regions', to='archive.annotation'),
        ),
        migrations.AddField(
            model_name='region',
            name='scan',
            field=models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='regions', to='archive.scan'),
        ),
        migrations.AddField(
            model_name='region',
            name='transcription',
            field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='regions', to='archive.transcription'),
        ),
        migrations.AddField(
            model_name='reviewstep',
            name='by',
            field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, to=settings.AUTH_USER_MODEL),
        ),
        migrations.AddField(
            model_name='reviewstep',
            name='transcription',
            field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='review_steps', to='archive.transcription'),
        ),
        migrations.AddField(
            model_name='transcriptionpage',
            name='scan',
            field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='transcribed_pages', to='archive.scan'),
        ),
        migrations.AddField(
            model_name='transcriptionpage',
            name='transcription',
            field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='pages', to='archive.transcription'),
        ),
        migrations.AddConstraint(
            model_name='region',
            constraint=models.CheckConstraint(condition=models.Q(('w__gt', 0), ('h__gt', 0)), name='region_has_an_area', violation_error_message='a region is at least one pixel wide and high'),
        ),
        migrations.AddConstraint(
            model_name='transcriptionpage',
            constraint=models.UniqueConstraint(fields=('transcription', 'number'), name='transcription_page_unique_number'),
        ),
        migrations.AddConstraint(
            model_name='transcriptionpage',
            constraint=models.CheckConstraint(condition=models.Q(('end__gte', models.F('start'))), name='transcription_page_span_in_order', violation_error_message='a page ends after it starts'),
        ),
        migrations.RunPython(publish_earlier_versions, migrations.RunPython.noop),
        migrations.AddConstraint(
            model_name='transcription',
            constraint=models.CheckConstraint(condition=models.Q(models.Q(('published_at__isnull', False), ('state', 'published')), models.Q(models.Q(('state', 'published'), _negated=True), ('published_at__isnull', True)), _connector='OR'), name='transcription_published_when_published', violation_error_message='a version has a publication time once published, and only then'),
        ),
    ]
