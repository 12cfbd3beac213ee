"""The OpenAPI 3 document and the Swagger page."""

import pytest
import yaml
from drf_spectacular.validation import validate_schema

PATHS = {
    "/api/games/": {"get", "post"},
    "/api/games/{slug}/": {"get"},
    "/api/games/{slug}/board/": {"get"},
    "/api/rulebooks/": {"get", "post"},
    "/api/rulebooks/{id}/": {"get", "patch"},
    "/api/scans/": {"get", "post"},
    "/api/scans/{id}/": {"get"},
    "/api/transcriptions/": {"get", "post"},
    "/api/transcriptions/{id}/": {"get"},
    "/api/matches/": {"get", "post"},
    "/api/matches/{id}/": {"get"},
    "/api/matches/import/": {"post"},
    "/api/matches/{id}/export/": {"get"},
    "/api/matches/{id}/events/": {"get", "post"},
    "/api/matches/{id}/variations/": {"get", "post"},
    "/api/matches/{id}/choices/": {"get"},
    "/api/auth/token/": {"post"},
    "/api/studies/": {"get", "post"},
    "/api/studies/{id}/": {"get"},
    "/api/studies/{id}/cancel/": {"post"},
}


@pytest.fixture
def schema(anonymous, db):
    response = anonymous.get("/api/schema/")
    assert response.status_code == 200
    return yaml.safe_load(response.content)


def test_the_schema_is_a_valid_openapi_3_document(schema):
    assert schema["openapi"].startswith("3.")
    validate_schema(schema)  # drf-spectacular's own validation against the OpenAPI schema


def test_the_schema_has_every_path_and_only_the_allowed_methods(schema):
    for path, methods in PATHS.items():
        assert path in schema["paths"], path
        found = set(schema["paths"][path]) - {"parameters"}
        assert found == methods, path


def test_the_append_is_documented_with_its_outcomes(schema):
    post = schema["paths"]["/api/matches/{id}/events/"]["post"]
    assert {"200", "201", "400", "409", "422"} <= set(post["responses"])
    assert any(p["name"] == "Idempotency-Key" and p["in"] == "header" for p in post["parameters"])


def test_the_schema_is_also_served_as_json(anonymous, db):
    response = anonymous.get("/api/schema/", {"format": "json"})
    assert response.status_code == 200 and response.json()["info"]["title"] == "Ludoteca API"


def test_the_docs_page_renders_from_this_site(anonymous, db):
    response = anonymous.get("/api/docs/")
    assert response.status_code == 200
    page = response.content.decode()
    assert "swagger-ui" in page and "/api/schema/" in page
    assert "cdn" not in page.lower()


def test_a_study_is_read_with_its_progress_and_started_with_its_kind(schema):
    components = schema["components"]["schemas"]
    read = schema["paths"]["/api/studies/{id}/"]["get"]["responses"]["200"]
    assert read["content"]["application/json"]["schema"]["$ref"].endswith("/StudyDetail")
    assert {"status", "parts_done", "parts_total", "percent", "result"} <= set(
        components["StudyDetail"]["properties"])
    start = schema["paths"]["/api/studies/"]["post"]
    assert {"200", "202"} <= set(start["responses"])
    assert start["requestBody"]["content"]["application/json"]["schema"]["$ref"].endswith(
        "/StartStudyRequest")
    assert {"kind", "match", "game", "point", "matches", "points", "agent", "budget",
            "players"} == set(
        components["StartStudyRequest"]["properties"])


def test_every_operation_documents_the_errors_it_can_give(schema):
    """Proves: beside its own answers, each operation documents the error answers it can
    give, in the API's JSON error form (schemathesis then holds every status given to
    them: tests/guarantees/test_bad_input.py)."""
    paths = schema["paths"]
    for path, operations in paths.items():
        for method, operation in operations.items():
            if method == "parameters":
                continue
            answers = set(operation["responses"])
            if method == "post" and path != "/api/auth/token/":  # open to anyone
                assert {"403", "503"} <= answers, (method, path)
            if operation.get("requestBody"):
                assert {"400", "404", "413", "415"} <= answers, (method, path)
            if "{" in path:
                assert "404" in answers, (method, path)
            for status in answers - {"200", "201", "202"}:
                content = operation["responses"][status].get("content", {})
                assert "application/json" in content, (method, path, status)
    for path in ("/api/matches/{id}/export/", "/api/matches/{id}/events/",
                 "/api/matches/{id}/choices/", "/api/runs/{id}/steps/{seq}/"):
        assert "409" in paths[path]["get"]["responses"], path
    assert "409" in paths["/api/studies/"]["post"]["responses"]
    assert "429" in paths["/api/auth/token/"]["post"]["responses"]


def test_anyone_may_read_and_the_schema_says_so(schema):
    """Every read the API lets anyone make says it needs no credentials (an empty security
    requirement beside the token and the session); every write needs one of the two."""
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            if method == "parameters" or path == "/api/auth/token/":
                continue
            security = operation.get("security", [])
            if method == "get":
                assert {} in security, (method, path)
            else:
                assert security and {} not in security, (method, path)


def test_a_whole_number_parameter_states_its_bounds(schema):
    """``?rulebook=0`` is refused (400): the schema says its lowest value, and every list's
    page and page size theirs."""
    def parameter(path, name):
        (found,) = [p for p in schema["paths"][path]["get"]["parameters"] if p["name"] == name]
        return found["schema"]

    assert parameter("/api/scans/", "rulebook")["minimum"] == 1
    assert parameter("/api/transcriptions/", "rulebook")["minimum"] == 1
    assert parameter("/api/runs/", "match")["minimum"] == 1
    assert parameter("/api/studies/", "match")["minimum"] == 1
    assert parameter("/api/matches/{id}/events/", "after_seq")["minimum"] == 0
    for path in ("/api/matches/", "/api/matches/{id}/events/", "/api/runs/{id}/steps/"):
        page = parameter(path, "page")
        assert page["minimum"] == 1 and page["maximum"] == 2**31 - 1
    assert parameter("/api/runs/{id}/steps/", "page_size")["maximum"] == 1000


def test_comparing_two_runs_documents_its_refusal(schema):
    """GET /api/runs/{id}/compare/{other}/ answers 400 when the two runs do not compare."""
    answers = schema["paths"]["/api/runs/{id}/compare/{other}/"]["get"]["responses"]
    assert {"200", "400", "404"} <= set(answers)
    assert answers["400"]["content"]["application/json"]["schema"]["$ref"].endswith("/Error")


def test_a_body_that_refuses_unknown_fields_says_so(schema):
    components = schema["components"]["schemas"]
    for name in ("MatchCreateRequest", "AppendRequestDocRequest", "StartStudyRequest",
                 "StartRunRequest", "CompareRequest", "GameCreateRequest"):
        assert components[name]["additionalProperties"] is False, name
