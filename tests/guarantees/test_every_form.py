"""Every form goes through the input boundary: the recorder's (JSON carried or typed in a
form, whole numbers in its fields), the pages', the API's and the admin's. A whole number is
written in the digits 0 to 9 everywhere: ``²`` (a digit to ``str.isdigit``) and ``٠`` (a zero
to Python's ``int``) are refused with a 400 naming the field, and nothing is stored."""

from __future__ import annotations

import json

import lxml.html
import pytest
from django.test import Client
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

import games
from archive.models import Game, Rulebook
from replay.models import Event, Match, ReplayRun
from replay.runs.replaying import replay_match
from tests.factories import GameFactory, MatchFactory, UserFactory, make_curator
from tests.race_engine import race_match  # noqa: F401 - the test race's match

HOSTILE_JSON = {
    "nested 100,000 deep": "[" * 100_000 + "]" * 100_000,
    "a 5,000-digit number": '{"value": ' + "9" * 5000 + "}",
    "a lone surrogate": '{"word": "\\ud800"}',
}


@pytest.fixture
def curator_page(db):
    client = Client()
    client.force_login(make_curator("page-curator"))
    return client


@pytest.fixture
def curator_api(db):
    client = APIClient()
    token, _ = Token.objects.get_or_create(user=make_curator("api-curator"))
    client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    return client


def nothing_written(match) -> None:
    assert Event.objects.filter(match=match).count() == 0


# -- the recorder's forms -------------------------------------------------------------------------


@pytest.mark.parametrize("payload", HOSTILE_JSON, ids=list(HOSTILE_JSON))
def test_the_recorders_json_passes_the_boundary(curator_page, race_match, payload):
    """Tries: a choice's event and a move-as-played's data carrying JSON nested 100,000
    deep, a 5,000-digit number, a lone surrogate. Proves: each a 400 page naming where,
    never a 500, nothing written."""
    text = HOSTILE_JSON[payload]
    event = '{"type": "roll", "actor": "p1", "data": ' + text + "}"
    choice = curator_page.post(f"/matches/{race_match.pk}/record/choice/",
                               {"event": event, "expected_seq": "0"})
    assert choice.status_code == 400, choice.status_code
    assert "event" in choice.content.decode()
    played = curator_page.post(f"/matches/{race_match.pk}/record/as-played/",
                               {"type": "shout", "actor": "p1", "data": text,
                                "expected_seq": "0", "action": "record"})
    assert played.status_code == 400, played.status_code
    assert "data" in played.content.decode()
    nothing_written(race_match)


@pytest.mark.parametrize("digits", ["²", "٠", "1_0", "-1", "0.0"])
def test_the_recorders_expected_seq_is_ascii_digits(curator_page, race_match, digits):
    roll = json.dumps({"type": "roll", "actor": "p1", "data": {"value": 2}})
    posts = {
        "choice": ("record/choice/", {"event": roll, "expected_seq": digits}),
        "as played": ("record/as-played/", {"type": "roll", "actor": "p1",
                                            "data": '{"value": 2}', "action": "record",
                                            "expected_seq": digits}),
        "undo": ("record/undo/", {"expected_seq": digits}),
    }
    for name, (path, body) in posts.items():
        response = curator_page.post(f"/matches/{race_match.pk}/{path}", body)
        assert response.status_code == 400, (name, response.status_code)
        assert "expected_seq" in response.content.decode(), name
    nothing_written(race_match)


def test_a_recorders_whole_number_field_is_ascii_digits(curator_page, race_match):
    """The throw's outcome is picked by its position among the outcomes: a digit Python's
    ``int`` would read but a form never sends is refused, naming the field."""
    page = curator_page.get(f"/matches/{race_match.pk}/record/").content.decode()
    (key,) = lxml.html.fromstring(page).xpath(
        "//form[.//button[@name='f:value']]//input[@name='choice']/@value")
    for digits in ("²", "٢"):  # "٢" is an Arabic-Indic two: Python's int reads it as 2
        response = curator_page.post(f"/matches/{race_match.pk}/record/choice/",
                                     {"choice": key, "f:value": digits, "expected_seq": "0"})
        assert response.status_code == 400
        said = lxml.html.fromstring(response.content).xpath(
            "string(//p[@class='field-error'])")
        assert said == "The die shows: choose one of the values offered", said
    nothing_written(race_match)


# -- whole numbers everywhere else ---------------------------------------------------------------


@pytest.fixture
def log_match(db):
    game = GameFactory(slug="log-game", title="Log game", min_players=2, max_players=4)
    return MatchFactory(game=game)


@pytest.mark.parametrize("digits", ["²", "٠"])
def test_the_match_pages_forms_take_ascii_digits_only(curator_page, log_match, digits):
    note = json.dumps([{"type": "annotation", "actor": "p1", "data": {"text": "x"}}])
    append = curator_page.post(f"/matches/{log_match.pk}/append/",
                               {"events": note, "expected_seq": digits})
    assert append.status_code == 400
    assert "expected_seq: must be a whole number written in the digits 0 to 9" in \
        append.content.decode()
    nothing_written(log_match)


@pytest.mark.parametrize("digits", ["²", "٠"])
def test_the_api_takes_ascii_digits_only(curator_api, log_match, digits):
    note = [{"type": "annotation", "actor": "p1", "data": {"text": "x"}}]
    append = curator_api.post(f"/api/matches/{log_match.pk}/events/",
                              {"expected_seq": digits, "events": note}, format="json")
    assert append.status_code == 400 and append.json()["field"] == "expected_seq"
    nothing_written(log_match)
    listed = APIClient().get(f"/api/matches/{log_match.pk}/events/", {"after_seq": digits})
    assert listed.status_code == 400 and listed.json()["field"] == "after_seq"


@pytest.mark.parametrize("digits", ["²", "٠"])
def test_a_run_page_takes_ascii_digits_only(db, digits):
    GameFactory(slug="dagon", title="Dagon")
    from replay.log.interchange import import_match

    match = import_match(raw=games.get("dagon").simulate(seed=3, max_events=10))
    run = replay_match(match=match)
    page = Client().get(f"/matches/{match.pk}/runs/{run.pk}/", {"step": digits})
    assert page.status_code == 400 and "step must be a whole number" in page.content.decode()


def test_a_study_page_takes_ascii_digits_only(curator_page):
    GameFactory(slug="dagon", title="Dagon")
    point = games.get("dagon").points[0]
    response = curator_page.post("/games/dagon/studies/", {"kind": "impact", "point": point.id,
                                                           "simulated": "١٠"})
    assert response.status_code == 400
    assert "simulated matches must be a whole number" in response.content.decode()
    assert not ReplayRun.objects.exists()


# -- the admin ----------------------------------------------------------------------------------


@pytest.fixture
def superuser(db):
    client = Client()
    client.force_login(UserFactory(username="root", is_staff=True, is_superuser=True))
    return client


def test_the_admin_cannot_make_or_change_a_match(superuser, log_match):
    """Tries: as a superuser, the admin's add form for a match (the way a player named with
    a lone surrogate once got in) and a forged change. Proves: both refused; the match
    unchanged and the match list still served."""
    assert superuser.get("/admin/replay/match/add/").status_code == 403
    forged = superuser.post("/admin/replay/match/add/", {
        "game": log_match.game_id, "title": "Forged", "setup": "{}",
        "players": '[{"id": "p1", "name": "\\ud800"}, {"id": "p2", "name": "B"}]'})
    assert forged.status_code == 403
    changed = superuser.post(f"/admin/replay/match/{log_match.pk}/change/", {"title": "Renamed"})
    assert changed.status_code == 403
    assert list(Match.objects.values_list("title", flat=True)) == ["Club night"]
    assert superuser.get(f"/admin/replay/match/{log_match.pk}/change/").status_code == 200
    assert APIClient().get("/api/matches/").status_code == 200


@pytest.mark.parametrize(("field", "value", "words"), [
    ("original_language", "en_US", "not a BCP 47 language tag"),
    ("year", "١٩٨٧", "digits 0 to 9"),
    ("min_players", "²", "digits 0 to 9"),
    ("components", '["board", "\\ud800"]', "lone surrogate"),
    ("components", "[" * 10_000 + "]" * 10_000, "nests"),
])
def test_the_admins_game_form_passes_the_boundary(superuser, field, value, words):
    game = GameFactory(slug="odd-game", title="Odd game", original_language="en")
    data = {"slug": game.slug, "title": game.title, "original_title": "", "publisher": "",
            "designer": "", "original_language": "en", "year": "", "min_players": "",
            "max_players": "", "components": "[]", field: value}
    response = superuser.post(f"/admin/archive/game/{game.pk}/change/", data)
    assert response.status_code == 200 and words in response.content.decode()
    game.refresh_from_db()
    assert (game.original_language, game.year, game.min_players, game.components) == \
        ("en", None, 2, [])


def test_the_admins_rulebook_form_refuses_a_language_that_is_not_a_tag(superuser):
    game = GameFactory(slug="odd-game", title="Odd game")
    rulebook = Rulebook.objects.create(game=game, edition="First", language="en")
    response = superuser.post(f"/admin/archive/rulebook/{rulebook.pk}/change/", {
        "game": game.pk, "edition": "First", "language": "en_US", "provenance": ""})
    assert response.status_code == 200 and "not a BCP 47 language tag" in response.content.decode()
    assert Rulebook.objects.get().language == "en" and Game.objects.count() == 1
