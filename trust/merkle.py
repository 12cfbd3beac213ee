"""Merkle tree heads as RFC 6962 (Certificate Transparency, section 2.1) defines them:
``SHA-256(0x00 || leaf)`` for a leaf, ``SHA-256(0x01 || left || right)`` for a node, the split
at the largest power of two below the size, and ``SHA-256()`` for the empty tree."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence


def leaf_hash(leaf: bytes) -> bytes:
    return hashlib.sha256(b"\x00" + leaf).digest()


def node_hash(left: bytes, right: bytes) -> bytes:
    return hashlib.sha256(b"\x01" + left + right).digest()


def root_hash(leaf_hashes: Sequence[bytes]) -> bytes:
    """The Merkle tree hash of leaves already hashed with :func:`leaf_hash`."""
    if not leaf_hashes:
        return hashlib.sha256(b"").digest()
    # Bottom up, level by level: the same tree as RFC 6962's top-down split, as a node
    # without a sibling is carried up unchanged.
    level = list(leaf_hashes)
    while len(level) > 1:
        paired = [node_hash(level[i], level[i + 1]) for i in range(0, len(level) - 1, 2)]
        if len(level) % 2:
            paired.append(level[-1])
        level = paired
    return level[0]
