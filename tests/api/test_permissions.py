"""Who may do what through the API: anyone reads what is public; curators and staff write.
One row a role: anonymous, a signed-in reader, a curator (token), an admin (staff)."""

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from archive.models import Game, Rulebook, Transcription
from replay.models import Event, Match
from tests.api.conftest import notes

ROLES = ["anonymous", "reader", "curator", "admin"]
READ = {"anonymous": 200, "reader": 200, "curator": 200, "admin": 200}
WRITE = {"anonymous": 401, "reader": 403, "curator": 201, "admin": 201}
READS = [
    "/api/",
    "/api/games/",
    "/api/games/dagon/",
    "/api/rulebooks/",
    "/api/transcriptions/",
    "/api/scans/",
    "/api/matches/",
    "/api/matches/{match}/",
    "/api/matches/{match}/events/",
    "/api/matches/{match}/export/",
]


@pytest.fixture
def client_for(request):
    return lambda role: request.getfixturevalue(role)


@pytest.mark.parametrize("role", ROLES)
def test_reads(role, client_for, archive, match):
    client = client_for(role)
    for path in READS:
        response = client.get(path.format(match=match.pk))
        assert response.status_code == READ[role], (role, path)


def _writes(match):
    dagon = Rulebook.objects.get(game__slug="dagon")
    players = [{"id": "p1", "name": "Ana"}, {"id": "p2", "name": "Luis"}]
    return {
        "create match": (
            "/api/matches/",
            {"game": match.game.slug, "title": "New", "players": players},
            "json",
            lambda: Match.objects.filter(title="New").exists(),
        ),
        "append events": (
            f"/api/matches/{match.pk}/events/",
            {"expected_seq": 0, "events": notes("a")},
            "json",
            lambda: Event.objects.filter(match=match).exists(),
        ),
        "import match": (
            "/api/matches/import/",
            {
                "format": "ludoteca.match/1",
                "game": match.game.slug,
                "title": "Imported",
                "players": players,
                "events": [],
            },
            "json",
            lambda: Match.objects.filter(title="Imported").exists(),
        ),
        "add transcription": (
            "/api/transcriptions/",
            {
                "rulebook": dagon.pk,
                "language": "es",
                "transcriber": "Ana",
                "text": "Dagon\nObject of the Game\nWin.\n",
            },
            "json",
            lambda: Transcription.objects.filter(language="es").exists(),
        ),
        "upload scan": (
            "/api/scans/",
            {
                "rulebook": dagon.pk,
                "page_number": 1,
                "file": SimpleUploadedFile("p.pdf", b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n"),
            },
            "multipart",
            lambda: dagon.scans.exists(),
        ),
        "create game": (
            "/api/games/",
            {"slug": "la-torre-nera", "title": "La Torre Nera", "original_language": "it",
             "min_players": 2, "max_players": 4, "components": ["a board", "4 pawns"]},
            "json",
            lambda: Game.objects.filter(slug="la-torre-nera").exists(),
        ),
        "create rulebook": (
            "/api/rulebooks/",
            {"game": "dagon", "edition": "second printing", "language": "es",
             "provenance": "a photocopy"},
            "json",
            lambda: Rulebook.objects.filter(edition="second printing").exists(),
        ),
    }


WRITE_NAMES = ["create match", "append events", "import match", "add transcription", "upload scan",
               "create game", "create rulebook"]


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("name", WRITE_NAMES)
def test_writes(role, name, client_for, archive, match, settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path
    path, body, fmt, stored = _writes(match)[name]
    response = client_for(role).post(path, body, format=fmt)
    assert response.status_code == WRITE[role], (role, name, response.content)
    assert stored() is (WRITE[role] == 201)
    if WRITE[role] != 201:
        error = response.json()
        assert error["error"] in ("not_authenticated", "permission_denied")
        assert error["detail"]


def test_an_anonymous_write_is_told_how_to_authenticate(anonymous, match):
    response = anonymous.post("/api/matches/", {}, format="json")
    assert response.status_code == 401 and response["WWW-Authenticate"] == "Token"


def test_a_token_from_the_token_endpoint_authenticates(curator_user, anonymous, match):
    from rest_framework.test import APIClient

    got = anonymous.post(
        "/api/auth/token/",
        {"username": "curator", "password": "a-long-test-password"},
        format="json",
    )
    assert got.status_code == 200
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {got.json()['token']}")
    response = client.post(
        f"/api/matches/{match.pk}/events/",
        {"expected_seq": 0, "events": notes("a")},
        format="json",
    )
    assert response.status_code == 201
    wrong = anonymous.post(
        "/api/auth/token/", {"username": "curator", "password": "nope"}, format="json"
    )
    assert wrong.status_code == 400 and wrong.json()["error"] == "invalid"


def test_session_writes_need_the_csrf_token(curator_user, match):
    from rest_framework.test import APIClient

    client = APIClient(enforce_csrf_checks=True)
    client.force_login(curator_user)
    response = client.post(
        f"/api/matches/{match.pk}/events/",
        {"expected_seq": 0, "events": notes("a")},
        format="json",
    )
    assert response.status_code == 403 and "CSRF" in response.json()["detail"]
    assert json.loads(client.get(f"/api/matches/{match.pk}/").content)["last_seq"] == 0
