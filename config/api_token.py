"""The API's token endpoint, under the same sign-in limits as the sign-in page
(``config.ratelimit``); apart from them so that the pages never import DRF."""

from __future__ import annotations

from django.http import JsonResponse
from rest_framework.authtoken.views import ObtainAuthToken
from rest_framework.parsers import FormParser, MultiPartParser

from boundary.drf import BoundedJSONParser
from config.ratelimit import clear_failures, record_failure, refusal


class RateLimitedObtainAuthToken(ObtainAuthToken):
    parser_classes = (FormParser, MultiPartParser, BoundedJSONParser)

    def post(self, request, *args, **kwargs):
        username = str(request.data.get("username", "")) if hasattr(request.data, "get") else ""
        refused = refusal(request, username)
        if refused is not None:
            message, wait = refused
            response = JsonResponse({"error": "too_many_attempts", "detail": message},
                                    status=429)
            response["Retry-After"] = str(wait)
            return response
        try:
            response = super().post(request, *args, **kwargs)
        except Exception:
            record_failure(request, username)
            raise
        clear_failures(request, username)
        return response
