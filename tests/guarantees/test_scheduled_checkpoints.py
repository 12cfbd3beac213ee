"""Checkpoints on a schedule: Celery beat sends the checkpoint task, a worker signs it with the
key it is given (never the image's or the database's), and only a grown archive is signed."""

from __future__ import annotations

import re

import pytest

from replay.log.append import append_events
from replay.models import Match
from tests.factories import MatchFactory
from tests.guarantees.conftest import note
from tests.replay.test_worker import broker, wait_for  # noqa: F401 (the broker fixture)
from tests.worker import start_beat, start_worker
from trust.checkpoints import KEY_ENV, latest_checkpoint, verifier_from, verify_checkpoint
from trust.models import Checkpoint
from trust.tasks import sign_checkpoint


def _grow(match: Match, text: str) -> None:
    match.refresh_from_db()
    append_events(match=match, events=[note(text)], expected_seq=match.last_seq)


def test_the_scheduled_task_signs_only_a_grown_archive(log_game, key):
    """Proves, in-process: nothing to sign in an empty archive; a new match is signed; an
    unchanged archive is not signed again; a grown one is."""
    sign_checkpoint()
    assert not Checkpoint.objects.exists()
    match = MatchFactory(game=log_game, players=[{"id": "p1", "name": "Ana"}])
    sign_checkpoint()
    sign_checkpoint()
    assert list(Checkpoint.objects.values_list("tree_size", flat=True)) == [1]
    _grow(match, "the first note")
    sign_checkpoint()
    sign_checkpoint()
    assert list(Checkpoint.objects.order_by("pk").values_list("tree_size", flat=True)) == [1, 2]


def test_the_task_without_a_key_fails_naming_the_setting(log_match, monkeypatch):
    """Proves: a worker with no key mounted fails loudly; nothing is signed."""
    monkeypatch.delenv(KEY_ENV, raising=False)
    with pytest.raises(Exception, match=KEY_ENV):
        sign_checkpoint()
    assert not Checkpoint.objects.exists()


def _signed(worker) -> int:
    return len(re.findall(r"trust\.tasks\.sign_checkpoint\[[^\]]+\] succeeded", worker.log()))


@pytest.mark.worker
@pytest.mark.django_db(transaction=True)
def test_beat_and_a_worker_sign_a_checkpoint_then_none_until_the_archive_grows(
        broker, log_match, key):
    """Proves, with real processes (Redis, Celery beat with the settings' schedule, a worker
    holding the key, PostgreSQL): the schedule makes a signed checkpoint of the archive; while
    nothing changes its next runs sign nothing; once a log grows, the next run signs a tree
    that extends the first. The interval is shortened to one second for the test."""
    key_path, verifier_key = key
    _grow(log_match, "recorded before the schedule")
    worker = start_worker(broker_url=broker, name="signer", env={KEY_ENV: str(key_path)})
    beat = start_beat(broker_url=broker, env={"LUDOTECA_CHECKPOINT_EVERY": "1"})
    try:
        wait_for(Checkpoint.objects.exists, timeout=60, what="the first scheduled checkpoint",
                 worker=worker)
        seen = _signed(worker)
        # Two more runs finished: at least one started after the first checkpoint committed.
        wait_for(lambda: _signed(worker) >= seen + 2, timeout=60,
                 what="two more scheduled runs", worker=worker)
        assert Checkpoint.objects.count() == 1, "an unchanged archive was signed again"
        _grow(log_match, "recorded while the schedule runs")
        wait_for(lambda: Checkpoint.objects.count() == 2, timeout=60,
                 what="a checkpoint of the grown archive", worker=worker)
    finally:
        beat.stop()
        worker.stop()
    assert "Sending due task checkpoint (trust.tasks.sign_checkpoint)" in beat.log()
    first, second = Checkpoint.objects.order_by("pk")
    assert (first.tree_size, second.tree_size) == (1, 2)
    assert second.verifier_key == verifier_key
    report = verify_checkpoint(note=latest_checkpoint().note,
                               verifier=verifier_from(verifier_key))
    assert (report.tree_size, report.matches) == (2, 1)
