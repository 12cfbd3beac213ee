"""Matches and their append-only event logs (DESIGN.md, "The event log")."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from archive.models import Game

GENESIS_HASH = "0" * 64


class Match(models.Model):
    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="matches")
    title = models.CharField(max_length=300)
    players = models.JSONField(help_text='[{"id": "p1", "name": "Ana"}, …]')
    setup = models.JSONField(default=dict, blank=True)
    played_on = models.DateField(null=True, blank=True)
    source = models.TextField(blank=True)
    is_private = models.BooleanField(default=False)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    created_at = models.DateTimeField(auto_now_add=True)
    # The head of the log, kept beside the match so an append reads one row, not the whole log.
    last_seq = models.PositiveIntegerField(default=0)
    head_hash = models.CharField(max_length=64, default=GENESIS_HASH)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name_plural = "matches"

    def __str__(self) -> str:
        return f"{self.title} ({self.game.slug})"

    @property
    def player_ids(self) -> list[str]:
        return [player["id"] for player in self.players]

    def player_name(self, player_id: str | None) -> str:
        for player in self.players:
            if player["id"] == player_id:
                return player.get("name") or player_id
        return player_id or ""


class Event(models.Model):
    """One observed event. Never updated, never deleted: database triggers refuse both
    (replay/db_guards.py, installed by migration)."""

    match = models.ForeignKey(Match, on_delete=models.PROTECT, related_name="events")
    seq = models.PositiveIntegerField()
    type = models.CharField(max_length=40)
    actor = models.CharField(max_length=40, null=True, blank=True)
    data = models.JSONField(default=dict)
    recorded_at = models.DateTimeField(auto_now_add=True)
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    prev_hash = models.CharField(max_length=64)
    hash = models.CharField(max_length=64)
    idempotency_key = models.CharField(max_length=200, null=True, blank=True)

    class Meta:
        ordering = ["match", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["match", "seq"], name="event_unique_match_seq"),
            models.CheckConstraint(condition=models.Q(seq__gte=1), name="event_seq_positive"),
        ]
        indexes = [models.Index(fields=["match", "idempotency_key"], name="event_idem_idx")]

    def __str__(self) -> str:
        return f"{self.match_id}#{self.seq} {self.type}"

    def as_record(self) -> dict:
        """The event as the interchange format and the hash chain see it."""
        return {"seq": self.seq, "type": self.type, "actor": self.actor, "data": self.data}
