"""Starting, computing and cancelling studies.

``study_sweep``, ``study_impact`` and ``study_archive`` are the only ways a study is made
(pages, the API, the command all call them); ``execute_part`` is the one function that
computes, called in-process when no broker is configured or by the Celery task on a worker.
A part's result is written once, in a transaction that finds the part still pending and the
study still under way, together with the study's progress; the execution that writes the last
part gathers the study. A redelivered or duplicated part therefore changes nothing twice.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import logging
import time
from collections.abc import Iterable

from django.conf import settings
from django.db import transaction
from django.utils import timezone

import background
import games
from games.core.canonical import canonical_json, round_trip
from games.core.impact import DEFAULT_MAX_EVENTS
from replay.models import Match
from replay.runs.replaying import game_head
from studies.models import Study, StudyPart
from studies.plans import (
    PLANS,
    PLAYERS,
    Cancelled,
    StudyError,
    engine_of,
    impact_parameters,
    impact_work,
)
from trust.reader import refuse_known_break

logger = logging.getLogger(__name__)
RUN_STUDY_PART = "studies.tasks.run_study_part"

MAX_IMPACT_MATCHES = 5000
MAX_BUDGET = 10_000  # playouts per decision of mcts
DEFAULT_AGENT = "greedy"
# The most an impact study may ask (matches × options × playouts a decision × events a match;
# about a millisecond a unit on this machine, bench: dagon greedy and mcts): about a day of
# one worker's time with workers; without a broker, parts run in a thread of the web process,
# so a study there is held to minutes. A command (``manage.py study``) runs in its own
# process and may ask for the larger figure.
MAX_STUDY_WORK = 100_000_000
MAX_IN_PROCESS_STUDY_WORK = 1_000_000
# Seconds between two looks at whether the study running a part was cancelled.
CANCEL_POLL_SECONDS = 1.0
# A study under way with no sign of life for this long is started again by the next POST.
STUDY_STALE_AFTER = dt.timedelta(minutes=5)


def study_fingerprint(*, kind: str, engine: str, engine_version: str, parameters: dict) -> str:
    payload = canonical_json({"kind": kind, "engine": engine, "engine_version": engine_version,
                              "parameters": parameters})
    return hashlib.sha256(payload.encode("utf-8")).hexdigest()


def _checked_points(engine, points: Iterable[str] | None) -> list[str] | None:
    if points is None:
        return None
    chosen = sorted(set(points))
    known = {point.id for point in engine.points}
    for point in chosen:
        if point not in known:
            raise StudyError(f"{engine.slug} has no interpretation point {point!r}",
                             field="points")
    if not chosen:
        raise StudyError("name at least one interpretation point", field="points")
    return chosen


def study_sweep(*, match: Match, points: Iterable[str] | None = None,
                requested_by=None, wait: bool = False) -> Study:
    """Every combination of the options of the points the match consults (or of ``points``
    only, the others at their defaults), on the log as it is now; a log found broken is
    refused (:class:`BrokenChain`). ``wait``: compute it before returning even when it would
    otherwise go off the request (a command)."""
    refuse_known_break(match.pk)
    engine = engine_of(match.game.slug)
    parameters = {"match": match.pk, **_log_head(match),
                  "points": _checked_points(engine, points)}
    return _study(kind=Study.SWEEP, engine=engine, game=match.game, match=match,
                  parameters=parameters, requested_by=requested_by, wait=wait)


def study_impact(*, game_slug: str, point_id: str, matches: int,
                 agent: str = DEFAULT_AGENT, budget: int | None = None,
                 players: int | None = None, until_width: float | None = None,
                 requested_by=None, wait: bool = False) -> Study:
    """``matches`` simulated matches played under each option of the point, by ``agent`` in
    every seat (``budget`` playouts per decision for ``mcts``; ``players`` seats, three by
    default) or by the game's bots (``bots``); with ``until_width`` (a share, 0.2 for 20
    points), only as many as make every reading's intervals that narrow, ``matches`` the
    cap. ``wait``: computed before returning."""
    engine = engine_of(game_slug)
    if not _whole(matches, 1, MAX_IMPACT_MATCHES):
        raise StudyError(f"matches must be a whole number from 1 to {MAX_IMPACT_MATCHES}",
                         field="matches")
    if agent not in PLAYERS:
        raise StudyError(f"agent must be one of {', '.join(PLAYERS)}, not {agent!r}",
                         field="agent")
    if budget is not None and (agent != "mcts" or not _whole(budget, 1, MAX_BUDGET)):
        raise StudyError(f"budget is the playouts per decision of mcts, a whole number from 1 "
                         f"to {MAX_BUDGET}", field="budget")
    if players is not None and (agent == "bots" or not _whole(
            players, engine.min_players, engine.max_players)):
        raise StudyError(f"players is the number of seats agents play, from "
                         f"{engine.min_players} to {engine.max_players} in {game_slug}",
                         field="players")
    if until_width is not None and (isinstance(until_width, bool) or not isinstance(
            until_width, (int, float)) or not 0.01 <= until_width <= 1):
        raise StudyError("until_width is how wide the intervals may be, a share from 0.01 "
                         "to 1 (1 to 100 points)", field="until_width")
    try:
        engine.point(point_id)
    except KeyError:
        raise StudyError(f"{game_slug} has no interpretation point {point_id!r}",
                         field="point") from None
    from archive.models import Game

    parameters = impact_parameters(point=point_id, matches=matches, game=game_slug,
                                   agent=agent, budget=budget, players=players,
                                   until_width=until_width)
    _within_cap(impact_work(parameters, len(engine.point(point_id).option_ids)), wait=wait)
    return _study(kind=Study.IMPACT, engine=engine, game=Game.objects.get(slug=game_slug),
                  match=None, parameters=parameters, requested_by=requested_by, wait=wait)


def study_work_cap(*, wait: bool = False) -> int:
    """The most work an impact study may ask for here: the in-process cap when its parts
    would run in a thread of this (web) process, as they do without a broker."""
    in_web_process = settings.CELERY_TASK_ALWAYS_EAGER and not wait
    return MAX_IN_PROCESS_STUDY_WORK if in_web_process else MAX_STUDY_WORK


def _within_cap(work: int, *, wait: bool) -> None:
    cap = study_work_cap(wait=wait)
    if work <= cap:
        return
    where = "" if cap == MAX_STUDY_WORK else (
        f" without workers (with workers, CELERY_BROKER_URL, or from the command "
        f"manage.py study, the cap is {MAX_STUDY_WORK:,})")
    raise StudyError(f"this study asks for {work:,} units of work (matches × options × "
                     f"playouts a decision × {DEFAULT_MAX_EVENTS:,} events a match), more "
                     f"than the {cap:,} allowed{where}: ask for fewer matches or a smaller "
                     f"budget", field="matches")


def study_archive(*, game_slug: str, points: Iterable[str] | None = None,
                  requested_by=None, wait: bool = False) -> Study:
    """Every public recorded match of a game, under each option of ``points`` (all the
    game's points when None). A match whose log was found broken is left out."""
    from archive.models import Game

    engine = engine_of(game_slug)
    chosen = _checked_points(engine, points) or sorted(point.id for point in engine.points)
    matches = [{"id": match.pk, **_log_head(match)} for match in
               Match.objects.filter(game__slug=game_slug, is_private=False, last_seq__gt=0,
                                    chain_broken_seq__isnull=True)
               .order_by("pk")]
    matches = [entry for entry in matches if entry["log_seq"]]
    if not matches:
        raise StudyError(f"{game_slug} has no public recorded match to study", field="game")
    parameters = {"points": chosen, "matches": matches}
    return _study(kind=Study.ARCHIVE, engine=engine, game=Game.objects.get(slug=game_slug),
                  match=None, parameters=parameters, requested_by=requested_by, wait=wait)


def _whole(value, low: int, high: int) -> bool:
    return not isinstance(value, bool) and isinstance(value, int) and low <= value <= high


def _log_head(match: Match) -> dict:
    """The head of the log a study reads: its last game event (notes after it change
    nothing a study computes, as they change no replay)."""
    log_seq, head_hash = game_head(match=Match.objects.get(pk=match.pk))
    return {"log_seq": log_seq, "head_hash": head_hash}


def _study(*, kind, engine, game, match, parameters, requested_by, wait) -> Study:
    fingerprint = study_fingerprint(kind=kind, engine=engine.slug,
                                    engine_version=engine.version, parameters=parameters)
    with transaction.atomic():
        study, created = Study.objects.get_or_create(
            fingerprint=fingerprint,
            defaults={"kind": kind, "game": game, "match": match, "engine": engine.slug,
                      "engine_version": engine.version, "parameters": parameters,
                      "requested_by": requested_by},
        )
        if created:
            payloads = PLANS[kind].parts(parameters)
            StudyPart.objects.bulk_create(
                StudyPart(study=study, index=i, payload=p) for i, p in enumerate(payloads)
            )
            study.parts_total = len(payloads)
            study.save(update_fields=["parts_total"])
        elif not _needs_start(study):
            return study
        else:
            study = Study.objects.select_for_update().get(pk=study.pk)
            if not _needs_start(study):
                return study
        study.status = Study.RUNNING
        study.error = ""
        study.finished_at = None
        study.started_at = study.started_at or timezone.now()
        study.heartbeat_at = timezone.now()
        study.save(update_fields=["status", "error", "finished_at", "started_at",
                                  "heartbeat_at"])
        first = _first_parts(study)
    _send(first, wait=wait)
    study.refresh_from_db()
    return study


def _needs_start(study: Study) -> bool:
    """A failed or cancelled study starts again when asked; so does one under way that has
    shown no sign of life for a while (its process died and its message was lost)."""
    if study.status in (Study.FAILED, Study.CANCELLED):
        return True
    if study.status == Study.PENDING:
        return True
    if study.status == Study.RUNNING:
        last_sign = study.heartbeat_at or study.created_at
        return last_sign < timezone.now() - STUDY_STALE_AFTER
    return False


def _first_parts(study: Study) -> list[int]:
    """The parts to send when a study starts (or starts again): every pending part of a
    group; the first pending part of a chain, which sends the next when it is done; the last
    part when all are written, so that its execution gathers the study."""
    pending = list(study.parts.filter(status=StudyPart.PENDING).order_by("index")
                   .values_list("pk", flat=True))
    if PLANS[study.kind].chained:
        pending = pending[:1]
    if not pending and study.parts_total:
        pending = [study.parts.order_by("-index").values_list("pk", flat=True).first()]
    return pending


def _send(part_ids: list[int], *, wait: bool = False) -> None:
    """Each part to whoever computes parts (``background.send``: workers, a thread of this
    process, or here and now when the caller waits for the result)."""
    for pk in part_ids:
        background.send(RUN_STUDY_PART, pk, wait=wait)


def study_cancel(*, study: Study) -> Study:
    """Stop a study: parts not yet written are skipped, a part running now is not kept."""
    with transaction.atomic():
        locked = Study.objects.select_for_update().get(pk=study.pk)
        if locked.under_way:
            locked.status = Study.CANCELLED
            locked.finished_at = timezone.now()
            locked.save(update_fields=["status", "finished_at"])
    study.refresh_from_db()
    return study


def _cancelled(study_id: int) -> bool:
    status = Study.objects.filter(pk=study_id).values_list("status", flat=True).first()
    return status != Study.RUNNING


def _cancel_poll(study_id: int):
    """Whether the study is no longer under way, read from the database at most once every
    ``CANCEL_POLL_SECONDS`` (asked between decisions, which may take a millisecond)."""
    last_look = [float("-inf")]

    def stop() -> bool:
        now = time.monotonic()
        if now - last_look[0] < CANCEL_POLL_SECONDS:
            return False
        last_look[0] = now
        return _cancelled(study_id)

    return stop


def execute_part(*, part_id: int, worker: str = "in-process") -> None:
    """Compute one part and write its result, unless it is written already or the study
    is no longer under way; then send the next part of a chain, or gather the study."""
    part = StudyPart.objects.select_related("study").get(pk=part_id)
    study = part.study
    if part.status == StudyPart.PENDING and study.status == Study.RUNNING:
        StudyPart.objects.filter(pk=part.pk).update(
            attempts=part.attempts + 1, started_at=part.started_at or timezone.now())
        Study.objects.filter(pk=study.pk).update(heartbeat_at=timezone.now())
        plan = PLANS[study.kind]
        previous = None
        if plan.chained and part.index > 0:
            previous = study.parts.get(index=part.index - 1).result
        try:
            result = plan.compute(study, part.payload, previous, _cancel_poll(study.pk))
        except Cancelled:
            return
        except Exception as error:  # an engine bug must not leave a study under way forever
            logger.exception("part %s of study %s failed", part.index, study.pk)
            message = error.message if isinstance(error, StudyError) \
                else f"{error.__class__.__name__}: {error}"
            Study.objects.filter(pk=study.pk, status=Study.RUNNING).update(
                status=Study.FAILED, error=f"part {part.index + 1}: {message}"[:2000],
                finished_at=timezone.now())
            return
        with transaction.atomic():
            locked = Study.objects.select_for_update().get(pk=study.pk)
            fresh = StudyPart.objects.select_for_update().get(pk=part.pk)
            if fresh.status != StudyPart.PENDING or locked.status != Study.RUNNING:
                return  # another execution wrote it first, or the study was cancelled
            fresh.status = StudyPart.DONE
            fresh.result = result
            fresh.completed_by = worker
            fresh.finished_at = timezone.now()
            fresh.save(update_fields=["status", "result", "completed_by", "finished_at"])
            locked.parts_done += 1
            locked.heartbeat_at = timezone.now()
            locked.save(update_fields=["parts_done", "heartbeat_at"])
    _after_part(study.pk, part.index)


def _after_part(study_id: int, index: int) -> None:
    following = None
    with transaction.atomic():
        study = Study.objects.select_for_update().get(pk=study_id)
        if study.status != Study.RUNNING:
            return
        if study.parts_done < study.parts_total:
            if PLANS[study.kind].chained:
                following = study.parts.filter(index=index + 1, status=StudyPart.PENDING) \
                    .values_list("pk", flat=True).first()
        else:
            _gather(study)
    if following:
        _send([following])


def study_reproduces(study: Study) -> bool:
    """Whether a stored study is what its engine computes from its parameters (a restore
    asks, as a backup could be edited): its fingerprint is that of its kind, engine and
    parameters; its parts are the ones its plan makes; each written part's result, and a
    done study's result, are what computing them again gives. Raises :class:`StudyError`
    naming the first that is not; False (not compared) when the engine or its version is no
    longer the one that computed the study."""
    engine = games.find(study.engine)
    if engine is None or engine.version != study.engine_version:
        return False
    if study.fingerprint != study_fingerprint(kind=study.kind, engine=study.engine,
                                              engine_version=study.engine_version,
                                              parameters=study.parameters):
        raise StudyError(f"study {study.pk}: its fingerprint is not that of its parameters")
    plan = PLANS[study.kind]
    parts = list(study.parts.order_by("index"))
    if [part.payload for part in parts] != round_trip(plan.parts(study.parameters)):
        raise StudyError(f"study {study.pk}: its parts are not the ones its parameters make")
    results, previous = [], None
    for part in parts:
        if part.status != StudyPart.DONE:
            if plan.chained:
                break  # nothing after it was computed
            continue
        result = round_trip(plan.compute(study, part.payload, previous, lambda: False))
        # A done sweep keeps only its last stretch's result (the frontiers are let go).
        if part.result and part.result != result:
            raise StudyError(f"study {study.pk}: part {part.index + 1}'s stored result is not "
                             "what computing it again gives")
        results.append(result)
        previous = result
    if study.status == Study.DONE and study.result != round_trip(plan.gather(study, results)):
        raise StudyError(f"study {study.pk}: its stored result is not what its parts give")
    return True


def _gather(study: Study) -> None:
    """Called with the study's row locked, once every part is written."""
    plan = PLANS[study.kind]
    parts = list(study.parts.order_by("index"))
    study.result = plan.gather(study, [p.result for p in parts])
    study.status = Study.DONE
    study.finished_at = timezone.now()
    study.duration_ms = int((study.finished_at - study.started_at).total_seconds() * 1000)
    study.save(update_fields=["result", "status", "finished_at", "duration_ms"])
    if plan.chained:
        # The stretches' frontiers were only there for the next stretch.
        study.parts.exclude(index=study.parts_total - 1).update(result={})
