import pytest

from tests.factories import GameFactory, MatchFactory
from tests.race_engine import race_match  # noqa: F401 - the test race, for every test here


@pytest.fixture
def engine_less_game(db):
    """A game with no rule engine: its logs accept only the common types (annotation,
    correction), which is all the log mechanics need."""
    return GameFactory(slug="test-log-game", title="Log mechanics", min_players=2, max_players=4)


@pytest.fixture
def match(engine_less_game):
    return MatchFactory(game=engine_less_game)


def notes(*texts, actor="p1"):
    return [{"type": "annotation", "actor": actor, "data": {"text": t}} for t in texts]

