"""What the match pages list: the matches a reader may see, a match's runs and finished
readings, its log. Reads only; who may read comes from the access policy."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import OuterRef, QuerySet, Subquery

from replay.models import Event, Match, ReplayFlag, ReplayRun
from replay.reading.faces import StoredReading
from replay.reading.policy import moves_after_run, visible_matches
from replay.reading.readings import ReadingWords, reading_key, reading_words

__all__ = ["visible_matches"]


def visible_matches_of(*, user, game_slug: str = "") -> QuerySet[Match]:
    """The matches ``user`` may read, of one game when ``game_slug`` names one."""
    matches = visible_matches(user=user)
    return matches.filter(game__slug=game_slug) if game_slug else matches


def visible_parent(*, user, match: Match) -> Match | None:
    """The line a variation branched from, when ``user`` may read it."""
    if match.parent_id is None:
        return None
    return visible_matches(user=user).filter(pk=match.parent_id).first()


def finished_runs_of_line(*, line, limit: int = 200) -> list[ReplayRun]:
    """The finished runs of a line of play's matches (``line``), the newest first."""
    return list(ReplayRun.objects.filter(match__in=line, status=ReplayRun.DONE)
                .select_related("match").order_by("-created_at")[:limit])


def _done_runs_of(match_ref) -> QuerySet[ReplayRun]:
    return ReplayRun.objects.filter(match=match_ref, status=ReplayRun.DONE).order_by()


def stored_readings(*, match: Match) -> tuple[StoredReading, ...]:
    """The match's finished runs, as ``visible_run`` reads them with a run. One query."""
    rows = _done_runs_of(match).values_list("pk", "log_seq", "interpretation")
    return tuple(StoredReading(pk=pk, match_id=match.pk, log_seq=log_seq,
                               interpretation=interpretation)
                 for pk, log_seq, interpretation in rows.order_by("pk"))


@dataclass(frozen=True)
class ReadingLink:
    run: StoredReading | ReplayRun
    words: ReadingWords


def readings_at(runs, *, seq: int, engine) -> list[ReadingLink]:
    """Among a match's finished ``runs``, those that reach step ``seq``, one a reading (the
    one that replays the most of the log, the newest among equals), each with its reading in
    words: the default reading first."""
    found: dict[str, ReplayRun | StoredReading] = {}
    for run in sorted(runs, key=lambda run: (-run.log_seq, -run.pk)):
        key = reading_key(run.interpretation)
        if run.log_seq >= seq and key not in found:
            found[key] = run
    links = [ReadingLink(run=run, words=reading_words(engine, run.interpretation))
             for run in found.values()]
    return sorted(links, key=lambda link: (not link.words.is_default, link.words.label))


def event_log(*, match: Match, after_seq: int = 0, limit: int | None = None) -> QuerySet[Event]:
    events = Event.objects.filter(match=match, seq__gt=after_seq).order_by("seq")
    return events[:limit] if limit else events


def latest_seqs(*, match: Match, count: int) -> list[int]:
    """The seqs of the log's last ``count`` events, the latest first."""
    return list(match.events.order_by("-seq").values_list("seq", flat=True)[:count])


@dataclass(frozen=True)
class ListedRun:
    """A run as the match page lists it: ``behind`` when moves were recorded after it, and
    ``first_flag``, the step it opens at when it has a flag (None: it opens at its start)."""

    run: ReplayRun
    behind: bool
    first_flag: int | None = None


def runs_of_match(*, match: Match, limit: int = 50) -> list[ListedRun]:
    """The match's newest runs, each saying whether moves were recorded after it and where
    its first flag is. One query."""
    first_flag = (ReplayFlag.objects.filter(run=OuterRef("pk")).order_by("seq")
                  .values("seq")[:1])
    runs = (match.runs.order_by("-created_at", "-pk")
            .annotate(moved_after=moves_after_run(), first_flag=Subquery(first_flag))[:limit])
    return [ListedRun(run=run, behind=run.moved_after, first_flag=run.first_flag)
            for run in runs]
