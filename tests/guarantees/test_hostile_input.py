"""Property-based proof of the input boundary: hostile values (the whole of Unicode with lone
surrogates and NUL, huge and negative numbers, floats where whole numbers are expected, NaN
and Infinity, deep nesting, duplicate keys) through every API write, every form and every
importer. Never a 5xx; a refusal is a 4xx that stores nothing; and after every answer the
list pages and both exports still work, and at the end ``export_archive`` does too."""

from __future__ import annotations

import io
import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.core.management.base import CommandError
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import games
from archive.models import Rulebook, Scan, Transcription
from replay.log.interchange import import_match
from replay.models import Event, Match, ReplayRun
from tests.factories import make_curator

HOSTILE = settings(max_examples=40, deadline=None, database=None,
                   suppress_health_check=list(HealthCheck))

any_character = st.characters(codec=None, categories=None, exclude_categories=())
hostile_text = st.one_of(
    st.text(alphabet=any_character, max_size=30),
    st.sampled_from(["\ud800", "a\x00b", "\udfff\ud800", "en\nit", '"><svg>', "../../../x",
                     "x" * 3000, " ", ""]),
)
hostile_number = st.one_of(
    st.integers(), st.integers(min_value=2**53, max_value=2**80).map(lambda n: -n),
    st.sampled_from([2**63, 2**64, -(2**63) - 1, 10**30, 0, -1]),
    st.floats(allow_nan=True, allow_infinity=True),
)
hostile_leaf = st.one_of(st.none(), st.booleans(), hostile_number, hostile_text)
hostile_json = st.recursive(
    hostile_leaf,
    lambda inner: st.lists(inner, max_size=3)
    | st.dictionaries(hostile_text, inner, max_size=3),
    max_leaves=10,
)
deep = st.integers(min_value=65, max_value=20_000).map(lambda n: "[" * n + "]" * n)


def as_json_text(value, duplicate_key: bool = False) -> str:
    """The body a hostile client sends: surrogates as escapes, NaN and Infinity as bare
    words, and optionally a key twice."""
    text = json.dumps(value, ensure_ascii=True, allow_nan=True)
    if duplicate_key and text.startswith("{") and len(text) > 2:
        text = '{"title": "dup", ' + text[1:]
    return text


@pytest.fixture
def world(archive_seed, settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    match = import_match(raw=games.get("dagon").simulate(seed=5, max_events=12))
    curator = make_curator("curator")
    return {"match": match, "curator": curator, "tmp": tmp_path}


def curator_client(world) -> Client:
    client = Client()
    client.force_login(world["curator"])
    return client


def counts() -> tuple:
    return (Match.objects.count(), Event.objects.count(), Transcription.objects.count(),
            Scan.objects.count(), ReplayRun.objects.count())


def still_readable(world) -> None:
    """The list pages and both exports of every match answer as before."""
    client = Client()
    for path in ("/matches/", "/api/matches/", "/"):
        assert client.get(path).status_code == 200, path
    for pk in Match.objects.values_list("pk", flat=True):
        assert client.get(f"/matches/{pk}/").status_code == 200
        assert client.get(f"/matches/{pk}/export.json").status_code == 200
        assert client.get(f"/api/matches/{pk}/export/").status_code == 200


def check_answer(response, before) -> None:
    assert response.status_code < 500, (response.status_code, response.content[:300])
    if response.status_code >= 400:
        assert counts() == before, "a refused request stored something"
        if response["Content-Type"].startswith("application/json"):
            assert response.json().get("detail"), response.json()


def form_encodable(text: str) -> str:
    """Form-encoded text is UTF-8 on the wire: a lone surrogate cannot travel in it."""
    return text.encode("utf-8", "surrogatepass").decode("utf-8", "replace")


def backup_still_works(world) -> None:
    call_command("export_archive", str(world["tmp"] / "backup"), stdout=io.StringIO())


# -- the API ----------------------------------------------------------------------------------------


def test_api_match_creation(world):
    client = curator_client(world)
    body = st.fixed_dictionaries(
        {"game": st.sampled_from(["dagon", "gothic"]) | hostile_text,
         "title": hostile_text | hostile_json,
         "players": st.lists(st.fixed_dictionaries({"id": hostile_text | hostile_number,
                                                    "name": hostile_text}), max_size=5)
         | hostile_json},
        optional={"setup": hostile_json, "played_on": hostile_text | hostile_number,
                  "source": hostile_text, "is_private": hostile_leaf})

    @HOSTILE
    @given(body=body, duplicate=st.booleans())
    def check(body, duplicate):
        before = counts()
        response = client.post("/api/matches/", as_json_text(body, duplicate),
                               content_type="application/json")
        check_answer(response, before)
        still_readable(world)

    check()
    backup_still_works(world)


def test_api_appends(world):
    client = curator_client(world)
    match = world["match"]
    event = st.fixed_dictionaries(
        {"type": st.sampled_from(["annotation", "correction", "roll", "move"]) | hostile_text,
         "actor": st.sampled_from(["p1", "p2", None]) | hostile_text,
         "data": st.dictionaries(st.sampled_from(["text", "step", "value", "supersedes",
                                                  "event", "path"]) | hostile_text,
                                 hostile_json, max_size=3)})

    @HOSTILE
    @given(events=st.lists(event, min_size=1, max_size=3) | hostile_json,
           expected=hostile_number | st.just(None))
    def check(events, expected):
        match.refresh_from_db()
        before = counts()
        body = {"expected_seq": match.last_seq if expected is None else expected,
                "events": events}
        response = client.post(f"/api/matches/{match.pk}/events/", as_json_text(body),
                               content_type="application/json")
        check_answer(response, before)
        still_readable(world)

    check()
    backup_still_works(world)


def test_api_deep_nesting_everywhere(world):
    client = curator_client(world)
    paths = ["/api/matches/", "/api/matches/import/", f"/api/matches/{world['match'].pk}/events/",
             "/api/transcriptions/", "/api/runs/", "/api/auth/token/",
             f"/api/matches/{world['match'].pk}/compare/"]

    @HOSTILE
    @given(text=deep, path=st.sampled_from(paths))
    def check(text, path):
        before = counts()
        response = client.post(path, text, content_type="application/json")
        assert response.status_code == 400, (path, response.status_code)
        assert counts() == before

    check()


def test_api_imports(world):
    client = curator_client(world)
    document = games.get("dagon").simulate(seed=6, max_events=6)

    @HOSTILE
    @given(path=st.sampled_from(["title", "source", "played_on", "setup", "players",
                                 "events.0.data", "events.1.actor", "events.2.seq",
                                 "players.0.name", "chain"]),
           value=hostile_json)
    def check(path, value):
        changed = json.loads(json.dumps(document))
        target = changed
        *parents, last = path.split(".")
        for key in parents:
            target = target[int(key) if key.isdigit() else key]
        target[int(last) if last.isdigit() else last] = value
        before = counts()
        response = client.post("/api/matches/import/", as_json_text(changed),
                               content_type="application/json")
        check_answer(response, before)
        if response.status_code >= 400:
            assert response.json()["field"].startswith("$")
        still_readable(world)

    check()
    backup_still_works(world)


def test_api_transcriptions_scans_and_runs(world):
    client = curator_client(world)
    rulebook = Rulebook.objects.get(game__slug="dagon")
    from tests.guarantees.test_bad_input import png

    @HOSTILE
    @given(language=hostile_text, transcriber=hostile_text, text=hostile_text,
           page=hostile_number | hostile_text, label=hostile_text, choices=hostile_json)
    def check(language, transcriber, text, page, label, choices):
        before = counts()
        response = client.post("/api/transcriptions/", as_json_text(
            {"rulebook": rulebook.pk, "language": language, "transcriber": transcriber,
             "text": "Dagon\nObject of the Game\n" + text}), content_type="application/json")
        check_answer(response, before)
        before = counts()
        upload = SimpleUploadedFile("p.png", png(), content_type="image/png")
        response = client.post("/api/scans/", {"rulebook": rulebook.pk,
                                               "page_number": form_encodable(str(page)[:200]),
                                               "page_label": form_encodable(label[:100]),
                                               "file": upload})
        check_answer(response, before)
        before = counts()
        response = client.post("/api/runs/", as_json_text(
            {"match": world["match"].pk, "choices": choices}), content_type="application/json")
        check_answer(response, before)
        still_readable(world)

    check()
    backup_still_works(world)


# -- the forms --------------------------------------------------------------------------------------


def test_forms(world):
    client = curator_client(world)
    match = world["match"]
    rulebook = Rulebook.objects.get(game__slug="dagon")
    json_text = hostile_json.map(as_json_text) | deep | hostile_text

    @HOSTILE
    @given(title=hostile_text, players=hostile_text, setup=json_text, events=json_text,
           note=hostile_text, seq=hostile_number, language=hostile_text, page=hostile_number)
    def check(title, players, setup, events, note, seq, language, page):
        # Form fields travel form-encoded: what a browser can send at all.
        def post(path, data):
            before = counts()
            clean = {k: form_encodable(v) if isinstance(v, str) else v
                     for k, v in data.items()}
            response = client.post(path, clean)
            check_answer(response, before)

        post("/matches/new/", {"game": "dagon", "title": title,
                               "player": ["Ana", form_encodable(players)],
                               "setup:thrones_to_win": setup})
        match.refresh_from_db()
        post(f"/matches/{match.pk}/append/", {"events": events,
                                              "expected_seq": str(match.last_seq)})
        post(f"/matches/{match.pk}/runs/1/step/{abs(seq) % 20}/annotate/",
             {"text": note, "expected_seq": str(seq)})
        post(f"/rulebooks/{rulebook.pk}/transcriptions/add/",
             {"language": language, "transcriber": "A", "text": "Dagon\nRules\n" + note})
        post(f"/rulebooks/{rulebook.pk}/scans/add/", {"page_number": str(page)})
        post("/matches/import/", {"file": SimpleUploadedFile(
            "m.json", events.encode("utf-8", "surrogatepass"))})
        still_readable(world)

    ReplayRun.objects.get_or_create(
        pk=1, defaults={"match": match, "log_seq": 0, "head_hash": "0" * 64,
                        "engine": "dagon", "engine_version": "0", "interpretation": {},
                        "fingerprint": "f" * 64, "snapshot_interval": 100})
    check()
    backup_still_works(world)


# -- the importers ----------------------------------------------------------------------------------


def test_import_commands(world):
    path = world["tmp"] / "hostile.json"
    document = games.get("gothic").simulate(seed=2, max_events=5)

    @HOSTILE
    @given(value=hostile_json | deep, where=st.sampled_from(["title", "setup", "events",
                                                             "players", "whole"]))
    def check(value, where):
        if where == "whole":
            text = value if isinstance(value, str) and value.startswith("[") else \
                as_json_text(value)
        else:
            text = as_json_text({**document, where: value})
        path.write_bytes(text.encode("utf-8", "surrogatepass"))
        before = counts()
        try:
            call_command("import_match", str(path), stdout=io.StringIO())
        except CommandError as error:
            assert str(error)
            assert counts() == before

    check()
    still_readable(world)
    backup_still_works(world)
