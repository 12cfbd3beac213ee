"""A backup directory as files: its format, its manifest of sha256s, and reading it back with
every file checked before anything is believed."""

from __future__ import annotations

import datetime as dt
import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Any

from django.core.exceptions import SuspiciousOperation
from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.utils.dateparse import parse_datetime

from boundary import InputError, parse_json

FORMAT = "ludoteca.archive/2"
MAX_BACKUP_TEXT = 50_000_000  # a transcription's text travels inside archive.json


class BackupError(Exception):
    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def write_json(path: Path, value: Any) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(value, ensure_ascii=False, indent=1, sort_keys=True) + "\n",
                    encoding="utf-8")


def json_value(value: Any) -> Any:
    """A column's value as the backup writes it (times as ISO 8601)."""
    return value.isoformat() if isinstance(value, (dt.datetime, dt.date)) else value


def when(value: Any) -> dt.datetime | None:
    """A time as the backup wrote it, read back; refused when it is not one."""
    if value is None:
        return None
    parsed = parse_datetime(value) if isinstance(value, str) else None
    if parsed is None:
        raise BackupError(f"{value!r} is not a date and time")
    return parsed  # type: ignore[no-any-return]  # Django's parse_datetime is untyped


def unique(ids: list[Any], table: str) -> None:
    """No table of the backup names one id twice (it would end the restore in a collision
    half-way): refused before anything is written, naming the table and the id."""
    seen = set()
    for value in ids:
        if isinstance(value, bool) or not isinstance(value, int):
            raise BackupError(f"{table}: a row has no whole-number id ({value!r})")
        if value in seen:
            raise BackupError(f"{table}: the id {value} is there twice")
        seen.add(value)


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
    manifest: dict[str, Any]
    checked: dict[str, bytes] = field(default_factory=dict)

    def has(self, name: str) -> bool:
        return name in self.checked

    def read(self, name: str) -> bytes:
        """A file's bytes, only if the manifest lists it and they match its sha256."""
        if name not in self.checked:
            raise BackupError(f"{name} is not listed in the manifest")
        return self.checked[name]

    def json(self, name: str) -> Any:
        try:
            return parse_json(self.read(name), max_text=MAX_BACKUP_TEXT)
        except InputError as error:
            raise BackupError(f"{name}: {error}") from None

    def json_object(self, name: str) -> dict[str, Any]:
        """A file that holds one JSON object; refused naming the file when it holds another
        value."""
        value = self.json(name)
        if not isinstance(value, dict):
            raise BackupError(f"{name}: holds {type(value).__name__}, not a JSON object")
        return value


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


def media_name(name: str) -> str:
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


def write_files(files: dict[str, bytes], written: list[str]) -> None:
    """Through the default storage (the media folder, or the S3 bucket when configured);
    each name written is added to ``written``, so a failed restore can remove it again."""
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
