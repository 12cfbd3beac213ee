"""Writing the whole archive to one new directory: every section's files, then the manifest
with every file's sha256. Written beside the target and renamed into place, so a failed
export leaves nothing."""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from trust.backup.files import FORMAT, BackupError, sha256_of, write_json
from trust.backup.sections import ExportContext, sections


def export_archive(*, directory: Path, with_password_hashes: bool = False) -> dict[str, Any]:
    """Write the whole archive to ``directory`` (new or empty); returns the manifest.
    Password hashes are written only when ``with_password_hashes``."""
    target = Path(directory)
    if target.exists() and (not target.is_dir() or any(target.iterdir())):
        raise BackupError(f"{target} is not empty: export into a new or empty directory")
    target.parent.mkdir(parents=True, exist_ok=True)
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


def _export_into(directory: Path, with_password_hashes: bool) -> dict[str, Any]:
    context = ExportContext(
        directory=directory,
        usernames=dict(get_user_model().objects.values_list("pk", "username")),
        with_password_hashes=with_password_hashes)
    counts: dict[str, int] = {}
    with transaction.atomic():  # one consistent view of the archive (REPEATABLE on export)
        for section in sections():
            counts.update(section.export(context))
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
    write_json(directory / "manifest.json", manifest)
    return manifest
