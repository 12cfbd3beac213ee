"""Backup of the whole archive to one directory (``export_archive``); its restore, which gives
back history exactly, is ``trust.restore``.

The directory holds:

- ``archive.json``: every row of the archive app (games, rulebooks, scans, transcriptions
  with all their versions, passages, annotations, and whatever archive tables come later),
  primary keys kept, users named by username;
- ``users.json``: the accounts and groups (usernames, names, flags, join and last sign-in
  times, groups such as the curators); password hashes only when asked for;
- ``files/``: the scans and their thumbnails, byte for byte;
- ``matches/<id>.json``: each match in the interchange format (its chain head included), and
  ``matches/<id>.events.json``: each event's seq, row id, recording time, recorder and
  idempotency key;
- ``matches.json``: every match row (id, privacy, owner, creation time, idempotency key...);
- ``runs.json``: every replay run row (id, fingerprint, times, status...) and a digest of its
  step checksums, so the restore proves every replay reproduces;
- ``checkpoints.json``: the signed checkpoints and their tree's leaves;
- ``studies.json``: every row of the studies app (studies and their parts, results kept);
- ``manifest.json``: the format, counts, and the sha256 of every file above.

Every table is in it but those listed in ``NOT_IN_BACKUP``, each with the reason.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import shutil
import tempfile
from pathlib import Path

from django.apps import apps
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.db import models, transaction
from django.utils import timezone

from replay.errors import LogError
from replay.interchange import export_match
from replay.models import Checkpoint, CheckpointLeaf, Event, Match, ReplayRun, ReplayStep
from replay.selectors import runs_disagree

FORMAT = "ludoteca.archive/2"
# The tables a backup leaves out, and why; every other table is in it (a test holds every
# model of the project to this).
NOT_IN_BACKUP = {
    "admin.logentry": "the admin screens' own history, naming rows by content-type ids that "
                      "differ between databases",
    "auth.permission": "made by migrate",
    "contenttypes.contenttype": "made by migrate",
    "sessions.session": "sign-ins: everyone signs in again after a restore",
    "authtoken.token": "API tokens are secrets: curators make new ones after a restore",
    "replay.replaystep": "rebuilt by replaying each finished run, and compared with its "
                         "archived step checksums",
    "replay.replayflag": "rebuilt with the steps",
    "replay.replaysnapshot": "rebuilt with the steps",
    "replay.headstate": "kept again as logs are read and appended to",
    "search.searchentry": "rebuilt from what the restore stores (the archive, the engines' "
                          "points, the match notes)",
}
MATCH_FIELDS = ("is_private", "created_at", "last_seq", "head_hash", "idempotency_key", "reading",
                "branch_of", "parent_id", "chain_broken_seq", "chain_broken_problem",
                "chain_broken_at")
RUN_FIELDS = ("id", "match_id", "log_seq", "head_hash", "engine", "engine_version",
              "interpretation", "fingerprint", "snapshot_interval", "status", "progress",
              "attempts", "created_at", "started_at", "finished_at", "heartbeat_at",
              "duration_ms", "outcome", "flag_summary", "error")
USER_FIELDS = ("id", "username", "first_name", "last_name", "email", "is_active", "is_staff",
               "is_superuser", "date_joined", "last_login")


class BackupError(Exception):
    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


# -- rows of the archive app ----------------------------------------------------------------------


def archive_models() -> list[type[models.Model]]:
    """The archive app's models, each after the models it points to."""
    return app_models("archive")


def app_models(app_label: str) -> list[type[models.Model]]:
    """An app's models, each after the models of the app it points to."""
    remaining = list(apps.get_app_config(app_label).get_models())
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
            raise BackupError(f"the {app_label} tables point to each other in a circle")
    return ordered


def label(model) -> str:
    return model._meta.label_lower


def user_fields(model) -> set[str]:
    user = get_user_model()
    return {f.attname for f in model._meta.concrete_fields
            if f.is_relation and f.related_model is user}


def _value(value):
    return value.isoformat() if isinstance(value, (dt.datetime, dt.date)) else value


def _dump_row(obj, usernames: dict[int, str]) -> dict:
    row = {}
    by_user = user_fields(type(obj))
    for f in type(obj)._meta.concrete_fields:
        value = getattr(obj, f.attname)
        if f.attname in by_user:
            row[f.name] = usernames.get(value)  # by username: accounts are matched by name
        elif isinstance(f, models.FileField):
            row[f.attname] = value.name if value else ""
        else:
            row[f.attname] = _value(value)
    return row


def sha256_of(path: Path) -> str:
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


def export_archive(*, directory: Path, with_password_hashes: bool = False) -> dict:
    """Write the whole archive to ``directory`` (new or empty); returns the manifest.
    Password hashes are written only when ``with_password_hashes``."""
    target = Path(directory)
    if target.exists() and (not target.is_dir() or any(target.iterdir())):
        raise BackupError(f"{target} is not empty: export into a new or empty directory")
    target.parent.mkdir(parents=True, exist_ok=True)
    # Written beside the target and renamed into place: a failed export leaves nothing.
    directory = Path(tempfile.mkdtemp(prefix=f".{target.name}.partial-", dir=target.parent))
    try:
        manifest = _export_into(directory, with_password_hashes)
        if target.exists():
            target.rmdir()
        directory.rename(target)
    except BaseException:
        shutil.rmtree(directory, ignore_errors=True)
        raise
    return manifest


def _export_into(directory: Path, with_password_hashes: bool) -> dict:
    usernames = dict(get_user_model().objects.values_list("pk", "username"))
    counts = {}
    with transaction.atomic():  # one consistent view of the archive (REPEATABLE on export)
        counts.update(_export_users(directory, with_password_hashes))
        counts.update(_export_archive_rows(directory, usernames))
        counts.update(_export_matches(directory, usernames))
        counts.update(_export_runs(directory, usernames))
        counts.update(_export_checkpoints(directory))
        counts.update(_export_rows(directory / "studies.json", "studies", usernames))
    files = sorted(
        str(path.relative_to(directory)) for path in directory.rglob("*") if path.is_file()
    )
    manifest = {
        "format": FORMAT,
        "exported_at": timezone.now().isoformat(),
        "password_hashes": with_password_hashes,
        "counts": counts,
        "files": {name: sha256_of(directory / name) for name in files},
    }
    _write_json(directory / "manifest.json", manifest)
    return manifest


def _export_users(directory: Path, with_password_hashes: bool) -> dict:
    users = []
    for user in get_user_model().objects.order_by("pk").prefetch_related("groups"):
        row = {name: _value(getattr(user, name)) for name in USER_FIELDS}
        row["groups"] = sorted(group.name for group in user.groups.all())
        if with_password_hashes:
            row["password"] = user.password
        users.append(row)
    groups = list(Group.objects.order_by("pk").values("id", "name"))
    _write_json(directory / "users.json", {"groups": groups, "users": users})
    return {"auth.group": len(groups), "auth.user": len(users)}


def _export_rows(path: Path, app_label: str, usernames) -> dict:
    """Every row of an app's tables, primary keys kept, users named by username."""
    tables = {label(model): [_dump_row(obj, usernames) for obj in model.objects.order_by("pk")]
              for model in app_models(app_label)}
    _write_json(path, tables)
    return {name: len(rows) for name, rows in tables.items()}


def _export_archive_rows(directory: Path, usernames) -> dict:
    counts = _export_rows(directory / "archive.json", "archive", usernames)
    for model in archive_models():
        for f in model._meta.concrete_fields:
            if isinstance(f, models.FileField):
                for obj in model.objects.exclude(**{f.attname: ""}).order_by("pk"):
                    stored = getattr(obj, f.attname)
                    target = directory / "files" / stored.name
                    target.parent.mkdir(parents=True, exist_ok=True)
                    with stored.open("rb") as source:
                        target.write_bytes(source.read())
    return counts


def _export_matches(directory: Path, usernames) -> dict:
    (directory / "matches").mkdir(exist_ok=True)
    entries, events = [], 0
    for match in Match.objects.select_related("game").order_by("pk"):
        document, meta = f"matches/{match.pk}.json", f"matches/{match.pk}.events.json"
        try:
            exported = export_match(match)
        except LogError as error:  # a log that no longer verifies is not backed up as sound
            raise BackupError(f"match {match.pk}: {error.message}") from None
        rewritten = runs_disagree(match=match)
        if rewritten is not None:
            raise BackupError(f"match {match.pk}: the log no longer verifies at seq "
                              f"{rewritten.seq}: {rewritten.problem}")
        (directory / document).write_bytes(exported)
        rows = [
            [seq, pk, recorded_at.isoformat(), usernames.get(recorded_by), key]
            for seq, pk, recorded_at, recorded_by, key in Event.objects.filter(match=match)
            .order_by("seq").values_list("seq", "pk", "recorded_at", "recorded_by_id",
                                         "idempotency_key").iterator(chunk_size=5000)
        ]
        _write_json(directory / meta, rows)
        entries.append({"id": match.pk, "file": document, "events_file": meta,
                        "created_by": usernames.get(match.created_by_id),
                        **{name: _value(getattr(match, name)) for name in MATCH_FIELDS}})
        events += len(rows)
    _write_json(directory / "matches.json", entries)
    return {"replay.match": len(entries), "replay.event": events}


def _export_runs(directory: Path, usernames) -> dict:
    runs = [
        {**{name: _value(getattr(run, name)) for name in RUN_FIELDS},
         "requested_by": usernames.get(run.requested_by_id), "step_digest": step_digest(run)}
        for run in ReplayRun.objects.order_by("pk")
    ]
    _write_json(directory / "runs.json", runs)
    return {"replay.replayrun": len(runs)}


def _export_checkpoints(directory: Path) -> dict:
    checkpoints = [
        {name: _value(value) for name, value in row.items()}
        for row in Checkpoint.objects.order_by("pk").values(
            "id", "origin", "tree_size", "root_hash", "note", "verifier_key", "created_at")
    ]
    leaves = list(CheckpointLeaf.objects.order_by("index").values_list(
        "index", "match_id", "last_seq", "head_hash", "id"))
    _write_json(directory / "checkpoints.json",
                {"checkpoints": checkpoints, "leaves": [list(leaf) for leaf in leaves]})
    return {"replay.checkpoint": len(checkpoints), "replay.checkpointleaf": len(leaves)}
