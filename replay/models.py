"""Matches and their append-only event logs (DESIGN.md, "The event log")."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from archive.models import Game
from games.core.canonical import NumberModelDecoder
from trust.chain import GENESIS_HASH


class Match(models.Model):
    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="matches")
    title = models.CharField(max_length=300)
    players = models.JSONField(help_text='[{"id": "p1", "name": "Ana"}, …]')
    # Read into the number model: a double comes back a double on every database.
    setup = models.JSONField(default=dict, blank=True, decoder=NumberModelDecoder)
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
    # The reading the recorder offers legal choices under ({point: option}; unchosen points
    # take their default). It decides nothing stored: every replay names its own reading.
    reading = models.JSONField(default=dict, blank=True)
    # The version of the game's rules document the match is refereed under (a data game;
    # blank for a game whose engine is code): set when the match is made, never changed.
    rules_version = models.CharField(max_length=20, blank=True)
    # A variation: {"match", "seq", "hash"} as the interchange format carries it (the first
    # ``seq`` events are the parent's, with the same hashes) ...
    branch_of = models.JSONField(null=True, blank=True)
    # ... and the parent itself when it is in this archive and its chain verifies the prefix.
    parent = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.PROTECT, related_name="variations"
    )
    # A retried creation with the same key returns this match instead of making another.
    idempotency_key = models.CharField(max_length=200, null=True, blank=True, unique=True)
    # Set by the first read that finds the log changed behind the database's guards (see
    # trust/reader.py); appends refuse the log from then on. Never cleared by the product.
    chain_broken_seq = models.PositiveIntegerField(null=True, blank=True)
    chain_broken_problem = models.CharField(max_length=500, blank=True)
    chain_broken_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name_plural = "matches"

    def __str__(self) -> str:
        return f"{self.title} ({self.game.slug})"

    @property
    def branch_seq(self) -> int | None:
        return self.branch_of["seq"] if self.branch_of else None

    @property
    def player_ids(self) -> list[str]:
        return [player["id"] for player in self.players]

    def player_name(self, player_id: str | None) -> str:
        for player in self.players:
            if player["id"] == player_id:
                return player.get("name") or player["id"]
        return player_id or ""


class Event(models.Model):
    """One observed event. Never updated, never deleted: database triggers refuse both
    (replay/log/db_guards.py, installed by migration)."""

    # No index of its own: the unique (match, seq) index serves every lookup by match, and
    # each index is one more write per appended event.
    match = models.ForeignKey(
        Match, on_delete=models.PROTECT, related_name="events", db_index=False
    )
    seq = models.PositiveIntegerField()
    type = models.CharField(max_length=40)
    actor = models.CharField(max_length=40, null=True, blank=True)
    data = models.JSONField(default=dict, decoder=NumberModelDecoder)
    recorded_at = models.DateTimeField(auto_now_add=True)
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    prev_hash = models.CharField(max_length=64)
    hash = models.CharField(max_length=64)
    idempotency_key = models.CharField(max_length=200, null=True, blank=True)

    class Meta:
        ordering = ["match_id", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["match", "seq"], name="event_unique_match_seq"),
            models.CheckConstraint(condition=models.Q(seq__gte=1), name="event_seq_positive"),
        ]
        # Partial indexes: most events have no idempotency key and are not corrections, and
        # every index an append maintains slows it down.
        indexes = [
            models.Index(
                fields=["match", "idempotency_key"], name="event_idem_idx",
                condition=models.Q(idempotency_key__isnull=False),
            ),
            # Replays look up a log's corrections before every run and step read.
            models.Index(
                fields=["match", "type"], name="event_type_idx",
                condition=models.Q(type="correction"),
            ),
            # A step page looks up the notes on its step.
            models.Index(
                fields=["match", "seq"], name="event_note_idx",
                condition=models.Q(type="annotation"),
            ),
        ]

    def __str__(self) -> str:
        return f"{self.match_id}#{self.seq} {self.type}"

    def as_record(self) -> dict:
        """The event as the interchange format and the hash chain see it."""
        return {"seq": self.seq, "type": self.type, "actor": self.actor, "data": self.data}


class ReplayRun(models.Model):
    """One replay of a match's log, up to ``log_seq``, by one engine version, under one full
    interpretation. The fingerprint of all of these identifies it: a run with the same
    fingerprint is reused, never recomputed."""

    PENDING, RUNNING, DONE, FAILED = "pending", "running", "done", "failed"
    STATUSES = [(s, s) for s in (PENDING, RUNNING, DONE, FAILED)]

    match = models.ForeignKey(Match, on_delete=models.PROTECT, related_name="runs")
    log_seq = models.PositiveIntegerField(help_text="the log's last seq when the run was made")
    head_hash = models.CharField(max_length=64)
    engine = models.CharField(max_length=40)
    engine_version = models.CharField(max_length=20)
    interpretation = models.JSONField(help_text="every point's option, defaults included")
    fingerprint = models.CharField(max_length=64, unique=True)
    snapshot_interval = models.PositiveIntegerField()
    status = models.CharField(max_length=10, choices=STATUSES, default=PENDING)
    progress = models.PositiveIntegerField(default=0, help_text="last seq whose step is stored")
    attempts = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    heartbeat_at = models.DateTimeField(
        null=True, blank=True, help_text="last sign of life of the execution (each chunk)"
    )
    duration_ms = models.PositiveIntegerField(null=True, blank=True)
    outcome = models.JSONField(default=dict, blank=True)
    flag_summary = models.JSONField(default=dict, blank=True)
    error = models.TextField(blank=True)
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"run {self.pk} of match {self.match_id} ({self.status})"

    @property
    def percent(self) -> int:
        return 100 if self.log_seq == 0 else min(100, self.progress * 100 // self.log_seq)


# Steps and flags are derived rows, written only by replay.runs in the transaction that claims
# their run's row (the UPDATE that moves its progress), so they cannot name a missing run. They
# carry no foreign-key constraint in the database: its check ran once a row at commit (about
# 10 µs each, a third of the replay's time spent writing). Django still deletes them with their
# run. No index of their own either: the unique constraints begin with run.


class ReplayStep(models.Model):
    run = models.ForeignKey(ReplayRun, on_delete=models.CASCADE, related_name="steps",
                            db_index=False, db_constraint=False)
    seq = models.PositiveIntegerField()
    event_type = models.CharField(max_length=40)
    actor = models.CharField(max_length=40, null=True, blank=True)
    summary = models.TextField()
    legal = models.BooleanField()
    flag_count = models.PositiveSmallIntegerField(default=0)
    checksum = models.CharField(max_length=64, help_text="sha256 of the state after this step")
    effects = models.JSONField(default=list, blank=True)

    class Meta:
        ordering = ["run_id", "seq"]
        constraints = [models.UniqueConstraint(fields=["run", "seq"], name="step_unique_seq")]


class ReplayFlag(models.Model):
    run = models.ForeignKey(ReplayRun, on_delete=models.CASCADE, related_name="flags",
                            db_index=False, db_constraint=False)
    seq = models.PositiveIntegerField()
    index = models.PositiveSmallIntegerField()
    kind = models.CharField(max_length=20)
    rule = models.CharField(max_length=200)
    point = models.CharField(max_length=100, null=True, blank=True)
    option = models.CharField(max_length=100, null=True, blank=True)
    message = models.TextField()
    citations = models.JSONField(default=list, blank=True)

    class Meta:
        ordering = ["run_id", "seq", "index"]
        constraints = [
            models.UniqueConstraint(fields=["run", "seq", "index"], name="flag_unique_position")
        ]
        indexes = [models.Index(fields=["run", "kind", "seq"], name="flag_kind_idx")]


class ReplaySnapshot(models.Model):
    """The full state after ``seq`` (0: the initial state), every ``snapshot_interval`` steps."""

    # No index of its own: the unique constraint below begins with run (one index fewer to
    # maintain on the replay's hot path).
    run = models.ForeignKey(ReplayRun, on_delete=models.CASCADE, related_name="snapshots",
                            db_index=False)
    seq = models.PositiveIntegerField()
    state = models.JSONField(decoder=NumberModelDecoder)

    class Meta:
        ordering = ["run_id", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["run", "seq"], name="snapshot_unique_seq")
        ]


class HeadState(models.Model):
    """The state of a match's log after ``seq`` under one reading of one engine version
    (``reading``: their fingerprint), kept every few events as the log grows, so the state at
    the head (the recorder's board and choices) is read from the nearest one plus the events
    since (replay/runs/head_states.py). Derived rows: computed again whenever missing.

    ``made_at`` is the log's last seq when the state was computed: a correction appended
    after it that reaches back to ``seq`` or earlier makes the state stale."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="head_states",
                              db_index=False)
    reading = models.CharField(max_length=64)
    seq = models.PositiveIntegerField()
    made_at = models.PositiveIntegerField()
    state = models.JSONField(decoder=NumberModelDecoder)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["match", "reading", "seq"],
                                    name="head_state_unique_seq")
        ]
