"""The rules documents in the API (/api/rules/) and ``manage.py load_rules``: list versions,
get one, check a text, store a draft, publish; every refusal names the line and path, and
stores nothing."""

from __future__ import annotations

import io

import pytest
from django.core.management import CommandError, call_command

import games
from archive.models import RulesDocument
from archive.services import SEED_DIR, load_data_games
from games.rules import engine_version

GOOSE_TEXT = (SEED_DIR / "rules" / "goose" / "rules.yaml").read_text(encoding="utf-8")
TELEPORT = GOOSE_TEXT.replace("effect: {wait: true}", "effect: {teleport: 12}")
PROBLEM = {"line": 86, "path": "board.spaces[52].effect"}


@pytest.fixture
def data_games(db):
    load_data_games()


def test_anyone_lists_and_reads_published_versions_curators_see_drafts(data_games, anonymous,
                                                                       curator):
    curator.post("/api/rules/", {"game": "goose", "text": GOOSE_TEXT + "\n# draft\n"},
                 format="json")
    public = anonymous.get("/api/rules/?game=goose").json()["results"]
    assert [(d["version"], d["state"]) for d in public] == [(1, "published")]
    assert public[0]["text"] == GOOSE_TEXT and public[0]["game"] == "goose"
    seen = curator.get("/api/rules/?game=goose").json()["results"]
    assert [(d["version"], d["state"]) for d in seen] == [(2, "draft"), (1, "published")]
    assert anonymous.get(f"/api/rules/{seen[0]['id']}/").status_code == 404
    assert anonymous.get(f"/api/rules/{public[0]['id']}/").json()["version"] == 1


def test_a_check_answers_problems_or_the_board_and_a_match(data_games, curator, anonymous):
    bad = curator.post("/api/rules/check/", {"game": "goose", "text": TELEPORT}, format="json")
    assert bad.status_code == 200 and bad.json()["ok"] is False
    (problem,) = bad.json()["problems"]
    assert {k: problem[k] for k in PROBLEM} == PROBLEM
    assert problem["message"].startswith("unknown effect 'teleport'")
    good = curator.post("/api/rules/check/", {"game": "goose", "text": GOOSE_TEXT},
                        format="json").json()
    assert good["ok"] and len(good["layout"]["spaces"]) == 64 and good["sample"]["events"]
    assert anonymous.post("/api/rules/check/", {"game": "goose", "text": GOOSE_TEXT},
                          format="json").status_code in (401, 403)
    assert RulesDocument.objects.count() == 2  # one a game: nothing stored by a check


def test_a_draft_with_problems_is_refused_and_nothing_is_stored(data_games, curator):
    refused = curator.post("/api/rules/", {"game": "goose", "text": TELEPORT}, format="json")
    assert refused.status_code == 400
    assert {k: refused.json()["problems"][0][k] for k in PROBLEM} == PROBLEM
    assert RulesDocument.objects.filter(game__slug="goose").count() == 1


def test_a_curator_stores_a_draft_and_publishes_it(data_games, curator, anonymous):
    made = curator.post("/api/rules/", {"game": "goose", "text": GOOSE_TEXT + "\n# v2\n",
                                        "change_note": "a comment"}, format="json")
    assert made.status_code == 201 and made.json()["state"] == "draft"
    draft = made.json()["id"]
    assert anonymous.post(f"/api/rules/{draft}/publish/").status_code in (401, 403)
    published = curator.post(f"/api/rules/{draft}/publish/")
    assert published.status_code == 200 and published.json()["state"] == "published"
    assert published.json()["published_by"] == "curator"
    assert games.get("goose").version == engine_version(2)
    again = curator.post(f"/api/rules/{draft}/publish/")
    assert again.status_code == 400 and "published already" in again.json()["detail"]


def test_load_rules_stores_publishes_and_names_the_line_of_a_problem(data_games, tmp_path):
    good = tmp_path / "goose.yaml"
    good.write_text(GOOSE_TEXT + "\n# from a file\n", encoding="utf-8")
    out = io.StringIO()
    call_command("load_rules", str(good), "--game", "goose", stdout=out)
    assert out.getvalue() == "draft: goose rules v2 (draft)\n"
    call_command("load_rules", str(good), "--game", "goose", "--publish", stdout=out)
    assert out.getvalue().endswith("published: goose rules v2 (published)\n")
    call_command("load_rules", str(good), "--game", "goose", "--publish", stdout=out)
    assert out.getvalue().endswith("unchanged: goose rules v2 (published)\n")
    bad = tmp_path / "bad.yaml"
    bad.write_text(TELEPORT, encoding="utf-8")
    with pytest.raises(CommandError) as refused:
        call_command("load_rules", str(bad), "--game", "goose", "--publish")
    assert f"{bad}, line 86, board.spaces[52].effect: unknown effect 'teleport'" in str(
        refused.value)
    with pytest.raises(CommandError, match="unknown game 'chess'"):
        call_command("load_rules", str(good), "--game", "chess")
    assert RulesDocument.objects.filter(game__slug="goose").count() == 2
