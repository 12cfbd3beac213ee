"""Fixtures of the page tests: the seed archive, a curator, a short Dagon match and its run."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

import games
from archive.services import load_archive
from replay.log.interchange import import_match
from replay.runs.replaying import replay_match
from tests.factories import UserFactory, make_curator
from tests.parlour_engine import parlour  # noqa: F401 - the test parlour, for every test here
from tests.race_engine import race_match  # noqa: F401 - the test race, for every test here


@pytest.fixture
def archive(db):
    load_archive()


@pytest.fixture
def curator(db):
    return make_curator("curator")


@pytest.fixture
def curator_client(client, curator):
    client.force_login(curator)
    return client


@pytest.fixture
def reader_client(client, db):
    client.force_login(UserFactory(username="reader"))
    return client


def png_bytes(colour=(200, 180, 140), size=(60, 80)) -> bytes:
    from PIL import Image

    out = io.BytesIO()
    Image.new("RGB", size, colour).save(out, format="PNG")
    return out.getvalue()


@pytest.fixture
def dagon_match(archive):
    document = games.get("dagon").simulate(seed=3, max_events=40)
    document["title"] = "Club night, table 2"
    return import_match(raw=document)


@pytest.fixture
def dagon_run(dagon_match):
    return replay_match(match=dagon_match)


LAGOON = Path(__file__).resolve().parents[2] / "games/dagon/samples/lagoon-dispute.json"


@pytest.fixture
def lagoon(archive):
    """The hand-written Lagoon dispute, replayed by default (the attacker chooses) and under
    "the attacked chooses": (match, default run, attacked run)."""
    match = import_match(raw=LAGOON.read_bytes())
    default = replay_match(match=match)
    attacked = replay_match(match=match, reading={"dagon.lagoon-chooser": "attacked"})
    match.refresh_from_db()
    return match, default, attacked
