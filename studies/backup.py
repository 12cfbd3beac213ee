"""Studies in a backup: every row of the studies app, and, before the restore commits, each
study computed again from its parameters (``study_reproduces``), so an edited result is
refused rather than restored."""

from __future__ import annotations

from studies.models import Study
from studies.plans import StudyError
from studies.services import study_reproduces
from trust.backup import BackupError, RestoreContext, RowsSection


class StudiesSection(RowsSection):
    def restore(self, plan: dict, context: RestoreContext) -> None:
        super().restore(plan, context)
        recomputed, skipped = 0, []
        for study in Study.objects.order_by("pk"):
            try:
                if study_reproduces(study):
                    recomputed += 1
                else:
                    skipped.append(f"study {study.pk} ({study.engine} {study.engine_version}): "
                                   "stored, not computed again (its engine changed)")
            except StudyError as error:
                raise BackupError(f"{error.message}; the backup was changed") from None
        context.findings.append(f"studies computed again with identical results: {recomputed}")
        context.findings += [f"not compared: {reason}" for reason in skipped]
