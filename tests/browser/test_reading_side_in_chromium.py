"""What a collector meets after recording, in headless Chromium: the tab's title follows the
step in every game."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


@pytest.fixture
def runs_of_every_game(seeded):
    """A short simulated match of each of the four games, replayed under its default reading."""
    import games
    from replay.log.interchange import import_match
    from replay.runs.replaying import replay_match

    runs = []
    for slug in ("dagon", "gothic", "dylan-dog", "fury-of-dracula"):
        document = games.get(slug).simulate(seed=2, max_events=12)
        document["title"] = f"Club night: {slug}"
        runs.append(replay_match(match=import_match(raw=document)))
    return runs


def test_the_tabs_title_follows_each_step_in_every_game(page, live_server, runs_of_every_game):
    for run in runs_of_every_game:
        title = run.match.title
        page.goto(f"{live_server.url}/matches/{run.match_id}/runs/{run.pk}/step/0/")
        expect(page).to_have_title(f"{title} · step 0 · Ludoteca")
        for seq in (1, 2, 3):
            page.keyboard.press("ArrowRight")
            page.wait_for_url(re.compile(rf"/step/{seq}/$"))
            expect(page).to_have_title(f"{title} · step {seq} · Ludoteca")
        page.keyboard.press("End")
        page.wait_for_url(re.compile(rf"/step/{run.progress}/$"))
        expect(page).to_have_title(f"{title} · step {run.progress} · Ludoteca")
