"""Suite-wide fixtures: the database choice (SQLite or a real PostgreSQL server), the
append-only guards around transactional tests, and the real servers (tests/servers.py)."""

from __future__ import annotations

import contextlib

import pytest

from tests import servers


def pytest_addoption(parser):
    parser.addoption(
        "--database",
        choices=("sqlite", "postgres"),
        default="sqlite",
        help="run the database tests on SQLite (default) or on a PostgreSQL server the suite starts",
    )


@pytest.fixture(scope="session")
def postgres_server():
    server = servers.start_postgres()
    yield server
    server.stop()


@pytest.fixture(scope="session")
def redis_server():
    server = servers.start_redis()
    yield server
    server.stop()


@pytest.fixture(scope="session")
def database_vendor(request) -> str:
    return request.config.getoption("--database")


@pytest.fixture(scope="session")
def django_db_modify_db_settings(request, django_db_modify_db_settings_parallel_suffix):
    """With --database=postgres, point Django at the server this session started."""
    if request.config.getoption("--database") != "postgres":
        return
    import dj_database_url
    from django.conf import settings
    from django.db import connections

    server = request.getfixturevalue("postgres_server")
    config = dj_database_url.parse(server.url("ludoteca"), conn_max_age=0)
    # As config/settings.py has it: only the statements that ask are prepared.
    config["OPTIONS"] = {"prepare_threshold": settings.EXPLICIT_PREPARE_ONLY}
    config = connections.configure_settings({"default": config})["default"]
    settings.DATABASES["default"].clear()
    settings.DATABASES["default"].update(config)
    with contextlib.suppress(AttributeError, KeyError):
        del connections["default"]


TRANSACTIONAL_FIXTURES = {"transactional_db", "live_server", "django_db_reset_sequences"}


@pytest.fixture(autouse=True)
def _append_only_guards(request):
    """Every database test runs with the event table's triggers (and those of published rules
    documents) in place. A transactional test drops them at its end only so that Django's
    flush can empty the tables."""
    marker = request.node.get_closest_marker("django_db")
    names = set(request.fixturenames)
    transactional = bool(names & TRANSACTIONAL_FIXTURES) or bool(
        marker and marker.kwargs.get("transaction")
    )
    if not (marker or "db" in names or transactional):
        yield
        return
    request.getfixturevalue("transactional_db" if transactional else "db")
    from django.db import connection

    from archive.rules_guards import install_rules_guards, remove_rules_guards
    from replay.log.db_guards import install_event_guards, remove_event_guards

    install_event_guards(connection)
    install_rules_guards(connection)
    yield
    if transactional:
        remove_event_guards(connection)
        remove_rules_guards(connection)


@pytest.fixture(autouse=True, scope="session")
def _tasks_inline():
    """Work a request sends off runs inline in the tests, so a test (and a fixture built once
    for a module) reads its result at once; a test of the background thread turns this off
    with the ``settings`` fixture."""
    from django.conf import settings

    settings.LUDOTECA_TASKS_INLINE = True


@pytest.fixture(autouse=True)
def _empty_cache():
    """Each test starts with empty caches (the pages' and the sign-in limits'): rows (and their
    ids) do not outlive a test, so what a cache kept for one must not answer another."""
    from django.core.cache import caches

    for store in caches.all():
        store.clear()
    yield
