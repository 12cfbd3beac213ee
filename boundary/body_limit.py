"""The API's body size limit, as a middleware every request passes: a module light enough that
loading the middleware does not import Django REST framework."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.http import JsonResponse


def body_too_large_message() -> str:
    return (f"the request body is larger than {settings.DATA_UPLOAD_MAX_MEMORY_SIZE:,} bytes; "
            "send less in one request")


class APIBodyLimitMiddleware:
    """A body over ``DATA_UPLOAD_MAX_MEMORY_SIZE`` sent to the API is answered 413 in the
    API's JSON error form (Django's own answer would be an HTML page)."""

    def __init__(self, get_response: Callable[[Any], Any]) -> None:
        self.get_response = get_response

    def __call__(self, request: Any) -> Any:
        if request.path.startswith("/api/"):
            try:
                length = int(request.META.get("CONTENT_LENGTH") or 0)
            except ValueError:
                length = 0
            if length > settings.DATA_UPLOAD_MAX_MEMORY_SIZE:
                return too_large_response()
        return self.get_response(request)

    def process_exception(self, request: Any, exception: Exception) -> Any:
        if isinstance(exception, RequestDataTooBig) and request.path.startswith("/api/"):
            return too_large_response()
        return None


def too_large_response() -> JsonResponse:
    return JsonResponse({"error": "too_large", "detail": body_too_large_message(), "field": "$"},
                        status=413)
