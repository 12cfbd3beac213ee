"""Matches through the API: visibility, creation by the importer's rules, import/export."""

import json

import pytest

from replay.log.append import append_events
from replay.log.interchange import export_match
from replay.models import Event, Match
from tests.api.conftest import notes
from tests.factories import MatchFactory, UserFactory
from trust.chain import chain_head


def _new_match(game, *, title, private=False, owner=None):
    return MatchFactory(game=game, title=title, is_private=private, created_by=owner)


@pytest.fixture
def document(engine_less_game):
    events = [
        {"seq": 1, "type": "annotation", "actor": "p1", "data": {"text": "Ana opens"}},
        {"seq": 2, "type": "annotation", "actor": None, "data": {"text": "señal ilegible"}},
        {
            "seq": 3,
            "type": "correction",
            "actor": None,
            "data": {
                "supersedes": 1,
                "event": {"type": "annotation", "actor": "p2", "data": {"text": "Luis opens"}},
            },
        },
    ]
    return {
        "format": "ludoteca.match/1",
        "game": engine_less_game.slug,
        "title": "Club night, table 2",
        "played_on": "1989-03-12",
        "source": "score sheet, photographed",
        "players": [{"id": "p1", "name": "Ana"}, {"id": "p2", "name": "Luis"}],
        "setup": {"thrones_to_win": 3},
        "events": events,
        "chain": {"algorithm": "sha256", "head": chain_head(events)},
    }


def test_private_matches_are_invisible_to_everyone_but_their_owner_and_staff(
    engine_less_game, anonymous, reader, curator, curator_user, admin
):
    public = _new_match(engine_less_game, title="Public")
    private = _new_match(engine_less_game, title="Private", private=True, owner=curator_user)
    other = _new_match(
        engine_less_game, title="Someone else's", private=True, owner=UserFactory(username="x")
    )

    def listed(client):
        return {m["id"] for m in client.get("/api/matches/").json()["results"]}

    assert listed(anonymous) == listed(reader) == {public.pk}
    assert listed(curator) == {public.pk, private.pk}
    assert listed(admin) == {public.pk, private.pk, other.pk}
    for client in (anonymous, reader):
        for path in ("", "events/", "export/"):
            response = client.get(f"/api/matches/{private.pk}/{path}")
            assert response.status_code == 404, path
            assert response.json()["error"] == "not_found"
    assert curator.get(f"/api/matches/{private.pk}/").json()["is_private"] is True
    assert curator.get(f"/api/matches/{other.pk}/").status_code == 404
    # A curator cannot append to a private match that is not theirs: it does not exist for them.
    response = curator.post(
        f"/api/matches/{other.pk}/events/",
        {"expected_seq": 0, "events": notes("x")},
        format="json",
    )
    assert response.status_code == 404 and not other.events.exists()


def test_match_list_filters_by_game(engine_less_game, archive, anonymous):
    from archive.models import Game

    _new_match(engine_less_game, title="A")
    _new_match(Game.objects.get(slug="dagon"), title="B")
    titles = [
        m["title"] for m in anonymous.get("/api/matches/", {"game": "dagon"}).json()["results"]
    ]
    assert titles == ["B"]


def test_curator_creates_a_match_with_an_empty_log(curator, engine_less_game):
    response = curator.post(
        "/api/matches/",
        {
            "game": engine_less_game.slug,
            "title": "  Club night  ",
            "played_on": "1989-03-12",
            "players": [{"id": "p1", "name": "Ana"}, {"id": "p2", "name": "Luis"}],
            "setup": {"thrones_to_win": 2},
            "source": "notebook",
            "is_private": True,
        },
        format="json",
    )
    assert response.status_code == 201, response.json()
    created = response.json()
    assert (created["title"], created["game"], created["last_seq"]) == (
        "Club night",
        engine_less_game.slug,
        0,
    )
    assert created["is_private"] is True and created["created_by"] == "curator"
    match = Match.objects.get(pk=created["id"])
    assert match.played_on.isoformat() == "1989-03-12" and match.setup == {"thrones_to_win": 2}


@pytest.mark.parametrize(
    ("change", "field", "words"),
    [
        ({"game": "chess"}, "game", "unknown game"),
        ({"title": ""}, "title", "title"),
        ({"players": [{"id": "p1", "name": "Ana"}]}, "players", "played by 2 to 4"),
        (
            {"players": [{"id": "p1", "name": "Ana"}, {"id": "p1", "name": "Luis"}]},
            "players[1].id",
            "duplicate player",
        ),
        ({"players": [{"id": "p1", "name": "Ana"}, {"id": "p2"}]}, "players[1].name", "name"),
        ({"played_on": "12/03/1989"}, "played_on", "not a date"),
        ({"setup": []}, "setup", "object"),
        ({"is_private": "yes"}, "is_private", "true or false"),
        ({"colour": "red"}, "colour", "unknown field"),
        ({"title": 1989}, "title", "must be text"),
        ({"events": []}, "events", "import"),
    ],
)
def test_a_refused_match_names_its_field_with_the_importers_rules(
    curator, engine_less_game, change, field, words
):
    body = {
        "game": engine_less_game.slug,
        "title": "Club night",
        "players": [{"id": "p1", "name": "Ana"}, {"id": "p2", "name": "Luis"}],
    }
    body.update(change)
    response = curator.post("/api/matches/", body, format="json")
    assert response.status_code == 400
    error = response.json()
    assert error["field"] == field and words in error["detail"]
    assert not Match.objects.exists()


def test_a_body_that_is_not_json_names_the_body(curator, db):
    response = curator.post("/api/matches/", "{not json", content_type="application/json")
    assert response.status_code == 400
    assert response.json()["error"] == "parse_error" and response.json()["field"] == "$"


def test_import_then_export_gives_the_same_bytes(curator, anonymous, document):
    raw = json.dumps(document).encode()
    first = curator.post("/api/matches/import/", raw, content_type="application/json")
    assert first.status_code == 201, first.json()
    assert first.json()["last_seq"] == 3 and first.json()["is_private"] is False
    exported = anonymous.get(f"/api/matches/{first.json()['id']}/export/")
    assert exported.status_code == 200
    assert exported["Content-Type"] == "application/json"
    match = Match.objects.get(pk=first.json()["id"])
    assert exported.content == export_match(match)
    second = curator.post("/api/matches/import/", exported.content, content_type="application/json")
    assert second.status_code == 201
    again = anonymous.get(f"/api/matches/{second.json()['id']}/export/")
    assert again.content == exported.content
    assert json.loads(exported.content)["events"] == document["events"]


def test_import_can_keep_a_match_private(curator, anonymous, document):
    response = curator.post(
        "/api/matches/import/?private=true", json.dumps(document), content_type="application/json"
    )
    assert response.status_code == 201 and response.json()["is_private"] is True
    assert anonymous.get(f"/api/matches/{response.json()['id']}/").status_code == 404


@pytest.mark.parametrize(
    ("path", "value", "field", "seq"),
    [
        (("events", 1, "type"), "teleport", "$.events[1].type", 2),
        (("events", 1, "seq"), 3, "$.events[1].seq", 3),
        (("chain", "head"), "0" * 64, "$.chain.head", None),
        (("format",), "other/2", "$.format", None),
    ],
)
def test_a_bad_document_is_refused_with_its_path_and_nothing_is_stored(
    curator, document, path, value, field, seq
):
    target = document
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    response = curator.post(
        "/api/matches/import/", json.dumps(document), content_type="application/json"
    )
    assert response.status_code == 400
    error = response.json()
    assert error["error"] == "invalid_document" and error["field"] == field
    assert error.get("seq") == seq
    assert not Match.objects.exists() and not Event.objects.exists()


def test_import_of_malformed_json_names_the_line(curator, db):
    response = curator.post(
        "/api/matches/import/", b'{\n  "format": ,\n}', content_type="application/json"
    )
    assert response.status_code == 400
    assert response.json()["field"] == "$" and "line 2" in response.json()["detail"]


def test_export_of_an_empty_log(anonymous, match):
    exported = anonymous.get(f"/api/matches/{match.pk}/export/")
    assert exported.content == export_match(match)


def test_match_detail_shows_the_head_of_the_log(anonymous, match):
    result = append_events(match=match, events=notes("a", "b"), expected_seq=0)
    detail = anonymous.get(f"/api/matches/{match.pk}/").json()
    assert (detail["last_seq"], detail["head_hash"]) == (2, result.head_hash)


def test_import_wants_a_json_body(curator, document):
    response = curator.post("/api/matches/import/", {"document": "x"}, format="multipart")
    assert response.status_code == 415 and response.json()["error"] == "unsupported_media_type"


def test_an_oversized_document_is_refused_naming_the_body(curator, document, settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 100
    response = curator.post(
        "/api/matches/import/", json.dumps(document), content_type="application/json"
    )
    assert response.status_code == 413
    assert response.json()["field"] == "$" and "larger than 100 bytes" in response.json()["detail"]
