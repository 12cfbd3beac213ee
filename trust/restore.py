"""Restore an ``export_archive`` directory (``trust.backup``) into an empty database, giving
back history exactly: ids, times, who recorded each event, idempotency keys, runs with their
fingerprints, checkpoints, users and their groups (password hashes when the backup has them).

Nothing is written until everything has been checked: every file's path stays inside the
backup directory and its bytes match the manifest's sha256, every scan's bytes match the
sha256 its row records, every JSON file passes the input boundary, every match document's
events hash to its recorded head. The rows are then written in one transaction; scan files
are written beside it, through the media storage, and removed again if the restore fails, so
a failed restore leaves the database and the media storage as they were.
"""

from __future__ import annotations

import datetime as dt
import hashlib
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.core.exceptions import SuspiciousOperation
from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.core.management.color import no_style
from django.db import IntegrityError, connection, models, transaction
from django.utils.dateparse import parse_datetime

from archive.models import Game, Transcription
from archive.signals import game_stored, transcription_stored
from boundary import InputError, parse_json
from replay.bulk import insert_rows, to_json
from replay.errors import LogError
from replay.interchange import parse_document, read_document
from replay.models import Checkpoint, CheckpointLeaf, Event, Match, ReplayRun
from replay.runs import engine_for, execute_run, run_fingerprint
from replay.selectors import verify_log
from replay.services import EVENT_COLUMNS, NOTE_TYPES
from replay.signals import notes_appended
from trust.backup import (
    FORMAT,
    MATCH_FIELDS,
    RUN_FIELDS,
    USER_FIELDS,
    BackupError,
    app_models,
    archive_models,
    label,
    sha256_of,
    step_digest,
    user_fields,
)
from trust.chain import GENESIS_HASH, event_hash, event_record

MAX_BACKUP_TEXT = 50_000_000  # a transcription's text travels inside archive.json


@dataclass
class RestoreReport:
    counts: dict = field(default_factory=dict)
    runs_reproduced: int = 0
    runs_skipped: list = field(default_factory=list)  # engine version changed since export

    def lines(self) -> list[str]:
        lines = [f"{name}: {count}" for name, count in self.counts.items()]
        lines.append(f"replay runs reproduced with identical step checksums: "
                     f"{self.runs_reproduced}")
        lines += [f"not compared: {reason}" for reason in self.runs_skipped]
        return lines


def database_contents() -> dict[str, int]:
    """What the database holds that a restore would collide with (accounts do not count:
    a restore reuses an account that already has a backed-up username)."""
    tables = [*archive_models(), Match, Event, ReplayRun, Checkpoint, CheckpointLeaf,
              *app_models("studies")]
    return {label(m): m.objects.count() for m in tables if m.objects.exists()}


# -- reading the backup, checking everything ----------------------------------------------


def _inside(directory: Path, name: str, what: str) -> Path:
    """``name`` as a file inside ``directory``: relative, no ``..``, no way out by symlink."""
    if not isinstance(name, str) or not name or "\\" in name or "\x00" in name:
        raise BackupError(f"{what}: {name!r} is not a relative path")
    pure = PurePosixPath(name)
    if pure.is_absolute() or ".." in pure.parts:
        raise BackupError(f"{what}: {name!r} leaves the backup directory")
    path = directory / pure
    try:
        resolved = path.resolve(strict=True)
    except (OSError, RuntimeError):
        raise BackupError(f"{what}: {name} is listed but missing") from None
    if not resolved.is_relative_to(directory.resolve()) or not resolved.is_file():
        raise BackupError(f"{what}: {name!r} leaves the backup directory")
    return path


@dataclass
class Backup:
    directory: Path
    manifest: dict
    checked: dict[str, bytes] = field(default_factory=dict)

    def read(self, name: str) -> bytes:
        """A file's bytes, only if the manifest lists it and they match its sha256."""
        if name not in self.checked:
            raise BackupError(f"{name} is not listed in the manifest")
        return self.checked[name]

    def json(self, name: str):
        try:
            return parse_json(self.read(name), max_text=MAX_BACKUP_TEXT)
        except InputError as error:
            raise BackupError(f"{name}: {error}") from None


def read_backup(directory: Path) -> Backup:
    """The manifest, and every file it lists checked against its sha256 (read once)."""
    directory = Path(directory)
    path = directory / "manifest.json"
    if not path.is_file() and not path.is_symlink():
        raise BackupError(f"{path} is missing: is {directory} an export_archive directory?")
    try:
        manifest = parse_json(_inside(directory, "manifest.json", "backup").read_bytes())
    except (OSError, InputError) as error:
        raise BackupError(f"{path} is not a manifest: {error}") from None
    if not isinstance(manifest, dict) or manifest.get("format") != FORMAT:
        found = manifest.get("format") if isinstance(manifest, dict) else None
        raise BackupError(f"{path}: format must be {FORMAT!r}, not {found!r} (a backup made "
                          "by an earlier version is restored by that version)")
    listed = manifest.get("files")
    if not isinstance(listed, dict):
        raise BackupError(f"{path}: no list of files")
    backup = Backup(directory, manifest)
    for name, expected in sorted(listed.items()):
        file = _inside(directory, name, "manifest")
        if sha256_of(file) != expected:
            raise BackupError(f"{name} does not match its checksum in the manifest")
        backup.checked[name] = file.read_bytes()
    return backup


def _media_name(name: str) -> str:
    """A stored file's name, refused when it would leave the media storage."""
    pure = PurePosixPath(name)
    if not name or pure.is_absolute() or ".." in pure.parts or "\\" in name:
        raise BackupError(f"the stored file name {name!r} leaves the media directory")
    try:
        local = Path(default_storage.path(name))
    except NotImplementedError:  # an object store: a key has no folder to leave
        return str(pure)
    except SuspiciousOperation:
        raise BackupError(f"the stored file name {name!r} leaves the media directory") from None
    # The local folder: a link inside it must not lead the restore out of it.
    if not local.resolve().is_relative_to(Path(default_storage.location).resolve()):
        raise BackupError(f"the stored file name {name!r} leaves the media directory")
    return str(pure)


def _planned_files(backup: Backup, tables: dict) -> dict[str, bytes]:
    """Every file the archive rows name: inside the backup, listed, and for a scan, bytes
    that hash to the sha256 its row records."""
    planned = {}
    for model in archive_models():
        for row in tables.get(label(model), []):
            for f in model._meta.concrete_fields:
                if not isinstance(f, models.FileField) or not row.get(f.attname):
                    continue
                name = row[f.attname]
                data = backup.read(f"files/{name}") if isinstance(name, str) else None
                if data is None:
                    raise BackupError(f"{label(model)} {row.get('id')}: no file {name!r}")
                if (f.attname == "file" and "sha256" in row
                        and hashlib.sha256(data).hexdigest() != row["sha256"]):
                    raise BackupError(f"files/{name}: its bytes do not hash to the sha256 "
                                      f"its {label(model)} row records")
                planned[_media_name(name)] = data
    return planned


# -- restoring ------------------------------------------------------------------------------


def import_archive(*, directory: Path) -> RestoreReport:
    """Restore an ``export_archive`` directory into an empty database, all or nothing."""
    held = database_contents()
    if held:
        what = ", ".join(f"{count} {name}" for name, count in held.items())
        raise BackupError(
            f"the database is not empty ({what}): import_archive restores only into an empty "
            "database (migrate a new one, then import)"
        )
    backup = read_backup(Path(directory))
    tables = backup.json("archive.json")
    accounts = backup.json("users.json")
    matches = backup.json("matches.json")
    runs = backup.json("runs.json")
    checkpoints = backup.json("checkpoints.json")
    # A backup made before studies were backed up has none.
    studies = backup.json("studies.json") if "studies.json" in backup.checked else {}
    _check_ids(tables, accounts, matches, runs, checkpoints, studies)
    files = _planned_files(backup, tables)
    documents = _checked_matches(backup, matches, _backed_up_games(tables))
    report = RestoreReport()
    written: list[str] = []
    try:
        with transaction.atomic():
            users = _restore_users(accounts, report)
            _restore_rows("archive", tables, users, report)
            _write_files(files, written)
            _restore_matches(matches, documents, users, report)
            _restore_runs(runs, users, report)
            _restore_checkpoints(checkpoints, report)
            _restore_rows("studies", studies, users, report)
            _reset_sequences()
            _announce_restored()
            for match in Match.objects.order_by("pk"):
                broken = verify_log(match=match)
                if broken is not None:
                    raise BackupError(f"match {match.pk}: the restored log breaks at {broken}")
            expected = backup.manifest.get("counts", {})
            differing = {k: (v, expected.get(k)) for k, v in report.counts.items()
                         if expected.get(k) != v}
            if differing:
                raise BackupError(f"restored counts differ from the manifest's: {differing}")
    except IntegrityError as error:  # a collision the checks above did not foresee
        _remove_written(written)
        raise BackupError(f"the backup's rows collide: {str(error).splitlines()[0]}") from None
    except BaseException:
        _remove_written(written)
        raise
    return report


def _remove_written(written: list[str]) -> None:
    """What a failed restore wrote to the media storage goes again."""
    for name in written:
        default_storage.delete(name)


def _announce_restored() -> None:
    """Rows restored in bulk are announced as the services announce what they store, so
    whatever follows the archive (the search index) takes them in, inside the restore."""
    for game in Game.objects.order_by("pk"):
        game_stored.send(Game, game=game)
    for transcription in Transcription.objects.select_related("rulebook__game").order_by("pk"):
        transcription_stored.send(Transcription, transcription=transcription)
    notes = Event.objects.filter(type__in=NOTE_TYPES).order_by("match_id", "seq")
    by_match: dict[int, list[dict]] = {}
    for event in notes.iterator(chunk_size=2000):
        by_match.setdefault(event.match_id, []).append(
            {"seq": event.seq, "type": event.type, "data": event.data})
    for match in Match.objects.filter(pk__in=by_match).order_by("pk"):
        notes_appended.send(Match, match=match, events=by_match[match.pk])


def _write_files(files: dict[str, bytes], written: list[str]) -> None:
    """Through the default storage (the media folder, or the S3 bucket when configured)."""
    for name, data in files.items():
        if default_storage.exists(name):
            with default_storage.open(name, "rb") as stored:
                if stored.read() != data:
                    raise BackupError(f"{name} already exists in the media storage with other "
                                      "bytes")
            continue
        saved = default_storage.save(name, ContentFile(data))
        written.append(saved)
        if saved != name:  # written meanwhile by someone else: the storage chose another name
            raise BackupError(f"{name} appeared in the media storage during the restore")


def _when(value) -> dt.datetime | None:
    if value is None:
        return None
    parsed = parse_datetime(value) if isinstance(value, str) else None
    if parsed is None:
        raise BackupError(f"{value!r} is not a date and time")
    return parsed


def _restore_users(accounts: dict, report: RestoreReport) -> dict[str, int]:
    """Groups by name, accounts by username (an existing account of that name is kept);
    returns username → id."""
    User = get_user_model()
    groups = {}
    for row in accounts.get("groups", []):
        group, _ = Group.objects.get_or_create(name=row["name"], defaults={"id": row["id"]})
        groups[row["name"]] = group
    taken_ids = set(User.objects.values_list("pk", flat=True))
    ids = dict(User.objects.values_list("username", "pk"))
    for row in accounts.get("users", []):
        if row["username"] in ids:
            continue
        user = User(**{name: row[name] for name in USER_FIELDS if name != "id"})
        user.date_joined = _when(row["date_joined"])
        user.last_login = _when(row.get("last_login"))
        if row["id"] not in taken_ids:
            user.pk = row["id"]
        if row.get("password"):
            user.password = row["password"]
        else:
            user.set_unusable_password()
        user.save()
        user.groups.set([groups[name] for name in row.get("groups", [])])
        ids[user.username] = user.pk
    report.counts["auth.group"] = len(accounts.get("groups", []))
    report.counts["auth.user"] = len(accounts.get("users", []))
    return ids


def _user_id(users: dict[str, int], username, where: str) -> int | None:
    if username is None:
        return None
    if username not in users:
        raise BackupError(f"{where} names the user {username!r}, who is not in users.json")
    return users[username]


def _check_ids(tables, accounts, matches, runs, checkpoints, studies) -> None:
    """No table of the backup names one id twice (it would end the restore in a collision
    half-way): refused before anything is written, naming the table and the id."""
    lists = {**tables, **studies}
    lists.update({"auth.user": accounts.get("users", []), "auth.group": accounts.get("groups", []),
                  "replay.match": matches, "replay.replayrun": runs,
                  "replay.checkpoint": checkpoints.get("checkpoints", [])})
    leaves = checkpoints.get("leaves", [])
    for name, rows in lists.items():
        _unique([row.get("id") if isinstance(row, dict) else None for row in rows], name)
    _unique([leaf[4] if isinstance(leaf, list) and len(leaf) == 5 else None for leaf in leaves],
            "replay.checkpointleaf")
    _unique([leaf[0] if isinstance(leaf, list) and leaf else None for leaf in leaves],
            "replay.checkpointleaf index")


def _unique(ids: list, table: str) -> None:
    seen = set()
    for value in ids:
        if isinstance(value, bool) or not isinstance(value, int):
            raise BackupError(f"{table}: a row has no whole-number id ({value!r})")
        if value in seen:
            raise BackupError(f"{table}: the id {value} is there twice")
        seen.add(value)


def _restore_rows(app_label: str, tables: dict, users: dict[str, int],
                  report: RestoreReport) -> None:
    """Every row of an app's tables as exported (``trust.backup._export_rows``)."""
    for model in app_models(app_label):
        rows = tables.get(label(model), [])
        by_user = {f.name: f.attname for f in model._meta.concrete_fields
                   if f.attname in user_fields(model)}
        objects, stamps = [], []
        for row in rows:
            values = {}
            for f in model._meta.concrete_fields:
                if f.name in by_user:
                    values[f.attname] = _user_id(users, row.get(f.name),
                                                 f"{label(model)} {row.get('id')}")
                elif f.attname in row:
                    value = row[f.attname]
                    if isinstance(f, (models.DateTimeField, models.DateField)) and value:
                        value = f.to_python(value)
                    values[f.attname] = value
            objects.append(model(**values))
            auto = {f.attname: values[f.attname] for f in model._meta.concrete_fields
                    if getattr(f, "auto_now_add", False) and values.get(f.attname)}
            if auto:
                stamps.append((values["id"], auto))
        model.objects.bulk_create(objects, batch_size=500)
        for pk, auto in stamps:  # auto_now_add filled "now" in: put the archived times back
            model.objects.filter(pk=pk).update(**auto)
        report.counts[label(model)] = len(rows)


def _backed_up_games(tables: dict) -> dict:
    """The games the backup restores, by slug (the database is still empty)."""
    from archive.models import Game

    return {row["slug"]: Game(id=row["id"], slug=row["slug"], title=row.get("title", ""))
            for row in tables.get(label(Game), [])}


def _checked_matches(backup: Backup, entries: list, games_by_slug: dict) -> dict[int, dict]:
    """Each match's document through the importer's own checks, its events hashing to the
    head the match row records: the chained rows to insert, before anything is written."""
    documents, event_ids = {}, []
    for entry in entries:
        where = f"match {entry.get('id')}"
        try:
            fields = read_document(parse_document(backup.read(entry["file"])),
                                   find_game=games_by_slug.get)
        except LogError as error:
            raise BackupError(f"{entry['file']}: {error.message} (at {error.field})") from None
        meta = backup.json(entry["events_file"])
        events = fields["events"]
        if len(meta) != len(events) or any(m[0] != e["seq"] for m, e in zip(meta, events)):
            raise BackupError(f"{entry['events_file']}: its events are not the document's")
        event_ids += [row[1] for row in meta]
        head, chained = GENESIS_HASH, []
        for event in events:
            record = event_record(event)
            digest = event_hash(head, record)
            chained.append((record, head, digest))
            head = digest
        if (len(events), head) != (entry["last_seq"], entry["head_hash"]):
            raise BackupError(f"{where}: its events do not hash to the head the backup records")
        documents[entry["id"]] = {"fields": fields, "chained": chained, "meta": meta}
    _unique(event_ids, "replay.event")
    return documents


def _restore_matches(entries, documents, users, report: RestoreReport) -> None:
    events = 0
    for entry in entries:
        document = documents[entry["id"]]
        fields = document["fields"]
        match = Match(
            id=entry["id"], game_id=fields["game"].pk, title=fields["title"],
            players=fields["players"], setup=fields["setup"],
            played_on=dt.date.fromisoformat(fields["played_on"]) if fields["played_on"] else None,
            source=fields["source"] or "",
            created_by_id=_user_id(users, entry.get("created_by"), f"match {entry['id']}"),
            **{name: entry.get(name) for name in MATCH_FIELDS if name not in (
                "created_at", "chain_broken_at", "reading")},
            reading=entry.get("reading") or {},
            chain_broken_at=_when(entry.get("chain_broken_at")),
        )
        match.save(force_insert=True)
        Match.objects.filter(pk=match.pk).update(created_at=_when(entry["created_at"]))
        rows = []
        for (record, prev, digest), (_, pk, recorded_at, recorded_by, key) in zip(
            document["chained"], document["meta"]
        ):
            rows.append((pk, match.pk, record["seq"], record["type"], record["actor"],
                         to_json(record["data"]), _when(recorded_at),
                         _user_id(users, recorded_by, f"match {match.pk} event {record['seq']}"),
                         prev, digest, key))
        for start in range(0, len(rows), 5000):
            insert_rows(Event._meta.db_table, ("id", *EVENT_COLUMNS), rows[start : start + 5000])
        events += len(rows)
    report.counts["replay.match"] = len(entries)
    report.counts["replay.event"] = events


def _restore_runs(entries, users, report: RestoreReport) -> None:
    """Each run row exactly as it was; a finished run is replayed again to rebuild its
    steps, which must reproduce the exported step checksums."""
    for entry in entries:
        values = {name: entry[name] for name in RUN_FIELDS}
        for name in ("created_at", "started_at", "finished_at", "heartbeat_at"):
            values[name] = _when(values[name])
        values["requested_by_id"] = _user_id(users, entry.get("requested_by"),
                                             f"run {entry['id']}")
        fingerprint = run_fingerprint(
            match_id=values["match_id"], log_seq=values["log_seq"],
            head_hash=values["head_hash"], engine=values["engine"],
            engine_version=values["engine_version"], interpretation=values["interpretation"],
        )
        if fingerprint != values["fingerprint"]:
            raise BackupError(f"run {entry['id']}: its fingerprint does not match what it "
                              "replayed")
        # What replays the match's records today: its game's engine, or the annotated log.
        engine = engine_for(Match.objects.select_related("game").get(pk=values["match_id"]))
        reproducible = (values["status"] == ReplayRun.DONE and engine.slug == values["engine"]
                        and engine.version == values["engine_version"])
        if not reproducible:
            report.runs_skipped.append(
                f"run {entry['id']} of match {values['match_id']} ({values['engine']} "
                f"{values['engine_version']}, status {values['status']}): stored, not re-run")
            values.update(status=ReplayRun.PENDING, progress=0)
        ReplayRun.objects.create(**{**values, "status": ReplayRun.PENDING, "progress": 0})
        ReplayRun.objects.filter(pk=values["id"]).update(created_at=values["created_at"])
        if reproducible:
            execute_run(run_id=values["id"])
            run = ReplayRun.objects.get(pk=values["id"])
            if run.status != ReplayRun.DONE or step_digest(run) != entry["step_digest"]:
                raise BackupError(
                    f"run {entry['id']} of match {values['match_id']}: the replay does not "
                    f"reproduce the archived step checksums ({run.status} {run.error})")
            report.runs_reproduced += 1
        ReplayRun.objects.filter(pk=values["id"]).update(
            **{k: v for k, v in values.items() if k not in ("id", "match_id")})
    report.counts["replay.replayrun"] = len(entries)


def _restore_checkpoints(data: dict, report: RestoreReport) -> None:
    for row in data.get("checkpoints", []):
        checkpoint = Checkpoint.objects.create(**{**row, "created_at": _when(row["created_at"])})
        Checkpoint.objects.filter(pk=checkpoint.pk).update(created_at=_when(row["created_at"]))
    CheckpointLeaf.objects.bulk_create(
        [CheckpointLeaf(id=pk, index=index, match_id=match_id, last_seq=seq, head_hash=head)
         for index, match_id, seq, head, pk in data.get("leaves", [])], batch_size=1000)
    report.counts["replay.checkpoint"] = len(data.get("checkpoints", []))
    report.counts["replay.checkpointleaf"] = len(data.get("leaves", []))


def _reset_sequences() -> None:
    restored = [get_user_model(), Group, *archive_models(), Match, Event, ReplayRun, Checkpoint,
                CheckpointLeaf, *app_models("studies")]
    with connection.cursor() as cursor:
        for statement in connection.ops.sequence_reset_sql(no_style(), restored):
            cursor.execute(statement)
