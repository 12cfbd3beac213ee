"""The error answers the OpenAPI schema documents for every operation: the statuses every view
of the API can give on top of those it declares itself (drf-spectacular's schema has only
what each view says), each with the API's one JSON error form."""

from __future__ import annotations

from rest_framework import serializers

from boundary.drf import WholeNumberField

UNSAFE = {"post", "put", "patch", "delete"}
# Operations that read or write a match's log: a log found broken is answered 409 naming
# the seq (and an append after another writer, 409 naming current_seq).
LOG_PATHS = ("/api/matches/{id}/", "/api/matches/{match_id}/", "/api/runs/")

ANSWERS = {
    "400": "a field, parameter or body the input boundary refuses, named in field",
    "401": "an unknown or malformed API token",
    "403": "only curators may change the archive",
    "404": "no such object (or one the caller may not see), or no such page of a list",
    "409": "the log is broken at the seq named (or, on an append, another writer was first)",
    "413": "the request body is larger than the server takes",
    "415": "the body is not of a type the operation reads",
    "429": "too many failed sign-ins from this address: wait Retry-After seconds",
    "503": "the database is unavailable: retry in a moment",
}


def _statuses(path: str, method: str, operation: dict) -> set[str]:
    parameters = operation.get("parameters", [])
    statuses = {"401"}
    if operation.get("requestBody") or any(p.get("in") == "query" for p in parameters):
        statuses.add("400")
    if operation.get("requestBody"):
        statuses |= {"413", "415"}
    if method in UNSAFE:
        statuses |= {"403", "503"}
    if "{" in path or operation.get("requestBody") or any(
            p.get("name") == "page" for p in parameters):  # an object named, a page past the end
        statuses.add("404")
    if path.startswith(LOG_PATHS) or (path == "/api/studies/" and method == "post"):
        statuses.add("409")
    if path == "/api/auth/token/":  # open to anyone: no token read, no permission asked
        statuses = (statuses - {"401", "403"}) | {"429"}
    return statuses


def document_error_answers(result, generator, request, public):
    """drf-spectacular postprocessing hook: adds the error answers an operation can give
    and does not already document."""
    error = {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}
    for path, operations in result.get("paths", {}).items():
        for method, operation in operations.items():
            if method not in {"get", "post", "put", "patch", "delete"}:
                continue
            responses = operation.setdefault("responses", {})
            for status in sorted(_statuses(path, method, operation)):
                responses.setdefault(status, {"description": ANSWERS[status], "content": error})
    return result


class ErrorSerializer(serializers.Serializer):
    error = serializers.CharField()
    detail = serializers.CharField()
    field = serializers.CharField(required=False, help_text="the field or JSON path")
    seq = WholeNumberField(required=False)
    current_seq = WholeNumberField(required=False, help_text="on a conflict")
