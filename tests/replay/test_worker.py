"""Replays on a real Celery worker process with a Redis broker and PostgreSQL:
the task runs the same replay function as the eager path, and a worker killed mid-replay is
replaced and the run completes exactly once."""

import time

import pytest
from django.db import connection

import games
from archive.services import load_archive
from games.core.canonical import state_checksum
from games.core.replay import replay_document
from replay.log.interchange import export_document, import_match
from replay.models import ReplayFlag, ReplayRun, ReplayStep
from replay.runs.replaying import replay_match
from tests.worker import start_worker

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def broker(redis_server, settings):
    if connection.vendor != "postgresql":
        pytest.skip("a worker process needs a server database: run with --database=postgres")
    from config.celery import app

    # Read before the settings change: the app reads its configuration from the settings
    # lazily, so read after, "previous" would already be the changed value, and every later
    # test would send its tasks to a broker that is not there.
    previous = (app.conf.task_always_eager, app.conf.broker_url)
    settings.CELERY_TASK_ALWAYS_EAGER = False
    app.conf.task_always_eager = False
    app.conf.broker_url = redis_server.url
    # Drop any producer pool made earlier in the session for the default (unset) broker:
    # kept, it would still point at amqp://localhost. Celery does the same after a fork.
    app._after_fork()
    yield redis_server.url
    app.conf.task_always_eager, app.conf.broker_url = previous
    app._after_fork()


def wait_for(predicate, *, timeout: float, what: str, worker=None):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.02)
    log = worker.log()[-3000:] if worker else ""
    pytest.fail(f"timed out after {timeout} s waiting for {what}\n{log}")


def long_match(min_events: int):
    load_archive()
    document = games.get("dagon").simulate(seed=11, min_events=min_events)
    return import_match(raw=document)


def assert_complete_once(run: ReplayRun, match):
    document = export_document(match)
    engine = games.get("dagon")
    expected = list(replay_document(engine, document))
    steps = list(ReplayStep.objects.filter(run=run).order_by("seq").values_list("seq", "checksum"))
    assert [s for s, _ in steps] == list(range(1, len(expected) + 1))  # none missing, none twice
    assert steps[-1][1] == state_checksum(expected[-1][1].state)
    assert ReplayFlag.objects.filter(run=run).count() == sum(len(s.flags) for _, s in expected)


def test_a_worker_process_completes_a_replay(broker):
    worker = start_worker(broker_url=broker, name="plain")
    try:
        match = long_match(2_000)
        run = replay_match(match=match)
        assert run.status == ReplayRun.PENDING  # queued, not run in this process
        wait_for(lambda: ReplayRun.objects.get(pk=run.pk).status == ReplayRun.DONE,
                 timeout=120, what="the worker to finish the run", worker=worker)
        run.refresh_from_db()
        assert run.attempts == 1
        assert_complete_once(run, match)
    finally:
        worker.stop()


def test_a_pool_process_killed_mid_replay_is_replaced_and_the_run_completes_once(broker):
    worker = start_worker(broker_url=broker, name="killchild")
    try:
        match = long_match(40_000)
        run = replay_match(match=match)
        wait_for(lambda: 0 < ReplayRun.objects.get(pk=run.pk).progress < match.last_seq // 2,
                 timeout=120, what="the replay to be under way", worker=worker)
        for child in worker.children():
            child.kill()  # SIGKILL the pool process running the task
        wait_for(lambda: ReplayRun.objects.get(pk=run.pk).status == ReplayRun.DONE,
                 timeout=240, what="the re-queued run to finish", worker=worker)
        run.refresh_from_db()
        assert run.attempts >= 2, worker.log()[-2000:]
        assert_complete_once(run, match)
    finally:
        worker.stop()


def test_a_whole_worker_killed_mid_replay_is_replaced_by_another(broker):
    first = start_worker(broker_url=broker, name="dies", visibility_timeout=3)
    second = None
    try:
        match = long_match(40_000)
        run = replay_match(match=match)
        wait_for(lambda: 0 < ReplayRun.objects.get(pk=run.pk).progress < match.last_seq // 2,
                 timeout=120, what="the replay to be under way", worker=first)
        first.kill()
        progress_at_kill = ReplayRun.objects.get(pk=run.pk).progress
        second = start_worker(broker_url=broker, name="replacement", visibility_timeout=3)
        wait_for(lambda: ReplayRun.objects.get(pk=run.pk).status == ReplayRun.DONE,
                 timeout=240, what="the replacement worker to finish the run", worker=second)
        run.refresh_from_db()
        assert run.attempts >= 2 and progress_at_kill < run.log_seq
        assert_complete_once(run, match)
    finally:
        first.stop()
        if second:
            second.stop()


def test_the_api_starts_a_replay_that_a_worker_completes(broker):
    """The API starts a replay; a real Celery worker (Redis broker)
    completes it; the API then reports it done with its outcome."""
    from rest_framework.authtoken.models import Token
    from rest_framework.test import APIClient

    from tests.factories import make_curator

    worker = start_worker(broker_url=broker, name="api")
    try:
        match = long_match(3_000)
        client = APIClient()
        token = Token.objects.create(user=make_curator("api-curator"))
        client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
        started = client.post("/api/runs/", {"match": match.pk}, format="json")
        assert started.status_code == 202, started.content
        run_id = started.json()["id"]
        wait_for(lambda: client.get(f"/api/runs/{run_id}/").json()["status"] == "done",
                 timeout=120, what="the worker to finish the API's run", worker=worker)
        body = client.get(f"/api/runs/{run_id}/").json()
        assert body["progress"] == match.last_seq and body["outcome"]["length"] == match.last_seq
        assert_complete_once(ReplayRun.objects.get(pk=run_id), match)
    finally:
        worker.stop()
