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
        "/StartStudy")
    assert {"kind", "match", "game", "point", "matches", "points", "agent", "budget",
            "players"} == set(
        components["StartStudy"]["properties"])


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
