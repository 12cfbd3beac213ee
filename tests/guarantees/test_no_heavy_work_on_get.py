"""Only a curator's POST starts a computation. Every GET, by anyone, reads what is stored:
no replay run, sweep, impact or archive study is created, started, restarted or computed, and
no task is sent to a worker, even for a run or a study that looks abandoned."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone

from replay.models import ReplayRun
from studies.models import Study, StudyPart
from tests.guarantees.test_permissions import (  # noqa: F401 (the module's world fixture)
    PRIVATE_PATHS,
    ROLES,
    TABLE,
    _world,
    client_for,
    world,
)

GETS = [(name, url) for name, method, url, _, _ in TABLE if method == "get"]


@pytest.fixture
def nothing_computes(monkeypatch):
    """Every way into a computation raises: sending a task, and the functions that replay,
    sweep or simulate."""

    def refuse(what):
        def refused(*args, **kwargs):
            raise AssertionError(f"a GET started {what}")
        return refused

    from celery.app.task import Task

    import games.core.impact
    import replay.runs.replaying
    import studies.plans
    import studies.services

    monkeypatch.setattr(Task, "apply_async", refuse("a Celery task"))
    monkeypatch.setattr(Task, "delay", refuse("a Celery task"))
    monkeypatch.setattr(replay.runs.replaying, "execute_run", refuse("a replay"))
    monkeypatch.setattr(replay.runs.replaying, "start_run", refuse("a replay"))
    monkeypatch.setattr(studies.services, "execute_part", refuse("a study part"))
    monkeypatch.setattr(studies.services, "_send", refuse("a study part"))
    monkeypatch.setattr(studies.plans, "sweep", refuse("a sweep"))
    monkeypatch.setattr(studies.plans, "advance", refuse("a sweep"))
    monkeypatch.setattr(games.core.impact, "measure_match", refuse("a simulation"))
    monkeypatch.setattr(studies.plans, "play_match", refuse("agents playing"))


def snapshot() -> dict:
    return {
        "runs": list(ReplayRun.objects.order_by("pk").values_list(
            "pk", "status", "attempts", "progress", "heartbeat_at")),
        "studies": list(Study.objects.order_by("pk").values_list(
            "pk", "status", "parts_done", "heartbeat_at")),
        "parts": list(StudyPart.objects.order_by("pk").values_list("pk", "status", "attempts")),
    }


def look_abandoned(world) -> None:
    """The run and the study look as if their process died ten minutes ago: what a POST
    would start again."""
    long_ago = timezone.now() - dt.timedelta(minutes=10)
    ReplayRun.objects.filter(pk=world["run"]).update(status=ReplayRun.RUNNING,
                                                     heartbeat_at=long_ago)
    Study.objects.filter(pk=world["study"]).update(status=Study.RUNNING, heartbeat_at=long_ago)


@pytest.mark.parametrize("role", ROLES)
def test_no_get_starts_heavy_work(world, role, nothing_computes):
    look_abandoned(world)
    before = snapshot()
    client = client_for(role)
    for name, url in GETS + [("private", path) for path in PRIVATE_PATHS]:
        response = client.get(url.format(**world))
        assert response.status_code < 500, (name, response.status_code)
        assert snapshot() == before, f"{role}: GET {name} changed a run or a study"


def test_a_curator_post_is_what_restarts_an_abandoned_run(world):
    """The counterpart: the same abandoned run, asked for by a curator's POST, starts again."""
    look_abandoned(world)
    client = client_for("curator")
    response = client.post(f"/matches/{world['match']}/runs/", {})
    assert response.status_code == 302
    run = ReplayRun.objects.get(pk=world["run"])
    assert run.status == ReplayRun.DONE and run.attempts >= 2
