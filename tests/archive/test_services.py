"""The archive's writes: the bundled seed archive, transcription versions, scans checked by
content."""

import io

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.core.management.base import CommandError
from PIL import Image

from archive.models import Annotation, Game, Passage, Scan, Transcription
from archive.scan_uploads import add_scan
from archive.services import ArchiveError, import_transcription, load_archive


@pytest.fixture
def archive(db):
    load_archive()
    return {g.slug: g for g in Game.objects.all()}


def test_load_archive_creates_the_four_games_and_is_idempotent(archive):
    assert set(archive) == {"dylan-dog", "fury-of-dracula", "gothic", "dagon"}
    counts = (Transcription.objects.count(), Passage.objects.count(), Annotation.objects.count())
    results = load_archive()
    assert not any(result.created for result in results)
    assert counts == (
        Transcription.objects.count(), Passage.objects.count(), Annotation.objects.count()
    )


def test_passages_carry_stable_slugs_from_the_headings(archive):
    slugs = set(Passage.objects.values_list("slug", flat=True))
    assert {"dagon/the-lagoon", "dagon/attack-between-heroes", "gothic/the-tower",
            "fury-of-dracula/para-1", "dylan-dog/moving-between-planes"} <= slugs


def test_notes_are_stored_with_their_passage(archive):
    editorial = Annotation.objects.filter(kind="editorial", transcription__rulebook__game__slug="dagon")
    assert editorial.count() == 2
    assert {a.passage.slug for a in editorial} == {"dagon/weapons", "dagon/attack-between-heroes"}
    tower = Annotation.objects.get(kind="legibility", passage__slug="gothic/the-tower",
                                   body__contains="any one player")
    text = tower.transcription.text
    assert [text[s:e] for s, e in tower.target_spans] == ["any one player", "unluckily enough"]


def test_changed_text_becomes_a_new_version_and_the_old_one_stays(archive):
    old = Transcription.objects.get(rulebook__game__slug="dagon")
    changed = old.text.replace("three weapons", "3 weapons", 1)
    result = import_transcription(
        rulebook=old.rulebook, text=changed, language="en", transcriber="tester"
    )
    assert result.created and result.transcription.version == 2
    old.refresh_from_db()
    assert "three weapons" in old.text and old.version == 1
    same = import_transcription(rulebook=old.rulebook, text=changed, language="en",
                                transcriber="tester")
    assert not same.created and same.transcription.pk == result.transcription.pk


def test_a_version_is_never_overwritten(archive):
    transcription = Transcription.objects.first()
    transcription.text = "overwritten"
    with pytest.raises(Exception, match="never overwritten"):
        transcription.save()


def test_import_transcription_command_errors_name_the_argument(archive, tmp_path):
    path = tmp_path / "rules.txt"
    path.write_bytes("Title\nRules\nSome text.".encode("latin-1") + b"\xe9\n")
    with pytest.raises(CommandError, match="--game"):
        call_command("import_transcription", str(path), "--game", "chess", "--language", "en")
    with pytest.raises(CommandError, match="not UTF-8"):
        call_command("import_transcription", str(path), "--game", "dagon", "--language", "en")
    with pytest.raises(CommandError, match="No such file"):
        call_command("import_transcription", str(tmp_path / "none.txt"), "--game", "dagon",
                     "--language", "en")
    assert Transcription.objects.filter(rulebook__game__slug="dagon").count() == 1


def _png(width=40, height=60) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (width, height), "white").save(out, format="PNG")
    return out.getvalue()


@pytest.fixture
def rulebook(archive):
    return archive["gothic"].rulebooks.get()


def test_a_png_scan_gets_its_size_and_a_thumbnail(rulebook, settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path
    scan = add_scan(rulebook=rulebook, page_number=3,
                    upload=SimpleUploadedFile("../../etc/passwd.png", _png()))
    assert (scan.width, scan.height, scan.content_type) == (40, 60, "image/png")
    assert scan.thumbnail and scan.file.name.startswith(f"scans/{rulebook.pk}/")
    assert ".." not in scan.file.name and "passwd" not in scan.file.name


def test_a_file_that_lies_about_its_type_is_refused(rulebook, settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path
    with pytest.raises(ArchiveError, match="content is") as raised:
        add_scan(rulebook=rulebook, page_number=1,
                 upload=SimpleUploadedFile("page.png", b"MZ\x90\x00 not an image at all"))
    assert raised.value.field == "file"
    assert not Scan.objects.exists()


def test_an_oversized_scan_is_refused(rulebook, settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path
    settings.SCAN_MAX_BYTES = 100
    with pytest.raises(ArchiveError, match="limit"):
        add_scan(rulebook=rulebook, page_number=1, upload=SimpleUploadedFile("p.png", _png()))
    assert not Scan.objects.exists()


def test_a_decompression_bomb_is_refused(rulebook, settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path
    settings.SCAN_MAX_PIXELS = 1000
    with pytest.raises(ArchiveError, match="pixels"):
        add_scan(rulebook=rulebook, page_number=1,
                 upload=SimpleUploadedFile("p.png", _png(400, 400)))
    assert not Scan.objects.exists()


def test_a_pdf_is_accepted_by_content(rulebook, settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path
    pdf = b"%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"
    scan = add_scan(rulebook=rulebook, page_number=2, upload=SimpleUploadedFile("x.bin", pdf))
    assert scan.content_type == "application/pdf" and not scan.thumbnail


@pytest.mark.django_db
def test_a_new_game_s_transcription_that_opens_on_a_heading_is_titled_after_the_game():
    game = Game.objects.create(slug="nuovo-gioco", title="Il Nuovo Gioco",
                               original_title="Il Nuovo Gioco")
    from archive.models import Rulebook

    rulebook = Rulebook.objects.create(game=game, edition="1990", language="it")
    result = import_transcription(rulebook=rulebook, language="it", transcriber="Marta",
                                  text="Preparazione\n\nMescolate le carte.\n")
    transcription = result.transcription
    assert transcription.title == "Il Nuovo Gioco"
    assert list(transcription.passages.values_list("slug", "heading")) == [
        ("nuovo-gioco/preparazione", "Preparazione")]
