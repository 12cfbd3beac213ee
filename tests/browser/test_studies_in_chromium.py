"""Study pages in Chromium: the progress bar follows the parts through htmx and the finished
report replaces it; a curator cancels from the page; the report fits a phone's screen."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import sign_in

pytestmark = pytest.mark.browser

# Widths that overflow the page itself (a wide table scrolls inside its own box instead).
OVERFLOW = "() => document.documentElement.scrollWidth - window.innerWidth"


@pytest.fixture
def queued(settings, monkeypatch):
    """Parts wait in a list until the test runs them, as workers would."""
    from studies import services

    settings.CELERY_TASK_ALWAYS_EAGER = False
    sent: list[int] = []
    monkeypatch.setattr(services, "_send", lambda part_ids, wait=False: sent.extend(part_ids))
    return sent


@pytest.fixture
def two_matches(seeded):
    import games
    from replay.log.interchange import import_match

    return [import_match(raw=games.get("dagon").simulate(seed=seed, max_events=60))
            for seed in (3, 4)]


def test_the_progress_bar_follows_the_parts_and_the_report_replaces_it(
        page, live_server, two_matches, queued, console_errors):
    from studies.models import Study
    from studies.services import execute_part, study_archive

    sign_in(page, live_server.url)
    study = study_archive(game_slug="dagon", points=["dagon.lagoon-chooser",
                                                     "dagon.move-length"])
    page.goto(f"{live_server.url}/studies/{study.pk}/")
    progress = page.locator("#study-progress")
    expect(progress).to_contain_text("0 of 2 parts computed")
    execute_part(part_id=queued[0])
    expect(progress).to_contain_text("1 of 2 parts computed")
    expect(page.locator("progress")).to_have_attribute("value", "50")
    execute_part(part_id=queued[1])
    expect(page.get_by_role("heading", name="Which points change outcomes, and how often")
           ).to_be_visible()
    assert Study.objects.get(pk=study.pk).status == Study.DONE
    assert console_errors.messages == []


def test_a_curator_cancels_a_study_from_its_page(page, live_server, two_matches, queued):
    from studies.models import Study
    from studies.services import study_archive

    sign_in(page, live_server.url)
    study = study_archive(game_slug="dagon")
    page.goto(f"{live_server.url}/studies/{study.pk}/")
    page.get_by_role("button", name="Cancel the study").click()
    expect(page.locator("#study-progress")).to_contain_text("cancelled")
    assert Study.objects.get(pk=study.pk).status == Study.CANCELLED


def test_a_sweep_report_fits_a_phone(browser, live_server, two_matches):
    from studies.services import study_sweep

    study = study_sweep(match=two_matches[0])
    context = browser.new_context(viewport={"width": 360, "height": 740}, is_mobile=True)
    page = context.new_page()
    try:
        page.goto(f"{live_server.url}/studies/{study.pk}/")
        expect(page.locator("figure.chart svg.bars")).to_be_visible()
        assert page.evaluate(OVERFLOW) <= 0
        chart = page.locator("figure.chart svg.bars").bounding_box()
        assert chart["x"] >= 0 and chart["x"] + chart["width"] <= 360
        # The rows sort by a header: the first click sorts ascending.
        page.get_by_role("link", name="Violations", exact=True).click()
        expect(page.locator("th[aria-sort=ascending]")).to_contain_text("Violations")
    finally:
        context.close()
