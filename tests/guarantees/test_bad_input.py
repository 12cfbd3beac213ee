"""Bad input gets a clear error, never a crash: the API under schemathesis, the
importer, the transcription parser and every engine under hypothesis, and uploads that lie."""

from __future__ import annotations

import io
import json
import os
import zlib
from collections import Counter

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import games
from archive.models import Rulebook, Scan
from archive.parsing import TranscriptionError, parse_transcription
from games.core.events import EventSchemaError
from replay.log.errors import DocumentError
from replay.log.interchange import import_match
from replay.models import Match
from tests.factories import make_curator

FUZZ = settings(max_examples=150, deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture,
                                       HealthCheck.too_slow])
json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.floats(allow_nan=False)
    | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                  max_size=4),
    max_leaves=12,
)
SLUGS = sorted(games.available())


# -- the importer -----------------------------------------------------------------------------

def document_like():
    """Documents near the valid shape (so the deep checks are reached) and far from it."""
    event = st.fixed_dictionaries(
        {"seq": st.integers(0, 4), "type": st.sampled_from(["annotation", "roll", "x", ""]),
         "actor": st.sampled_from(["p1", "p2", None, "p9"]),
         "data": st.dictionaries(st.sampled_from(["text", "value", "step", "path"]),
                                 json_values, max_size=3)},
        optional={"extra": json_values},
    )
    near = st.fixed_dictionaries(
        {"format": st.sampled_from(["ludoteca.match/1", "other"]),
         "game": st.sampled_from(["dagon", "gothic", "nope", 3]),
         "title": st.one_of(st.text(max_size=10), json_values),
         "players": st.one_of(st.lists(st.fixed_dictionaries(
             {"id": st.sampled_from(["p1", "p2", "", "p3"]), "name": st.text(max_size=5)}),
             max_size=5), json_values),
         "events": st.one_of(st.lists(event, max_size=5), json_values)},
        optional={"setup": json_values, "played_on": json_values, "source": json_values,
                  "chain": json_values},
    )
    return st.one_of(near, json_values, st.binary(max_size=60), st.text(max_size=60))


@pytest.fixture
def seeded(db):
    from archive.services import load_archive

    load_archive()


@FUZZ
@given(raw=document_like())
def test_the_importer_refuses_with_a_document_error_or_imports(seeded, raw):
    """Tries: arbitrary JSON, bytes and text, and documents one mistake away from valid,
    through ``import_match``. Proves: the answer is a match or a ``DocumentError`` naming
    where; never another exception, and a refusal stores nothing."""
    before = Match.objects.count()
    if isinstance(raw, (dict, list)) or raw is None or not isinstance(raw, (bytes, str)):
        raw = json.dumps(raw)
    try:
        import_match(raw=raw)
    except DocumentError as error:
        assert error.message and error.field
        assert Match.objects.count() == before


# -- the transcription parser ------------------------------------------------------------------

transcription_text = st.lists(
    st.one_of(st.text(max_size=30), st.sampled_from(
        ["# Heading", "## Sub", "[illegible]", "[p. 3]", "{{note}}", "[?word?]", "---", "",
         "[[editorial: x]]", "<", "{", "[", "]]", "|"])),
    max_size=25,
).map("\n".join)


@FUZZ
@given(slug=st.sampled_from(SLUGS + ["", "x"]), text=transcription_text)
def test_the_transcription_parser_succeeds_or_names_the_line(slug, text):
    """Tries: arbitrary text mixed with the parser's own marks. Proves: it parses or raises
    ``TranscriptionError``, never anything else."""
    try:
        parse_transcription(slug, text)
    except TranscriptionError as error:
        assert str(error)


# -- the engines ---------------------------------------------------------------------------------

def field_value(spec, players, engine=None):
    if spec.kind == "str" and spec.refers == "player":
        return st.sampled_from(players)
    known = engine.referents(spec.refers, {}) if engine is not None and spec.refers else None
    if spec.kind == "str" and known:  # a field naming a space, card...: what the game has
        return st.sampled_from(sorted(set(known) & set(spec.allowed or known)))
    if spec.kind == "int":
        return st.integers(spec.low if spec.low is not None else -5,
                           spec.high if spec.high is not None else 50)
    if spec.kind == "str":
        return st.sampled_from(list(spec.allowed)) if spec.allowed else st.sampled_from(
            players + ["x", "zharot", "r1"])
    if spec.kind == "bool":
        return st.booleans()
    if spec.kind in ("list[str]", "list[int]"):
        item = field_value(type(spec)(spec.kind[5:-1], allowed=spec.allowed, low=spec.low,
                                      high=spec.high, refers=spec.refers), players, engine)
        return st.lists(item, min_size=spec.min_items, max_size=spec.max_items or 6)
    return st.dictionaries(st.text(max_size=5), json_values, max_size=3)


def valid_events(engine, players):
    specs = [s for s in engine.event_schema.values() if s.type != "correction"]

    def event_for(spec):
        required = {n: field_value(f, players, engine) for n, f in spec.fields.items()
                    if f.required}
        optional = {n: field_value(f, players, engine) for n, f in spec.fields.items()
                    if not f.required}
        actor = st.sampled_from(players) if spec.actor_required else st.sampled_from(
            players + [None])
        return st.fixed_dictionaries({
            "type": st.just(spec.type), "actor": actor,
            "data": st.fixed_dictionaries(required, optional=optional)})

    return st.one_of([event_for(spec) for spec in specs])


@pytest.mark.parametrize("slug", SLUGS)
def test_event_validation_refuses_with_an_event_schema_error(slug):
    """Tries: arbitrary JSON as an event of each engine. Proves: ``validate_event`` accepts
    it or raises ``EventSchemaError`` naming the field; never another exception."""
    engine = games.get(slug)

    @FUZZ
    @given(event=st.one_of(json_values, st.fixed_dictionaries(
        {"type": st.sampled_from(sorted(engine.event_schema) + ["?"]), "actor": json_values,
         "data": json_values})))
    def check(event):
        try:
            engine.validate_event(event, ["p1", "p2"], seq=1)
        except EventSchemaError as error:
            assert error.field

    check()


@pytest.mark.parametrize("slug", SLUGS)
def test_an_engine_never_raises_on_schema_valid_events(slug):
    """Tries: sequences of schema-valid events (well-formed, mostly illegal plays) applied
    from each engine's initial state under its default interpretation. Proves: ``apply``
    returns a step every time (an illegal play is a flagged step, not an exception)."""
    engine = games.get(slug)
    players = [{"id": f"p{n}", "name": f"P{n}"} for n in range(1, engine.min_players + 1)]
    ids = [p["id"] for p in players]
    interpretation = engine.interpretation({})

    @settings(max_examples=80, deadline=None)
    @given(events=st.lists(valid_events(engine, ids), max_size=12))
    def check(events):
        state = engine.initial_state(players, dict(engine.default_setup))
        for seq, event in enumerate(events, start=1):
            event = {**event, "seq": seq}
            try:
                engine.validate_event(event, ids, seq=seq)
            except EventSchemaError:
                continue  # refused by an engine's own check (a drawn card's recipient): not valid
            step = engine.apply(state, event, interpretation)
            state = step.state

    check()


# -- the API under schemathesis -----------------------------------------------------------------


@pytest.mark.slow
def test_every_api_endpoint_under_schemathesis(seeded, settings, tmp_path):
    """Tries: schemathesis-generated requests, valid and invalid, for every operation of the
    OpenAPI schema at /api/schema/, as a curator with a token (so writes run), against real
    objects, under every check schemathesis has. Proves: no 5xx anywhere, every status and
    content type given is one the schema documents for the operation, every documented
    response matches its schema, what the schema refuses is refused, credentials are needed
    exactly where the schema says, and what it allows is accepted, except where validity
    rests on what is stored (``RESTS_ON_WHAT_IS_STORED``: each says why)."""
    from rest_framework.authtoken.models import Token

    from config.wsgi import application

    settings.MEDIA_ROOT = tmp_path
    document = games.get("dagon").simulate(seed=3, max_events=20)
    match = import_match(raw=document)
    rulebook = Rulebook.objects.get(game__slug="dagon")
    token, _ = Token.objects.get_or_create(user=make_curator("curator"))
    headers = {"Authorization": f"Token {token.key}"}
    # The WSGI app closes "old" connections around each request, as a server would; here
    # the test's own connection (and its transaction) must survive, as in Django's Client.
    from django.core import signals
    from django.db import close_old_connections

    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    try:
        failures, calls = run_schemathesis(application, match, rulebook, headers)
    finally:
        signals.request_started.connect(close_old_connections)
        signals.request_finished.connect(close_old_connections)
    assert not failures, "\n".join(failures)
    # A fuzzer that never reached an operation proves nothing about it.
    unexercised = sorted(label for label, count in calls.items() if count == 0)
    assert not unexercised, f"never called: {unexercised}"
    assert len(calls) >= 20, sorted(calls)


# Examples per operation and mode: a real number in CI (about 40 operations, two modes), a
# quick pass on a developer's machine; LUDOTECA_SCHEMATHESIS_EXAMPLES overrides both.
SCHEMATHESIS_EXAMPLES = int(os.environ.get(
    "LUDOTECA_SCHEMATHESIS_EXAMPLES", "40" if os.environ.get("CI") == "true" else "15"))


# Operations whose schema-valid requests can still be refused (400), as what makes them valid
# rests on what the archive holds, which no schema of the request can say. Only the check
# that every schema-valid request is accepted (positive_data_acceptance) is left out for them;
# every other check runs, and it runs for every other operation.
RESTS_ON_WHAT_IS_STORED = {
    "POST /api/auth/token/": "credentials that sign no one in are a 400 (DRF's token endpoint)",
    "POST /api/games/": "a slug must not be a page of the site nor an archived game's",
    "POST /api/matches/": "the game must be archived, with as many players as it takes",
    "GET /api/matches/{id}/choices/": "a seat must be one of the match's players",
    "POST /api/matches/{id}/events/": "each event is checked by the game's engine: its type, "
                                      "player, spaces and cards",
    "POST /api/matches/{id}/variations/": "from_seq must be within the log",
    "POST /api/matches/import/": "a match document (ludoteca.match/1), checked by the "
                                 "importer: its game, players, events and chain",
    "POST /api/rulebooks/": "the game must be archived; the language a known tag",
    "PATCH /api/rulebooks/{id}/": "a licence must be a Creative Commons licence's or a "
                                  "RightsStatements.org statement's URI",
    "POST /api/rules/": "the game must be archived and the text a rules document that checks "
                        "clean against its schema, its semantics and the game's passages",
    "POST /api/rules/check/": "the game must be archived; a text with problems is answered 400, "
                              "each problem with its line and path",
    "POST /api/rules/{id}/publish/": "only a draft is published, and only its game's newest",
    "POST /api/runs/": "a reading names the game's interpretation points and their options",
    "POST /api/matches/{match_id}/compare/": "each reading names the game's interpretation "
                                             "points and their options",
    "GET /api/runs/{id}/steps/{seq}/": "a viewer must be one of the match's players",
    "POST /api/scans/": "the file must be an image or a PDF, as its bytes say",
    "GET /api/search/": "the game must be archived",
    "POST /api/studies/": "each kind needs its own fields (a sweep its match, an impact its "
                          "game, point and matches), naming archived ones, within the cap",
    "POST /api/transcriptions/": "the rulebook must be archived; the language a known tag",
    "POST /api/transcriptions/{id}/notes/": "a change names a note of this version, or a "
                                            "new note's passage and words in it",
    "POST /api/transcriptions/{id}/review/": "the step must be one the version's review "
                                             "state allows",
}


def _fuzz_one(operation, mode, strategy, headers, failures, calls, hsettings, hgiven, checks):
    """A hypothesis test for one operation in one mode (a closure: @given refuses default
    arguments, which is how an earlier version of this test silently ran nothing)."""

    @hsettings(max_examples=SCHEMATHESIS_EXAMPLES, deadline=None, database=None,
               suppress_health_check=list(HealthCheck))
    @hgiven(case=strategy)
    def call(case):
        calls[operation.label] += 1
        try:
            # The curator's token as the caller's own, so the checks know it is valid.
            case.call_and_validate(headers=headers, checks=checks)
        except (Exception, BaseExceptionGroup) as error:  # collected: one report for all
            found = error.exceptions if isinstance(error, BaseExceptionGroup) else [error]
            for failure in found:
                words = " ".join(str(failure).split())[:400]
                failures.append(f"{operation.label} [{mode.value}] "
                                f"{type(failure).__name__}: {words} | {case.as_curl_command()}")
            raise

    return call


def run_schemathesis(application, match, rulebook, headers) -> tuple[list[str], Counter]:
    import schemathesis
    from hypothesis import given as hgiven
    from hypothesis import settings as hsettings
    from hypothesis.errors import Unsatisfiable
    from schemathesis.checks import CHECKS, load_all_checks
    from schemathesis.specs.openapi.checks import positive_data_acceptance

    load_all_checks()

    schema = schemathesis.openapi.from_wsgi("/api/schema/", application)
    failures = []
    calls: Counter = Counter()
    for result in schema.get_all_operations():
        operation = result.ok()
        calls[operation.label] += 0
        path = operation.path
        ids = {"id": match.pk, "slug": "dagon"}
        if path.startswith("/api/rulebooks/"):
            ids["id"] = rulebook.pk
        elif path.startswith(("/api/transcriptions/", "/api/scans/")):
            ids["id"] = 1
        names = {p.name for p in operation.path_parameters}
        fixed = {k: v for k, v in ids.items() if k in names}
        for mode in (schemathesis.GenerationMode.POSITIVE, schemathesis.GenerationMode.NEGATIVE):
            strategy = operation.as_strategy(generation_mode=mode, path_parameters=fixed or None)

            checks = [check for check in CHECKS.get_all()
                      if not (check is positive_data_acceptance
                              and operation.label in RESTS_ON_WHAT_IS_STORED)]
            call = _fuzz_one(operation, mode, strategy, headers, failures, calls,
                             hsettings, hgiven, checks)
            recorded = len(failures)
            try:
                call()
            except Unsatisfiable:
                # Negative mode with nothing to negate (the only parameter is a path id the
                # test fixes): no invalid request exists for it; positive mode covered it.
                if mode is not schemathesis.GenerationMode.NEGATIVE:
                    raise
            except (Exception, BaseExceptionGroup) as error:  # noqa: BLE001 - one report
                if len(failures) == recorded:  # not a check's failure: say what stopped it
                    failures.append(f"{operation.label} [{mode.value}]: could not run: "
                                    f"{error.__class__.__name__}: {str(error)[:300]}")
    return failures, calls


# -- uploads that lie ------------------------------------------------------------------------------


def png(size=(30, 30)) -> bytes:
    from PIL import Image

    out = io.BytesIO()
    Image.new("L", size).save(out, format="PNG")
    return out.getvalue()


def png_bomb() -> bytes:
    """A small PNG that declares 20,000 × 20,000 pixels: a decompression bomb."""
    import struct

    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", 20_000, 20_000, 8, 0, 0, 0, 0)
    rows = zlib.compress(b"\x00" * (20_001 * 50), 9)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", rows) + chunk(
        b"IEND", b"")


UPLOADS = {
    "html named .png": ("page.png", b"<html><script>alert(1)</script></html>", "image/png"),
    "exe named .pdf": ("page.pdf", b"MZ\x90\x00" + b"\x00" * 200, "application/pdf"),
    "truncated png": ("page.png", png()[:40], "image/png"),
    "decompression bomb": ("bomb.png", png_bomb(), "image/png"),
    "empty": ("empty.png", b"", "image/png"),
    "oversized": ("big.png", png() + b"\x00" * 3000, "image/png"),
}


@pytest.mark.parametrize("case", sorted(UPLOADS))
@pytest.mark.parametrize("via", ["api", "page"])
def test_lying_uploads_are_refused_with_a_message(seeded, settings, tmp_path, client, case, via):
    """Tries: a scan upload whose name and declared type lie about its content, a truncated
    image, a decompression bomb, an empty file and one over the size limit, through the API
    and through the page form. Proves: a 400 naming the file field, nothing stored, no 5xx."""
    settings.MEDIA_ROOT = tmp_path
    settings.SCAN_MAX_BYTES = 2000
    rulebook = Rulebook.objects.get(game__slug="dagon")
    name, data, declared = UPLOADS[case]
    upload = SimpleUploadedFile(name, data, content_type=declared)
    client.force_login(make_curator("curator"))
    if via == "api":
        response = client.post("/api/scans/", {"rulebook": rulebook.pk, "page_number": 1,
                                               "file": upload})
        assert response.status_code == 400, response.content
        assert response.json().get("field") == "file", response.json()
    else:
        response = client.post(f"/rulebooks/{rulebook.pk}/scans/add/",
                               {"page_number": 1, "file": upload})
        assert response.status_code in (200, 400), response.status_code
        assert b'id="id_file-error"' in response.content or b"file" in response.content
    assert not Scan.objects.exists()
    assert not any(tmp_path.rglob("*.*")), "a refused upload left a file behind"


@pytest.mark.parametrize("name", ["../../etc/passwd.png", "..\\..\\boot.ini.png",
                                  "/abs/path.png", "nul\x00.png", "a" * 400 + ".png"])
def test_path_like_file_names_never_reach_the_disk(seeded, settings, tmp_path, client, name):
    """Tries: a valid image uploaded under path-like, absolute, NUL-bearing and overlong
    names. Proves: it is stored under its content hash inside MEDIA_ROOT, whatever the name
    (the name is kept only as a label, cut to its last part)."""
    settings.MEDIA_ROOT = tmp_path
    rulebook = Rulebook.objects.get(game__slug="dagon")
    client.force_login(make_curator("curator"))
    response = client.post("/api/scans/", {
        "rulebook": rulebook.pk, "page_number": 1,
        "file": SimpleUploadedFile(name, png(), content_type="image/png")})
    assert response.status_code in (201, 400), response.content
    for scan in Scan.objects.all():
        assert scan.file.path.startswith(str(tmp_path))
        assert scan.file.name == f"scans/{rulebook.pk}/{scan.sha256}.png"
        assert "/" not in scan.original_filename and ".." not in scan.original_filename.split("/")


@pytest.mark.parametrize("via", ["api-text", "api-file", "page", "import-api", "import-page"])
def test_non_utf8_text_is_refused_naming_the_problem(seeded, client, via):
    """Tries: Latin-1 bytes where UTF-8 text is expected: a transcription (API text and
    file, page form) and a match document (API and page). Proves: a 400 saying the text is
    not UTF-8; nothing stored; no 5xx."""
    latin1 = "Dagon\nRègles du jeu\n".encode("latin-1") + b"\xff\xfe\n"
    rulebook = Rulebook.objects.get(game__slug="dagon")
    client.force_login(make_curator("curator"))
    before = Match.objects.count()
    if via == "api-file":
        response = client.post("/api/transcriptions/", {
            "rulebook": rulebook.pk, "language": "fr", "transcriber": "A",
            "file": SimpleUploadedFile("t.txt", latin1)})
    elif via == "api-text":
        response = client.post("/api/transcriptions/", data=b'{"rulebook": %d, "language": '
                               b'"fr", "transcriber": "A", "text": "\xe8"}' % rulebook.pk,
                               content_type="application/json")
    elif via == "page":
        response = client.post(f"/rulebooks/{rulebook.pk}/transcriptions/add/", {
            "language": "fr", "transcriber": "A", "file": SimpleUploadedFile("t.txt", latin1)})
    elif via == "import-api":
        response = client.post("/api/matches/import/", data=latin1,
                               content_type="application/json")
    else:
        response = client.post("/matches/import/", {
            "file": SimpleUploadedFile("m.json", latin1)})
    assert response.status_code == 400, (response.status_code, response.content[:400])
    assert b"UTF-8" in response.content or b"utf-8" in response.content
    assert Match.objects.count() == before
    assert not rulebook.transcriptions.filter(language="fr").exists()


@pytest.mark.parametrize("path", ["/api/matches/?game=a%00b", "/api/transcriptions/?language=%00",
                                  "/api/games/?q=%00", "/api/rulebooks/?game=%00"])
def test_nul_characters_in_parameters_are_not_a_crash(seeded, client, path):
    """Tries: NUL characters in query parameters (PostgreSQL text cannot hold them: found by
    schemathesis). Proves: an empty list or a 400 JSON error, never a 500."""
    response = client.get(path)
    assert response.status_code in (200, 400), response.status_code
    assert response["Content-Type"].startswith("application/json")
