"""Headless Chromium for the page tests: Debian's Chromium driven by Playwright's sync API
(Playwright never downloads a browser here), one browser a session, one context a test."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from django.core.servers.basehttp import WSGIRequestHandler

from tests.parlour_engine import parlour  # noqa: F401 - the test parlour, for every test here
from tests.race_engine import race_match  # noqa: F401 - the test race, for every test here
from tests.servers import chromium_path

# The live server answers as gunicorn does, with Nagle's algorithm off (TCP_NODELAY): Django's
# development handler writes the status, headers and body apart, and with Nagle on the last
# write waited some 40 ms for the browser's delayed ACK on every page, a stall of the test
# server that production never has (bench/recording_by_clicks.py measured it).
WSGIRequestHandler.disable_nagle_algorithm = True

# Playwright's sync API runs an event loop in this thread; Django's ORM calls from the test
# body (fixtures, assertions) are still synchronous and safe.
os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"

CHROMIUM_ARGS = [
    "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--no-first-run",
]


@pytest.fixture(scope="session")
def browser():
    path = chromium_path()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(30_000)  # CI's two cores can be busy
    page = context.new_page()
    yield page
    context.close()


@pytest.fixture
def no_js_page(browser):
    context = browser.new_context(java_script_enabled=False)
    context.set_default_timeout(30_000)  # CI's two cores can be busy
    page = context.new_page()
    yield page
    context.close()


@pytest.fixture
def seeded(live_server):
    from archive.services import load_archive

    load_archive()
    return live_server


@pytest.fixture
def dagon_run(seeded):
    import games
    from replay.log.interchange import import_match
    from replay.runs.replaying import replay_match

    document = games.get("dagon").simulate(seed=3, max_events=40)
    document["title"] = "Club night, table 2"
    match = import_match(raw=document)
    return replay_match(match=match)


def sign_in(page, base_url: str, username: str = "curator") -> None:
    from tests.factories import make_curator

    make_curator(username)
    page.goto(f"{base_url}/accounts/login/?next=/")
    page.fill("#id_username", username)
    page.fill("#id_password", "a-long-test-password")
    page.click("main button[type=submit]")  # the header has a search button too
    page.wait_for_url(f"{base_url}/")


@pytest.fixture
def lagoon_runs(seeded):
    """The hand-written Lagoon dispute replayed under both readings of dagon.lagoon-chooser:
    (run under "attacker", run under "attacked"); they first diverge at the attack, seq 11."""
    from pathlib import Path

    from replay.log.interchange import import_match
    from replay.runs.replaying import replay_match

    sample = Path(__file__).resolve().parents[2] / "games/dagon/samples/lagoon-dispute.json"
    match = import_match(raw=sample.read_bytes())
    return tuple(
        replay_match(match=match, reading={"dagon.lagoon-chooser": option})
        for option in ("attacker", "attacked")
    )


REDRAWS = "() => document.documentElement.dataset.redraws || '0'"


@contextmanager
def answered_in_place(page) -> Iterator[None]:
    """A choice or an undo sent from the recorder: the page's script posts it and draws the
    server's answer in place of the page's content (no navigation). Wait until it is drawn."""
    before = page.evaluate(REDRAWS)
    yield
    page.wait_for_function(f"n => ({REDRAWS})() !== n", arg=before)


class ConsoleErrors:
    """Every console error and uncaught page error of a page, CSP violations among them."""

    def __init__(self, page):
        self.messages: list[str] = []
        page.on("console", self._console)
        page.on("pageerror", lambda error: self.messages.append(f"pageerror: {error}"))

    def _console(self, message):
        if message.type == "error":
            self.messages.append(message.text)

    @property
    def csp_violations(self) -> list[str]:
        return [m for m in self.messages if "Content Security Policy" in m]


@pytest.fixture
def console_errors(page):
    return ConsoleErrors(page)
