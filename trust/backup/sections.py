"""What each app keeps in a backup: a *section* writes its records to the backup directory and
gives them back exactly. Trust owns the backup (its directory, manifest, checks, the all or
nothing restore, the proofs) and imports no app above it: each app registers its sections
when Django starts it (its ``AppConfig.ready``), and says which of its tables it leaves out and
why. Trust's own sections are the accounts (first) and the checkpoints.

A section's restore is in three steps: ``plan`` reads and checks everything it will write
(nothing is written until every section has planned), ``restore`` writes it inside the
restore's transaction, in the sections' order, and ``announce`` tells whatever follows the
archive (the search index) about the rows restored in bulk.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from django.apps import apps
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.db import models

from trust.backup.files import (
    Backup,
    BackupError,
    json_value,
    media_name,
    unique,
    when,
    write_files,
    write_json,
)

# Django's own tables a backup leaves out, and why; each app says the same of its own
# (``leave_out``), and a test holds every model of the project to one or the other.
FRAMEWORK_TABLES_LEFT_OUT = {
    "admin.logentry": "the admin screens' own history, naming rows by content-type ids that "
                      "differ between databases",
    "auth.permission": "made by migrate",
    "contenttypes.contenttype": "made by migrate",
    "sessions.session": "sign-ins: everyone signs in again after a restore",
    "authtoken.token": "API tokens are secrets: curators make new ones after a restore",
}
USER_FIELDS = ("id", "username", "first_name", "last_name", "email", "is_active", "is_staff",
               "is_superuser", "date_joined", "last_login")


@dataclass
class ExportContext:
    """What every section's export shares: accounts are named by username."""

    directory: Path
    usernames: dict[int, str]
    with_password_hashes: bool = False


@dataclass
class RestoreContext:
    """What the sections of one restore share: the accounts restored (username → id), every
    section's plan by name, the media files written (removed again on failure), the report."""

    backup: Backup
    users: dict[str, int] = field(default_factory=dict)
    plans: dict[str, Any] = field(default_factory=dict)
    written: list[str] = field(default_factory=list)
    counts: dict[str, int] = field(default_factory=dict)
    findings: list[str] = field(default_factory=list)

    def user_id(self, username: Any, where: str) -> int | None:
        if username is None:
            return None
        if username not in self.users:
            raise BackupError(f"{where} names the user {username!r}, who is not in users.json")
        return self.users[username]


class Section:
    """One app's part of a backup. ``order``: where its rows are restored among the others
    (after the rows they point to). ``optional``: a backup made before the section existed
    may lack its files."""

    name = ""
    order = 0
    optional = False

    def models(self) -> list[type[models.Model]]:
        """Its tables, each after the tables it points to."""
        return []

    def export(self, context: ExportContext) -> dict[str, int]:
        raise NotImplementedError

    def plan(self, context: RestoreContext) -> Any:
        raise NotImplementedError

    def restore(self, plan: Any, context: RestoreContext) -> None:
        raise NotImplementedError

    def announce(self) -> None:
        """Rows restored in bulk announced as the app's services announce what they store."""

    def held(self) -> dict[str, int]:
        """What the database already holds that a restore of this section would collide
        with."""
        return {label(m): m.objects.count() for m in self.models() if m.objects.exists()}


_sections: dict[str, Section] = {}
_left_out: dict[str, str] = dict(FRAMEWORK_TABLES_LEFT_OUT)


def register(section: Section) -> None:
    """Add an app's section to every backup (once, however often the app starts)."""
    _sections[section.name] = section


def leave_out(table: str, why: str) -> None:
    """Say that a table (``app.model``) is not in backups, and why."""
    _left_out[table] = why


def sections() -> list[Section]:
    return sorted(_sections.values(), key=lambda section: section.order)


def not_in_backup() -> dict[str, str]:
    """Every table a backup leaves out, with the reason."""
    return dict(_left_out)


# -- rows, generically ----------------------------------------------------------------------


def label(model: Any) -> str:
    return str(model._meta.label_lower)


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


def user_fields(model: Any) -> set[str]:
    user = get_user_model()
    return {f.attname for f in model._meta.concrete_fields
            if f.is_relation and f.related_model is user}


def _dump_row(obj: models.Model, usernames: dict[int, str]) -> dict[str, Any]:
    row = {}
    by_user = user_fields(type(obj))
    for f in type(obj)._meta.concrete_fields:
        value = getattr(obj, f.attname)
        if f.attname in by_user:
            row[f.name] = usernames.get(value)  # by username: accounts are matched by name
        elif isinstance(f, models.FileField):
            row[f.attname] = value.name if value else ""
        else:
            row[f.attname] = json_value(value)
    return row


class RowsSection(Section):
    """Every row of an app's tables in ``<name>.json``, primary keys kept, users named by
    username; with ``files``, the files its rows name, byte for byte, under ``files/`` (a
    row with a ``sha256`` column vouches for its ``file``'s bytes)."""

    def __init__(self, app_label: str, *, order: int, files: bool = False,
                 optional: bool = False, announce: Callable[[], None] | None = None):
        self.name = app_label
        self.app_label = app_label
        self.order = order
        self.files = files
        self.optional = optional
        self._announce = announce

    @property
    def filename(self) -> str:
        return f"{self.name}.json"

    def models(self) -> list[type[models.Model]]:
        return app_models(self.app_label)

    def export(self, context: ExportContext) -> dict[str, int]:
        tables = {label(model): [_dump_row(obj, context.usernames)
                                 for obj in model.objects.order_by("pk")]
                  for model in self.models()}
        write_json(context.directory / self.filename, tables)
        if self.files:
            self._export_files(context.directory)
        return {name: len(rows) for name, rows in tables.items()}

    def _export_files(self, directory: Path) -> None:
        for model in self.models():
            for f in model._meta.concrete_fields:
                if isinstance(f, models.FileField):
                    for obj in model.objects.exclude(**{f.attname: ""}).order_by("pk"):
                        stored = getattr(obj, f.attname)
                        target = directory / "files" / stored.name
                        target.parent.mkdir(parents=True, exist_ok=True)
                        with stored.open("rb") as source:
                            target.write_bytes(source.read())

    def plan(self, context: RestoreContext) -> dict[str, Any]:
        if self.optional and not context.backup.has(self.filename):
            return {"tables": {}, "files": {}}
        tables = context.backup.json(self.filename)
        if not isinstance(tables, dict):
            raise BackupError(f"{self.filename}: not an object of tables")
        for name, rows in tables.items():
            unique([row.get("id") if isinstance(row, dict) else None for row in rows], name)
        return {"tables": tables, "files": self._planned_files(context.backup, tables)}

    def _planned_files(self, backup: Backup, tables: dict[str, Any]) -> dict[str, bytes]:
        """Every file the rows name: inside the backup, listed, and for a ``file`` with a
        ``sha256`` beside it, bytes that hash to it."""
        planned: dict[str, bytes] = {}
        if not self.files:
            return planned
        for model in self.models():
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
                    planned[media_name(name)] = data
        return planned

    def restore(self, plan: dict[str, Any], context: RestoreContext) -> None:
        for model in self.models():
            self._restore_model(model, plan["tables"].get(label(model), []), context)
        write_files(plan["files"], context.written)

    @staticmethod
    def _restore_model(model: Any, rows: list[Any], context: RestoreContext) -> None:
        by_user = {f.name: f.attname for f in model._meta.concrete_fields
                   if f.attname in user_fields(model)}
        objects, stamps = [], []
        for row in rows:
            values = {}
            for f in model._meta.concrete_fields:
                if f.name in by_user:
                    values[f.attname] = context.user_id(row.get(f.name),
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
        context.counts[label(model)] = len(rows)

    def announce(self) -> None:
        if self._announce is not None:
            self._announce()


# -- trust's own sections --------------------------------------------------------------------


class UsersSection(Section):
    """The accounts and groups (usernames, names, flags, join and last sign-in times, groups
    such as the curators); password hashes only when asked for. Restored first: every other
    section names accounts by username."""

    name = "users"
    order = 0

    def models(self) -> list[type[models.Model]]:
        return [Group, get_user_model()]

    def held(self) -> dict[str, int]:
        return {}  # a restore reuses an account that already has a backed-up username

    def export(self, context: ExportContext) -> dict[str, int]:
        users = []
        for user in get_user_model().objects.order_by("pk").prefetch_related("groups"):
            row = {name: json_value(getattr(user, name)) for name in USER_FIELDS}
            row["groups"] = sorted(group.name for group in user.groups.all())
            if context.with_password_hashes:
                row["password"] = user.password
            users.append(row)
        groups = list(Group.objects.order_by("pk").values("id", "name"))
        write_json(context.directory / "users.json", {"groups": groups, "users": users})
        return {"auth.group": len(groups), "auth.user": len(users)}

    def plan(self, context: RestoreContext) -> dict[str, Any]:
        accounts = context.backup.json_object("users.json")
        unique([row.get("id") if isinstance(row, dict) else None
                for row in accounts.get("users", [])], "auth.user")
        unique([row.get("id") if isinstance(row, dict) else None
                for row in accounts.get("groups", [])], "auth.group")
        return accounts

    def restore(self, accounts: dict[str, Any], context: RestoreContext) -> None:
        """Groups by name, accounts by username (an existing account of that name is kept)."""
        user_model = get_user_model()
        groups = {}
        for row in accounts.get("groups", []):
            group, _ = Group.objects.get_or_create(name=row["name"], defaults={"id": row["id"]})
            groups[row["name"]] = group
        taken_ids = set(user_model.objects.values_list("pk", flat=True))
        ids = dict(user_model.objects.values_list("username", "pk"))
        empowered = []
        for row in accounts.get("users", []):
            if row["username"] in ids:
                continue
            rights = [name for name, flag in (("superuser", "is_superuser"),
                                              ("staff", "is_staff")) if row.get(flag)]
            if rights:
                empowered.append(f"{row['username']} ({' and '.join(rights)})")
            user = user_model(**{name: row[name] for name in USER_FIELDS if name != "id"})
            user.date_joined = when(row["date_joined"])
            user.last_login = when(row.get("last_login"))
            if row["id"] not in taken_ids:
                user.pk = row["id"]
            if row.get("password"):
                user.password = row["password"]
            else:
                user.set_unusable_password()
            user.save()
            user.groups.set([groups[name] for name in row.get("groups", [])])
            ids[user.username] = user.pk
        context.counts["auth.group"] = len(accounts.get("groups", []))
        context.counts["auth.user"] = len(accounts.get("users", []))
        context.users = ids
        # Rights a backup grants are named: an edited backup could add an administrator.
        context.findings.append("accounts restored with staff or superuser rights: "
                                + (", ".join(empowered) or "none"))


class CheckpointsSection(Section):
    """The signed checkpoints and their tree's leaves, exactly (after the logs they name)."""

    name = "checkpoints"
    order = 40
    # Counted under these names before the checkpoint models moved from replay to trust.
    FORMER_LABELS: Mapping[str, str] = {"replay.checkpoint": "trust.checkpoint",
                                        "replay.checkpointleaf": "trust.checkpointleaf"}

    def models(self) -> list[type[models.Model]]:
        from trust.models import Checkpoint, CheckpointLeaf

        return [Checkpoint, CheckpointLeaf]

    def export(self, context: ExportContext) -> dict[str, int]:
        checkpoint, leaf = self.models()
        checkpoints = [
            {name: json_value(value) for name, value in row.items()}
            for row in checkpoint.objects.order_by("pk").values(
                "id", "origin", "tree_size", "root_hash", "note", "verifier_key", "created_at")
        ]
        leaves = list(leaf.objects.order_by("index").values_list(
            "index", "match_id", "last_seq", "head_hash", "id"))
        write_json(context.directory / "checkpoints.json",
                   {"checkpoints": checkpoints, "leaves": [list(row) for row in leaves]})
        return {"trust.checkpoint": len(checkpoints), "trust.checkpointleaf": len(leaves)}

    def plan(self, context: RestoreContext) -> dict[str, Any]:
        data = context.backup.json_object("checkpoints.json")
        unique([row.get("id") if isinstance(row, dict) else None
                for row in data.get("checkpoints", [])], "trust.checkpoint")
        leaves = data.get("leaves", [])
        unique([leaf[4] if isinstance(leaf, list) and len(leaf) == 5 else None
                for leaf in leaves], "trust.checkpointleaf")
        unique([leaf[0] if isinstance(leaf, list) and leaf else None for leaf in leaves],
               "trust.checkpointleaf index")
        return data

    def restore(self, data: dict[str, Any], context: RestoreContext) -> None:
        checkpoint_model, leaf_model = self.models()
        for row in data.get("checkpoints", []):
            made = checkpoint_model.objects.create(**{**row, "created_at": when(row["created_at"])})
            checkpoint_model.objects.filter(pk=made.pk).update(created_at=when(row["created_at"]))
        leaf_model.objects.bulk_create(
            [leaf_model(id=pk, index=index, match_id=log_id, last_seq=seq, head_hash=head)
             for index, log_id, seq, head, pk in data.get("leaves", [])], batch_size=1000)
        context.counts["trust.checkpoint"] = len(data.get("checkpoints", []))
        context.counts["trust.checkpointleaf"] = len(data.get("leaves", []))
        from trust.checkpoints import CheckpointError, check_every_checkpoint

        # The logs are restored: history their own checkpoints contradict is refused.
        try:
            checked = check_every_checkpoint()
        except CheckpointError as error:
            raise BackupError(f"the restored logs contradict the restored checkpoints: "
                              f"{error}") from None
        context.findings.append(f"checkpoints every restored log agrees with: {checked}")


register(UsersSection())
register(CheckpointsSection())
