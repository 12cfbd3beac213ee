"""Studies on real parts: a Redis broker, PostgreSQL, and Celery worker processes.

A study split across two workers completes once with no part written twice; a worker killed
with SIGKILL in the middle of a part leaves a study that completes once when the part is
delivered again; cancelling stops the parts not yet run."""

from __future__ import annotations

import pytest

import games
from archive.services import load_archive
from replay.log.interchange import import_match
from studies.models import Study, StudyPart
from studies.plans import PLANS
from studies.services import study_archive, study_cancel, study_sweep
from tests.replay.test_worker import broker, wait_for  # noqa: F401 (the broker fixture)
from tests.worker import start_worker

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]


def dagon_matches(count: int, *, min_events: int = 0) -> list:
    load_archive()
    engine = games.get("dagon")
    return [import_match(raw=engine.simulate(seed=seed, min_events=min_events))
            for seed in range(20, 20 + count)]


def expected_result(study: Study) -> dict:
    """The study's result computed here, part by part, in this process."""
    plan = PLANS[study.kind]
    results, previous = [], None
    for part in study.parts.order_by("index"):
        previous = plan.compute(study, part.payload, previous, lambda: False)
        results.append(previous)
    return plan.gather(study, results)


def test_a_study_split_across_two_workers_completes_once(broker):
    first = start_worker(broker_url=broker, name="left")
    second = start_worker(broker_url=broker, name="right")
    try:
        dagon_matches(12)
        study = study_archive(game_slug="dagon")
        assert study.status == Study.RUNNING and study.parts_total == 12
        wait_for(lambda: Study.objects.get(pk=study.pk).status == Study.DONE, timeout=300,
                 what="both workers to finish the study", worker=first)
        study.refresh_from_db()
        parts = list(study.parts.all())
        assert study.parts_done == study.parts_total == len(parts) == 12
        assert all(p.status == StudyPart.DONE and p.attempts == 1 for p in parts)
        assert {p.completed_by.split("@")[0] for p in parts} == {"left", "right"}
        assert study.result == expected_result(study)
    finally:
        first.stop()
        second.stop()


def test_a_worker_killed_mid_study_leaves_a_study_that_completes_once(broker):
    doomed = start_worker(broker_url=broker, name="doomed", visibility_timeout=3)
    replacement = None
    try:
        (match,) = dagon_matches(1, min_events=6_000)
        study = study_sweep(match=match)
        assert study.parts_total >= 6  # stretches of 1,000 events, one after another
        wait_for(lambda: StudyPart.objects.filter(study=study, status=StudyPart.PENDING,
                                                  attempts__gte=1, index__gte=1).exists(),
                 timeout=300, what="a stretch after the first to be under way", worker=doomed)
        doomed.kill()
        assert Study.objects.get(pk=study.pk).status == Study.RUNNING
        killed = StudyPart.objects.get(study=study, status=StudyPart.PENDING, attempts__gte=1)
        assert Study.objects.get(pk=study.pk).parts_done == killed.index
        replacement = start_worker(broker_url=broker, name="replacement", visibility_timeout=3)
        wait_for(lambda: Study.objects.get(pk=study.pk).status == Study.DONE, timeout=600,
                 what="the part to be delivered again and the study to finish",
                 worker=replacement)
        study.refresh_from_db()
        assert study.parts_done == study.parts_total
        killed.refresh_from_db()
        assert killed.attempts == 2 and killed.completed_by.startswith("replacement@")
        assert all(p.attempts == 1 for p in study.parts.exclude(pk=killed.pk))
        assert study.result == expected_result(study)
    finally:
        doomed.stop()
        if replacement:
            replacement.stop()


def test_cancelling_stops_the_remaining_parts(broker):
    import redis

    worker = start_worker(broker_url=broker, name="cancelled")
    try:
        dagon_matches(10, min_events=600)
        study = study_archive(game_slug="dagon")
        wait_for(lambda: Study.objects.get(pk=study.pk).parts_done >= 1, timeout=300,
                 what="a first part to be written", worker=worker)
        study_cancel(study=study)
        done_at_cancel = StudyPart.objects.filter(study=study, status=StudyPart.DONE).count()
        queue = redis.Redis.from_url(broker)
        wait_for(lambda: queue.llen("ludoteca") == 0 and queue.hlen("unacked") == 0,
                 timeout=300, what="the worker to take every message", worker=worker)
        study.refresh_from_db()
        assert study.status == Study.CANCELLED
        assert study.parts_done == done_at_cancel < study.parts_total
        assert StudyPart.objects.filter(study=study, status=StudyPart.DONE).count() \
            == done_at_cancel
        # The parts after the cancel were delivered and skipped without being computed.
        assert StudyPart.objects.filter(study=study, attempts=0).count() \
            >= study.parts_total - done_at_cancel - 1
    finally:
        worker.stop()
