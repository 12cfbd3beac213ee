"""Signed notes (c2sp.org/signed-note) with Ed25519 keys, and transparency-log checkpoints
(c2sp.org/tlog-checkpoint), written so that standard verifiers and witnesses read them.

A note is text ending in a newline, a blank line, then signature lines
``— <key name> base64(key ID || signature)``; the key ID is the first four bytes of
``SHA-256(key name || 0x0A || 0x01 || public key)``. Keys use the Go ``note`` package's
encodings: a signer key ``PRIVATE+KEY+<name>+<hex key ID>+base64(0x01 || seed)`` and a
verifier key ``<name>+<hex key ID>+base64(0x01 || public key)``. The signatures are
``cryptography``'s Ed25519 (RFC 8032)."""

from __future__ import annotations

import base64
import binascii
import hashlib
from dataclasses import dataclass
from typing import TYPE_CHECKING

# cryptography is imported where a key is made or used, not when the API's URLs load (0.2 s).
if TYPE_CHECKING:
    from cryptography.hazmat.primitives.asymmetric.ed25519 import (
        Ed25519PrivateKey,
        Ed25519PublicKey,
    )

ED25519 = b"\x01"
SIGNATURE_PREFIX = "\u2014 "  # em dash, space


class NoteError(ValueError):
    """A key or note that is malformed, or a signature that does not verify."""


def _check_name(name: str) -> str:
    if not name or any(c.isspace() or c == "+" for c in name) or not name.isprintable():
        raise NoteError(f"a key name is non-empty, with no spaces or '+': {name!r}")
    return name


def key_id(name: str, public_key: bytes) -> bytes:
    return hashlib.sha256(name.encode("utf-8") + b"\n" + ED25519 + public_key).digest()[:4]


def _public_bytes(key: Ed25519PublicKey) -> bytes:
    from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

    return key.public_bytes(Encoding.Raw, PublicFormat.Raw)


@dataclass(frozen=True)
class Signer:
    name: str
    private_key: Ed25519PrivateKey

    @property
    def public_key(self) -> bytes:
        return _public_bytes(self.private_key.public_key())

    @property
    def key_id(self) -> bytes:
        return key_id(self.name, self.public_key)

    def verifier_key(self) -> str:
        return (f"{self.name}+{self.key_id.hex()}+"
                f"{base64.b64encode(ED25519 + self.public_key).decode()}")

    def encoded(self) -> str:
        seed = self.private_key.private_bytes_raw()
        return (f"PRIVATE+KEY+{self.name}+{self.key_id.hex()}+"
                f"{base64.b64encode(ED25519 + seed).decode()}")


def new_signer(name: str) -> Signer:
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

    return Signer(_check_name(name), Ed25519PrivateKey.generate())


def read_signer(encoded: str) -> Signer:
    parts = encoded.strip().split("+", 4)  # base64 holds '+' too
    if len(parts) != 5 or parts[:2] != ["PRIVATE", "KEY"]:
        raise NoteError("not a signer key (PRIVATE+KEY+<name>+<id>+<key>)")
    name, id_hex, key = parts[2], parts[3], _b64(parts[4])
    if len(key) != 33 or key[:1] != ED25519:
        raise NoteError("the signer key is not an Ed25519 key")
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

    signer = Signer(_check_name(name), Ed25519PrivateKey.from_private_bytes(key[1:]))
    if signer.key_id.hex() != id_hex:
        raise NoteError("the signer key's ID does not match its key")
    return signer


@dataclass(frozen=True)
class Verifier:
    name: str
    key_id: bytes
    public_key: Ed25519PublicKey


def read_verifier(encoded: str) -> Verifier:
    parts = encoded.strip().split("+", 2)  # base64 holds '+' too
    if len(parts) != 3:
        raise NoteError("not a verifier key (<name>+<id>+<key>)")
    name, id_hex, key = _check_name(parts[0]), parts[1], _b64(parts[2])
    if len(key) != 33 or key[:1] != ED25519:
        raise NoteError("the verifier key is not an Ed25519 key")
    if key_id(name, key[1:]).hex() != id_hex:
        raise NoteError("the verifier key's ID does not match its key")
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

    return Verifier(name, bytes.fromhex(id_hex), Ed25519PublicKey.from_public_bytes(key[1:]))


def _b64(text: str) -> bytes:
    try:
        return base64.b64decode(text, validate=True)
    except (binascii.Error, ValueError):
        raise NoteError(f"not base64: {text[:20]!r}") from None


def sign(text: str, signer: Signer) -> str:
    """The signed note of ``text`` (which must end in a newline)."""
    _check_text(text)
    signature = signer.private_key.sign(text.encode("utf-8"))
    line = base64.b64encode(signer.key_id + signature).decode()
    return f"{text}\n{SIGNATURE_PREFIX}{signer.name} {line}\n"


def _check_text(text: str) -> None:
    if not text.endswith("\n") or any(ord(c) < 0x20 and c != "\n" for c in text):
        raise NoteError("a note's text ends in a newline and holds no control characters")


def open_note(note: str, verifier: Verifier) -> str:
    """The text of ``note`` once ``verifier``'s signature on it verifies; signatures by
    other keys are ignored, as the format requires."""
    if not note.endswith("\n") or "\n\n" not in note:
        raise NoteError("malformed note: no blank line before its signatures")
    split = note.rstrip("\n").rfind("\n\n")
    text, signatures = note[: split + 1], note[split + 2 :]
    _check_text(text)
    from cryptography.exceptions import InvalidSignature

    found = False
    for line in signatures.splitlines():
        if not line.startswith(SIGNATURE_PREFIX) or line.count(" ") != 2:
            raise NoteError(f"malformed signature line: {line[:60]!r}")
        name, encoded = line[len(SIGNATURE_PREFIX):].split(" ")
        raw = _b64(encoded)
        if name != verifier.name or raw[:4] != verifier.key_id:
            continue
        try:
            verifier.public_key.verify(raw[4:], text.encode("utf-8"))
        except InvalidSignature:
            raise NoteError(f"the signature by {name} does not verify: the note was "
                            "changed after it was signed") from None
        found = True
    if not found:
        raise NoteError(f"the note carries no signature by {verifier.name}")
    return text


@dataclass(frozen=True)
class Checkpoint:
    origin: str
    tree_size: int
    root_hash: bytes

    def text(self) -> str:
        return (f"{self.origin}\n{self.tree_size}\n"
                f"{base64.b64encode(self.root_hash).decode()}\n")


def read_checkpoint(text: str) -> Checkpoint:
    lines = text.split("\n")
    if len(lines) < 4 or not lines[0] or lines[-1] != "":
        raise NoteError("a checkpoint is an origin, a tree size and a root hash, one a line")
    size = lines[1]
    if not (size.isascii() and size.isdigit()) or (size.startswith("0") and size != "0"):
        raise NoteError(f"the tree size {size[:30]!r} is not a decimal number")
    root = _b64(lines[2])
    if len(root) != 32:
        raise NoteError("the root hash is not 32 bytes")
    return Checkpoint(lines[0], int(size), root)
