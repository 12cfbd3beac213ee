"""Backup of the whole archive to one directory (``export_archive``), and its exact restore on
an empty database (``import_archive``).

Trust owns the backup: its directory and manifest (``files``), the all or nothing restore with
its proofs (``restore``). Each app says what it keeps in it by registering *sections*
(``sections``) when it starts; trust's own are the accounts and the checkpoints. The directory
holds:

- ``manifest.json``: the format, counts, and the sha256 of every file below;
- ``users.json``: the accounts and groups; password hashes only when asked for;
- one file or folder per section: ``archive.json`` and ``files/`` (every row of the archive
  app, scans byte for byte), ``matches.json`` and ``matches/`` (each match in the interchange
  format, with its events' row ids, times, recorders and idempotency keys), ``runs.json``
  (every replay run and a digest of its step checksums, so the restore proves every replay
  reproduces), ``checkpoints.json`` (the signed checkpoints and their leaves),
  ``studies.json``.

Every table is in it but those ``not_in_backup`` names, each with the reason.
"""

from trust.backup.export import export_archive
from trust.backup.files import FORMAT, BackupError
from trust.backup.restore import RestoreReport, database_contents, import_archive
from trust.backup.sections import (
    ExportContext,
    RestoreContext,
    RowsSection,
    Section,
    app_models,
    leave_out,
    not_in_backup,
    register,
)

__all__ = [
    "FORMAT",
    "BackupError",
    "ExportContext",
    "RestoreContext",
    "RestoreReport",
    "RowsSection",
    "Section",
    "app_models",
    "database_contents",
    "export_archive",
    "import_archive",
    "leave_out",
    "not_in_backup",
    "register",
]
