"""The rules editor pages (``replay.rules_editor``): from the game page a curator opens the
rules document, checks it (htmx fragment: problems with line and path, or the board and a
simulated match to step through), saves a draft, sees what publishing changes, publishes."""

from __future__ import annotations

import pytest

import games
from archive.models import RulesDocument
from archive.services import SEED_DIR, load_data_games
from games.rules import engine_version
from replay.log.interchange import import_match
from replay.runs.replaying import replay_match

GOOSE_TEXT = (SEED_DIR / "rules" / "goose" / "rules.yaml").read_text(encoding="utf-8")
TELEPORT = GOOSE_TEXT.replace("effect: {wait: true}", "effect: {teleport: 12}")
BRIDGE_TO_13 = GOOSE_TEXT.replace("effect: {jump: s12}", "effect: {jump: s13}")
SAMPLE = SEED_DIR / "rules" / "goose" / "samples" / "simulated-seed-1.json"
HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def data_games(db):
    load_data_games()


def test_the_game_page_leads_curators_to_the_editor(data_games, curator_client):
    assert b'href="/games/goose/rules/"' in curator_client.get("/games/goose/").content
    editor = curator_client.get("/games/goose/rules/")
    assert editor.status_code == 200
    assert "Version 1: published" in editor.content.decode()
    assert "The Game of the Goose, written as data" in editor.content.decode()
    assert "format: ludoteca.rules/1" in editor.content.decode()  # the latest version's text


def test_readers_cannot_open_the_editor(data_games, reader_client):
    assert reader_client.get("/games/goose/rules/").status_code == 403
    assert reader_client.post("/games/goose/rules/check/", {"text": GOOSE_TEXT}
                              ).status_code == 403


def test_a_check_lists_the_problems_with_line_and_path_and_stores_nothing(data_games,
                                                                          curator_client):
    answer = curator_client.post("/games/goose/rules/check/", {"text": TELEPORT}, **HTMX)
    page = answer.content.decode()
    assert answer.status_code == 200 and "<html" not in page  # the fragment only
    assert ("line 86, <code>board.spaces[52].effect</code>: unknown effect &#x27;teleport&#x27;"
            in page)
    assert RulesDocument.objects.count() == 2


def test_a_check_draws_the_board_and_steps_through_a_simulated_match(data_games,
                                                                     curator_client):
    start = curator_client.post("/games/goose/rules/check/", {"text": GOOSE_TEXT}, **HTMX)
    page = start.content.decode()
    assert "No problems" in page and "The board at the start" in page and "<svg" in page
    assert 'name="step" value="1"' in page
    third = curator_client.post("/games/goose/rules/check/",
                                {"text": GOOSE_TEXT, "step": "3"}, **HTMX).content.decode()
    assert "The board after step 3" in third
    assert 'value="3" hx-post="/games/goose/rules/check/" hx-target="#check-result" ' \
           'hx-include="#rules-form" aria-current="step"' in third
    whole = curator_client.post("/games/goose/rules/check/", {"text": GOOSE_TEXT})
    assert "<html" in whole.content.decode()  # without htmx: the whole page


def test_save_refuses_a_document_with_problems(data_games, curator_client):
    answer = curator_client.post("/games/goose/rules/", {"text": TELEPORT})
    assert answer.status_code == 400
    assert "Not saved: the document has 1 problem" in answer.content.decode()
    assert RulesDocument.objects.filter(game__slug="goose").count() == 1


def test_save_then_publish_after_seeing_the_matches_it_changes(data_games, curator_client):
    match = import_match(raw=SAMPLE.read_bytes())
    replay_match(match=match)
    saved = curator_client.post("/games/goose/rules/", {"text": BRIDGE_TO_13,
                                                        "change_note": "the bridge to 13"})
    assert saved.status_code == 302 and saved["Location"] == "/games/goose/rules/2/"
    review = curator_client.get("/games/goose/rules/2/").content.decode()
    assert "What publishing it changes" in review
    assert f'href="/matches/{match.pk}/"' in review and "another state follows" in review
    assert games.get("goose").version == engine_version(1)
    published = curator_client.post("/games/goose/rules/2/")
    assert published.status_code == 302 and games.get("goose").version == engine_version(2)
    assert RulesDocument.objects.get(game__slug="goose", version=2).state == "published"
    assert curator_client.post("/games/goose/rules/2/").status_code == 404
