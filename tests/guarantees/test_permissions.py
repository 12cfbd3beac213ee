"""Only curators write; private matches stay private.

One table, every page and every endpoint, GET and POST, four roles: anonymous, a signed-in
reader, a curator, an admin (staff). Each row is one test. A refused write changes nothing
(the database's counts are compared before and after). The API's writes, one role a row,
are in tests/api/test_permissions.py; this table adds the pages, the read endpoints' unsafe
methods, and the account pages."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

import games
from archive.models import Annotation, Game, Passage, Rulebook, Scan, Transcription
from archive.scan_uploads import add_scan
from archive.services import load_archive
from replay.log.interchange import import_match
from replay.models import Event, Match, ReplayRun
from replay.runs.replaying import replay_match
from studies.models import Study, StudyPart
from studies.services import study_sweep
from tests.factories import UserFactory, make_curator

ROLES = ("anonymous", "reader", "curator", "admin")
ROOT = Path(__file__).resolve().parents[2]


def png_bytes(colour=(200, 180, 140), size=(60, 80)) -> bytes:
    from PIL import Image

    out = io.BytesIO()
    Image.new("RGB", size, colour).save(out, format="PNG")
    return out.getvalue()


@pytest.fixture(scope="module")
def _world(django_db_setup, django_db_blocker, tmp_path_factory):
    """The seed archive, one scan, a public Dagon match with a finished run, and a private
    match with a run that belongs to another curator. Built once for the module inside a
    transaction that is rolled back at its end (each test runs in a savepoint inside it):
    the table has a few hundred rows."""
    from django.db import transaction
    from django.test import override_settings

    with django_db_blocker.unblock():
        media = override_settings(MEDIA_ROOT=tmp_path_factory.mktemp("media"))
        media.enable()
        outer = transaction.atomic()
        outer.__enter__()
        try:
            load_archive()
            rulebook = Rulebook.objects.get(game__slug="dagon")
            scan = add_scan(rulebook=rulebook, page_number=1,
                            upload=SimpleUploadedFile("p1.png", png_bytes()))
            document = games.get("dagon").simulate(seed=3, max_events=30)
            document["title"] = "Public club night"
            public = import_match(raw=document)
            run = replay_match(match=public)
            from replay.log.notes import note_add

            note_add(match=public, step=1, text="a note", expected_seq=public.last_seq)
            owner = make_curator("owner")
            document["title"] = "Secret club night"
            private = import_match(raw=document, created_by=owner, is_private=True)
            private_run = replay_match(match=private)
            study = study_sweep(match=public)
            private_study = study_sweep(match=private, requested_by=owner)
            yield {
                "study": study.pk,
                "private_study": private_study.pk,
                "rulebook": rulebook.pk,
                "scan": scan.pk,
                "transcription": Transcription.objects.filter(rulebook=rulebook).first().pk,
                "match": public.pk,
                "run": run.pk,
                "last": public.last_seq,
                "note": public.last_seq,
                "private": private.pk,
                "private_run": private_run.pk,
                "owner": owner,
            }
        finally:
            transaction.set_rollback(True)
            outer.__exit__(None, None, None)
            media.disable()


@pytest.fixture
def world(_world, db):
    return _world


def client_for(role: str, *, csrf: bool = False) -> Client:
    client = Client(enforce_csrf_checks=csrf)
    if role == "reader":
        client.force_login(UserFactory(username="reader"))
    elif role == "curator":
        client.force_login(make_curator("curator"))
    elif role == "admin":
        client.force_login(UserFactory(username="admin", is_staff=True, is_superuser=True))
    return client


def counts() -> dict:
    models = (Game, Rulebook, Match, Event, ReplayRun, Scan, Transcription, Passage, Annotation,
              Study, StudyPart)
    return {model.__name__: model.objects.count() for model in models}


OK = {"anonymous": 200, "reader": 200, "curator": 200, "admin": 200}
CURATOR_PAGE = {"anonymous": 403, "reader": 403, "curator": 200, "admin": 200}
CURATOR_POST = {"anonymous": 403, "reader": 403, "curator": 302, "admin": 302}
STAFF_PAGE = {"anonymous": 302, "reader": 302, "curator": 302, "admin": 200}
API_UNSAFE = {"anonymous": 401, "reader": 403, "curator": 405, "admin": 405}
API_WRITE = {"anonymous": 401, "reader": 403, "curator": 201, "admin": 201}


def _events_body(w):
    return {"events": json.dumps([{"type": "annotation", "actor": "p1",
                                   "data": {"text": "a note"}}]),
            "expected_seq": str(w["last"])}


def _scan_body(w):
    return {"page_number": "2", "file": SimpleUploadedFile("p2.png", png_bytes((9, 9, 9)))}


def _import_body(w):
    document = json.dumps({"format": "ludoteca.match/1", "game": "dagon", "title": "Imported",
                           "players": [{"id": "p1", "name": "A"}, {"id": "p2", "name": "B"}],
                           "events": []}).encode()
    return {"file": SimpleUploadedFile("m.json", document, content_type="application/json")}


# (row id, method, url, POST body or None, expected status per role)
TABLE = [
    # -- pages: reading ------------------------------------------------------------------------
    ("home", "get", "/", None, OK),
    ("game", "get", "/games/dagon/", None, OK),
    ("game points", "get", "/games/dagon/points/", None, OK),
    ("scan", "get", "/scans/{scan}/", None, OK),
    ("transcription", "get", "/transcriptions/{transcription}/", None, OK),
    ("side by side", "get", "/rulebooks/{rulebook}/side-by-side/", None, OK),
    ("iiif manifest", "get", "/rulebooks/{rulebook}/manifest.json", None, OK),
    ("iiif canvas", "get", "/rulebooks/{rulebook}/canvas/{scan}", None, OK),
    ("iiif annotation page", "get", "/rulebooks/{rulebook}/canvas/{scan}/page/painting", None,
     OK),
    ("match list", "get", "/matches/", None, OK),
    ("match", "get", "/matches/{match}/", None, OK),
    ("match export", "get", "/matches/{match}/export.json", None, OK),
    ("score sheet", "get", "/matches/{match}/score-sheet/", None, OK),
    ("run (done: to its first step)", "get", "/matches/{match}/runs/{run}/", None,
     dict.fromkeys(ROLES, 302)),
    ("step", "get", "/matches/{match}/runs/{run}/step/1/", None, OK),
    ("step slider", "get", "/matches/{match}/runs/{run}/step/?seq=2", None,
     dict.fromkeys(ROLES, 302)),
    ("compare", "get", "/matches/{match}/compare/?a={run}&b={run}", None, OK),
    ("sweep", "get", "/matches/{match}/sweep/", None, OK),
    ("study", "get", "/studies/{study}/", None, OK),
    ("study progress", "get", "/studies/{study}/?part=progress", None, OK),
    ("game studies", "get", "/games/dagon/studies/", None, OK),
    ("reading with no run", "get", "/matches/{match}/reading/?dagon.lagoon-chooser=attacked",
     None, OK),
    ("reading with a run", "get", "/matches/{match}/reading/", None,
     dict.fromkeys(ROLES, 302)),
    ("sign in", "get", "/accounts/login/", None, OK),
    ("health", "get", "/healthz", None, OK),
    ("api docs", "get", "/api/docs/", None, OK),
    ("api schema", "get", "/api/schema/", None, OK),
    ("search", "get", "/search/?q=lagoon", None, OK),
    ("api search", "get", "/api/search/?q=lagoon", None, OK),
    ("admin", "get", "/admin/", None, STAFF_PAGE),
    ("admin events", "get", "/admin/replay/event/", None, STAFF_PAGE),
    # -- pages: curator forms -------------------------------------------------------------------
    ("new match form", "get", "/matches/new/", None, CURATOR_PAGE),
    ("new game form", "get", "/games/new/", None, CURATOR_PAGE),
    ("recorder", "get", "/matches/{match}/record/", None, CURATOR_PAGE),
    ("new rulebook form", "get", "/games/dagon/rulebooks/add/", None, CURATOR_PAGE),
    ("rulebook description form", "get", "/rulebooks/{rulebook}/edit/", None, CURATOR_PAGE),
    ("describe rulebook (no new row)", "post", "/rulebooks/{rulebook}/edit/",
     lambda w: {"rights_holder": "Ana", "licence": "http://rightsstatements.org/vocab/CNE/1.0/"},
     CURATOR_POST),
    ("create game", "post", "/games/new/",
     lambda w: {"slug": "la-torre", "title": "La Torre", "min_players": "2",
                "max_players": "4"}, CURATOR_POST),
    ("create rulebook", "post", "/games/dagon/rulebooks/add/",
     lambda w: {"edition": "second printing", "language": "es"}, CURATOR_POST),
    ("import form", "get", "/matches/import/", None, CURATOR_PAGE),
    ("scan form", "get", "/rulebooks/{rulebook}/scans/add/", None, CURATOR_PAGE),
    ("transcription form", "get", "/rulebooks/{rulebook}/transcriptions/add/", None,
     CURATOR_PAGE),
    ("create match", "post", "/matches/new/",
     lambda w: {"game": "dagon", "title": "New", "player": ["Ana", "Luis"]},
     CURATOR_POST),
    ("import match", "post", "/matches/import/", _import_body, CURATOR_POST),
    ("append events", "post", "/matches/{match}/append/", _events_body, CURATOR_POST),
    ("start run", "post", "/matches/{match}/runs/",
     lambda w: {"point:dagon.lagoon-chooser": "attacker"}, CURATOR_POST),
    ("annotate step", "post", "/matches/{match}/runs/{run}/step/1/annotate/",
     lambda w: {"text": "a note", "expected_seq": str(w["last"])}, CURATOR_POST),
    ("record a move as played", "post", "/matches/{match}/record/as-played/",
     lambda w: {"type": "annotation", "actor": "", "data": '{"text": "as played"}',
                "expected_seq": str(w["last"]), "action": "record"}, CURATOR_POST),
    ("undo the last move", "post", "/matches/{match}/record/undo/",
     lambda w: {"expected_seq": str(w["last"])}, CURATOR_POST),
    ("try another move here", "post", "/matches/{match}/runs/{run}/step/3/variation/",
     lambda w: {"variation-title": "What if"}, CURATOR_POST),
    ("revise a note", "post", "/matches/{match}/runs/{run}/step/1/notes/{note}/revise/",
     lambda w: {f"note-{w['note']}-text": "a new wording",
                f"note-{w['note']}-expected_seq": str(w["note"])}, CURATOR_POST),
    ("upload scan", "post", "/rulebooks/{rulebook}/scans/add/", _scan_body, CURATOR_POST),
    ("add transcription", "post", "/rulebooks/{rulebook}/transcriptions/add/",
     lambda w: {"language": "es", "transcriber": "Ana",
                "text": "Dagon\nObject of the Game\nWin.\n"}, CURATOR_POST),
    ("start sweep", "post", "/matches/{match}/sweep/",
     lambda w: {"points": "dagon.lagoon-chooser"}, CURATOR_POST),
    ("start archive study", "post", "/games/dagon/studies/",
     lambda w: {"kind": "archive", "points": "dagon.lagoon-chooser"}, CURATOR_POST),
    ("cancel study (already done)", "post", "/studies/{study}/cancel/", lambda w: {},
     CURATOR_POST),
    # -- pages that only read: a POST writes nothing -----------------------------------------------
    *[(f"POST to {name}", "post", url, lambda w: {"title": "x"}, None)
      for name, url in [("match", "/matches/{match}/"), ("match list", "/matches/"),
                        ("home", "/"), ("game", "/games/dagon/"),
                        ("step", "/matches/{match}/runs/{run}/step/1/"),
                        ("compare", "/matches/{match}/compare/"),
                        ("export", "/matches/{match}/export.json"),
                        ("score sheet", "/matches/{match}/score-sheet/"),
                        ("study", "/studies/{study}/"),
                        ("reading", "/matches/{match}/reading/")]],
    # -- the API: what the router does not allow is refused for everyone ---------------------------
    ("api match PUT", "put", "/api/matches/{match}/", lambda w: {"title": "x"}, API_UNSAFE),
    ("api match PATCH", "patch", "/api/matches/{match}/", lambda w: {"title": "x"},
     API_UNSAFE),
    ("api match DELETE", "delete", "/api/matches/{match}/", None, API_UNSAFE),
    ("api game POST", "post", "/api/games/", lambda w: {"slug": "x", "title": "X"}, API_WRITE),
    ("api rulebook POST", "post", "/api/rulebooks/",
     lambda w: {"game": "dagon", "edition": "x", "language": "es"}, API_WRITE),
    ("api game PUT", "put", "/api/games/dagon/", lambda w: {"title": "x"}, API_UNSAFE),
    ("api search POST", "post", "/api/search/", lambda w: {"q": "x"}, API_UNSAFE),
    ("api rulebook DELETE", "delete", "/api/rulebooks/{rulebook}/", None, API_UNSAFE),
    ("api rulebook PUT", "put", "/api/rulebooks/{rulebook}/", lambda w: {"source": "x"},
     API_UNSAFE),
    ("api describe rulebook (no new row)", "patch", "/api/rulebooks/{rulebook}/",
     lambda w: {"rights_holder": "Ana"},
     {"anonymous": 401, "reader": 403, "curator": 200, "admin": 200}),
    ("api scan DELETE", "delete", "/api/scans/{scan}/", None, API_UNSAFE),
    ("api transcription PUT", "put", "/api/transcriptions/{transcription}/",
     lambda w: {"text": "x"}, API_UNSAFE),
    ("api export POST", "post", "/api/matches/{match}/export/", lambda w: {}, API_UNSAFE),
    ("api board", "get", "/api/games/dagon/board/", None, OK),
    ("api choices", "get", "/api/matches/{match}/choices/", None, OK),
    ("api variations", "get", "/api/matches/{match}/variations/", None, OK),
    ("api variation POST", "post", "/api/matches/{match}/variations/",
     lambda w: {"from_seq": 3, "title": "What if"}, API_WRITE),
    ("api rulebook", "get", "/api/rulebooks/{rulebook}/", None, OK),
    ("api scan", "get", "/api/scans/{scan}/", None, OK),
    ("api transcription", "get", "/api/transcriptions/{transcription}/", None, OK),
    # -- the replay API ------------------------------------------------------------------------
    ("api runs", "get", "/api/runs/", None, OK),
    ("api run", "get", "/api/runs/{run}/", None, OK),
    ("api run steps", "get", "/api/runs/{run}/steps/", None, OK),
    ("api run step", "get", "/api/runs/{run}/steps/1/", None, OK),
    ("api run flags", "get", "/api/runs/{run}/flags/", None, OK),
    ("api run compare", "get", "/api/runs/{run}/compare/{run}/", None, OK),
    ("api studies", "get", "/api/studies/", None, OK),
    ("api study", "get", "/api/studies/{study}/", None, OK),
    ("start run (api, reused)", "post", "/api/runs/", lambda w: {"match": w["match"]},
     {"anonymous": 401, "reader": 403, "curator": 200, "admin": 200}),
    ("start run (api compare, reused)", "post", "/api/matches/{match}/compare/",
     lambda w: {"a": {}, "b": {}},
     {"anonymous": 401, "reader": 403, "curator": 200, "admin": 200}),
    ("api run DELETE", "delete", "/api/runs/{run}/", None, API_UNSAFE),
    ("start study (api, reused)", "post", "/api/studies/",
     lambda w: {"kind": "sweep", "match": w["match"]},
     {"anonymous": 401, "reader": 403, "curator": 200, "admin": 200}),
    ("start study (api)", "post", "/api/studies/",
     lambda w: {"kind": "sweep", "match": w["match"], "points": ["dagon.lagoon-chooser"]},
     {"anonymous": 401, "reader": 403, "curator": 200, "admin": 200}),  # eager: done
    ("cancel study (api, already done)", "post", "/api/studies/{study}/cancel/", lambda w: {},
     {"anonymous": 401, "reader": 403, "curator": 200, "admin": 200}),
    ("api study DELETE", "delete", "/api/studies/{study}/", None, API_UNSAFE),
    ("api latest checkpoint (none made)", "get", "/api/checkpoints/latest/", None,
     dict.fromkeys(ROLES, 404)),
]


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize(
    ("name", "method", "url", "body", "expected"), TABLE, ids=[row[0] for row in TABLE]
)
def test_permission_table(world, role, name, method, url, body, expected):
    """Tries: one role against one page or endpoint. Proves: the status the table says, and
    a refused (or read-only) request leaves every table as it was."""
    client = client_for(role)
    path = url.format(**world)
    before = counts()
    data = body(world) if body else None
    if method in ("put", "patch", "delete"):
        response = getattr(client, method)(path, json.dumps(data or {}),
                                           content_type="application/json")
    elif method == "post" and path.startswith("/api/"):
        response = client.post(path, json.dumps(data), content_type="application/json")
    else:
        response = getattr(client, method)(path, data) if data else getattr(client, method)(path)
    if expected is None:  # a page that only reads: any answer but an error, and no write
        assert response.status_code in (200, 302, 405), response.status_code
        assert counts() == before
        return
    assert response.status_code == expected[role], (role, name, response.content[:300])
    if expected[role] >= 400 or method == "get":
        assert counts() == before, f"{role} {name} changed the archive"
    elif not name.startswith("start run") and not any(
            words in name for words in ("reused", "already", "no new row")):
        assert counts() != before, f"{role} {name} answered {response.status_code} but wrote nothing"


# -- private matches ---------------------------------------------------------------------------

PRIVATE_PATHS = [
    "/matches/{private}/",
    "/matches/{private}/export.json",
    "/matches/{private}/score-sheet/",
    "/matches/{private}/runs/{private_run}/",
    "/matches/{private}/runs/{private_run}/step/1/",
    "/matches/{private}/runs/{private_run}/step/?seq=1",
    "/matches/{private}/compare/?a={private_run}&b={private_run}",
    "/matches/{private}/sweep/",
    "/api/matches/{private}/",
    "/api/matches/{private}/events/",
    "/api/matches/{private}/export/",
    "/api/matches/{private}/choices/",
    "/api/matches/{private}/variations/",
    "/studies/{private_study}/",
    "/matches/{private}/reading/",
    "/api/studies/{private_study}/",
    "/api/runs/{private_run}/",
    "/api/runs/{private_run}/steps/",
    "/api/runs/{private_run}/steps/1/",
    "/api/runs/{private_run}/flags/",
]
PRIVATE_POSTS = [
    ("/matches/{private}/record/undo/", lambda w: {"expected_seq": "30"}),
    ("/matches/{private}/runs/{private_run}/step/3/variation/",
     lambda w: {"variation-title": "x"}),
    ("/matches/{private}/append/", lambda w: _events_body(w)),
    ("/matches/{private}/runs/", lambda w: {}),
    ("/matches/{private}/runs/{private_run}/step/1/annotate/",
     lambda w: {"text": "x", "expected_seq": "30"}),
    ("/matches/{private}/sweep/", lambda w: {}),
    ("/studies/{private_study}/cancel/", lambda w: {}),
]
LISTS = ["/matches/", "/matches/?game=dagon", "/api/matches/", "/api/matches/?game=dagon",
         "/games/dagon/", "/"]


@pytest.mark.parametrize("role", ["anonymous", "reader", "curator"])
def test_a_private_match_is_invisible_to_others_everywhere(world, role):
    """Tries: every page, endpoint, export and run of a private match, and every list, as
    someone who is neither its owner nor staff (a curator included). Proves: each is a 404
    (never a 403 that admits it exists), its title appears in no list, and a write to it is
    refused without a trace."""
    client = client_for(role)
    for path in PRIVATE_PATHS:
        response = client.get(path.format(**world))
        assert response.status_code == 404, (role, path, response.status_code)
        assert b"Secret club night" not in response.content
        assert "Access-Control-Allow-Origin" not in response, path
    before = counts()
    for path, body in PRIVATE_POSTS:
        response = client.post(path.format(**world), body(world))
        assert response.status_code in (403, 404), (role, path, response.status_code)
    api = client.post(f"/api/matches/{world['private']}/events/",
                      json.dumps({"expected_seq": 30, "events": []}),
                      content_type="application/json")
    assert api.status_code in (401, 403, 404)
    assert counts() == before
    for path in LISTS:
        assert b"Secret club night" not in client.get(path).content, path


@pytest.mark.parametrize("who", ["owner", "admin"])
def test_a_private_match_is_visible_to_its_owner_and_staff(world, who):
    """Tries: the same pages as the owner and as staff. Proves: the privacy rule hides the
    match from others only, not from those entitled to it."""
    client = Client()
    client.force_login(world["owner"] if who == "owner" else UserFactory(
        username="admin", is_staff=True, is_superuser=True))
    for path in PRIVATE_PATHS:
        response = client.get(path.format(**world))
        assert response.status_code in (200, 302), path
        # another site's page could never read it as its owner (no CORS, no credentials)
        assert "Access-Control-Allow-Origin" not in response, path
    assert b"Secret club night" in client.get("/matches/").content
    assert b"Secret club night" in client.get("/api/matches/").content


# -- CSRF ----------------------------------------------------------------------------------------

HTMX_POSTS = [
    ("/matches/{match}/append/", _events_body),
    ("/matches/{match}/runs/{run}/step/1/annotate/",
     lambda w: {"text": "a note", "expected_seq": str(w["last"])}),
    ("/matches/{match}/runs/", lambda w: {"point:dagon.lagoon-chooser": "attacker"}),
    ("/matches/new/", lambda w: {"game": "dagon", "title": "New", "player": ["A", "B"]}),
]


@pytest.mark.parametrize("path, body", HTMX_POSTS, ids=[p for p, _ in HTMX_POSTS])
def test_htmx_posts_need_the_csrf_token(world, path, body):
    """Tries: a signed-in curator's htmx POST (HX-Request header) without the CSRF token,
    then with the token the page gave it. Proves: the first is refused 403 and writes nothing;
    the second goes through, so the refusal is the CSRF check and not the permission."""
    client = client_for("curator", csrf=True)
    url = path.format(**world)
    before = counts()
    refused = client.post(url, body(world), HTTP_HX_REQUEST="true")
    assert refused.status_code == 403 and counts() == before
    client.get(f"/matches/{world['match']}/")  # sets the csrftoken cookie
    token = client.cookies["csrftoken"].value
    accepted = client.post(url, body(world), HTTP_HX_REQUEST="true", HTTP_X_CSRFTOKEN=token)
    assert accepted.status_code in (200, 302), accepted.content[:300]


# -- sign-in -------------------------------------------------------------------------------------


def test_sign_in_is_rate_limited_per_username_and_address(db, settings):
    """Tries: LOGIN_FAILURE_LIMIT wrong passwords for one account, then the right one; the
    same from another address; then the API's token endpoint. Proves: after the limit the
    account is answered 429 with a message saying to wait (even with the right password),
    another address is unaffected, and the token endpoint shares the limit."""
    from django.core.cache import cache

    cache.clear()
    settings.LOGIN_FAILURE_LIMIT = 3
    UserFactory(username="ana")
    client = Client()
    for _ in range(3):
        response = client.post("/accounts/login/", {"username": "ana", "password": "wrong"})
        assert response.status_code == 200  # the form again, with its error
    blocked = client.post("/accounts/login/",
                          {"username": "ana", "password": "a-long-test-password"})
    assert blocked.status_code == 429 and b"Too many failed sign-ins" in blocked.content
    assert blocked["Retry-After"]
    token = client.post("/api/auth/token/", {"username": "ana", "password": "a-long-test-password"})
    assert token.status_code == 429 and token.json()["error"] == "too_many_attempts"
    elsewhere = Client(REMOTE_ADDR="10.0.0.9")
    ok = elsewhere.post("/accounts/login/", {"username": "ana", "password": "a-long-test-password"})
    assert ok.status_code == 302
    other_account = client.post("/accounts/login/", {"username": "luis", "password": "x"})
    assert other_account.status_code == 200
    cache.clear()


def test_token_endpoint_failures_count_too(db, settings):
    """Tries: wrong passwords at /api/auth/token/. Proves: the API is no side door around the
    sign-in limit."""
    from django.core.cache import cache

    cache.clear()
    settings.LOGIN_FAILURE_LIMIT = 2
    UserFactory(username="ana")
    client = Client()
    for _ in range(2):
        assert client.post("/api/auth/token/", {"username": "ana", "password": "no"}).status_code == 400
    assert client.post("/api/auth/token/", {"username": "ana", "password": "no"}).status_code == 429
    cache.clear()


# -- headers and deployment ------------------------------------------------------------------------


@pytest.mark.parametrize("path", ["/", "/matches/", "/api/matches/", "/accounts/login/"])
def test_security_headers_are_present(world, path):
    """Tries: a page, a list, an API answer and the sign-in page. Proves: each carries
    nosniff, frame denial, a same-origin referrer policy and cross-origin opener isolation."""
    response = Client().get(path)
    assert response["X-Content-Type-Options"] == "nosniff"
    assert response["X-Frame-Options"] == "DENY"
    assert response["Referrer-Policy"] == "same-origin"
    assert response["Cross-Origin-Opener-Policy"] == "same-origin"


def test_check_deploy_is_clean_in_production_settings(tmp_path):
    """Tries: ``manage.py check --deploy`` with LUDOTECA_ENV=production, a long random secret
    and a host name. Proves: Django's deployment checklist finds nothing (HTTPS redirect,
    HSTS, secure cookies, DEBUG off, …)."""
    env = {
        **os.environ,
        "LUDOTECA_ENV": "production",
        "DJANGO_SECRET_KEY": "k" * 10 + os.urandom(32).hex(),
        "DJANGO_ALLOWED_HOSTS": "ludoteca.example.org",
        "LUDOTECA_VAR_DIR": str(tmp_path),
    }
    env.pop("DATABASE_URL", None)
    # The browser tests' conftest sets this for Playwright's event loop; no deployment would.
    env.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
    done = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=120, check=False,
    )
    output = done.stdout + done.stderr
    assert done.returncode == 0, output
    assert "security." not in output, output  # no deployment warning (security.W0xx)


@pytest.mark.parametrize("path", ["/", "/games/dagon/", "/matches/", "/matches/{match}/",
                                  "/matches/{match}/runs/{run}/step/1/",
                                  "/studies/{study}/", "/matches/{match}/reading/",
                                  "/matches/{match}/export.json"])
def test_pages_that_only_read_refuse_a_post(world, path):
    """Tries: a POST to a page that only reads. Proves: 405, not a page that pretends to
    have taken the request."""
    response = client_for("curator").post(path.format(**world), {"title": "x"})
    assert response.status_code == 405
