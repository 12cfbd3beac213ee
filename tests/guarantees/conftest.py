"""Fixtures of the guarantee tests: the PostgreSQL-only gate, a log-only game and
its match, and the four roles as signed-in clients."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command

from tests.factories import GameFactory, MatchFactory
from trust.checkpoints import KEY_ENV


@pytest.fixture
def postgres_only(database_vendor):
    """Multi-process and server-crash tests need a database server: SQLite is one file."""
    if database_vendor != "postgres":
        pytest.skip("needs a PostgreSQL server: run with --database=postgres (make test, pass 2)")


@pytest.fixture
def log_game(db):
    """A game with no rule engine: its logs take the common types (annotation, correction)."""
    return GameFactory(slug="test-log-game", title="Log mechanics", min_players=2, max_players=8)


@pytest.fixture
def log_match(log_game):
    return MatchFactory(game=log_game)


def note(text: str, actor: str = "p1") -> dict:
    return {"type": "annotation", "actor": actor, "data": {"text": text}}


@pytest.fixture
def archive_seed(db):
    """The bundled archive: the four games, their rulebooks and transcriptions."""
    from archive.services import load_archive

    load_archive()


@pytest.fixture
def key(tmp_path, monkeypatch):
    """A checkpoint signing key made as an operator makes it, in a file outside the checkout
    and the database, named by LUDOTECA_CHECKPOINT_KEY; with its verifier key."""
    path = tmp_path / "keys" / "checkpoint.key"
    path.parent.mkdir()
    monkeypatch.setenv(KEY_ENV, str(path))
    out = io.StringIO()
    call_command("checkpoint", "--new-key", "--origin", "archive.example/ludoteca", stdout=out)
    return path, out.getvalue().strip()
