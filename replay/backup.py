"""Backup of the whole archive to one directory, and its restore on an empty database.

``export_archive(directory=...)`` writes:

- ``archive.json``: every row of the archive app (games, rulebooks, scans, transcriptions
  with all their versions, passages, annotations, and whatever archive tables come later),
  primary keys kept, users named by username;
- ``files/``: the scans and their thumbnails, byte for byte;
- ``matches/<id>.json``: each match in the interchange format (its chain head included), and
  ``matches.json`` with what the format does not carry (privacy, owner, creation time);
- ``runs.json``: each replay run's interpretation, engine version, log length and a digest
  of its step checksums, so the restore can prove every replay reproduces;
- ``manifest.json``: the format, counts, and the sha256 of every file above.

``import_archive(directory=...)`` refuses a database that holds anything, checks every file
against the manifest, restores the rows, imports every match (the importer verifies each
chain against its head), re-runs every run and compares its step checksums, all in one
transaction: a restore is whole or not at all.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path

from django.apps import apps
from django.contrib.auth import get_user_model
from django.core.files.base import ContentFile
from django.core.management.color import no_style
from django.db import connection, models, transaction
from django.utils import timezone

from archive.models import Game, Transcription
from archive.signals import game_stored, transcription_stored
from replay.chain import GENESIS_HASH
from replay.interchange import export_match, import_match
from replay.models import Event, Match, ReplayRun, ReplayStep
from replay.runs import SNAPSHOT_INTERVAL, execute_run, run_fingerprint
from replay.selectors import verify_log

FORMAT = "ludoteca.archive/1"


class BackupError(Exception):
    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


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


# -- rows of the archive app ----------------------------------------------------------------------


def archive_models() -> list[type[models.Model]]:
    """The archive app's models, each after the models it points to."""
    remaining = list(apps.get_app_config("archive").get_models())
    ordered: list[type[models.Model]] = []
    while remaining:
        for model in remaining:
            targets = {
                f.related_model for f in model._meta.concrete_fields
                if f.is_relation and f.related_model is not model
            }
            if not targets & set(remaining):
                ordered.append(model)
                remaining.remove(model)
                break
        else:
            raise BackupError("the archive's tables point to each other in a circle")
    return ordered


def _label(model) -> str:
    return model._meta.label_lower


def _user_fields(model) -> set[str]:
    user = get_user_model()
    return {f.attname for f in model._meta.concrete_fields
            if f.is_relation and f.related_model is user}


def _dump_row(obj, usernames: dict[int, str]) -> dict:
    row = {}
    user_fields = _user_fields(type(obj))
    for f in type(obj)._meta.concrete_fields:
        value = getattr(obj, f.attname)
        if f.attname in user_fields:
            row[f.name] = usernames.get(value)  # by username: ids differ between databases
        elif isinstance(f, models.FileField):
            row[f.attname] = value.name if value else ""
        elif isinstance(value, (dt.datetime, dt.date)):
            row[f.attname] = value.isoformat()
        else:
            row[f.attname] = value
    return row


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _write_json(path: Path, value) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(value, ensure_ascii=False, indent=1, sort_keys=True) + "\n",
                    encoding="utf-8")


def step_digest(run: ReplayRun) -> str:
    """sha256 over the run's step checksums in seq order: equal digests, equal replays."""
    digest = hashlib.sha256()
    for seq, checksum in ReplayStep.objects.filter(run=run).order_by("seq").values_list(
        "seq", "checksum"
    ).iterator(chunk_size=5000):
        digest.update(f"{seq}:{checksum}\n".encode())
    return digest.hexdigest()


# -- export ---------------------------------------------------------------------------------------


def export_archive(*, directory: Path) -> dict:
    """Write the whole archive to ``directory`` (new or empty); returns the manifest."""
    directory = Path(directory)
    if directory.exists() and any(directory.iterdir()):
        raise BackupError(f"{directory} is not empty: export into a new or empty directory")
    directory.mkdir(parents=True, exist_ok=True)
    usernames = dict(get_user_model().objects.values_list("pk", "username"))
    tables = {}
    with transaction.atomic():  # one consistent view of the archive (REPEATABLE on export)
        for model in archive_models():
            rows = [_dump_row(obj, usernames) for obj in model.objects.order_by("pk")]
            tables[_label(model)] = rows
            for f in model._meta.concrete_fields:
                if isinstance(f, models.FileField):
                    for obj in model.objects.exclude(**{f.attname: ""}).order_by("pk"):
                        stored = getattr(obj, f.attname)
                        target = directory / "files" / stored.name
                        target.parent.mkdir(parents=True, exist_ok=True)
                        with stored.open("rb") as source:
                            target.write_bytes(source.read())
        _write_json(directory / "archive.json", tables)
        matches = []
        for match in Match.objects.select_related("game").order_by("pk"):
            name = f"matches/{match.pk}.json"
            (directory / "matches").mkdir(exist_ok=True)
            (directory / name).write_bytes(export_match(match))
            matches.append({
                "id": match.pk, "file": name, "is_private": match.is_private,
                "created_by": usernames.get(match.created_by_id),
                "created_at": match.created_at.isoformat(),
                "reading": match.reading,
                "last_seq": match.last_seq, "head_hash": match.head_hash,
            })
        _write_json(directory / "matches.json", matches)
        runs = [
            {
                "match": run.match_id, "log_seq": run.log_seq, "head_hash": run.head_hash,
                "engine": run.engine, "engine_version": run.engine_version,
                "interpretation": run.interpretation, "status": run.status,
                "steps": run.progress, "step_digest": step_digest(run),
                "outcome": run.outcome, "requested_by": usernames.get(run.requested_by_id),
            }
            for run in ReplayRun.objects.order_by("pk")
        ]
        _write_json(directory / "runs.json", runs)
    files = sorted(
        str(path.relative_to(directory)) for path in directory.rglob("*") if path.is_file()
    )
    manifest = {
        "format": FORMAT,
        "exported_at": timezone.now().isoformat(),
        "counts": {
            **{label: len(rows) for label, rows in tables.items()},
            "replay.match": len(matches),
            "replay.event": Event.objects.count(),
            "replay.replayrun": len(runs),
        },
        "files": {name: _sha256(directory / name) for name in files},
    }
    _write_json(directory / "manifest.json", manifest)
    return manifest


# -- import ---------------------------------------------------------------------------------------


def database_contents() -> dict[str, int]:
    """What the database holds that a restore would collide with (users do not count)."""
    tables = [*archive_models(), Match, Event, ReplayRun]
    return {_label(m): m.objects.count() for m in tables if m.objects.exists()}


def read_manifest(directory: Path) -> dict:
    path = Path(directory) / "manifest.json"
    try:
        manifest = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise BackupError(f"{path} is missing: is {directory} an export_archive directory?") \
            from None
    except (ValueError, UnicodeDecodeError) as error:
        raise BackupError(f"{path} is not a manifest: {error}") from None
    if not isinstance(manifest, dict) or manifest.get("format") != FORMAT:
        raise BackupError(f"{path}: format must be {FORMAT!r}")
    for name, expected in manifest.get("files", {}).items():
        file = Path(directory) / name
        if ".." in Path(name).parts or not file.is_file():
            raise BackupError(f"{name} is listed in the manifest but missing")
        if _sha256(file) != expected:
            raise BackupError(f"{name} does not match its checksum in the manifest")
    return manifest


def import_archive(*, directory: Path) -> RestoreReport:
    """Restore an ``export_archive`` directory into an empty database, all or nothing."""
    directory = Path(directory)
    held = database_contents()
    if held:
        what = ", ".join(f"{count} {label}" for label, count in held.items())
        raise BackupError(
            f"the database is not empty ({what}): import_archive restores only into an empty "
            "database (migrate a new one, then import)"
        )
    manifest = read_manifest(directory)
    tables = json.loads((directory / "archive.json").read_text(encoding="utf-8"))
    users = dict(get_user_model().objects.values_list("username", "pk"))
    report = RestoreReport()
    with transaction.atomic():
        restored = []
        for model in archive_models():
            rows = tables.get(_label(model), [])
            _restore_rows(model, rows, directory, users)
            restored.append(model)
            report.counts[_label(model)] = len(rows)
        with connection.cursor() as cursor:
            for statement in connection.ops.sequence_reset_sql(no_style(), restored):
                cursor.execute(statement)
        _announce_restored_archive()
        match_ids = _restore_matches(directory, users, report)
        _restore_runs(directory, match_ids, users, report)
        if report.counts != {k: v for k, v in manifest["counts"].items() if k in report.counts}:
            raise BackupError(f"restored {report.counts}, the manifest lists "
                              f"{manifest['counts']}")
    return report


def _announce_restored_archive() -> None:
    """Rows restored in bulk are announced as the archive's services announce what they store,
    so whatever follows the archive (the search index) takes them in."""
    for game in Game.objects.order_by("pk"):
        game_stored.send(Game, game=game)
    for transcription in Transcription.objects.select_related("rulebook__game").order_by("pk"):
        transcription_stored.send(Transcription, transcription=transcription)


def _restore_rows(model, rows: list[dict], directory: Path, users: dict[str, int]) -> None:
    user_fields = {f.name: f.attname for f in model._meta.concrete_fields
                   if f.attname in _user_fields(model)}
    objects, stamps = [], []
    for row in rows:
        values = {}
        for f in model._meta.concrete_fields:
            if f.name in user_fields:
                values[f.attname] = users.get(row.get(f.name))
            elif f.attname in row:
                value = row[f.attname]
                if isinstance(f, (models.DateTimeField, models.DateField)) and value:
                    value = f.to_python(value)
                values[f.attname] = value
        obj = model(**values)
        for f in model._meta.concrete_fields:
            if isinstance(f, models.FileField) and row.get(f.attname):
                source = directory / "files" / row[f.attname]
                # Saved under the name the model gives it (the content's hash): same path.
                getattr(obj, f.attname).save(Path(row[f.attname]).name,
                                             ContentFile(source.read_bytes()), save=False)
        objects.append(obj)
        auto = {f.attname: values[f.attname] for f in model._meta.concrete_fields
                if getattr(f, "auto_now_add", False) and values.get(f.attname)}
        if auto:
            stamps.append((obj.pk, auto))
    model.objects.bulk_create(objects, batch_size=500)
    for pk, auto in stamps:  # auto_now_add filled "now" in: put the archived times back
        model.objects.filter(pk=pk).update(**auto)


def _restore_matches(directory: Path, users, report: RestoreReport) -> dict[int, Match]:
    entries = json.loads((directory / "matches.json").read_text(encoding="utf-8"))
    restored = {}
    events = 0
    for entry in entries:
        raw = (directory / entry["file"]).read_bytes()
        owner = users.get(entry.get("created_by"))
        match = import_match(
            raw=raw, is_private=entry["is_private"],
            created_by=get_user_model().objects.get(pk=owner) if owner else None,
        )
        if (match.last_seq, match.head_hash) != (entry["last_seq"], entry["head_hash"]):
            raise BackupError(f"{entry['file']}: the restored chain ends at seq "
                              f"{match.last_seq}, not {entry['last_seq']}")
        broken = verify_log(match=match)
        if broken is not None:
            raise BackupError(f"{entry['file']}: the restored chain breaks at {broken}")
        Match.objects.filter(pk=match.pk).update(created_at=entry["created_at"],
                                                 reading=entry.get("reading") or {})
        _link_restored_parent(match, restored)
        restored[entry["id"]] = match
        events += match.last_seq
    report.counts["replay.match"] = len(restored)
    report.counts["replay.event"] = events
    return restored


def _link_restored_parent(match: Match, restored: dict[int, Match]) -> None:
    """A variation names its parent by the id it had when exported: the restored parent
    (matches are restored in id order, parents first) when its chain verifies the prefix."""
    from replay.variations import hash_at

    branch = match.branch_of
    if not branch or match.parent_id is not None:
        return
    parent = restored.get(branch["match"])
    if parent is not None and hash_at(parent, branch["seq"]) == branch["hash"]:
        Match.objects.filter(pk=match.pk).update(parent=parent)


def _restore_runs(directory: Path, matches: dict[int, Match], users, report) -> None:
    import games

    entries = json.loads((directory / "runs.json").read_text(encoding="utf-8"))
    for entry in entries:
        match = matches[entry["match"]]
        head = (
            Event.objects.get(match=match, seq=entry["log_seq"]).hash
            if entry["log_seq"] else GENESIS_HASH
        )
        if head != entry["head_hash"]:
            raise BackupError(f"run of match {entry['match']} at seq {entry['log_seq']}: "
                              "the restored log differs from the one it replayed")
        fingerprint = run_fingerprint(
            match_id=match.pk, log_seq=entry["log_seq"], head_hash=head,
            engine=entry["engine"], engine_version=entry["engine_version"],
            interpretation=entry["interpretation"],
        )
        run = ReplayRun.objects.create(
            match=match, log_seq=entry["log_seq"], head_hash=head, engine=entry["engine"],
            engine_version=entry["engine_version"], interpretation=entry["interpretation"],
            fingerprint=fingerprint, snapshot_interval=SNAPSHOT_INTERVAL,
            requested_by_id=users.get(entry.get("requested_by")),
        )
        try:
            current = games.get(entry["engine"]).version
        except Exception:  # noqa: BLE001 - an engine that no longer loads
            current = None
        if entry["status"] != ReplayRun.DONE or current != entry["engine_version"]:
            report.runs_skipped.append(
                f"run of match {entry['match']} ({entry['engine']} {entry['engine_version']}, "
                f"status {entry['status']}): stored, not re-run"
            )
            continue
        execute_run(run_id=run.pk)
        run.refresh_from_db()
        if run.status != ReplayRun.DONE or step_digest(run) != entry["step_digest"]:
            raise BackupError(
                f"run of match {entry['match']} under {entry['interpretation']}: the replay "
                f"does not reproduce the archived step checksums ({run.status} {run.error})"
            )
        report.runs_reproduced += 1
    report.counts["replay.replayrun"] = len(entries)
