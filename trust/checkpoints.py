"""Signed checkpoints: proof, kept outside the database, that the archive only grew.

A checkpoint is a Merkle tree head (RFC 6962) over leaves that record match log heads,
``{"head_hash": …, "last_seq": …, "match": …}`` in canonical JSON, written as a
c2sp.org/tlog-checkpoint signed note with an Ed25519 key whose file is named by
``LUDOTECA_CHECKPOINT_KEY`` (never stored in the database). Each checkpoint appends a leaf for
every match whose head moved since its last leaf, so each tree extends the one before it.

``verify_checkpoint`` proves that every match's log still extends every head a checkpoint
recorded, and names the first match and seq that does not: a chain rewritten and recomputed
by someone with database access is caught, because its head at the recorded seq differs.
"""

from __future__ import annotations

import base64
import os
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from django.db import transaction
from django.db.models import Max

from games.core.canonical import canonical_bytes
from trust.errors import BrokenChain
from trust.logs import tables
from trust.merkle import leaf_hash, root_hash
from trust.models import Checkpoint, CheckpointLeaf
from trust.reader import stored_hash, verified_events, verified_log
from trust.signed_note import Checkpoint as CheckpointText
from trust.signed_note import (
    NoteError,
    Signer,
    Verifier,
    new_signer,
    open_note,
    read_checkpoint,
    read_signer,
    read_verifier,
    sign,
)

KEY_ENV = "LUDOTECA_CHECKPOINT_KEY"


class CheckpointError(Exception):
    """A checkpoint that cannot be made or verified; ``match`` and ``seq`` name where."""

    def __init__(self, message: str, *, match: int | None = None, seq: int | None = None):
        super().__init__(message)
        self.message = message
        self.match = match
        self.seq = seq


# -- the key --------------------------------------------------------------------------------------


def key_path() -> Path:
    value = os.environ.get(KEY_ENV, "")
    if not value:
        raise CheckpointError(f"set {KEY_ENV} to the path of the checkpoint signing key "
                              "(make one with: manage.py checkpoint --new-key)")
    return Path(value)


def new_key(*, name: str) -> Signer:
    """Make an Ed25519 key named ``name`` (the checkpoints' origin) at ``key_path()``; an
    existing key is never overwritten. Readable by its owner alone."""
    path = key_path()
    signer = new_signer(name)
    try:
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        raise CheckpointError(f"{path} exists: a key is never overwritten; move it away "
                              "first if you mean to replace it") from None
    except OSError as error:
        raise CheckpointError(f"{path}: {error.strerror}") from None
    with os.fdopen(descriptor, "w", encoding="ascii") as handle:
        handle.write(signer.encoded() + "\n")
    return signer


def signer_from_environment() -> Signer:
    path = key_path()
    try:
        return read_signer(path.read_text(encoding="ascii"))
    except OSError as error:
        raise CheckpointError(f"{path}: {error.strerror}") from None
    except (NoteError, UnicodeDecodeError, ValueError) as error:
        raise CheckpointError(f"{path} is not a checkpoint key: {error}") from None


def verifier_from(value: str) -> Verifier:
    """A verifier key given as text, or as the path of a file holding it."""
    text = value
    if "+" not in value or Path(value).is_file():
        try:
            text = Path(value).read_text(encoding="utf-8")
        except OSError as error:
            raise CheckpointError(f"{value}: {error.strerror}") from None
    try:
        return read_verifier(text)
    except NoteError as error:
        raise CheckpointError(f"not a verifier key: {error}") from None


# -- the tree -------------------------------------------------------------------------------------


def leaf_bytes(match_id: int, last_seq: int, head_hash: str) -> bytes:
    return canonical_bytes({"head_hash": head_hash, "last_seq": last_seq, "match": match_id})


def tree_root(leaves: Iterable[tuple[int, int, str]]) -> bytes:
    return root_hash([leaf_hash(leaf_bytes(m, s, h)) for m, s, h in leaves])


def _leaves(size: int | None = None) -> list[tuple[int, int, str]]:
    rows = CheckpointLeaf.objects.order_by("index")
    if size is not None:
        rows = rows.filter(index__lt=size)
    return list(rows.values_list("match_id", "last_seq", "head_hash"))


# -- making one -----------------------------------------------------------------------------------


def checkpoint_create(*, signer: Signer, only_if_grown: bool = False) -> Checkpoint | None:
    """Record every match's current head (after checking that its log verifies and extends
    its last recorded head) and sign the new tree head. With ``only_if_grown`` (the hourly
    schedule), nothing is signed and None returned when no match's head moved since the last
    checkpoint."""
    with transaction.atomic():
        # One checkpoint at a time: the leaf indexes must not interleave.
        list(Checkpoint.objects.select_for_update().order_by("-id")[:1])
        latest = {match_id: (seq, head) for match_id, seq, head in _latest_leaf_per_match()}
        top = CheckpointLeaf.objects.aggregate(top=Max("index"))["top"]
        next_index = 0 if top is None else top + 1
        new_leaves = []
        logs = tables().log_model.objects.order_by("pk").only("pk", "last_seq", "head_hash")
        for match in logs:
            recorded = latest.get(match.pk)
            if recorded == (match.last_seq, match.head_hash):
                continue
            _check_extends(match, recorded)
            new_leaves.append(CheckpointLeaf(index=next_index, match_id=match.pk,
                                             last_seq=match.last_seq, head_hash=match.head_hash))
            next_index += 1
        if only_if_grown and not new_leaves:
            return None
        CheckpointLeaf.objects.bulk_create(new_leaves, batch_size=1000)
        leaves = _leaves()
        text = CheckpointText(signer.name, len(leaves), tree_root(leaves))
        made: Checkpoint = Checkpoint.objects.create(
            origin=signer.name, tree_size=text.tree_size, root_hash=text.root_hash.hex(),
            note=sign(text.text(), signer), verifier_key=signer.verifier_key(),
        )
        return made


def _latest_leaf_per_match() -> Any:
    top = CheckpointLeaf.objects.values("match_id").annotate(top=Max("index")).values("top")
    return CheckpointLeaf.objects.filter(index__in=top).values_list(
        "match_id", "last_seq", "head_hash")


def _check_extends(match: Any, recorded: tuple[int, str] | None) -> None:
    """A head is signed only if the log verifies from the last recorded head to its end."""
    try:
        if recorded is None:
            for _ in verified_log(match):
                pass
            return
        seq, head = recorded
        if stored_hash(match.pk, seq) != head:
            raise CheckpointError(
                f"match {match.pk} no longer extends its last checkpointed head at seq {seq}; "
                "it is not signed again", match=match.pk, seq=seq)
        last = None
        for event in verified_events(match.pk, after_seq=seq, with_hashes=True):
            last = event
        ends = (last["seq"], last["hash"]) if last else (seq, head)
        if ends != (match.last_seq, match.head_hash):
            raise CheckpointError(f"match {match.pk}: the log does not end at its recorded "
                                  "head; it is not signed", match=match.pk, seq=ends[0])
    except BrokenChain as error:
        raise CheckpointError(f"match {match.pk}: {error.problem} (seq {error.seq}); it is "
                              "not signed", match=match.pk, seq=error.seq) from None


# -- verifying one --------------------------------------------------------------------------------


@dataclass
class CheckpointReport:
    origin: str
    tree_size: int
    matches: int
    heads: int


def verify_checkpoint(*, note: str, verifier: Verifier) -> CheckpointReport:
    """Prove that the archive still extends the signed ``note``: its signature verifies, the
    leaves stored for it hash to its root, and every match's log verifies and still passes
    through every head the tree records. Raises :class:`CheckpointError` naming the first
    match and seq that does not."""
    try:
        checkpoint = read_checkpoint(open_note(note, verifier))
    except NoteError as error:
        raise CheckpointError(f"the checkpoint does not verify: {error}") from None
    leaves = _leaves(checkpoint.tree_size)
    if len(leaves) != checkpoint.tree_size:
        raise CheckpointError(f"the database holds {len(leaves)} of the checkpoint's "
                              f"{checkpoint.tree_size} leaves: its records were removed")
    if tree_root(leaves) != checkpoint.root_hash:
        raise CheckpointError(
            "the leaves stored for this checkpoint do not hash to its signed root "
            f"({base64.b64encode(checkpoint.root_hash).decode()}): they were changed")
    heads: dict[int, list[tuple[int, str]]] = defaultdict(list)
    for match_id, seq, head in leaves:
        heads[match_id].append((seq, head))
    for match_id in sorted(heads):
        _check_match(match_id, sorted(heads[match_id]))
    return CheckpointReport(checkpoint.origin, checkpoint.tree_size, len(heads), len(leaves))


def _check_match(match_id: int, heads: list[tuple[int, str]]) -> None:
    match = tables().log_model.objects.filter(pk=match_id).first()
    if match is None:
        raise CheckpointError(f"match {match_id} is in the checkpoint but gone from the "
                              "archive", match=match_id, seq=heads[0][0])
    try:
        for _ in verified_log(match, auditing=True):
            pass
    except BrokenChain as error:
        raise CheckpointError(f"match {match_id} does not extend the checkpoint: its log is "
                              f"broken at seq {error.seq} ({error.problem})",
                              match=match_id, seq=error.seq) from None
    after = 0
    for seq, head in heads:
        if stored_hash(match_id, seq) != head:
            raise CheckpointError(
                f"match {match_id} does not extend the checkpoint: at seq {seq} its chain no "
                f"longer reaches the head the checkpoint recorded ({head[:12]}…), so an event "
                f"after seq {after} and up to seq {seq} was changed and the chain recomputed",
                match=match_id, seq=seq)
        after = seq


def check_every_checkpoint() -> int:
    """Prove that the stored logs agree with every stored checkpoint (a restore calls it):
    each note verifies with the key stored beside it and says the tree size and root its row
    says, the leaves stored for it hash to that root, and each leaf's head is the hash its
    log stores at that seq. The logs' own chains are verified apart (``verify_log``), so each
    leaf is read once, not once per checkpoint. Raises :class:`CheckpointError` naming the
    first checkpoint or match that disagrees; returns how many checkpoints were checked."""
    leaves = _leaves()
    checkpoints = list(Checkpoint.objects.order_by("tree_size", "id"))
    for stored in checkpoints:
        try:
            text = read_checkpoint(open_note(stored.note, verifier_from(stored.verifier_key)))
        except (NoteError, CheckpointError) as error:
            raise CheckpointError(f"checkpoint {stored.pk}: its note does not verify with "
                                  f"its own key: {error}") from None
        if (text.tree_size, text.root_hash.hex()) != (stored.tree_size, stored.root_hash):
            raise CheckpointError(f"checkpoint {stored.pk}: its row's tree size and root are "
                                  "not those its signed note says")
        if text.tree_size > len(leaves) or tree_root(leaves[:text.tree_size]) != text.root_hash:
            raise CheckpointError(f"checkpoint {stored.pk}: the leaves stored for it do not "
                                  "hash to its signed root: they were changed")
    for index, (match_id, seq, head) in enumerate(leaves):
        if stored_hash(match_id, seq) != head:
            raise CheckpointError(
                f"match {match_id}: its log does not pass through the head the checkpoints "
                f"recorded at seq {seq} (leaf {index}, {head[:12]}…): the log was changed "
                "and rechained after it was checkpointed", match=match_id, seq=seq)
    return len(checkpoints)


def latest_checkpoint() -> Checkpoint | None:
    latest: Checkpoint | None = Checkpoint.objects.order_by("-tree_size", "-id").first()
    return latest
