"""What the OpenAPI schema says beyond what each view declares: the error answers every view of
the API can give (drf-spectacular's schema has only what each view says), each with the API's
one JSON error form; that anyone may read what the API lets anyone read; and the bounds of a
whole-number query parameter."""

from __future__ import annotations

from drf_spectacular.openapi import AutoSchema
from drf_spectacular.utils import OpenApiParameter
from rest_framework import serializers
from rest_framework.permissions import SAFE_METHODS

from boundary.drf import RefusesUnknownFields, WholeNumberField
from web.api_access import ReadOnlyOrCurator
from web.params import GAME_SLUG, MAX_QUERY_INT, NameShape


class ReadableByAnyone(AutoSchema):
    """drf-spectacular's schema, saying that a read the API's permission lets anyone make
    needs no credentials (an empty security requirement beside the token and the session),
    as it says for DRF's own read-only-for-anonymous permission; and that a request body
    whose serializer refuses unknown fields has none (``additionalProperties: false``)."""

    def get_auth(self):
        auths = super().get_auth()
        anyone = any(isinstance(permission, ReadOnlyOrCurator)
                     for permission in self.view.get_permissions())
        if auths and anyone and self.method in SAFE_METHODS and {} not in auths:
            auths.append({})
        return auths

    def _map_serializer(self, serializer, direction, bypass_extensions=False):
        schema = super()._map_serializer(serializer, direction, bypass_extensions)
        if direction == "request" and isinstance(serializer, RefusesUnknownFields):
            schema["additionalProperties"] = False
        # A list of objects' bounds (drf-spectacular says them for a ListField only).
        for name, field in getattr(serializer, "fields", {}).items():
            target = schema.get("properties", {}).get(field.field_name or name)
            if isinstance(field, serializers.ListSerializer) and target is not None:
                for bound, key in (("min_length", "minItems"), ("max_length", "maxItems")):
                    if getattr(field, bound, None) is not None:
                        target[key] = getattr(field, bound)
        return schema


def name_parameter(name: str, shape: NameShape, *, description: str = "") -> OpenApiParameter:
    """A query parameter ``web.access.name_query_param`` reads, with its shape."""
    return OpenApiParameter(name, {"type": "string", "pattern": shape.pattern,
                                   "maxLength": shape.max_length},
                            description=description or shape.said)


GAME_PARAMETER = name_parameter("game", GAME_SLUG)


def whole_number_parameter(name: str, *, low: int = 0, high: int = MAX_QUERY_INT,
                           description: str = "") -> OpenApiParameter:
    """A query parameter ``web.access.int_query_param`` reads, with the bounds it holds it
    to (a number out of them is answered 400)."""
    return OpenApiParameter(name, {"type": "integer", "minimum": low, "maximum": high},
                            description=description)

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
