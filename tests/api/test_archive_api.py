"""Games, rulebooks, scans and transcriptions through the API."""

import io

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from PIL import Image

from archive.models import Rulebook, Scan, Transcription
from archive.services import SEED_DIR


def test_games_list_and_search(anonymous, archive):
    games = anonymous.get("/api/games/").json()["results"]
    assert {g["slug"] for g in games} == {"dylan-dog", "fury-of-dracula", "gothic", "dagon"}
    assert all(isinstance(g["has_engine"], bool) for g in games)
    found = anonymous.get("/api/games/", {"q": "gothic"}).json()["results"]
    assert [g["slug"] for g in found] == ["gothic"]


def test_game_detail_shows_the_engines_points_schema_and_board_provenance(anonymous, archive):
    dagon = anonymous.get("/api/games/dagon/").json()
    assert dagon["title"].startswith("Dagon")
    engine = dagon["engine"]
    assert engine["slug"] == "dagon"
    point_ids = [p["id"] for p in engine["points"]]
    assert "dagon.lagoon-chooser" in point_ids
    lagoon = next(p for p in engine["points"] if p["id"] == "dagon.lagoon-chooser")
    assert lagoon["citations"] and lagoon["default"] in [o["id"] for o in lagoon["options"]]
    types = {spec["type"] for spec in engine["event_schema"]}
    assert {"annotation", "correction"} <= types
    dylan_dog = anonymous.get("/api/games/dylan-dog/").json()["engine"]
    limited = [field for spec in dylan_dog["event_schema"] for field in spec["fields"].values()
               if "allowed" in field]
    # A field's allowed values, also under the key's former name "choices" for older readers.
    assert limited and all(field["choices"] == field["allowed"] for field in limited)
    assert engine["board_provenance"]
    board = anonymous.get("/api/games/dagon/board/").json()
    assert board["provenance"] == engine["board_provenance"]


def test_a_game_without_an_engine_still_has_its_page(anonymous, engine_less_game):
    page = anonymous.get(f"/api/games/{engine_less_game.slug}/")
    assert page.status_code == 200 and page.json()["engine"] is None
    board = anonymous.get(f"/api/games/{engine_less_game.slug}/board/")
    assert board.status_code == 404 and board.json()["error"] == "not_found"


def test_unknown_game_is_a_json_404(anonymous, db):
    response = anonymous.get("/api/games/chess/")
    assert response.status_code == 404
    assert response.json()["error"] == "not_found"


def test_rulebooks_list_filter_and_detail(anonymous, archive):
    rulebooks = anonymous.get("/api/rulebooks/").json()["results"]
    assert len(rulebooks) == Rulebook.objects.count()
    dagon = anonymous.get("/api/rulebooks/", {"game": "dagon"}).json()["results"]
    assert [r["game"] for r in dagon] == ["dagon"]
    detail = anonymous.get(f"/api/rulebooks/{dagon[0]['id']}/").json()
    assert detail["transcriptions"][0]["version"] == 1 and detail["scans"] == []


def test_transcription_detail_has_passages_and_every_note(anonymous, archive):
    gothic = Transcription.objects.get(rulebook__game__slug="gothic")
    listed = anonymous.get("/api/transcriptions/", {"game": "gothic"}).json()["results"]
    assert [t["id"] for t in listed] == [gothic.pk] and "text" not in listed[0]
    detail = anonymous.get(f"/api/transcriptions/{gothic.pk}/").json()
    assert detail["text"] == gothic.text
    assert "gothic/the-tower" in [p["slug"] for p in detail["passages"]]
    kinds = [a["kind"] for a in detail["annotations"]]
    assert kinds.count("legibility") == 3
    assert all(a["passage"] for a in detail["annotations"] if a["kind"] == "legibility")


def _dagon_text():
    return (SEED_DIR / "rulebooks" / "dagon.en.txt").read_text(encoding="utf-8")


def test_posting_the_same_text_is_a_no_op_and_a_new_text_a_new_version(curator, archive):
    rulebook = Rulebook.objects.get(game__slug="dagon")
    body = {"rulebook": rulebook.pk, "language": "en", "transcriber": "Ana", "text": _dagon_text()}
    same = curator.post("/api/transcriptions/", body, format="json")
    assert same.status_code == 200 and same.json()["version"] == 1
    body["text"] = _dagon_text() + "\nA line added from a second photograph."
    body["change_note"] = "second photograph"
    new = curator.post("/api/transcriptions/", body, format="json")
    assert new.status_code == 201, new.json()
    assert new.json()["version"] == 2 and new.json()["change_note"] == "second photograph"
    assert new.json()["passages"]
    assert Transcription.objects.filter(rulebook=rulebook).count() == 2


def test_a_transcription_can_be_uploaded_as_a_file(curator, archive):
    rulebook = Rulebook.objects.get(game__slug="dagon")
    upload = SimpleUploadedFile("dagon.txt", (_dagon_text() + "\nMore.").encode("utf-8"))
    response = curator.post(
        "/api/transcriptions/",
        {"rulebook": rulebook.pk, "language": "en", "transcriber": "Ana", "file": upload},
        format="multipart",
    )
    assert response.status_code == 201 and response.json()["version"] == 2


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"language": ""}, "language"),
        ({"transcriber": "   "}, "transcriber"),
        ({"rulebook": 999999}, "rulebook"),
        ({"text": None}, "text"),
        ({"translation_of": 999999}, "translation_of"),
    ],
)
def test_a_refused_transcription_names_its_field(curator, archive, change, field):
    rulebook = Rulebook.objects.get(game__slug="dagon")
    body = {"rulebook": rulebook.pk, "language": "en", "transcriber": "Ana", "text": "x"}
    body.update(change)
    if change.get("text", "") is None:
        del body["text"]
    response = curator.post("/api/transcriptions/", body, format="json")
    assert response.status_code == 400
    assert response.json()["error"] == "invalid" and response.json()["field"] == field
    assert response.json()["detail"]


def test_an_undecodable_file_is_refused_naming_file(curator, archive):
    rulebook = Rulebook.objects.get(game__slug="dagon")
    upload = SimpleUploadedFile("dagon.txt", b"caf\xe9\n")
    response = curator.post(
        "/api/transcriptions/",
        {"rulebook": rulebook.pk, "language": "en", "transcriber": "Ana", "file": upload},
        format="multipart",
    )
    assert response.status_code == 400
    assert response.json()["field"] == "file" and "UTF-8" in response.json()["detail"]


def _png(colour="red") -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (40, 60), colour).save(out, format="PNG")
    return out.getvalue()


@pytest.fixture
def media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path


def test_curator_uploads_a_scan_and_anyone_reads_it(curator, anonymous, archive, media):
    rulebook = Rulebook.objects.get(game__slug="gothic")
    response = curator.post(
        "/api/scans/",
        {
            "rulebook": rulebook.pk,
            "page_number": 3,
            "page_label": "iii",
            "file": SimpleUploadedFile("page.png", _png(), content_type="image/png"),
        },
        format="multipart",
    )
    assert response.status_code == 201, response.json()
    scan = response.json()
    assert (scan["width"], scan["height"], scan["content_type"]) == (40, 60, "image/png")
    assert scan["page_label"] == "iii" and scan["thumbnail"]
    assert Scan.objects.get(pk=scan["id"]).uploaded_by.username == "curator"
    listed = anonymous.get("/api/scans/", {"rulebook": rulebook.pk}).json()["results"]
    assert [s["id"] for s in listed] == [scan["id"]]
    assert anonymous.get(f"/api/scans/{scan['id']}/").json()["sha256"] == scan["sha256"]


@pytest.mark.parametrize(
    ("fields", "field", "words"),
    [
        ({"page_number": 0}, "page_number", "greater than or equal to 1"),
        ({"page_number": "four"}, "page_number", "integer"),
        ({"file": SimpleUploadedFile("page.png", b"not an image at all")}, "file", "content"),
        ({"file": SimpleUploadedFile("page.png", b"")}, "file", "empty"),
        ({"file": None}, "file", "No file"),
        ({"rulebook": 999999}, "rulebook", "object does not exist"),
    ],
)
def test_a_refused_scan_names_its_field(curator, archive, media, fields, field, words):
    rulebook = Rulebook.objects.get(game__slug="gothic")
    body = {
        "rulebook": rulebook.pk,
        "page_number": 1,
        "file": SimpleUploadedFile("page.png", _png("blue")),
    }
    body.update(fields)
    body = {k: v for k, v in body.items() if v is not None}
    response = curator.post("/api/scans/", body, format="multipart")
    assert response.status_code == 400
    assert response.json()["field"] == field and words in response.json()["detail"]
    assert not Scan.objects.exists()


def test_the_same_scan_twice_is_refused(curator, archive, media):
    rulebook = Rulebook.objects.get(game__slug="gothic")
    for expected in (201, 400):
        response = curator.post(
            "/api/scans/",
            {
                "rulebook": rulebook.pk,
                "page_number": 1,
                "file": SimpleUploadedFile("page.png", _png("green")),
            },
            format="multipart",
        )
        assert response.status_code == expected
    assert response.json()["field"] == "file" and "already archived" in response.json()["detail"]


@pytest.mark.parametrize(("field", "value"), [("source", -2251), ("rights_holder", 1.5e16),
                                              ("provenance", True), ("source", ["a"])])
def test_a_rulebook_description_refuses_a_number_where_the_schema_says_text(
    curator, archive, field, value
):
    """The schema says a string; DRF's own field would store ``-2251`` as ``"-2251"``
    (schemathesis found it). Refused, naming the field, and nothing changes."""
    rulebook = Rulebook.objects.order_by("pk").first()
    before = (rulebook.source, rulebook.rights_holder, rulebook.provenance)
    response = curator.patch(f"/api/rulebooks/{rulebook.pk}/", {field: value}, format="json")
    assert response.status_code == 400
    assert response.json()["field"] == field and "must be text" in response.json()["detail"]
    rulebook.refresh_from_db()
    assert (rulebook.source, rulebook.rights_holder, rulebook.provenance) == before
