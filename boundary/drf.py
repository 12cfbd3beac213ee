"""The boundary in the API: the JSON parser of every endpoint, and the body size limit."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.http import JsonResponse
from rest_framework import serializers
from rest_framework.parsers import BaseParser

from boundary.errors import InputError
from boundary.jsontext import parse_json
from boundary.values import whole_number_text


class BoundedJSONParser(BaseParser):
    """JSON bodies through :func:`boundary.parse_json`: a refusal is an ``InputError``
    naming the JSON path, answered 400 by the API's error handler."""

    media_type = "application/json"

    def parse(self, stream, media_type=None, parser_context=None):
        try:
            raw = stream.read() if stream is not None else b""
        except RequestDataTooBig:
            raise InputError(body_too_large_message()) from None
        # Long text (a transcription) travels in JSON bodies: the body limit bounds it.
        return parse_json(raw, max_text=settings.DATA_UPLOAD_MAX_MEMORY_SIZE)


class WholeNumberField(serializers.IntegerField):
    """A whole number: a JSON number without a fraction, or, in a form-encoded body, ASCII
    digits (DRF's own field reads ``"٠"`` as 0 and ``3.0`` as 3)."""

    default_error_messages = {
        "invalid": "A valid integer is required, written in the digits 0 to 9.",
    }

    def to_internal_value(self, data):
        if isinstance(data, str):
            data = whole_number_text(data)
        if data is None or isinstance(data, bool) or not isinstance(data, int):
            self.fail("invalid")
        return super().to_internal_value(data)


class RefusesUnknownFields(serializers.Serializer):
    """A serializer of a request body that refuses a field it does not know, naming the
    first (the API's schema says ``additionalProperties: false`` for it: web.openapi)."""

    def to_internal_value(self, data: Any) -> Any:
        if isinstance(data, dict):
            unknown = sorted(set(data) - set(self.fields), key=str)
            if unknown:
                raise serializers.ValidationError({str(unknown[0])[:100]: "unknown field"})
        return super().to_internal_value(data)


def body_too_large_message() -> str:
    return (f"the request body is larger than {settings.DATA_UPLOAD_MAX_MEMORY_SIZE:,} bytes; "
            "send less in one request")


class APIBodyLimitMiddleware:
    """A body over ``DATA_UPLOAD_MAX_MEMORY_SIZE`` sent to the API is answered 413 in the
    API's JSON error form (Django's own answer would be an HTML page)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if request.path.startswith("/api/"):
            try:
                length = int(request.META.get("CONTENT_LENGTH") or 0)
            except ValueError:
                length = 0
            if length > settings.DATA_UPLOAD_MAX_MEMORY_SIZE:
                return too_large_response()
        return self.get_response(request)

    def process_exception(self, request, exception):
        if isinstance(exception, RequestDataTooBig) and request.path.startswith("/api/"):
            return too_large_response()
        return None


def too_large_response() -> JsonResponse:
    return JsonResponse({"error": "too_large", "detail": body_too_large_message(), "field": "$"},
                        status=413)
