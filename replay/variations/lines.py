"""Variations (what-if): a match that branches from another after one of its events.

A variation's log begins with its parent's events up to the branch point, stored again with
the same seqs and therefore the same hashes, so the shared prefix verifies against the
parent's chain; after it, the variation records its own moves. The interchange format carries
``"branch_of": {"match", "seq", "hash"}``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from django.db import transaction
from django.db.models import Q

from replay.log.errors import LogError
from replay.log.matches import match_create
from replay.models import Match
from trust.reader import stored_hash, verified_events


class VariationError(LogError):
    code = "invalid_variation"


@transaction.atomic
def variation_create(
    *, parent: Match, from_seq: int, title: str, created_by=None,
    reading: Mapping[str, str] | None = None,
) -> Match:
    """A new match whose log is ``parent``'s events 1..``from_seq`` (same hashes), ready to go
    its own way in the recorder. It is as private as its parent and records under the
    parent's reading unless given another. It is created as every match is
    (``match_create``), its events checked again and the shared part of the chain with them."""
    if isinstance(from_seq, bool) or not isinstance(from_seq, int):
        raise VariationError("from_seq must be a whole number", field="from_seq")
    if not 0 <= from_seq <= parent.last_seq:
        raise VariationError(
            f"from_seq must be a step of the match, 0 to {parent.last_seq}", field="from_seq"
        )
    events = list(verified_events(parent.pk, up_to_seq=from_seq)) if from_seq else []
    return match_create(
        game=parent.game,
        title=title,
        players=parent.players,
        setup=parent.setup,
        source=f"what-if: a variation of “{parent.title}” after event {from_seq}",
        is_private=parent.is_private,
        created_by=created_by,
        events=[_record(event) for event in events],
        branch_of={"match": parent.pk, "seq": from_seq,
                   "hash": stored_hash(parent.pk, from_seq)},
        parent=parent,
        reading=dict(parent.reading if reading is None else reading),
    ).match


def _record(event: Mapping[str, Any]) -> dict:
    return {"type": event["type"], "actor": event.get("actor"), "data": event.get("data") or {}}


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
        if stored_hash(match_a.pk, middle) == stored_hash(match_b.pk, middle):
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
