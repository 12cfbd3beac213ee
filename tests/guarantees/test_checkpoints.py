"""Tampering is caught even when the whole chain is recomputed: signed checkpoints, in the
manner of Certificate Transparency's signed tree heads, written as c2sp.org signed notes."""

from __future__ import annotations

import base64
import hashlib
import io
import os
import stat

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey
from django.core.management import call_command
from django.core.management.base import CommandError
from rest_framework.test import APIClient

import games
from replay.log.append import append_events
from replay.log.interchange import import_match
from replay.runs.replaying import replay_match
from tests.guarantees.conftest import note
from tests.guarantees.tampering import tamper
from trust.audit import verify_log
from trust.merkle import leaf_hash, root_hash
from trust.models import Checkpoint, CheckpointLeaf
from trust.signed_note import open_note, read_signer, read_verifier, sign

# Certificate Transparency's reference tree: these leaves and the root of each prefix.
CT_LEAVES = ["", "00", "10", "2021", "3031", "40414243", "5051525354555657",
             "606162636465666768696a6b6c6d6e6f"]
CT_ROOTS = [
    "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
    "6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d",
    "fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125",
    "aeb6bcfe274b70a14fb067a5e5578264db0fa9b51af5e0ba159158f329e06e77",
    "d37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7",
    "4e3bbb1f7b478dcfe71fb631631519a3bca12c9aefca1612bfce4c13a86264d4",
    "76e67dadbcdf1e10e1b74ddc608abd2f98dfb16fbce75277b5232a127f2087ef",
    "ddb89be403809e325750d3d263cd78929c2942b7942a34b77e122c9594a74c8c",
    "5dc9da79a70659a9ad559cb701ded9a2ab9d823aad2f4960cfe370eff4604328",
]
# The Go note package's published signer key, verifier key and signed note.
GO_SIGNER = "PRIVATE+KEY+PeterNeumann+c74f20a3+AYEKFALVFGyNhPJEMzD1QIDr+Y7hfZx09iUvxdXHKDFz"
GO_VERIFIER = "PeterNeumann+c74f20a3+ARpc2QcUPDhMQegwxbzhKqiBfsVkmqq/LDE4izWy10TW"
GO_TEXT = ("If you think cryptography is the answer to your problem,\n"
           "then you don't know what your problem is.\n")
GO_NOTE = GO_TEXT + ("\n— PeterNeumann x08go/ZJkuBS9UG/SffcvIAQxVBtiFupLLr8pAcElZInNIuGUgYN1"
                     "FFYC2pZSNXgKvqfqdngotpRZb6KE6RyyBwJnAM=\n")


@pytest.mark.parametrize("size", range(len(CT_ROOTS)))
def test_tree_heads_are_rfc_6962s(size):
    leaves = [leaf_hash(bytes.fromhex(leaf)) for leaf in CT_LEAVES[:size]]
    assert root_hash(leaves).hex() == CT_ROOTS[size]


def test_notes_are_signed_byte_for_byte_as_the_go_note_package_signs():
    signer = read_signer(GO_SIGNER)
    assert signer.verifier_key() == GO_VERIFIER
    assert sign(GO_TEXT, signer) == GO_NOTE
    assert open_note(GO_NOTE, read_verifier(GO_VERIFIER)) == GO_TEXT


@pytest.fixture
def logged(log_match, key):
    append_events(match=log_match, events=[note(f"n{i}") for i in range(1, 9)], expected_seq=0)
    log_match.refresh_from_db()
    return log_match


def make_checkpoint(tmp_path, name="cp.txt"):
    target = tmp_path / name
    call_command("checkpoint", "-o", str(target), stderr=io.StringIO())
    return target


def test_the_key_lives_outside_the_database(key, db):
    path, verifier_key = key
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    assert path.read_text().startswith("PRIVATE+KEY+archive.example/ludoteca+")
    assert verifier_key.startswith("archive.example/ludoteca+")
    with pytest.raises(CommandError, match="never overwritten"):
        call_command("checkpoint", "--new-key", stdout=io.StringIO())


def test_a_checkpoint_is_a_c2sp_signed_note_any_verifier_reads(logged, key, tmp_path):
    """Proves the format line by line, and checks the signature with nothing but the
    verifier key and ``cryptography`` (as a witness in another language would)."""
    _, verifier_key = key
    text = make_checkpoint(tmp_path).read_text(encoding="utf-8")
    origin, size, root, blank, signature_line, end = text.split("\n")
    assert (origin, size, blank, end) == ("archive.example/ludoteca", "1", "", "")
    leaf = b'{"head_hash":"%s","last_seq":8,"match":%d}' % (logged.head_hash.encode(), logged.pk)
    assert base64.b64decode(root) == root_hash([leaf_hash(leaf)])
    dash, name, signature = signature_line.split(" ")
    assert (dash, name) == ("—", origin)
    _, key_id_hex, key_b64 = verifier_key.split("+", 2)
    public = base64.b64decode(key_b64)[1:]
    raw = base64.b64decode(signature)
    assert raw[:4].hex() == key_id_hex == hashlib.sha256(
        name.encode() + b"\n\x01" + public).digest()[:4].hex()
    Ed25519PublicKey.from_public_bytes(public).verify(raw[4:], text.split("\n\n")[0].encode()
                                                      + b"\n")


def test_checkpoints_extend_each_other_and_verify(logged, tmp_path):
    first = make_checkpoint(tmp_path, "first.txt")
    append_events(match=logged, events=[note("later")], expected_seq=8)
    second = make_checkpoint(tmp_path, "second.txt")
    assert [c.tree_size for c in Checkpoint.objects.order_by("pk")] == [1, 2]
    for checkpoint in (first, second):
        out = io.StringIO()
        call_command("verify_log", "--all", "--checkpoint", str(checkpoint), stdout=out)
        assert "verifies" in out.getvalue()


def test_a_recomputed_chain_is_caught_naming_match_and_seq(logged, tmp_path):
    """Tries: after a checkpoint, an event changed and every later hash and the head
    recomputed, so the chain verifies on its own (and no run recorded the old head).
    Proves: verify_log without a checkpoint is fooled; with it, it names the match and the
    checkpointed seq that the log no longer reaches."""
    checkpoint = make_checkpoint(tmp_path)
    tamper(logged, 3, {"text": "rewritten"}, recompute=True)
    assert verify_log(match=logged) is None
    with pytest.raises(CommandError) as raised:
        call_command("verify_log", "--all", "--checkpoint", str(checkpoint),
                     stdout=io.StringIO())
    assert f"match {logged.pk} does not extend the checkpoint: at seq 8" in str(raised.value)


def test_the_checkpoint_is_still_checked_when_a_run_already_caught_the_change(
        archive_seed, key, tmp_path):
    """Tries: a recomputed chain that a run made earlier also contradicts.
    Proves: verify_log reports the run's finding and still gives the checkpoint's verdict."""
    match = import_match(raw=games.get("dagon").simulate(seed=2, max_events=30))
    run = replay_match(match=match)
    checkpoint = make_checkpoint(tmp_path)
    event = match.events.get(seq=7)
    tamper(match, 7, {**event.data, "tampered": True}, recompute=True)
    err = io.StringIO()
    with pytest.raises(CommandError) as raised:
        call_command("verify_log", "--all", "--checkpoint", str(checkpoint),
                     stdout=io.StringIO(), stderr=err)
    assert f"match {match.pk}: chain broken at seq {run.log_seq}: run {run.pk}" in err.getvalue()
    assert (f"match {match.pk} does not extend the checkpoint: at seq {match.last_seq}"
            in str(raised.value))


def test_a_change_without_recomputing_names_its_seq(logged, tmp_path):
    checkpoint = make_checkpoint(tmp_path)
    tamper(logged, 5, {"text": "rewritten"})
    with pytest.raises(CommandError, match="seq 5"):
        call_command("verify_log", "--all", "--checkpoint", str(checkpoint),
                     stdout=io.StringIO())


def test_changed_checkpoint_records_or_note_are_caught(logged, tmp_path):
    checkpoint = make_checkpoint(tmp_path)
    leaf = CheckpointLeaf.objects.get()
    CheckpointLeaf.objects.filter(pk=leaf.pk).update(last_seq=7)
    with pytest.raises(CommandError, match="do not hash to its signed root"):
        call_command("verify_log", "--all", "--checkpoint", str(checkpoint),
                     stdout=io.StringIO())
    CheckpointLeaf.objects.filter(pk=leaf.pk).update(last_seq=8)
    forged = checkpoint.read_text().replace("\n1\n", "\n2\n", 1)
    checkpoint.write_text(forged)
    with pytest.raises(CommandError, match="does not verify"):
        call_command("verify_log", "--all", "--checkpoint", str(checkpoint),
                     stdout=io.StringIO())


def test_a_broken_log_is_not_signed(logged, tmp_path):
    tamper(logged, 2, {"text": "x"})
    with pytest.raises(CommandError, match="seq 2"):
        make_checkpoint(tmp_path)
    assert not Checkpoint.objects.exists()


def test_the_latest_checkpoint_is_served(logged, tmp_path):
    client = APIClient()
    assert client.get("/api/checkpoints/latest/").status_code == 404
    make_checkpoint(tmp_path)
    body = client.get("/api/checkpoints/latest/").json()
    assert body["tree_size"] == 1 and body["checkpoint"].startswith("archive.example/ludoteca\n")
    assert open_note(body["checkpoint"], read_verifier(body["verifier_key"]))
    plain = client.get("/api/checkpoints/latest/", HTTP_ACCEPT="text/plain")
    assert plain.content.decode() == body["checkpoint"]
    schema = client.get("/api/schema/").content.decode()
    assert "/api/checkpoints/latest/" in schema
