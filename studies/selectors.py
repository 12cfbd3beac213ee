"""Reads of stored studies. Nothing here computes: a page or an API GET finds what a curator's
request stored, and says what is missing."""

from __future__ import annotations

from django.db.models import Q, QuerySet

from replay.models import Match
from replay.reading import selectors as replay_selectors
from replay.runs.replaying import game_head
from studies.models import Study
from studies.plans import engine_of
from studies.services import study_fingerprint


def visible_studies(*, user) -> QuerySet[Study]:
    """Studies of public matches and games, and those of the private matches a user sees."""
    matches = replay_selectors.visible_matches(user=user)
    return Study.objects.select_related("game", "match").filter(
        Q(match__isnull=True) | Q(match__in=matches)
    )


def current_sweep(*, match: Match, points: list[str] | None = None) -> Study | None:
    """The sweep of the log as it is now (of ``points`` only, when given), if one was made."""
    engine = engine_of(match.game.slug)
    log_seq, head_hash = game_head(match=Match.objects.get(pk=match.pk))
    parameters = {"match": match.pk, "log_seq": log_seq, "head_hash": head_hash,
                  "points": sorted(set(points)) if points is not None else None}
    fingerprint = study_fingerprint(kind=Study.SWEEP, engine=engine.slug,
                                    engine_version=engine.version, parameters=parameters)
    return Study.objects.filter(fingerprint=fingerprint).first()


def sweeps_of(*, match: Match) -> QuerySet[Study]:
    return Study.objects.filter(kind=Study.SWEEP, match=match).order_by("-created_at", "-id")


def studies_of(*, game_slug: str, kind: str) -> QuerySet[Study]:
    return Study.objects.filter(kind=kind, game__slug=game_slug).order_by("-created_at", "-id")
