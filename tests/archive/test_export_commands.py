"""The archival formats' batch commands: export_tei, export_iiif, import_tei; bad input names
the argument."""

from __future__ import annotations

import io
import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.core.management.base import CommandError
from PIL import Image

from archive.models import Rulebook, Transcription
from archive.scan_uploads import add_scan
from archive.services import load_archive, revise_annotation


@pytest.fixture
def archive(db):
    load_archive()


def run(*args) -> str:
    out = io.StringIO()
    call_command(*args, stdout=out)
    return out.getvalue()


def test_export_tei_writes_every_version_one_file_each(archive, tmp_path):
    gothic = Transcription.objects.get(rulebook__game__slug="gothic")
    note = gothic.annotations.get(target="Congolese Blow pipe")
    revise_annotation(annotation=note, editor="Marta", body='"Congolese Blow pipe" as printed')
    output = run("export_tei", "--out", str(tmp_path / "tei"))
    files = sorted(p.name for p in (tmp_path / "tei").iterdir())
    count = Transcription.objects.count()
    assert len(files) == count >= 5
    book = gothic.rulebook_id
    assert {f"gothic.{book}.en.v1.tei.xml", f"gothic.{book}.en.v2.tei.xml"} <= set(files)
    assert f"{count} TEI files" in output
    v1 = (tmp_path / "tei" / f"gothic.{book}.en.v1.tei.xml").read_bytes()
    assert (
        b"hard to confirm" in v1
        and b"hard to confirm"
        not in (tmp_path / "tei" / f"gothic.{book}.en.v2.tei.xml").read_bytes()
    )


def test_export_tei_of_one_game(archive, tmp_path):
    run("export_tei", "--game", "dagon", "--out", str(tmp_path))
    assert {p.name.split(".")[0] for p in tmp_path.iterdir()} == {"dagon"}


def test_export_iiif_writes_manifests_and_says_which_rulebooks_have_no_scan(
    archive, tmp_path, settings
):
    settings.MEDIA_ROOT = tmp_path / "media"
    rulebook = Rulebook.objects.get(game__slug="dagon")
    image = io.BytesIO()
    Image.new("RGB", (50, 70)).save(image, format="PNG")
    add_scan(rulebook=rulebook, page_number=1, upload=SimpleUploadedFile("p.png", image.getvalue()))
    output = run(
        "export_iiif", "--out", str(tmp_path / "iiif"), "--base-url", "https://lu.example/"
    )
    written = list((tmp_path / "iiif").iterdir())
    assert [p.name for p in written] == [f"dagon.{rulebook.pk}.manifest.json"]
    manifest = json.loads(written[0].read_text(encoding="utf-8"))
    assert manifest["id"] == f"https://lu.example/rulebooks/{rulebook.pk}/manifest.json"
    assert output.count("skipped") == Rulebook.objects.count() - 1
    assert "no image scan" in output


def test_import_tei_restores_the_notes_of_an_export(archive, tmp_path):
    run("export_tei", "--game", "gothic", "--out", str(tmp_path))
    (path,) = tmp_path.iterdir()
    output = run("import_tei", str(path), "--game", "gothic", "--language", "en")
    assert "version 2" in output
    v1, v2 = Transcription.objects.filter(rulebook__game__slug="gothic").order_by("version")

    def notes(t):
        return sorted(
            (a.kind, a.passage.slug, a.target, a.body, a.certainty)
            for a in t.annotations.select_related("passage")
        )

    assert notes(v1) == notes(v2)


@pytest.mark.parametrize(
    ("command", "args", "message"),
    [
        ("export_tei", ["--game", "chess"], "--game: unknown game 'chess'"),
        ("export_iiif", ["--game", "chess"], "--game: unknown game 'chess'"),
        ("export_iiif", ["--base-url", "ludoteca.example"], "--base-url: 'ludoteca.example'"),
        ("export_tei", ["--base-url", "ftp://x"], "--base-url"),
    ],
)
def test_bad_arguments_name_the_argument(archive, tmp_path, command, args, message):
    with pytest.raises(CommandError, match=message):
        call_command(command, *args, "--out", str(tmp_path), stdout=io.StringIO())


@pytest.mark.parametrize("command", ["export_tei", "export_iiif"])
def test_an_unwritable_out_dir_is_a_clear_error(archive, tmp_path, command):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    with pytest.raises(CommandError, match=r"--out: .* is a file, not a folder"):
        call_command(command, "--out", str(blocker), stdout=io.StringIO())
    with pytest.raises(CommandError, match="--out: cannot create"):
        call_command(command, "--out", str(blocker / "below"), stdout=io.StringIO())


def test_import_tei_bad_input(archive, tmp_path):
    broken = tmp_path / "broken.tei.xml"
    broken.write_bytes(b"<TEI xmlns='http://www.tei-c.org/ns/1.0'><teiHeader>")
    with pytest.raises(CommandError, match=r"broken.tei.xml: not well-formed XML"):
        call_command("import_tei", str(broken), "--game", "gothic", "--language", "en")
    with pytest.raises(CommandError, match="--game: unknown game 'chess'"):
        call_command("import_tei", str(broken), "--game", "chess", "--language", "en")
    with pytest.raises(CommandError, match=r"missing.xml: No such file"):
        call_command(
            "import_tei", str(tmp_path / "missing.xml"), "--game", "gothic", "--language", "en"
        )
    run("export_tei", "--game", "gothic", "--out", str(tmp_path / "out"))
    (path,) = (tmp_path / "out").iterdir()
    with pytest.raises(CommandError, match="--language: the file's text is in 'en'"):
        call_command("import_tei", str(path), "--game", "gothic", "--language", "it")
    assert Transcription.objects.filter(rulebook__game__slug="gothic").count() == 1


def test_export_tei_validate_checks_every_document_before_writing(archive, tmp_path):
    output = run("export_tei", "--validate", "--out", str(tmp_path))
    assert len(list(tmp_path.iterdir())) == Transcription.objects.count()
    assert "valid against tei_all.rng" in output


def test_export_tei_validate_writes_nothing_when_a_document_is_invalid(
    archive, tmp_path, monkeypatch
):
    from archive.management.commands import export_tei

    real = export_tei.transcription_tei

    def with_a_stray_element(*, transcription, request_base_url):
        xml = real(transcription=transcription, request_base_url=request_base_url)
        if transcription.rulebook.game.slug == "dagon":
            xml = xml.replace(b"<body>", b"<body><stray/>", 1)
        return xml

    monkeypatch.setattr(export_tei, "transcription_tei", with_a_stray_element)
    with pytest.raises(CommandError, match=r"dagon\.\d+\.en\.v1\.tei\.xml: line \d+: .*stray"):
        run("export_tei", "--validate", "--out", str(tmp_path))
    assert list(tmp_path.iterdir()) == []
