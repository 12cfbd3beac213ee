"""Login rate limit: after LOGIN_FAILURE_LIMIT failed sign-ins for one username from one
address within LOGIN_FAILURE_WINDOW seconds, or LOGIN_ADDRESS_FAILURE_LIMIT failed sign-ins
from one address whatever the usernames (one password tried across many accounts), further
attempts are answered 429 until the window passes. Counted in the cache (per process with the default local-memory cache; set
LUDOTECA_CACHE_URL to a Redis URL so every web process shares the count).

Covers the sign-in page and the API's token endpoint, the two places a password is tried."""

from __future__ import annotations

import hashlib

from django.conf import settings
from django.contrib.auth import views as auth_views
from django.core.cache import cache
from django.http import HttpResponse, JsonResponse
from rest_framework.authtoken.views import ObtainAuthToken
from rest_framework.parsers import FormParser, MultiPartParser

from boundary.drf import BoundedJSONParser

MESSAGE = (
    "Too many failed sign-ins from your address. "
    "Wait {minutes} minutes and try again."
)


def _key(request, username: str) -> str:
    address = request.META.get("REMOTE_ADDR", "")
    digest = hashlib.sha256(f"{username.strip().lower()}|{address}".encode()).hexdigest()
    return f"login-failures:{digest}"


def _address_key(request) -> str:
    address = request.META.get("REMOTE_ADDR", "")
    return f"login-failures-from:{hashlib.sha256(address.encode()).hexdigest()}"


def is_blocked(request, username: str) -> bool:
    return (cache.get(_key(request, username), 0) >= settings.LOGIN_FAILURE_LIMIT
            or cache.get(_address_key(request), 0) >= settings.LOGIN_ADDRESS_FAILURE_LIMIT)


def _count(key: str) -> None:
    # add() starts the window on the first failure; incr() keeps its expiry.
    if not cache.add(key, 1, timeout=settings.LOGIN_FAILURE_WINDOW):
        try:
            cache.incr(key)
        except ValueError:  # expired between the two calls
            cache.add(key, 1, timeout=settings.LOGIN_FAILURE_WINDOW)


def record_failure(request, username: str) -> None:
    _count(_key(request, username))
    _count(_address_key(request))


def clear_failures(request, username: str) -> None:
    # The address's count stays: one right password must not reset a spray across accounts.
    cache.delete(_key(request, username))


def _message() -> str:
    return MESSAGE.format(minutes=max(1, settings.LOGIN_FAILURE_WINDOW // 60))


class RateLimitedLoginView(auth_views.LoginView):
    def post(self, request, *args, **kwargs):
        username = request.POST.get("username", "")
        if is_blocked(request, username):
            response = HttpResponse(_message(), status=429, content_type="text/plain")
            response["Retry-After"] = str(settings.LOGIN_FAILURE_WINDOW)
            return response
        return super().post(request, *args, **kwargs)

    def form_invalid(self, form):
        record_failure(self.request, self.request.POST.get("username", ""))
        return super().form_invalid(form)

    def form_valid(self, form):
        clear_failures(self.request, self.request.POST.get("username", ""))
        return super().form_valid(form)


class RateLimitedObtainAuthToken(ObtainAuthToken):
    parser_classes = (FormParser, MultiPartParser, BoundedJSONParser)

    def post(self, request, *args, **kwargs):
        username = str(request.data.get("username", "")) if hasattr(request.data, "get") else ""
        if is_blocked(request, username):
            response = JsonResponse(
                {"error": "too_many_attempts", "detail": _message()}, status=429
            )
            response["Retry-After"] = str(settings.LOGIN_FAILURE_WINDOW)
            return response
        try:
            response = super().post(request, *args, **kwargs)
        except Exception:
            record_failure(request, username)
            raise
        clear_failures(request, username)
        return response
