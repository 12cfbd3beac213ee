"""background.send in embedded mode (no broker, tasks not inline): the task runs on the
background thread after the commit, and a ``delay`` holds it back that long."""

from __future__ import annotations

import threading
import time

import pytest

import background


@pytest.fixture
def recorded(settings, monkeypatch):
    settings.LUDOTECA_TASKS_INLINE = False
    done: list[tuple[str, tuple, float]] = []
    ran = threading.Event()

    def run_here(task_name, args):
        done.append((task_name, args, time.monotonic()))
        ran.set()

    monkeypatch.setattr(background, "_run_here", run_here)
    return done, ran


@pytest.mark.django_db(transaction=True)
def test_a_delayed_task_runs_on_the_thread_after_its_delay(recorded):
    done, ran = recorded
    sent_at = time.monotonic()
    background.send("some.task", 7, delay=0.3)
    assert not done  # not here, not yet
    assert ran.wait(5)
    (name, args, at), = done
    assert (name, args) == ("some.task", (7,))
    assert at - sent_at >= 0.3
