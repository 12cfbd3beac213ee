"""One input boundary for every way in: what a hostile or careless user sent that once broke
the archive (a lone surrogate, a 65-bit number, deep nesting, a language with a newline...)
is refused at the door with a 4xx naming the field, and nothing is stored."""

from __future__ import annotations

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.core.management.base import CommandError
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from archive.models import Rulebook, Scan, Transcription
from replay.log.append import append_events
from replay.log.errors import DocumentError, IdempotencyMismatch
from replay.log.interchange import import_match
from replay.log.matches import match_create
from replay.models import Event, Match
from tests.factories import make_curator

PLAYERS = [{"id": "p1", "name": "Ana"}, {"id": "p2", "name": "Luis"}]


@pytest.fixture
def curator(db):
    client = APIClient()
    token, _ = Token.objects.get_or_create(user=make_curator("curator"))
    client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    return client


@pytest.fixture
def curator_page(client, db):
    client.force_login(make_curator("page-curator"))
    return client


def post_json(client, path, text: str | bytes, **headers):
    return client.post(path, text, content_type="application/json", **headers)


def create_body(log_game, **change) -> dict:
    return {"game": log_game.slug, "title": "Club night", "players": PLAYERS, **change}


@pytest.mark.parametrize(
    ("change", "field", "words"),
    [
        ({"players": [{"id": "p1", "name": "\ud800"}, PLAYERS[1]]}, "players[0].name",
         "lone surrogate"),
        ({"players": [{"id": "\ud800", "name": "A"}, PLAYERS[1]]}, "players[0].id",
         "lone surrogate"),
        ({"setup": {"seats": 2**70}}, "setup.seats", "beyond"),
        ({"setup": {"deep": {"n": -(2**64)}}}, "setup.deep.n", "beyond"),
        ({"title": "x" * 301}, "title", "at most 300"),
        ({"title": "two\nlines"}, "title", "one line"),
        ({"source": "s" * 10_001}, "source", "at most 10,000"),
        ({"players": [{"id": "p1", "name": "n" * 201}, PLAYERS[1]]}, "players[0].name",
         "at most 200"),
    ],
)
def test_a_match_the_archive_cannot_keep_is_refused_by_the_api(curator, log_game, change,
                                                               field, words):
    """Tries: POST /api/matches/ with text that is not Unicode, numbers no export can
    write, over-long text. Proves: 400 naming the field; no match stored; the anonymous list
    and the exports still work."""
    # ensure_ascii: the surrogate travels as the escape "\ud800", valid JSON.
    response = post_json(curator, "/api/matches/", json.dumps(create_body(log_game, **change)))
    assert response.status_code == 400, response.content
    assert response.json()["field"] == field and words in response.json()["detail"]
    assert not Match.objects.exists()
    assert APIClient().get("/api/matches/").status_code == 200


@pytest.mark.parametrize(
    ("text", "field", "words"),
    [
        ('{"game": "test-log-game", "game": "x", "title": "t", "players": []}', "$",
         "key 'game' twice"),
        ('{"game": "test-log-game", "title": "t", "players": [], "setup": {"n": NaN}}', "$",
         "NaN"),
        ('{"game": "test-log-game", "title": "t", "players": [], "setup": {"n": 1e999}}',
         "setup.n", "finite"),
    ],
)
def test_duplicate_keys_and_non_numbers_are_refused(curator, log_game, text, field, words):
    response = post_json(curator, "/api/matches/", text)
    assert response.status_code == 400, response.content
    assert response.json()["field"] == field and words in response.json()["detail"]
    assert not Match.objects.exists()


@pytest.mark.parametrize("path", ["/api/auth/token/", "/api/matches/", "/api/matches/import/",
                                  "EVENTS", "/api/transcriptions/"])
def test_deep_nesting_is_a_400_not_a_crash(curator, log_match, path):
    """Tries: JSON nested 50,000 levels, including on the anonymous token endpoint. Proves:
    400 JSON naming the body, before the parser recurses."""
    path = f"/api/matches/{log_match.pk}/events/" if path == "EVENTS" else path
    client = APIClient() if path == "/api/auth/token/" else curator
    response = post_json(client, path, "[" * 50_000 + "]" * 50_000)
    assert response.status_code == 400, response.content[:300]
    assert response.json()["field"] == "$" and "levels deep" in response.json()["detail"]
    assert Event.objects.count() == 0 and Match.objects.count() == 1


def test_an_oversized_api_body_is_a_json_413(curator, db, settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1000
    response = post_json(curator, "/api/matches/", json.dumps({"title": "x" * 2000}))
    assert response.status_code == 413
    assert response["Content-Type"] == "application/json"
    assert "larger than 1,000 bytes" in response.json()["detail"]


def test_a_surrogate_in_an_imported_document_names_its_path(curator, log_game):
    document = {"format": "ludoteca.match/1", "game": log_game.slug, "title": "t",
                "players": PLAYERS, "events": [
                    {"seq": 1, "type": "annotation", "actor": "p1", "data": {"text": "\udfff"}}]}
    response = post_json(curator, "/api/matches/import/", json.dumps(document))
    assert response.status_code == 400
    assert response.json()["field"] == "$.events[0].data.text"
    assert not Match.objects.exists()
    with pytest.raises(DocumentError) as raised:
        import_match(raw=document)  # a document handed over from Python is checked too
    assert raised.value.field == "$.events[0].data.text"


def test_an_append_with_a_huge_number_names_its_path(curator, log_match):
    body = {"expected_seq": 0, "events": [
        {"type": "annotation", "actor": "p1", "data": {"text": "ok"}},
        {"type": "annotation", "actor": "p1", "data": {"text": "n", "step": 10**30}}]}
    response = curator.post(f"/api/matches/{log_match.pk}/events/", body, format="json")
    assert response.status_code == 400, response.content
    # Refused by the API's JSON parser, which names the path in the body.
    assert response.json()["field"] == "events[1].data.step"
    assert "31-digit" in response.json()["detail"]
    assert not Event.objects.exists()


@pytest.mark.parametrize(
    ("data", "field", "words"),
    [
        ({"text": "a" * 2001}, "data.text", "at most 2,000"),
        ({"text": "about a step that is not there", "step": 5}, "data.step",
         "not an earlier event"),
    ],
)
def test_notes_are_bounded_alike_in_api_and_form_and_name_existing_steps(
        curator, log_match, data, field, words):
    response = curator.post(f"/api/matches/{log_match.pk}/events/", {
        "expected_seq": 0, "events": [{"type": "annotation", "actor": "p1", "data": data}]},
        format="json")
    assert response.status_code == 400
    assert response.json()["field"] == field and words in response.json()["detail"]
    from replay.reading.forms import AnnotationForm

    assert AnnotationForm().fields["text"].max_length == 2000


def test_a_corrections_inner_event_takes_no_unknown_fields(log_match):
    from replay.log.errors import MalformedEvent

    append_events(match=log_match, expected_seq=0,
                  events=[{"type": "annotation", "actor": "p1", "data": {"text": "a"}}])
    with pytest.raises(MalformedEvent) as raised:
        append_events(match=log_match, expected_seq=1, events=[{"type": "correction", "data": {
            "supersedes": 1, "event": {"type": "annotation", "actor": "p1",
                                       "data": {"text": "b"}, "colour": "red"}}}])
    assert raised.value.field == "data.event.colour"
    assert log_match.events.count() == 1


def test_form_json_refuses_infinity_and_duplicates(curator_page, log_game):
    """Tries: the match form's setup with Infinity (once silently null) and a repeated key
    (once silently the last). Proves: the form is shown again naming the problem."""
    for setup, words in (('{"n": Infinity}', "Infinity"), ('{"n": 1, "n": 2}', "twice")):
        response = curator_page.post("/matches/new/", {
            "game": log_game.slug, "title": "t", "player": ["Ana", "Luis"],
            "setup": setup})
        assert response.status_code == 400
        assert words in response.content.decode()
    assert not Match.objects.exists()


def test_the_match_form_refuses_a_huge_number_in_setup(curator_page, log_game):
    response = curator_page.post("/matches/new/", {
        "game": log_game.slug, "title": "t", "player": ["Ana", "Luis"],
        "setup": '{"n": 99999999999999999999999}'})
    assert response.status_code == 400 and "beyond" in response.content.decode()
    assert not Match.objects.exists()


@pytest.mark.parametrize("language", ['"><svg>', "../../../x", "en\nit", "xx"])
def test_a_transcription_language_is_a_language_tag(curator, archive_seed, language):
    rulebook = Rulebook.objects.get(game__slug="dagon")
    before = Transcription.objects.count()
    response = curator.post("/api/transcriptions/", {
        "rulebook": rulebook.pk, "language": language, "transcriber": "A",
        "text": "# Dagon\n\nA rule.\n"}, format="json")
    assert response.status_code == 400
    assert response.json()["field"] == "language", response.json()
    assert Transcription.objects.count() == before


@pytest.mark.parametrize("via", ["api", "page"])
def test_a_scan_page_number_fits_the_database(curator, curator_page, archive_seed, via,
                                              settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path
    from tests.guarantees.test_bad_input import png

    rulebook = Rulebook.objects.get(game__slug="dagon")
    upload = SimpleUploadedFile("p.png", png(), content_type="image/png")
    if via == "api":
        response = curator.post("/api/scans/", {"rulebook": rulebook.pk,
                                                "page_number": 2**63, "file": upload})
        assert response.status_code == 400 and response.json()["field"] == "page_number"
    else:
        response = curator_page.post(f"/rulebooks/{rulebook.pk}/scans/add/",
                                     {"page_number": 2**63, "file": upload})
        assert response.status_code in (200, 400)
        assert "less than or equal to" in response.content.decode()
    assert not Scan.objects.exists()


def test_a_step_url_with_a_huge_number_is_a_404(client, archive_seed):
    import games
    from replay.runs.replaying import replay_match

    match = import_match(raw=games.get("dagon").simulate(seed=1, max_events=8))
    run = replay_match(match=match)
    for seq in (10**30, 2**63):
        response = client.get(f"/matches/{match.pk}/runs/{run.pk}/step/{seq}/")
        assert response.status_code == 404
        response = client.get(f"/matches/{match.pk}/runs/{run.pk}/step/?seq={seq}")
        assert response.status_code in (302, 200)


def test_command_arguments_that_are_not_utf8_are_refused(archive_seed, tmp_path):
    """A byte that is not UTF-8 on a command line arrives as a lone surrogate."""
    text = tmp_path / "t.txt"
    text.write_text("# Dagon\n\nA rule.\n", encoding="utf-8")
    with pytest.raises(CommandError, match="--language: contains a lone surrogate"):
        call_command("import_transcription", str(text), "--game", "dagon",
                     "--language", "e\udcffn")
    with pytest.raises(CommandError, match=r"--language: .* not a BCP 47"):
        call_command("import_transcription", str(text), "--game", "dagon",
                     "--language", "english")


# -- creating a match: one service, one transaction, idempotent ---------------------------------


def test_a_retried_create_with_the_same_key_makes_one_match(curator, log_game):
    body = json.dumps(create_body(log_game))
    first = post_json(curator, "/api/matches/", body, HTTP_IDEMPOTENCY_KEY="k-1")
    again = post_json(curator, "/api/matches/", body, HTTP_IDEMPOTENCY_KEY="k-1")
    assert (first.status_code, again.status_code) == (201, 200)
    assert first.json()["id"] == again.json()["id"] and Match.objects.count() == 1
    other = post_json(curator, "/api/matches/", json.dumps(create_body(log_game, title="B")),
                      HTTP_IDEMPOTENCY_KEY="k-1")
    assert other.status_code == 422 and other.json()["field"] == "idempotency_key"


def test_a_double_submitted_match_form_makes_one_match(curator_page, log_game):
    form = {"game": log_game.slug, "title": "t", "player": ["Ana", "Luis"],
            "setup": "{}", "idempotency_key": "form-key-1"}
    assert curator_page.post("/matches/new/", form).status_code == 302
    assert curator_page.post("/matches/new/", form).status_code == 302
    assert Match.objects.count() == 1


def test_a_failure_after_the_match_row_leaves_nothing(log_game, monkeypatch):
    """Tries: the first events' write failing after the match row is inserted. Proves: the
    creation is one transaction; no match is left behind to be retried into a duplicate."""
    from replay.log import matches as services

    def fail(**kwargs):
        raise RuntimeError("the disk is full")

    monkeypatch.setattr(services, "append_events", fail)
    with pytest.raises(RuntimeError):
        match_create(game=log_game, title="t", players=PLAYERS,
                     events=[{"type": "annotation", "actor": "p1", "data": {"text": "a"}}])
    assert not Match.objects.exists()


def test_a_key_reused_by_another_user_is_refused(log_game):
    from tests.factories import UserFactory

    match_create(game=log_game, title="t", players=PLAYERS, idempotency_key="shared",
                 created_by=UserFactory(username="a"))
    with pytest.raises(IdempotencyMismatch):
        match_create(game=log_game, title="t", players=PLAYERS, idempotency_key="shared",
                     created_by=UserFactory(username="b"))
