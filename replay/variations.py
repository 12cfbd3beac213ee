"""Variations (what-if): a match that branches from another after one of its events.

A variation's log begins with its parent's events up to the branch point, stored again with
the same seqs and therefore the same hashes, so the shared prefix verifies against the
parent's chain; after it, the variation records its own moves. The interchange format carries
``"branch_of": {"match", "seq", "hash"}``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.db import transaction
from django.db.models import Q

from replay.errors import DocumentError, LogError
from replay.models import Event, Match
from replay.selectors import visible_matches
from trust.chain import GENESIS_HASH, chain_head
from trust.reader import verified_events

COPY_BATCH = 5000
HASH_RE = re.compile(r"[0-9a-f]{64}")


class VariationError(LogError):
    code = "invalid_variation"


def hash_at(match: Match, seq: int) -> str | None:
    """The chain's hash after event ``seq`` of ``match`` (the genesis hash at 0)."""
    if seq == 0:
        return GENESIS_HASH
    return Event.objects.filter(match=match, seq=seq).values_list("hash", flat=True).first()


@transaction.atomic
def variation_create(
    *, parent: Match, from_seq: int, title: str, created_by=None,
    reading: Mapping[str, str] | None = None,
) -> Match:
    """A new match whose log is ``parent``'s events 1..``from_seq`` (same hashes), ready to go
    its own way in the recorder. It is as private as its parent and records under the
    parent's reading unless given another."""
    from replay.services import append_events

    if isinstance(from_seq, bool) or not isinstance(from_seq, int):
        raise VariationError("from_seq must be a whole number", field="from_seq")
    if not 0 <= from_seq <= parent.last_seq:
        raise VariationError(
            f"from_seq must be a step of the match, 0 to {parent.last_seq}", field="from_seq"
        )
    if not isinstance(title, str) or not title.strip() or len(title.strip()) > 300:
        raise VariationError("title must be 1 to 300 characters", field="title")
    head = hash_at(parent, from_seq)
    variation = Match.objects.create(
        game=parent.game,
        title=title.strip(),
        players=parent.players,
        setup=parent.setup,
        source=f"what-if: a variation of “{parent.title}” after event {from_seq}",
        is_private=parent.is_private,
        created_by=created_by,
        reading=dict(parent.reading if reading is None else reading),
        branch_of={"match": parent.pk, "seq": from_seq, "hash": head},
        parent=parent,
    )
    for start in range(0, from_seq, COPY_BATCH):
        events = verified_events(parent.pk, after_seq=start,
                                 up_to_seq=min(start + COPY_BATCH, from_seq))
        append_events(match=variation, events=[_record(e) for e in events], expected_seq=start,
                      recorded_by=created_by)
    if variation.head_hash != head:  # the same events must hash to the same chain
        raise VariationError(
            f"the copied events do not verify against match {parent.pk}'s chain at seq "
            f"{from_seq}", field="from_seq",
        )
    return variation


def _record(event: Mapping[str, Any]) -> dict:
    return {"type": event["type"], "actor": event.get("actor"), "data": event.get("data") or {}}


def checked_branch_of(value: Any, events: Sequence[Mapping[str, Any]]) -> dict:
    """The ``branch_of`` of a match document: its shape, and the document's own chain at the
    branch point (a variation's prefix must hash to what it says it shares)."""
    if not isinstance(value, dict) or set(value) != {"match", "seq", "hash"}:
        raise DocumentError('branch_of must be {"match": <id>, "seq": <n>, "hash": "<hex>"}',
                            field="$.branch_of")
    parent_id, seq, digest = value["match"], value["seq"], value["hash"]
    if isinstance(parent_id, bool) or not isinstance(parent_id, int) or parent_id < 1:
        raise DocumentError("branch_of.match must be a match id", field="$.branch_of.match")
    if isinstance(seq, bool) or not isinstance(seq, int) or not 0 <= seq <= len(events):
        raise DocumentError(f"branch_of.seq must be a seq of the log, 0 to {len(events)}",
                            field="$.branch_of.seq")
    if not isinstance(digest, str) or not HASH_RE.fullmatch(digest):
        raise DocumentError("branch_of.hash must be a sha256 in hex", field="$.branch_of.hash")
    if chain_head(events[:seq]) != digest:
        raise DocumentError(
            f"the first {seq} events do not hash to branch_of.hash: the shared part of the "
            "log was changed", field="$.branch_of.hash",
        )
    return {"match": parent_id, "seq": seq, "hash": digest}


def parent_in_archive(branch_of: Mapping[str, Any], *, reader) -> Match | None:
    """The parent a ``branch_of`` names, when this archive has it, ``reader`` may read it, and
    its chain at the branch point has the same hash; else None (the record keeps
    ``branch_of`` as it came). A match the reader may not read is looked up exactly as one
    that does not exist, so an import never tells whether a private match has those events."""
    parent = visible_matches(user=reader).filter(pk=branch_of["match"]).first()
    if parent is None or parent.last_seq < branch_of["seq"]:
        return None
    return parent if hash_at(parent, branch_of["seq"]) == branch_of["hash"] else None


# -- the line of a match --------------------------------------------------------------------


def ancestors(match: Match) -> list[Match]:
    """The parent, its parent, … (nearest first)."""
    found, seen, current = [], {match.pk}, match
    while current.parent_id is not None and current.parent_id not in seen:
        current = Match.objects.select_related("game").get(pk=current.parent_id)
        seen.add(current.pk)
        found.append(current)
    return found


def shared_prefix(match_a: Match, match_b: Match) -> int:
    """How many first events two logs share: the chain makes equal hashes at seq n mean
    equal events 1..n, so a binary search over hashes finds it."""
    if match_a.pk == match_b.pk:
        return match_a.last_seq
    low, high = 0, min(match_a.last_seq, match_b.last_seq)
    while low < high:
        middle = (low + high + 1) // 2
        if hash_at(match_a, middle) == hash_at(match_b, middle):
            low = middle
        else:
            high = middle - 1
    return low


def line_matches(*, match: Match, visible) -> list[Match]:
    """``match``, its ancestors and its direct variations, among the ``visible`` matches."""
    ids = {match.pk, *(m.pk for m in ancestors(match))}
    return list(visible.filter(Q(pk__in=ids) | Q(parent=match)))


def on_one_line(match_a: Match, match_b: Match) -> bool:
    """Whether two matches branch from each other, or from a common ancestor."""
    line_a = {match_a.pk, *(m.pk for m in ancestors(match_a))}
    line_b = {match_b.pk, *(m.pk for m in ancestors(match_b))}
    return bool(line_a & line_b)


@dataclass
class VariationNode:
    match: Match
    children: list[VariationNode] = field(default_factory=list)


def variation_tree(*, match: Match, visible) -> list[VariationNode]:
    """The variations of ``match`` and theirs, as a tree, among the ``visible`` matches (a
    queryset: a private variation stays hidden from those who may not see it)."""
    by_parent: dict[int, list[Match]] = {}
    seen, frontier = {match.pk}, [match.pk]
    while frontier:
        children = [child for child in
                    visible.filter(parent_id__in=frontier).order_by("created_at", "pk")
                    if child.pk not in seen]
        for child in children:
            by_parent.setdefault(child.parent_id, []).append(child)
            seen.add(child.pk)
        frontier = [child.pk for child in children]

    def grow(parent_id: int) -> list[VariationNode]:
        return [VariationNode(child, grow(child.pk)) for child in by_parent.get(parent_id, [])]

    return grow(match.pk)


def family_tree(*, match: Match, visible) -> list[VariationNode]:
    """The whole family ``match`` belongs to, as a tree from its eldest ancestor a reader
    may see: that ancestor, its variations and theirs (empty when the match neither is nor
    has a variation). A private relative stays hidden from those who may not see it."""
    root = match
    for ancestor in ancestors(match):
        if not visible.filter(pk=ancestor.pk).exists():
            break
        root = ancestor
    children = variation_tree(match=root, visible=visible)
    return [VariationNode(root, children)] if children else []
