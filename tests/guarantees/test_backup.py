"""Backup and restore (issue 8): ``export_archive`` writes everything to one directory;
``import_archive`` restores it on an empty database, every chain verifying and every replay
reproducing its step checksums. Accounts are not part of a backup: rows name their users by
username, and a restore links them to accounts of that name when they exist."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command
from django.db import connection

import games
from archive.models import Rulebook, Scan, Transcription
from archive.services import add_scan, import_transcription, load_archive
from replay.db_guards import install_event_guards, remove_event_guards
from replay.interchange import import_match
from replay.models import Match, ReplayRun, ReplayStep
from replay.runs import replay_match
from replay.selectors import verify_log
from replay.services import append_events
from tests.factories import make_curator


def png_bytes(colour=(120, 90, 60)) -> bytes:
    from PIL import Image

    out = io.BytesIO()
    Image.new("RGB", (40, 50), colour).save(out, format="PNG")
    return out.getvalue()


def build_archive() -> None:
    """The seed archive plus what a year of use adds: a scan, a second transcription version,
    a public and a private match, runs under two readings, and a run of an older log head."""
    load_archive()
    curator = make_curator("curator")
    rulebook = Rulebook.objects.get(game__slug="dagon")
    add_scan(rulebook=rulebook, page_number=1, upload=SimpleUploadedFile("p1.png", png_bytes()),
             uploaded_by=curator)
    latest = Transcription.objects.filter(rulebook=rulebook).order_by("-version").first()
    import_transcription(rulebook=rulebook, text=latest.text + "\nA later note.\n",
                         language=latest.language, transcriber="Ana", created_by=curator)
    for seed, private in ((3, False), (4, True)):
        document = games.get("dagon").simulate(seed=seed, max_events=60)
        document["title"] = f"Match {seed}"
        match = import_match(raw=document, created_by=curator, is_private=private)
        replay_match(match=match)
        point = games.get("dagon").points[0]
        replay_match(match=match, choices={point.id: point.option_ids[-1]})
    match = Match.objects.get(title="Match 3")
    append_events(match=match, events=[{"type": "annotation", "actor": None,
                                        "data": {"text": "checked", "step": 2}}],
                  expected_seq=match.last_seq)
    from replay.variations import variation_create

    point = games.get("dagon").points[0]
    variation_create(parent=match, from_seq=5, title="What if", created_by=curator,
                     reading={point.id: point.option_ids[-1]})


def comparable(directory: Path) -> dict:
    """An export without what legitimately differs between databases: match ids."""
    matches = json.loads((directory / "matches.json").read_text())
    ids = {entry["id"]: index for index, entry in enumerate(matches)}
    documents = [(directory / entry["file"]).read_bytes() for entry in matches]
    for entry in matches:
        entry.pop("id"), entry.pop("file")
    runs = json.loads((directory / "runs.json").read_text())
    for run in runs:
        run["match"] = ids[run["match"]]
    files = sorted(str(p.relative_to(directory / "files"))
                   for p in (directory / "files").rglob("*") if p.is_file())
    return {
        "archive": json.loads((directory / "archive.json").read_text()),
        "matches": matches, "documents": documents, "runs": runs, "files": files,
        "file_bytes": [(directory / "files" / f).read_bytes() for f in files],
    }


def wipe_database() -> None:
    remove_event_guards(connection)
    call_command("flush", interactive=False, verbosity=0)
    install_event_guards(connection)


@pytest.mark.django_db(transaction=True)
def test_export_wipe_import_export_gives_the_same_archive(settings, tmp_path):
    """Tries: a full archive exported, the database emptied (and the media directory
    replaced, as on a new machine), the export imported, and exported again. Proves: the two
    exports are the same (every row of the archive with its primary key, every transcription
    version, the scans' bytes, each match document byte for byte, privacy and owners), every
    restored chain verifies, and every run re-ran to the same step checksums."""
    settings.MEDIA_ROOT = tmp_path / "media-before"
    build_archive()
    before_steps = {
        (run.match.title, json.dumps(run.interpretation, sort_keys=True)):
            list(ReplayStep.objects.filter(run=run).order_by("seq").values_list("checksum", flat=True))
        for run in ReplayRun.objects.select_related("match")
    }
    first = tmp_path / "first"
    call_command("export_archive", str(first), stdout=io.StringIO())
    manifest = json.loads((first / "manifest.json").read_text())
    assert manifest["counts"]["archive.transcription"] == Transcription.objects.count()
    assert manifest["counts"]["replay.replayrun"] == 4

    wipe_database()
    settings.MEDIA_ROOT = tmp_path / "media-after"
    make_curator("curator")  # accounts are restored separately
    out = io.StringIO()
    call_command("import_archive", str(first), stdout=out)
    assert "reproduced with identical step checksums: 4" in out.getvalue()
    for match in Match.objects.all():
        assert verify_log(match=match) is None
    after_steps = {
        (run.match.title, json.dumps(run.interpretation, sort_keys=True)):
            list(ReplayStep.objects.filter(run=run).order_by("seq").values_list("checksum", flat=True))
        for run in ReplayRun.objects.select_related("match")
    }
    assert after_steps == before_steps
    assert Match.objects.get(title="Match 4").is_private
    variation = Match.objects.get(title="What if")
    assert variation.parent == Match.objects.get(title="Match 3")
    assert variation.reading and variation.branch_of["seq"] == 5
    assert Scan.objects.get().file.read() == png_bytes()

    second = tmp_path / "second"
    call_command("export_archive", str(second), stdout=io.StringIO())
    assert comparable(second) == comparable(first)


@pytest.mark.django_db(transaction=True)
def test_import_refuses_a_database_that_is_not_empty(settings, tmp_path):
    """Tries: importing an export back into the database it came from. Proves: the command
    refuses with a message naming what the database holds, and writes nothing."""
    settings.MEDIA_ROOT = tmp_path / "media"
    load_archive()
    call_command("export_archive", str(tmp_path / "dump"), stdout=io.StringIO())
    count = Transcription.objects.count()
    with pytest.raises(CommandError, match="not empty .*restores only into an empty database"):
        call_command("import_archive", str(tmp_path / "dump"))
    assert Transcription.objects.count() == count


@pytest.mark.django_db(transaction=True)
def test_a_tampered_export_is_refused(settings, tmp_path):
    """Tries: an export whose match document was edited after export. Proves: the restore
    stops at the manifest's checksum, naming the file, before writing anything."""
    settings.MEDIA_ROOT = tmp_path / "media"
    load_archive()
    document = games.get("dagon").simulate(seed=3, max_events=10)
    import_match(raw=document)
    call_command("export_archive", str(tmp_path / "dump"), stdout=io.StringIO())
    path = next((tmp_path / "dump" / "matches").glob("*.json"))
    original = path.read_bytes()
    path.write_bytes(original.replace(b'"type": "move"', b'"type":  "move"', 1))
    assert path.read_bytes() != original, "the export was not tampered with"
    wipe_database()
    with pytest.raises(CommandError, match="does not match its checksum"):
        call_command("import_archive", str(tmp_path / "dump"))
    assert not Match.objects.exists()
