from pathlib import Path

import pytest

import games
from archive.services import load_archive
from replay.log.interchange import import_match

SAMPLES = Path(games.get("dagon").package_dir).parent
LAGOON = SAMPLES / "dagon" / "samples" / "lagoon-dispute.json"
# The 205-event simulated Dylan Dog match of seed 2 that a sweep forking every combination
# could not reach (8,192 combinations); kept as a record since the engine's version 2.
DYLAN_DOG_SEED_2 = SAMPLES.parent / "tests" / "games" / "records" / "dylan-dog-pre-fidelity-seed-2.json"


@pytest.fixture
def archive(db):
    load_archive()


@pytest.fixture
def lagoon(archive):
    return import_match(raw=LAGOON.read_bytes())


@pytest.fixture
def dylan_dog(archive):
    return import_match(raw=DYLAN_DOG_SEED_2.read_bytes())


@pytest.fixture
def queued(settings, monkeypatch):
    """Parts are sent to a list instead of run: the test runs them one by one, as workers
    would, in any order and as often as it likes."""
    from studies import services

    settings.CELERY_TASK_ALWAYS_EAGER = False
    sent: list[int] = []
    monkeypatch.setattr(services, "_send", lambda part_ids, wait=False: sent.extend(part_ids))
    return sent
