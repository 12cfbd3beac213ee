"""Sign-in limits that hold: keyed on the username the sign-in itself uses, shared by every web
process, slowing an address that keeps failing without locking out the right passwords of the
others behind it, believing X-Forwarded-For only from configured proxies, and kept where no
flood of page requests can evict them."""

from __future__ import annotations

import http.cookiejar
import re
import urllib.error
import urllib.parse
import urllib.request
from collections import Counter

import pytest
import yaml
from django.conf import settings
from django.core.cache import caches
from django.test import Client

from tests.factories import UserFactory
from tests.servers import ROOT, start_gunicorn, start_redis
from tests.worker import database_url_from_settings

PASSWORD = "a-long-test-password"


@pytest.fixture(autouse=True)
def _clear_cache():
    for store in caches.all():
        store.clear()
    yield
    for store in caches.all():
        store.clear()


# -- in one process ------------------------------------------------------------------------------


def test_a_username_written_another_way_counts_as_the_same(db, settings):
    """Tries: wrong passwords for ``alice`` written in fullwidth letters and in capitals,
    which the sign-in form reads as ``alice``. Proves: they share alice's allowance."""
    settings.LOGIN_FAILURE_LIMIT = 3
    UserFactory(username="alice")
    client = Client()
    for name in ("ａｌｉｃｅ", "Alice", "alice"):
        assert client.post("/accounts/login/", {"username": name,
                                                "password": "wrong"}).status_code == 200
    refused = client.post("/accounts/login/", {"username": "ａｌｉｃｅ", "password": PASSWORD})
    assert refused.status_code == 429


def test_an_address_that_keeps_failing_is_slowed_and_a_known_browser_still_signs_in(
        db, settings):
    """Tries: a user signs in, then someone at the same address sprays a password across
    accounts past LOGIN_ADDRESS_FAILURE_LIMIT. Proves: further attempts from the address
    are answered 429 with a short Retry-After (LOGIN_ADDRESS_SLOWDOWN, not the window);
    the user who signed in from this browser before still signs in with the right password;
    another address is not slowed."""
    settings.LOGIN_ADDRESS_FAILURE_LIMIT = 4
    settings.LOGIN_ADDRESS_SLOWDOWN = 30
    UserFactory(username="ana"), UserFactory(username="luis")
    ana = Client()
    assert ana.post("/accounts/login/", {"username": "ana", "password": PASSWORD}).status_code \
        == 302
    ana.post("/accounts/logout/")  # signing out keeps the browser's device cookie
    sprayer = Client()
    for number in range(4):
        assert sprayer.post("/accounts/login/", {"username": f"user{number}",
                                                 "password": "Summer2024"}).status_code == 200
    slowed = sprayer.post("/accounts/login/", {"username": "luis", "password": PASSWORD})
    assert slowed.status_code == 429 and slowed["Retry-After"] == "30"
    token = sprayer.post("/api/auth/token/", {"username": "user9", "password": "x"})
    assert token.status_code == 429
    assert ana.post("/accounts/login/", {"username": "ana", "password": PASSWORD}).status_code \
        == 302
    elsewhere = Client(REMOTE_ADDR="10.0.0.9")
    assert elsewhere.post("/accounts/login/", {"username": "luis",
                                               "password": PASSWORD}).status_code == 302


def test_forwarded_addresses_are_believed_only_from_configured_proxies(db, settings):
    """Tries: failures sent with X-Forwarded-For naming different clients, first from an
    address that is not a configured proxy, then through one. Proves: unconfigured, the
    header is ignored (the failures count against the sender); through a configured proxy,
    each client counts apart, and a client cannot hide behind a forged hop."""
    settings.LOGIN_FAILURE_LIMIT = 2
    UserFactory(username="ana")

    def attempt(forwarded: str, password="wrong"):
        return Client(REMOTE_ADDR="10.1.1.1", HTTP_X_FORWARDED_FOR=forwarded).post(
            "/accounts/login/", {"username": "ana", "password": password})

    attempt("203.0.113.1"), attempt("203.0.113.2")
    assert attempt("203.0.113.3", PASSWORD).status_code == 429  # one sender: 10.1.1.1
    caches["sign-in-limits"].clear()
    settings.TRUSTED_PROXIES = ["10.1.1.0/24"]
    attempt("203.0.113.1"), attempt("203.0.113.1")
    assert attempt("203.0.113.1", PASSWORD).status_code == 429
    assert attempt("203.0.113.2", PASSWORD).status_code == 302
    assert attempt("198.51.100.7, 203.0.113.1", PASSWORD).status_code == 429


# -- a flood of page requests -----------------------------------------------------------------


def _compose_policy(service: str) -> str:
    """The maxmemory policy docker/compose.yml gives one of its Redis services."""
    compose = yaml.safe_load((ROOT / "docker" / "compose.yml").read_text(encoding="utf-8"))
    words = compose["services"][service]["command"].split()
    return words[words.index("--maxmemory-policy") + 1]


@pytest.fixture(params=["embedded", "compose"])
def stores(request, settings):
    """The two stores as a deployment has them: local memory (the embedded default), or two
    Redis servers with the policies docker/compose.yml gives its cache and its broker (which
    keeps the limits), each given little memory so that a flood fills the cache."""
    if request.param == "embedded":
        yield lambda: len(caches["default"]._cache)
        return
    import redis

    pages = start_redis("--maxmemory", "3mb", "--maxmemory-policy", _compose_policy("cache"))
    limits = start_redis("--maxmemory", "3mb", "--maxmemory-policy", _compose_policy("redis"))
    settings.CACHES = {alias: {"BACKEND": "config.cache.RedisCache", "LOCATION": server.url}
                       for alias, server in (("default", pages), ("sign-in-limits", limits))}
    try:
        yield redis.Redis.from_url(pages.url).dbsize
    finally:
        pages.stop(), limits.stop()


def _spellings(step: str, count: int):
    """``count`` different spellings of one step's address: its seq with leading zeros, the
    viewpoint repeated, other parameters, the archivist named."""
    head, _, seq = step.rstrip("/").rpartition("/")
    for number in range(count):
        way = number % 4
        if way == 0:
            yield f"{head}/{'0' * (number // 4 + 1)}{seq}/"
        elif way == 1:
            yield f"{step}?viewer=p1" + "&viewer=p1" * (number // 4 + 1)
        elif way == 2:
            yield f"{step}?viewer=p2&utm={number}"
        else:
            yield f"{step}?viewer=archivist&page={number}"


@pytest.mark.django_db
def test_a_flood_of_spellings_of_a_step_leaves_the_limits_whole(stores, settings):
    """Tries: a username locked out by failed sign-ins, then 600 requests signed out for
    spellings of one public step (each drawn and kept under its own address before), on the
    embedded stores and on Redis as compose runs it, with little memory. Proves: every
    spelling is sent to the step's one address or refused, the cache holds no more than
    before, and the locked-out username is still refused with the right password."""
    import games
    from archive.services import load_archive
    from replay.log.interchange import import_match
    from replay.runs.replaying import replay_match

    load_archive()
    match = import_match(raw=games.get("dagon").simulate(seed=3, max_events=40))
    run = replay_match(match=match)
    step = f"/matches/{match.pk}/runs/{run.pk}/step/7/"
    settings.LOGIN_FAILURE_LIMIT = 3
    UserFactory(username="alice")
    guesser = Client()
    for _ in range(3):
        guesser.post("/accounts/login/", {"username": "alice", "password": "wrong"})
    assert guesser.post("/accounts/login/", {"username": "alice",
                                             "password": PASSWORD}).status_code == 429
    reader = Client()
    assert reader.get(step).status_code == 200
    kept = stores()
    answers = Counter(reader.get(path).status_code for path in _spellings(step, 600))
    assert guesser.post("/accounts/login/", {"username": "alice",
                                             "password": PASSWORD}).status_code == 429
    assert set(answers) <= {302, 404}, answers
    assert stores() <= kept


# -- across the processes of a real server -------------------------------------------------------


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


class Browser:
    """A browser behind the proxy at 127.0.0.1, as the client at ``address``."""

    def __init__(self, base: str, address: str):
        self.base, self.address = base, address
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()), NoRedirect())

    def _open(self, path: str, data: dict | None = None) -> tuple[int, str]:
        request = urllib.request.Request(
            self.base + path, data=urllib.parse.urlencode(data).encode() if data else None,
            headers={"X-Forwarded-For": self.address, "Connection": "close"})
        try:
            with self.opener.open(request, timeout=30) as answer:
                return answer.status, answer.read().decode()
        except urllib.error.HTTPError as error:
            return error.code, error.read().decode()

    def sign_in(self, username: str, password: str) -> int:
        _, page = self._open("/accounts/login/")
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
        return self._open("/accounts/login/", {"csrfmiddlewaretoken": token,
                                               "username": username, "password": password})[0]

    def token(self, username: str, password: str) -> int:
        return self._open("/api/auth/token/", {"username": username, "password": password})[0]


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_the_limits_hold_across_three_gunicorn_workers(redis_server, database_vendor):
    """Tries: gunicorn with three worker processes sharing Redis (as docker/compose.yml
    runs it, behind a proxy it trusts), 40 wrong passwords for one account written two ways,
    then a spray across 30 accounts from another client, each request on a new connection;
    each worker process is replaced after six requests, so the run surely crosses processes.
    Proves: several worker processes answered, and still exactly LOGIN_FAILURE_LIMIT guesses
    were checked for the account and LOGIN_ADDRESS_FAILURE_LIMIT for the spraying client;
    a user who signed in from that client's browser before still signs in, one who did not
    waits the slowdown, and another client is untouched."""
    import redis

    limits_url = redis_server.url.rsplit("/", 1)[0] + "/1"
    redis.Redis.from_url(redis_server.url).flushdb()
    redis.Redis.from_url(limits_url).flushdb()
    UserFactory(username="alice"), UserFactory(username="bob"), UserFactory(username="carol")
    if database_vendor == "postgres":
        database = database_url_from_settings()
    else:
        database = f"sqlite:///{settings.DATABASES['default']['NAME']}"
    server = start_gunicorn(workers=3, env={
        "DATABASE_URL": database, "LUDOTECA_CACHE_URL": redis_server.url,
        "LUDOTECA_LIMITS_URL": limits_url,
        "LUDOTECA_TRUSTED_PROXIES": "127.0.0.1", "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
        "LUDOTECA_LOGIN_FAILURE_LIMIT": "5", "LUDOTECA_LOGIN_ADDRESS_FAILURE_LIMIT": "12",
        "LUDOTECA_LOGIN_ADDRESS_SLOWDOWN": "600", "DJANGO_DEBUG": "false"}, max_requests=6)
    try:
        guesser = Browser(server.url, "203.0.113.1")
        answers = [guesser.token(name, "wrong") for name in ["alice", "ａｌｉｃｅ"] * 20]
        assert answers.count(400) == 5 and answers.count(429) == 35, answers

        bob = Browser(server.url, "203.0.113.2")
        assert bob.sign_in("bob", PASSWORD) == 302  # his browser is known from now on
        sprayer = Browser(server.url, "203.0.113.2")
        answers = [sprayer.token(f"user{number}", "Summer2024") for number in range(30)]
        assert answers.count(400) == 12 and answers.count(429) == 18, answers
        assert bob.sign_in("bob", PASSWORD) == 302
        assert Browser(server.url, "203.0.113.2").sign_in("carol", PASSWORD) == 429
        assert Browser(server.url, "203.0.113.3").sign_in("carol", PASSWORD) == 302
        assert len(server.worker_pids()) >= 3, server.worker_pids()
    finally:
        server.stop()
