"""Access rules and request parsing shared by the archive's and the replay's pages and API.

Who may write: anyone reads what is public; curators (and staff) write. What is private is
hidden by the querysets (``replay.selectors.visible_matches``), so a private match is a 404 to
others, never a 403 that would admit it exists. This lives in ``archive``, the lower layer,
so both apps use it without ``archive`` knowing ``replay``.
"""

from django.conf import settings
from rest_framework.exceptions import ValidationError
from rest_framework.permissions import SAFE_METHODS, BasePermission

# Ids and seqs fit PostgreSQL's integer columns; a larger number names nothing.
MAX_QUERY_INT = 2**31 - 1


def is_curator(user) -> bool:
    if user is None or not user.is_authenticated:
        return False
    if user.is_staff or user.is_superuser:
        return True
    return user.groups.filter(name=settings.CURATORS_GROUP).exists()


class ReadOnlyOrCurator(BasePermission):
    message = "only curators may change the archive"

    def has_permission(self, request, view):
        return request.method in SAFE_METHODS or is_curator(request.user)



def int_query_param(
    request, name: str, *, default: int | None = None, low: int = 0, high: int = MAX_QUERY_INT
) -> int | None:
    """A whole-number query parameter, or a 400 naming it."""
    raw = request.query_params.get(name)
    if raw in (None, ""):
        return default
    try:
        value = int(raw)
    except ValueError:
        raise ValidationError({name: f"{name} must be a whole number, not {raw!r}"}) from None
    if not low <= value <= high:
        raise ValidationError({name: f"{name} must be a whole number from {low} to {high}"})
    return value
