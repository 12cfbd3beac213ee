"""Sign-in limits, for the sign-in page and the API's token endpoint (the two places a password
is tried), counted in their own store (the ``sign-in-limits`` cache), never beside the drawn
pages, so nothing a reader's requests fill can evict a count: local memory by default (one
process), or a Redis set to ``noeviction`` shared by every web process when LUDOTECA_LIMITS_URL
is set (docker/compose.yml sets it).

- One username from one address: after LOGIN_FAILURE_LIMIT failures within
  LOGIN_FAILURE_WINDOW seconds, that username is refused from that address (429) until the
  window passes. The username is the one the sign-in itself uses (NFKC-normalised, as
  Django's form normalises it), compared without case, so ``ａｌｉｃｅ`` and ``Alice`` count
  as ``alice``.
- One address, whatever the usernames (a password sprayed across accounts): after
  LOGIN_ADDRESS_FAILURE_LIMIT failures within the window the address is slowed, not locked
  out: it may have one attempt checked every LOGIN_ADDRESS_SLOWDOWN seconds, the others
  are answered 429 with a Retry-After. Someone who has signed in from this browser before
  (a signed device cookie naming their username) is never slowed by what others at the same
  address failed, so a right password keeps working behind a shared address.
- The address is REMOTE_ADDR, or, when the request comes from one of
  LUDOTECA_TRUSTED_PROXIES, the nearest address in X-Forwarded-For that is not one of them:
  a header anyone can write is believed only from the proxies named there.
"""

from __future__ import annotations

import hashlib
import ipaddress
import unicodedata
from functools import cache as memoised

from django.conf import settings
from django.contrib.auth import views as auth_views
from django.core import signing
from django.core.cache import caches
from django.http import HttpResponse

MESSAGE = (
    "Too many failed sign-ins from your address. "
    "Wait {minutes} minutes and try again."
)
SLOWED = (
    "Too many failed sign-ins from your address: it may try once every {seconds} seconds. "
    "Try again in a moment."
)
DEVICE_COOKIE = "ludoteca_device"
DEVICE_SALT = "ludoteca.sign-in-device"
DEVICE_MAX_AGE = 180 * 24 * 3600
LIMITS_CACHE = "sign-in-limits"


def _counts():
    return caches[LIMITS_CACHE]


def sign_in_name(username: str) -> str:
    """The username as the sign-in compares it (NFKC, as ``UsernameField``), without case."""
    return unicodedata.normalize("NFKC", str(username)).strip().casefold()


@memoised
def _trusted_proxies(configured: tuple[str, ...]) -> tuple:
    return tuple(ipaddress.ip_network(item, strict=False) for item in configured)


def _is_trusted(address: str) -> bool:
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return any(ip in network for network in _trusted_proxies(tuple(settings.TRUSTED_PROXIES)))


def client_address(request) -> str:
    """Where the request comes from: REMOTE_ADDR, or from a trusted proxy the nearest
    forwarded address that is not itself a trusted proxy."""
    address = request.META.get("REMOTE_ADDR", "")
    if not _is_trusted(address):
        return address
    forwarded = [hop.strip() for hop in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")]
    for hop in reversed([hop for hop in forwarded if hop]):
        try:
            ipaddress.ip_address(hop)
        except ValueError:
            return address  # a malformed hop: nothing before it can be believed
        if not _is_trusted(hop):
            return hop
        address = hop
    return address


def _digest(*parts: str) -> str:
    return hashlib.sha256("|".join(parts).encode()).hexdigest()


def _user_key(address: str, username: str) -> str:
    return f"login-failures:{_digest(sign_in_name(username), address)}"


def _address_key(address: str) -> str:
    return f"login-failures-from:{_digest(address)}"


def _slot_key(address: str) -> str:
    return f"login-slowed:{_digest(address)}"


def device_cookie_value(username: str) -> str:
    return signing.dumps(sign_in_name(username), salt=DEVICE_SALT)


def _known_device(request, username: str) -> bool:
    value = request.COOKIES.get(DEVICE_COOKIE)
    if not value:
        return False
    try:
        return signing.loads(value, salt=DEVICE_SALT, max_age=DEVICE_MAX_AGE) == \
            sign_in_name(username)
    except signing.BadSignature:
        return False


def refusal(request, username: str) -> tuple[str, int] | None:
    """Why this attempt is not checked (a message and the seconds to wait), or None."""
    address = client_address(request)
    if _counts().get(_user_key(address, username), 0) >= settings.LOGIN_FAILURE_LIMIT:
        return MESSAGE.format(minutes=max(1, settings.LOGIN_FAILURE_WINDOW // 60)), \
            settings.LOGIN_FAILURE_WINDOW
    if _known_device(request, username):
        return None
    # Past its limit, an address has one attempt checked per slowdown: the first to take
    # the slot.
    if (_counts().get(_address_key(address), 0) >= settings.LOGIN_ADDRESS_FAILURE_LIMIT
            and not _counts().add(_slot_key(address), 1, timeout=settings.LOGIN_ADDRESS_SLOWDOWN)):
        return SLOWED.format(seconds=settings.LOGIN_ADDRESS_SLOWDOWN), \
            settings.LOGIN_ADDRESS_SLOWDOWN
    return None


def _count(key: str) -> int:
    # add() starts the window on the first failure; incr() keeps its expiry.
    if _counts().add(key, 1, timeout=settings.LOGIN_FAILURE_WINDOW):
        return 1
    try:
        return _counts().incr(key)
    except ValueError:  # expired between the two calls
        _counts().add(key, 1, timeout=settings.LOGIN_FAILURE_WINDOW)
        return 1


def record_failure(request, username: str) -> None:
    address = client_address(request)
    _count(_user_key(address, username))
    if _count(_address_key(address)) >= settings.LOGIN_ADDRESS_FAILURE_LIMIT:
        _counts().add(_slot_key(address), 1, timeout=settings.LOGIN_ADDRESS_SLOWDOWN)


def clear_failures(request, username: str) -> None:
    # The address's count stays: one right password must not reset a spray across accounts.
    _counts().delete(_user_key(client_address(request), username))


class RateLimitedLoginView(auth_views.LoginView):
    def post(self, request, *args, **kwargs):
        refused = refusal(request, request.POST.get("username", ""))
        if refused is not None:
            message, wait = refused
            response = HttpResponse(message, status=429, content_type="text/plain")
            response["Retry-After"] = str(wait)
            return response
        return super().post(request, *args, **kwargs)

    def form_invalid(self, form):
        record_failure(self.request, self.request.POST.get("username", ""))
        return super().form_invalid(form)

    def form_valid(self, form):
        username = form.get_user().get_username()
        clear_failures(self.request, username)
        response = super().form_valid(form)
        response.set_cookie(DEVICE_COOKIE, device_cookie_value(username), max_age=DEVICE_MAX_AGE,
                            httponly=True, samesite="Lax", secure=settings.SESSION_COOKIE_SECURE)
        return response

