"""Reads of matches and logs."""

from __future__ import annotations

from django.db.models import Q, QuerySet

from replay.chain import ChainBreak, first_broken_link
from replay.models import Event, Match


def visible_matches(*, user) -> QuerySet[Match]:
    """Public matches, and a signed-in user's own private ones (staff see all)."""
    matches = Match.objects.select_related("game")
    if user is not None and user.is_authenticated and user.is_staff:
        return matches
    if user is not None and user.is_authenticated:
        return matches.filter(Q(is_private=False) | Q(created_by=user))
    return matches.filter(is_private=False)


def event_log(*, match: Match, after_seq: int = 0, limit: int | None = None) -> QuerySet[Event]:
    events = Event.objects.filter(match=match, seq__gt=after_seq).order_by("seq")
    return events[:limit] if limit else events


def verify_log(*, match: Match) -> ChainBreak | None:
    """Walk the stored chain in chunks; the first broken link, or None when it verifies."""
    rows = (
        Event.objects.filter(match=match)
        .order_by("seq")
        .values("seq", "type", "actor", "data", "prev_hash", "hash")
        .iterator(chunk_size=5000)
    )
    return first_broken_link(rows, last_seq=match.last_seq, head_hash=match.head_hash)
