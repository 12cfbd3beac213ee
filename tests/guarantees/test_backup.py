"""Backup and restore: ``export_archive`` writes everything to one directory; ``import_archive``
gives history back exactly on an empty database (ids, times, who recorded what, idempotency
keys, runs and their fingerprints, checkpoints, accounts and their groups), checks every file
before it writes anything, and leaves nothing behind when it fails."""

from __future__ import annotations

import hashlib
import io
import json
import shutil
from pathlib import Path

import pytest
from django.contrib.auth.models import Group, User
from django.core.files.storage import default_storage
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command
from django.db import connection

import games
from archive.models import Rulebook, Scan, Transcription
from archive.regions import Box, tie_region
from archive.review import publish, submit_for_review
from archive.rules_guards import install_rules_guards, remove_rules_guards
from archive.scan_uploads import add_scan
from archive.services import import_transcription, load_archive, load_data_games
from replay.log.append import append_events
from replay.log.db_guards import install_event_guards, remove_event_guards
from replay.log.interchange import import_match
from replay.log.matches import match_create
from replay.models import Event, Match, ReplayFlag, ReplayRun, ReplaySnapshot, ReplayStep
from replay.runs.replaying import replay_match
from studies.models import Study, StudyPart
from studies.services import study_sweep
from tests.factories import GameFactory, UserFactory, make_curator
from trust.audit import verify_log
from trust.backup import app_models
from trust.checkpoints import KEY_ENV
from trust.models import Checkpoint, CheckpointLeaf


def png_bytes(colour=(120, 90, 60)) -> bytes:
    from PIL import Image

    out = io.BytesIO()
    Image.new("RGB", (40, 50), colour).save(out, format="PNG")
    return out.getvalue()


def build_archive() -> None:
    """The seed archive plus what a year of use adds: a scan, a second transcription version
    and a third with a region drawn on the scan, reviewed and published, a public and a private
    match, runs under two readings, a run of an older log head,
    events recorded by another curator with an idempotency key, a match made with one, a
    match of a game with no engine and its run, a sweep study, a game whose rules are a
    published document, and a signed checkpoint."""
    load_archive()
    load_data_games()
    curator = make_curator("curator")
    second = make_curator("second-curator")
    UserFactory(username="reader", first_name="Rita", email="rita@example.org")
    rulebook = Rulebook.objects.get(game__slug="dagon")
    scan = add_scan(rulebook=rulebook, page_number=1,
                    upload=SimpleUploadedFile("p1.png", png_bytes()), uploaded_by=curator)
    latest = Transcription.objects.filter(rulebook=rulebook).order_by("-version").first()
    second_version = import_transcription(
        rulebook=rulebook, text=latest.text + "\nA later note.\n", language=latest.language,
        transcriber="Ana", created_by=curator).transcription
    note = second_version.annotations.filter(kind="editorial").first()
    drawn = tie_region(version=second_version, note=note, box=Box(scan.pk, 1, 2, 10, 10),
                       user=curator).transcription
    submit_for_review(version=drawn, user=curator)
    publish(version=drawn, user=second)
    for seed, private in ((3, False), (4, True)):
        document = games.get("dagon").simulate(seed=seed, max_events=60)
        document["title"] = f"Match {seed}"
        match = import_match(raw=document, created_by=curator, is_private=private)
        replay_match(match=match)
        point = games.get("dagon").points[0]
        replay_match(match=match, reading={point.id: point.option_ids[-1]}, requested_by=second)
    match = Match.objects.get(title="Match 3")
    append_events(match=match, events=[{"type": "annotation", "actor": None,
                                        "data": {"text": "checked", "step": 2}}],
                  expected_seq=match.last_seq, recorded_by=second, idempotency_key="note-1")
    match_create(game=match.game, title="Made with a key", players=match.players,
                 created_by=second, idempotency_key="create-1")
    from replay.variations.lines import variation_create

    point = games.get("dagon").points[0]
    variation_create(parent=match, from_seq=5, title="What if", created_by=curator,
                     reading={point.id: point.option_ids[-1]})
    study = study_sweep(match=match, requested_by=second)
    assert study.status == Study.DONE and study.parts.exists()
    log_game = GameFactory(slug="log-only", title="Log only", min_players=2, max_players=4)
    logged = match_create(game=log_game, title="Annotated", players=PLAYERS,
                          created_by=curator).match
    append_events(match=logged, expected_seq=0, events=[
        {"type": "move", "actor": "p1", "data": {"text": "opens", "fields": {"to": "A1"}}},
        {"type": "move", "actor": "p2", "data": {"text": "answers"}}])
    assert replay_match(match=logged).status == ReplayRun.DONE
    call_command("checkpoint", stdout=io.StringIO(), stderr=io.StringIO())


PLAYERS = [{"id": "p1", "name": "Ana"}, {"id": "p2", "name": "Luis"}]


def wipe_database() -> None:
    remove_event_guards(connection)
    remove_rules_guards(connection)
    call_command("flush", interactive=False, verbosity=0)
    install_event_guards(connection)
    install_rules_guards(connection)


def every_row(*, passwords: bool) -> dict:
    """Every row of every table a restore gives back, field by field. Steps, flags and
    snapshots are rebuilt by replaying, so their own row ids are left out."""
    derived = {ReplayStep, ReplayFlag, ReplaySnapshot}
    tables = [Group, *app_models("archive"), Match, Event, ReplayRun, ReplayStep, ReplayFlag,
              ReplaySnapshot, Checkpoint, CheckpointLeaf, Study, StudyPart]
    rows = {}
    for model in tables:
        names = [f.attname for f in model._meta.concrete_fields
                 if not (model in derived and f.attname == "id")]
        order = [n for n in ("run_id", "seq", "index", "id") if n in names] or ["pk"]
        rows[model._meta.label] = list(model.objects.order_by(*order).values(*names))
    user_names = [f.attname for f in User._meta.concrete_fields
                  if passwords or f.attname != "password"]
    rows["users"] = [
        {**values, "groups": sorted(User.objects.get(pk=values["id"]).groups
                                    .values_list("name", flat=True))}
        for values in User.objects.order_by("pk").values(*user_names)
    ]
    return rows


@pytest.fixture
def checkpoint_key(tmp_path, monkeypatch):
    monkeypatch.setenv(KEY_ENV, str(tmp_path / "checkpoint.key"))
    call_command("checkpoint", "--new-key", stdout=io.StringIO(), stderr=io.StringIO())


@pytest.mark.parametrize("with_hashes", [False, True])
@pytest.mark.django_db(transaction=True)
def test_a_restore_gives_back_every_row_exactly(settings, tmp_path, checkpoint_key,
                                                with_hashes):
    """Tries: a full archive exported (with and without password hashes), the database
    emptied and the media directory replaced (a new machine), the export imported. Proves:
    every row of every table is the same, field by field: ids (so every permalink works),
    creation and recording times, who recorded each event, idempotency keys, runs with their
    fingerprints, times and statuses (their steps rebuilt identically), checkpoints, accounts
    with their groups; password hashes only when asked for, else no password works."""
    settings.MEDIA_ROOT = tmp_path / "media-before"
    build_archive()
    before = every_row(passwords=with_hashes)
    scan_bytes = Scan.objects.get().file.read()
    dump = tmp_path / "dump"
    options = ["--with-password-hashes"] if with_hashes else []
    call_command("export_archive", str(dump), *options, stdout=io.StringIO())

    wipe_database()
    settings.MEDIA_ROOT = tmp_path / "media-after"
    out = io.StringIO()
    call_command("import_archive", str(dump), stdout=out)
    assert "reproduced with identical step checksums: 5" in out.getvalue()
    assert every_row(passwords=with_hashes) == before
    variation = Match.objects.get(title="What if")
    assert variation.parent == Match.objects.get(title="Match 3")
    assert variation.reading and variation.branch_of["seq"] == 5
    assert Scan.objects.get().file.read() == scan_bytes
    # the deep-zoom tiles, derived from the scan and left out of the backup, are made again
    assert Scan.objects.get().tiles and default_storage.exists(
        f"{Scan.objects.get().tiles}/info.json")
    for match in Match.objects.all():
        assert verify_log(match=match) is None
    curator = User.objects.get(username="curator")
    assert curator.has_usable_password() is with_hashes
    if with_hashes:
        assert curator.check_password("a-long-test-password")
    call_command("verify_log", "--all", "--checkpoint", str(_latest_note(tmp_path)),
                 stdout=io.StringIO())
    again = tmp_path / "again"
    call_command("export_archive", str(again), *options, stdout=io.StringIO())
    first, second = (json.loads((d / "manifest.json").read_text()) for d in (dump, again))
    assert first["files"] == second["files"]


def _latest_note(tmp_path: Path) -> Path:
    path = tmp_path / "latest.note"
    path.write_text(Checkpoint.objects.order_by("-tree_size").first().note)
    return path


@pytest.mark.django_db(transaction=True)
def test_import_refuses_a_database_that_is_not_empty(settings, tmp_path):
    """Tries: importing an export back into the database it came from. Proves: the command
    refuses with a message naming what the database holds, and writes nothing."""
    settings.MEDIA_ROOT = tmp_path / "media"
    load_archive()
    call_command("export_archive", str(tmp_path / "dump"), stdout=io.StringIO())
    count = Transcription.objects.count()
    with pytest.raises(CommandError, match=r"not empty .*restores only into an empty database"):
        call_command("import_archive", str(tmp_path / "dump"))
    assert Transcription.objects.count() == count


def _small_backup(settings, tmp_path) -> Path:
    settings.MEDIA_ROOT = tmp_path / "media"
    load_archive()
    curator = make_curator("curator")
    add_scan(rulebook=Rulebook.objects.get(game__slug="dagon"), page_number=1,
             upload=SimpleUploadedFile("p1.png", png_bytes()), uploaded_by=curator)
    match = import_match(raw=games.get("dagon").simulate(seed=3, max_events=10))
    replay_match(match=match)
    dump = tmp_path / "dump"
    call_command("export_archive", str(dump), stdout=io.StringIO())
    wipe_database()
    shutil.rmtree(tmp_path / "media")
    settings.MEDIA_ROOT = tmp_path / "media-new"
    return dump


def _rewrite_manifest(dump: Path) -> None:
    """What a forger does after editing a backup: recompute every checksum."""
    manifest = json.loads((dump / "manifest.json").read_text())
    manifest["files"] = {
        str(p.relative_to(dump)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(dump.rglob("*")) if p.is_file() and p.name != "manifest.json"
    }
    (dump / "manifest.json").write_text(json.dumps(manifest))


def _edit_json(path: Path, change) -> None:
    value = json.loads(path.read_text())
    change(value)
    path.write_text(json.dumps(value))


def _nothing_restored(tmp_path: Path) -> None:
    assert not Match.objects.exists() and not Event.objects.exists()
    assert not Scan.objects.exists() and not Transcription.objects.exists()
    media = tmp_path / "media-new"
    assert not media.exists() or not any(p.is_file() for p in media.rglob("*")), \
        "a refused restore left files behind"


@pytest.mark.django_db(transaction=True)
def test_a_tampered_export_is_refused(settings, tmp_path):
    """Tries: an export whose match document was edited after export. Proves: the restore
    stops at the manifest's checksum, naming the file, before writing anything."""
    dump = _small_backup(settings, tmp_path)
    path = next((dump / "matches").glob("*[0-9].json"))
    original = path.read_bytes()
    path.write_bytes(original.replace(b'"type": ', b'"type":  ', 1))
    assert path.read_bytes() != original, "the export was not tampered with"
    with pytest.raises(CommandError, match="does not match its checksum"):
        call_command("import_archive", str(dump))
    _nothing_restored(tmp_path)


@pytest.mark.parametrize("name", ["../../../../etc/hostname", "/etc/hostname",
                                  "scans/../../../outside.png"])
@pytest.mark.django_db(transaction=True)
def test_a_path_leaving_the_backup_is_refused(settings, tmp_path, name):
    """Tries: a crafted backup whose scan row names a path out of the backup folder (and
    the media directory), with a recomputed manifest listing it. Proves: refused naming the
    path; no server file becomes a scan; nothing is written."""
    dump = _small_backup(settings, tmp_path)
    _edit_json(dump / "archive.json",
               lambda tables: tables["archive.scan"][0].update(file=name))
    manifest = json.loads((dump / "manifest.json").read_text())
    manifest["files"][f"files/{name}"] = "0" * 64
    (dump / "manifest.json").write_text(json.dumps(manifest))
    _rewrite_manifest_keeping(dump, f"files/{name}")
    with pytest.raises(CommandError, match=f"{name[-12:]}.*(leaves the backup|leaves the media|missing)"):
        call_command("import_archive", str(dump))
    _nothing_restored(tmp_path)


@pytest.mark.django_db(transaction=True)
def test_a_link_in_the_media_folder_does_not_lead_the_restore_out(settings, tmp_path):
    """Tries: on the new machine, the media folder's scans/ is a link to a folder outside it.
    Proves: the restore refuses the scan's name as leaving the media directory, and writes
    nothing outside."""
    dump = _small_backup(settings, tmp_path)
    outside = tmp_path / "outside"
    outside.mkdir()
    settings.MEDIA_ROOT.mkdir(parents=True)
    (settings.MEDIA_ROOT / "scans").symlink_to(outside, target_is_directory=True)
    with pytest.raises(CommandError, match="leaves the media directory"):
        call_command("import_archive", str(dump))
    assert not any(outside.iterdir())
    assert not Scan.objects.exists()


def _rewrite_manifest_keeping(dump: Path, extra: str) -> None:
    _rewrite_manifest(dump)
    manifest = json.loads((dump / "manifest.json").read_text())
    manifest["files"][extra] = "0" * 64
    (dump / "manifest.json").write_text(json.dumps(manifest))


@pytest.mark.django_db(transaction=True)
def test_scan_bytes_are_checked_against_their_sha256(settings, tmp_path):
    """Tries: a scan's file replaced by other bytes and the manifest recomputed. Proves: the
    restore compares the bytes with the sha256 the scan's row records and refuses."""
    dump = _small_backup(settings, tmp_path)
    scan = next(p for p in (dump / "files" / "scans").rglob("*.png") if "thumbs" not in p.parts)
    scan.write_bytes(png_bytes((1, 2, 3)))
    _rewrite_manifest(dump)
    with pytest.raises(CommandError, match="do not hash to the sha256"):
        call_command("import_archive", str(dump))
    _nothing_restored(tmp_path)


@pytest.mark.django_db(transaction=True)
def test_a_restore_failing_late_leaves_nothing_behind(settings, tmp_path):
    """Tries: a backup whose run no longer reproduces (its step digest edited, the manifest
    recomputed), so the restore fails after the rows and scan files are written. Proves:
    the database is empty again and no file is left in the media directory."""
    dump = _small_backup(settings, tmp_path)
    _edit_json(dump / "runs.json", lambda runs: runs[0].update(step_digest="0" * 64))
    _rewrite_manifest(dump)
    with pytest.raises(CommandError, match="does not reproduce"):
        call_command("import_archive", str(dump))
    _nothing_restored(tmp_path)
    assert not User.objects.exists()


@pytest.mark.django_db(transaction=True)
def test_a_row_naming_an_unknown_user_is_refused(settings, tmp_path):
    dump = _small_backup(settings, tmp_path)
    _edit_json(dump / "archive.json",
               lambda tables: tables["archive.scan"][0].update(uploaded_by="nobody"))
    _rewrite_manifest(dump)
    with pytest.raises(CommandError, match=r"'nobody', who is not in users.json"):
        call_command("import_archive", str(dump))
    _nothing_restored(tmp_path)


@pytest.mark.django_db(transaction=True)
def test_a_failed_export_leaves_no_half_written_folder(settings, tmp_path):
    """Tries: an export that fails part-way (a log changed behind the guards). Proves: the
    command names the match and seq, and no directory is left where the backup would be."""
    settings.MEDIA_ROOT = tmp_path / "media"
    load_archive()
    match = import_match(raw=games.get("dagon").simulate(seed=3, max_events=10))
    from tests.guarantees.tampering import tamper

    tamper(match, 4, {"value": 9})
    with pytest.raises(CommandError, match=f"match {match.pk}: .*seq 4"):
        call_command("export_archive", str(tmp_path / "dump"), stdout=io.StringIO())
    assert not (tmp_path / "dump").exists()
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".dump")] == []


@pytest.mark.django_db(transaction=True)
def test_a_recomputed_chain_its_runs_contradict_is_not_exported(settings, tmp_path):
    """Tries: an event changed and every later hash recomputed, so the chain verifies on its
    own, after a run replayed the original. Proves: export_archive refuses it naming the match
    and the run's seq, instead of writing a backup whose restore could not reproduce the run."""
    settings.MEDIA_ROOT = tmp_path / "media"
    load_archive()
    match = import_match(raw=games.get("dagon").simulate(seed=3, max_events=10))
    run = replay_match(match=match)
    from tests.guarantees.tampering import tamper

    tamper(match, 4, {"value": 9}, recompute=True)
    with pytest.raises(CommandError, match=f"match {match.pk}: .*seq {run.log_seq}: run {run.pk}"):
        call_command("export_archive", str(tmp_path / "dump"), stdout=io.StringIO())
    assert not (tmp_path / "dump").exists()


@pytest.mark.django_db(transaction=True)
def test_every_table_is_in_the_backup_or_says_why_not(settings, tmp_path, checkpoint_key):
    """Tries: every model of the project (django.apps), against a backup of an archive that
    has rows in each of them. Proves: each table is either in the backup, with all its rows
    counted, or in trust.backup.not_in_backup() with the reason; a model added later fails
    here until it is one or the other."""
    from django.apps import apps

    from trust.backup import not_in_backup

    settings.MEDIA_ROOT = tmp_path / "media"
    build_archive()
    call_command("export_archive", str(tmp_path / "dump"), stdout=io.StringIO())
    counts = json.loads((tmp_path / "dump" / "manifest.json").read_text())["counts"]
    tables = {model._meta.label_lower: model for model in apps.get_models()
              if not model._meta.proxy}
    missing = sorted(set(tables) - set(counts) - set(not_in_backup()))
    assert not missing, f"neither backed up nor said why not: {missing}"
    assert set(not_in_backup()) <= set(tables) and all(not_in_backup().values())
    for name in set(tables) & set(counts):
        assert counts[name] == tables[name].objects.count() > 0, name


@pytest.mark.django_db(transaction=True)
def test_a_manifest_linked_out_of_the_backup_is_refused(settings, tmp_path):
    """Tries: a backup whose manifest.json is a symbolic link to a file elsewhere. Proves:
    refused as leaving the backup directory; nothing restored."""
    dump = _small_backup(settings, tmp_path)
    outside = tmp_path / "elsewhere.json"
    outside.write_bytes((dump / "manifest.json").read_bytes())
    (dump / "manifest.json").unlink()
    (dump / "manifest.json").symlink_to(outside)
    with pytest.raises(CommandError, match=r"manifest.json.* leaves the backup directory"):
        call_command("import_archive", str(dump))
    _nothing_restored(tmp_path)


@pytest.mark.parametrize(("file", "table"), [
    ("archive.json", "archive.passage"), ("studies.json", "studies.study"),
    ("runs.json", "replay.replayrun"),
])
@pytest.mark.django_db(transaction=True)
def test_a_backup_naming_an_id_twice_is_refused_naming_it(settings, tmp_path, file, table):
    """Tries: a backup (its manifest recomputed) in which one table holds two rows with the
    same id. Proves: refused before anything is written, naming the table and the id; no
    traceback."""
    settings.MEDIA_ROOT = tmp_path / "media"
    load_archive()
    match = import_match(raw=games.get("dagon").simulate(seed=3, max_events=10))
    replay_match(match=match)
    replay_match(match=match, reading={games.get("dagon").points[0].id:
                                       games.get("dagon").points[0].option_ids[-1]})
    study_sweep(match=match)
    study_sweep(match=match, points=[games.get("dagon").points[0].id])
    dump = tmp_path / "dump"
    call_command("export_archive", str(dump), stdout=io.StringIO())
    wipe_database()
    settings.MEDIA_ROOT = tmp_path / "media-new"

    def twice(value):
        rows = value[table] if isinstance(value, dict) else value
        rows[1]["id"] = rows[0]["id"]

    _edit_json(dump / file, twice)
    _rewrite_manifest(dump)
    with pytest.raises(CommandError, match=f"{table}: the id \\d+ is there twice"):
        call_command("import_archive", str(dump))
    _nothing_restored(tmp_path)


def _checkpointed_backup(settings, tmp_path) -> Path:
    """A backup of a match with a signed checkpoint over its head, a sweep study of it and a
    superuser, the database then wiped."""
    settings.MEDIA_ROOT = tmp_path / "media"
    load_archive()
    User.objects.create_superuser("root-admin", password="x")
    UserFactory(username="helper", is_staff=True)
    match = import_match(raw=games.get("dagon").simulate(seed=3, max_events=30))
    assert study_sweep(match=match).status == Study.DONE
    call_command("checkpoint", stdout=io.StringIO(), stderr=io.StringIO())
    dump = tmp_path / "dump"
    call_command("export_archive", str(dump), stdout=io.StringIO())
    wipe_database()
    settings.MEDIA_ROOT = tmp_path / "media-new"
    return dump


def _rewrite_and_rechain(dump: Path) -> int:
    """What a forger does to history: change an event of a match, recompute every hash after
    it (the document's chain head and the row's head too) and every checksum."""
    from trust.chain import chain_head

    [entry] = json.loads((dump / "matches.json").read_text())
    document_path = dump / entry["file"]
    document = json.loads(document_path.read_text())
    document["events"][len(document["events"]) // 2]["data"]["forged"] = True
    head = chain_head({"seq": i, **e} if "seq" not in e else e
                      for i, e in enumerate(document["events"], 1))
    document["chain"]["head"] = head
    document_path.write_text(json.dumps(document))
    _edit_json(dump / "matches.json", lambda rows: rows[0].update(head_hash=head))
    _rewrite_manifest(dump)
    return entry["id"]


@pytest.mark.django_db(transaction=True)
def test_a_rechained_match_its_checkpoint_contradicts_is_refused(settings, tmp_path,
                                                                 checkpoint_key):
    """Tries: a backup whose match was rewritten and rechained, consistently with itself, but
    whose restored checkpoint's leaf records the old head. Proves: the restore refuses,
    naming the match, and nothing stays."""
    dump = _checkpointed_backup(settings, tmp_path)
    match_id = _rewrite_and_rechain(dump)
    with pytest.raises(CommandError, match=rf"contradict the restored checkpoints: match "
                                           rf"{match_id}: its log does not pass through"):
        call_command("import_archive", str(dump), stdout=io.StringIO())
    _nothing_restored(tmp_path)
    assert not Checkpoint.objects.exists() and not Study.objects.exists()


@pytest.mark.django_db(transaction=True)
def test_an_edited_study_result_is_refused(settings, tmp_path, checkpoint_key):
    """Tries: a backup whose study result was edited (its checksums recomputed). Proves: the
    study is computed again before the restore commits, and the restore refuses naming it."""
    dump = _checkpointed_backup(settings, tmp_path)

    def edit(value):
        [study] = value["studies.study"]
        study["result"]["influence"]["default_outcome"] = {"winner": "forged"}

    _edit_json(dump / "studies.json", edit)
    _rewrite_manifest(dump)
    with pytest.raises(CommandError, match=r"study \d+: its stored result is not what its "
                                           r"parts give; the backup was changed"):
        call_command("import_archive", str(dump), stdout=io.StringIO())
    _nothing_restored(tmp_path)


@pytest.mark.django_db(transaction=True)
def test_a_clean_restore_reports_checkpoints_studies_and_rights(settings, tmp_path,
                                                                checkpoint_key):
    dump = _checkpointed_backup(settings, tmp_path)
    said = io.StringIO()
    call_command("import_archive", str(dump), stdout=said)
    report = said.getvalue()
    assert "checkpoints every restored log agrees with: 1" in report
    assert "studies computed again with identical results: 1" in report
    assert "accounts restored with staff or superuser rights: root-admin (superuser and " \
           "staff), helper (staff)" in report
