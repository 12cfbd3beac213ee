"""Signed checkpoints and the leaves of their Merkle tree (``trust.checkpoints``). Their
tables keep the names they were made with (``replay_checkpoint``, ``replay_checkpointleaf``):
the rows moved to this app, the tables did not."""

from __future__ import annotations

from django.conf import settings
from django.db import models


class Checkpoint(models.Model):
    """A signed tree head over every log's head: the note as written
    (c2sp.org/tlog-checkpoint), and the public key that verifies it."""

    origin = models.CharField(max_length=200)
    tree_size = models.PositiveIntegerField()
    root_hash = models.CharField(max_length=64, help_text="hex of the RFC 6962 root")
    note = models.TextField(help_text="the signed note, byte for byte")
    verifier_key = models.CharField(max_length=300)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "replay_checkpoint"
        ordering = ["-tree_size", "-id"]

    def __str__(self) -> str:
        return f"checkpoint {self.origin} size {self.tree_size}"


class CheckpointLeaf(models.Model):
    """One leaf of the checkpoints' Merkle tree: a log's head when a checkpoint was made.
    Leaves are only ever added, so every checkpoint extends the ones before it."""

    index = models.PositiveIntegerField(unique=True)
    match = models.ForeignKey(settings.LUDOTECA_LOG_MODEL, on_delete=models.PROTECT,
                              related_name="checkpoint_leaves")
    last_seq = models.PositiveIntegerField()
    head_hash = models.CharField(max_length=64)

    class Meta:
        db_table = "replay_checkpointleaf"
        ordering = ["index"]
