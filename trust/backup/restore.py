"""Restore an ``export_archive`` directory into an empty database, giving back history
exactly: ids, times, who recorded each event, idempotency keys, runs with their fingerprints,
checkpoints, users and their groups (password hashes when the backup has them).

Nothing is written until everything has been checked: every file's path stays inside the
backup directory and its bytes match the manifest's sha256, every section has read and checked
what it will write (``Section.plan``: every scan's bytes match the sha256 its row records,
every JSON file passes the input boundary, every match document's events hash to its recorded
head). The rows are then written in one transaction; files are written beside it, through the
media storage, and removed again if the restore fails, so a failed restore leaves the database
and the media storage as they were. Before the transaction commits, every restored log is
audited (``trust.audit.verify_log``) and the counts are compared with the manifest's; the
checkpoints were checked against the restored logs as they were restored (each leaf's head
must be on its log's chain), before any section that computes from the logs.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from django.core.files.storage import default_storage
from django.core.management.color import no_style
from django.db import IntegrityError, connection, transaction

from trust.audit import verify_log
from trust.backup.files import BackupError, read_backup
from trust.backup.sections import CheckpointsSection, RestoreContext, sections
from trust.logs import tables


@dataclass
class RestoreReport:
    counts: dict[str, Any] = field(default_factory=dict)
    findings: list[Any] = field(default_factory=list)  # what sections proved, in words

    def lines(self) -> list[str]:
        return [*(f"{name}: {count}" for name, count in self.counts.items()), *self.findings]


def database_contents() -> dict[str, int]:
    """What the database holds that a restore would collide with (accounts do not count:
    a restore reuses an account that already has a backed-up username)."""
    held: dict[str, int] = {}
    for section in sections():
        held.update(section.held())
    return held


def import_archive(*, directory: Path) -> RestoreReport:
    """Restore an ``export_archive`` directory into an empty database, all or nothing."""
    held = database_contents()
    if held:
        what = ", ".join(f"{count} {name}" for name, count in held.items())
        raise BackupError(
            f"the database is not empty ({what}): import_archive restores only into an empty "
            "database (migrate a new one, then import)"
        )
    context = RestoreContext(backup=read_backup(Path(directory)))
    for section in sections():
        context.plans[section.name] = section.plan(context)
    try:
        with transaction.atomic():
            for section in sections():
                section.restore(context.plans[section.name], context)
            _reset_sequences()
            for section in sections():
                section.announce()
            for log in tables().log_model.objects.order_by("pk"):
                broken = verify_log(match=log)
                if broken is not None:
                    raise BackupError(f"match {log.pk}: the restored log breaks at {broken}")
            _compare_counts(context.backup.manifest.get("counts", {}), context.counts)
    except IntegrityError as error:  # a collision the checks above did not foresee
        _remove_written(context.written)
        raise BackupError(f"the backup's rows collide: {str(error).splitlines()[0]}") from None
    except BaseException:
        _remove_written(context.written)
        raise
    return RestoreReport(counts=context.counts, findings=context.findings)


def _compare_counts(expected: dict[str, Any], restored: dict[str, Any]) -> None:
    expected = {CheckpointsSection.FORMER_LABELS.get(name, name): count
                for name, count in expected.items()}
    differing = {k: (v, expected.get(k)) for k, v in restored.items() if expected.get(k) != v}
    if differing:
        raise BackupError(f"restored counts differ from the manifest's: {differing}")


def _remove_written(written: list[str]) -> None:
    """What a failed restore wrote to the media storage goes again."""
    for name in written:
        default_storage.delete(name)


def _reset_sequences() -> None:
    restored = [model for section in sections() for model in section.models()]
    with connection.cursor() as cursor:
        for statement in connection.ops.sequence_reset_sql(no_style(), restored):
            cursor.execute(statement)
