"""Studies: a sweep of one match, the impact of a point over simulated matches, or an
archive-wide study of a game, each stored with its fingerprint and computed in parts."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from archive.models import Game


class Study(models.Model):
    """One study. Its fingerprint (kind, engine and version, parameters, and the heads of the
    logs it reads) identifies it: the same fingerprint is reused, never recomputed."""

    SWEEP, IMPACT, ARCHIVE = "sweep", "impact", "archive"
    KINDS = [(SWEEP, "sweep of a match"), (IMPACT, "impact of a point"),
             (ARCHIVE, "archive-wide study")]
    PENDING, RUNNING, DONE, FAILED, CANCELLED = "pending", "running", "done", "failed", "cancelled"
    STATUSES = [(s, s) for s in (PENDING, RUNNING, DONE, FAILED, CANCELLED)]
    UNDER_WAY = (PENDING, RUNNING)

    kind = models.CharField(max_length=10, choices=KINDS)
    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="studies")
    match = models.ForeignKey("replay.Match", null=True, blank=True, on_delete=models.PROTECT,
                              related_name="studies", help_text="the match a sweep reads")
    engine = models.CharField(max_length=40)
    engine_version = models.CharField(max_length=20)
    parameters = models.JSONField(help_text="what the study reads, log heads included")
    fingerprint = models.CharField(max_length=64, unique=True)
    status = models.CharField(max_length=10, choices=STATUSES, default=PENDING)
    parts_total = models.PositiveIntegerField(default=0)
    parts_done = models.PositiveIntegerField(default=0)
    result = models.JSONField(default=dict, blank=True)
    error = models.TextField(blank=True)
    requested_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                     on_delete=models.SET_NULL)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    heartbeat_at = models.DateTimeField(null=True, blank=True,
                                        help_text="last sign of life (a part started or ended)")
    duration_ms = models.PositiveIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name_plural = "studies"
        indexes = [models.Index(fields=["game", "kind"], name="study_game_kind_idx")]

    def __str__(self) -> str:
        return f"{self.kind} study {self.pk} ({self.status})"

    @property
    def percent(self) -> int:
        if self.status == self.DONE:
            return 100
        return self.parts_done * 100 // self.parts_total if self.parts_total else 0

    @property
    def under_way(self) -> bool:
        return self.status in self.UNDER_WAY


class StudyPart(models.Model):
    """One small idempotent piece of a study: its result is written once, by the execution
    that finds it still pending."""

    PENDING, DONE = "pending", "done"

    study = models.ForeignKey(Study, on_delete=models.CASCADE, related_name="parts")
    index = models.PositiveIntegerField()
    payload = models.JSONField(help_text="what this part computes")
    status = models.CharField(max_length=10, default=PENDING)
    result = models.JSONField(default=dict, blank=True)
    attempts = models.PositiveIntegerField(default=0)
    completed_by = models.CharField(max_length=200, blank=True,
                                    help_text="the worker whose result was kept")
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["study_id", "index"]
        constraints = [
            models.UniqueConstraint(fields=["study", "index"], name="study_part_unique_index")
        ]

    def __str__(self) -> str:
        return f"part {self.index} of study {self.study_id} ({self.status})"
