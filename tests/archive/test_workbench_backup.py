"""A backup (``manage.py export_archive`` / ``import_archive``) carries the workbench: pages
and their scans, regions, review steps with who and when, states and publication times, and
the times games and rulebooks last changed (harvesters' datestamps), row for row."""

from __future__ import annotations

import io

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command

from archive.models import Region, ReviewStep, Rulebook, Transcription, TranscriptionPage
from archive.pages import split_page
from archive.regions import Box, tie_region
from archive.review import publish, submit_for_review
from archive.scan_uploads import add_scan
from archive.services import load_archive
from tests.archive.conftest import page_image
from tests.archive.test_workbench_versions import the_tower_note
from tests.factories import make_curator
from tests.guarantees.test_backup import every_row, wipe_database


@pytest.mark.django_db(transaction=True)
def test_a_restore_gives_back_pages_regions_and_review(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media-before"
    load_archive()
    ana, luis = make_curator("ana"), make_curator("luis")
    gothic = Transcription.objects.get(rulebook__game__slug="gothic")
    scan = add_scan(rulebook=gothic.rulebook, page_number=1,
                    upload=SimpleUploadedFile("p1.png", page_image(70)))
    split = split_page(version=gothic, number=1, line=40, user=ana).transcription
    drawn = tie_region(version=split, note=the_tower_note(split),
                       box=Box(scan.pk, 10, 20, 30, 40, 0), user=ana).transcription
    submit_for_review(version=drawn, user=ana)
    publish(version=drawn, user=luis)
    before = every_row(passwords=False)
    assert Region.objects.count() == 1 and ReviewStep.objects.filter(by=luis).count() == 1
    assert TranscriptionPage.objects.filter(transcription=drawn).count() == 2
    dump = tmp_path / "dump"
    call_command("export_archive", str(dump), stdout=io.StringIO())

    wipe_database()
    settings.MEDIA_ROOT = tmp_path / "media-after"
    call_command("import_archive", str(dump), stdout=io.StringIO())
    after = every_row(passwords=False)
    for table in ("archive.TranscriptionPage", "archive.Region", "archive.ReviewStep",
                  "archive.Transcription", "archive.Rulebook", "archive.Game"):
        assert after[table] == before[table], table
    assert Rulebook.objects.get(pk=gothic.rulebook_id).updated_at == next(
        r["updated_at"] for r in before["archive.Rulebook"] if r["id"] == gothic.rulebook_id)
