import pytest
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from archive.services import load_archive
from tests.factories import GameFactory, MatchFactory, UserFactory, make_curator
from tests.race_engine import race_match  # noqa: F401 - the test race, for every test here


@pytest.fixture
def archive(db):
    load_archive()


@pytest.fixture
def engine_less_game(db):
    """A game with no engine: its logs take only annotation and correction events."""
    return GameFactory(slug="test-log-game", title="Log mechanics", min_players=2, max_players=4)


@pytest.fixture
def match(engine_less_game):
    return MatchFactory(game=engine_less_game)


@pytest.fixture
def anonymous():
    return APIClient()


@pytest.fixture
def reader(db):
    client = APIClient()
    client.force_login(UserFactory(username="reader"))  # session authentication
    return client


@pytest.fixture
def curator_user(db):
    return make_curator("curator")


@pytest.fixture
def curator(curator_user):
    client = APIClient()
    token, _ = Token.objects.get_or_create(user=curator_user)
    client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")  # token authentication
    return client


@pytest.fixture
def admin(db):
    client = APIClient()
    client.force_login(UserFactory(username="admin", is_staff=True, is_superuser=True))
    return client


def notes(*texts, actor="p1"):
    return [{"type": "annotation", "actor": actor, "data": {"text": t}} for t in texts]
