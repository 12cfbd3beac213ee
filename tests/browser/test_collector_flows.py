"""A collector's flows in Chromium: a new game with no engine, from its rulebook and scan to
a transcription with a legibility note and a recorded match; a variation from step 5 of a
replay, compared with the line it branched from."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import answered_in_place, sign_in

pytestmark = pytest.mark.browser


def test_a_new_engine_less_game_from_rulebook_to_recorded_match(page, live_server, settings,
                                                                   tmp_path):
    from tests.pages.conftest import png_bytes

    settings.MEDIA_ROOT = tmp_path / "media"
    sign_in(page, live_server.url)
    page.get_by_role("link", name="Add a game").click()
    page.get_by_label("Slug").fill("la-torre-nera")
    page.locator("#id_title").fill("La Torre Nera")
    page.get_by_label("Original language").fill("it")
    page.get_by_label("Max players").fill("3")
    page.get_by_label("Components").fill("un tabellone\n3 pedine")
    page.get_by_role("button", name="Add the game").click()
    page.wait_for_url(re.compile(r"/games/la-torre-nera/rulebooks/add/$"))
    page.get_by_label("Edition").fill("foglio del 1987")
    page.get_by_role("button", name="Add the rulebook").click()
    page.wait_for_url(re.compile(r"/games/la-torre-nera/#rulebook-\d+$"))

    page.get_by_role("link", name="Upload a scan").click()
    page.get_by_label("Page number").fill("1")
    page.get_by_label("File").set_input_files(
        {"name": "p1.png", "mimeType": "image/png", "buffer": png_bytes(size=(300, 420))})
    page.get_by_role("button", name="Upload").click()
    page.wait_for_url(re.compile(r"/scans/\d+/$"))

    page.get_by_role("link", name="La Torre Nera").first.click()
    page.get_by_role("link", name="Add a transcription version").click()
    expect(page.locator("#scan-pane img.page-image")).to_be_visible()  # the scan beside the form
    expect(page.locator(".markup-help")).to_contain_text("Legibility note on “six”")
    page.get_by_label("Language").fill("it")
    page.get_by_label("Transcriber").fill("Ana")
    page.locator("#id_text").fill(
        "La Torre Nera\n\nScopo del gioco\n\nIl primo che raggiunge la torre vince. "
        "[Leggibilità: \"torre\" è quasi illeggibile nella foto]\n")
    page.get_by_role("button", name="Store the version").click()
    page.wait_for_url(re.compile(r"/transcriptions/\d+/$"))
    mark = page.locator("main .passage .noteref.legibility")
    expect(mark).to_have_count(1)
    expect(page.locator("#scan-pane img.page-image")).to_be_visible()  # beside the text
    from archive.models import Annotation

    assert Annotation.objects.get(kind="legibility").certainty == "low"  # read in Italian

    page.get_by_role("link", name="La Torre Nera").first.click()
    page.get_by_role("link", name="Record a match").click()
    page.locator("#id_title").fill("Serata al circolo")
    page.locator("#player-1").fill("Ana")  # players as rows, one a seat
    page.get_by_role("button", name="Add a player").click()
    page.locator("#player-2").fill("Luis")
    page.get_by_role("button", name=re.compile("Create")).click()
    page.wait_for_url(re.compile(r"/matches/\d+/record/$"))  # a new match opens its recorder
    page.get_by_label("What the player did").first.fill("sale sulla torre")
    with answered_in_place(page):
        page.get_by_role("button", name="Ana makes a move").click()
    expect(page.locator("#head-seq")).to_have_text("1")

    page.get_by_role("link", name="Replay the match").click()
    with page.expect_navigation():
        page.get_by_role("button", name="Step through the log").click()
    page.wait_for_url(re.compile(r"/step/1/$"))
    expect(page.locator("#current-title")).to_have_text("Step 1: Ana: sale sulla torre")


def test_a_variation_from_step_5_compared_with_its_parent(page, live_server, dagon_run):
    from replay.models import Event, Match

    match = dagon_run.match
    sign_in(page, live_server.url)
    page.goto(f"{live_server.url}/matches/{match.pk}/runs/{dagon_run.pk}/step/5/")
    page.get_by_label("Name the variation").fill("What if Luis had waited")
    page.get_by_role("button", name="Make the variation").click()
    page.wait_for_url(re.compile(r"/matches/\d+/record/$"))
    variation = Match.objects.get(title="What if Luis had waited")
    expect(page.locator("#head-seq")).to_have_text("5")
    other = Event.objects.get(match=match, seq=7)  # not the parent's sixth event
    page.locator("#ap-type").select_option(other.type)
    page.locator("#ap-actor").select_option(other.actor)
    import json

    page.locator("#ap-advanced summary").click()  # the JSON box is the advanced option
    page.locator("#ap-data").fill(json.dumps(other.data))
    with page.expect_navigation():
        page.get_by_role("button", name=re.compile(r"^(Record it|Keep it as played)")).click()
    expect(page.locator("#head-seq")).to_have_text("6")

    page.goto(f"{live_server.url}/matches/{match.pk}/")
    expect(page.locator("#variations")).to_contain_text("What if Luis had waited")
    page.locator("#variations").get_by_role("link", name="What if Luis had waited").click()
    page.get_by_role("button", name="Compare with the line it branched from").click()
    page.wait_for_url(re.compile(rf"/matches/{variation.pk}/compare/\?"))
    expect(page.locator(".compare-summary .branch")).to_contain_text("sharing their first 5 events")
    expect(page.locator(".compare-summary .divergence")).to_have_text("First divergence at step 6")
    expect(page.locator("#compare-panel .controls")).to_contain_text("Step 6 of")
