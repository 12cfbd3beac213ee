"""The boundary in the API: the JSON parser of every endpoint and its whole-number field (the
body size limit, which every request meets before DRF is imported, is boundary.body_limit)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from rest_framework import serializers
from rest_framework.parsers import BaseParser

from boundary.body_limit import body_too_large_message
from boundary.errors import InputError
from boundary.jsontext import parse_json
from boundary.values import whole_number_text


class BoundedJSONParser(BaseParser):
    """JSON bodies through :func:`boundary.parse_json`: a refusal is an ``InputError``
    naming the JSON path, answered 400 by the API's error handler."""

    media_type = "application/json"

    def parse(self, stream: Any, media_type: str | None = None,
              parser_context: Mapping[str, Any] | None = None) -> Any:
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

    def to_internal_value(self, data: Any) -> Any:
        if isinstance(data, str):
            data = whole_number_text(data)
        if data is None or isinstance(data, bool) or not isinstance(data, int):
            self.fail("invalid")
        return super().to_internal_value(data)


class RefusesUnknownFields(serializers.Serializer):
    """A serializer of a request body that refuses a field it does not know, naming the
    first (the API's schema says ``additionalProperties: false`` for it: web.openapi), and
    a number or other non-text given where the schema says text (DRF's CharField would store
    ``-2251`` as ``"-2251"``)."""

    def to_internal_value(self, data: Any) -> Any:
        if isinstance(data, dict):
            unknown = sorted(set(data) - set(self.fields), key=str)
            if unknown:
                raise serializers.ValidationError({str(unknown[0])[:100]: "unknown field"})
            for name, field in self.fields.items():
                if name in data and not field.read_only and not _is_text_as_said(field,
                                                                                data[name]):
                    raise serializers.ValidationError({name: "must be text (a JSON string)"})
        return super().to_internal_value(data)


def _is_text_as_said(field: serializers.Field, value: Any) -> bool:
    """Whether a value is text wherever the field says text (itself, or a list's items)."""
    if isinstance(field, serializers.CharField):
        return value is None or isinstance(value, str)
    if isinstance(field, serializers.ListField) and isinstance(field.child,
                                                               serializers.CharField):
        return not isinstance(value, list) or all(isinstance(item, str) for item in value)
    return True
