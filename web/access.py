"""Who may write, for pages and the API alike.

Anyone reads what is public; curators (and staff) write. What is private is hidden by the
querysets (``replay.reading.policy.visible_matches``), so a private match is a 404 to others, never a
403 that would admit it exists.
"""

from __future__ import annotations

from typing import overload

from django.conf import settings
from rest_framework.exceptions import ValidationError
from rest_framework.permissions import SAFE_METHODS, BasePermission

from web.converters import ID_PATTERN
from web.params import MAX_QUERY_INT, BadParameter, NameShape, name_of_shape, whole_number

__all__ = ["ID_PATTERN", "ReadOnlyOrCurator", "int_query_param", "is_curator",
           "name_query_param"]


def is_curator(user) -> bool:
    if user is None or not user.is_authenticated:
        return False
    if user.is_staff or user.is_superuser:
        return True
    known = getattr(user, "in_curators", None)  # loaded with the user (web.auth)
    if known is not None:
        return known
    return user.groups.filter(name=settings.CURATORS_GROUP).exists()


class ReadOnlyOrCurator(BasePermission):
    message = "only curators may change the archive"

    def has_permission(self, request, view):
        return request.method in SAFE_METHODS or is_curator(request.user)


def name_query_param(request, name: str, shape: NameShape) -> str | None:
    """An API view's name parameter (``web.params.GAME_SLUG``…), or a 400 naming it."""
    try:
        return name_of_shape(request.query_params, name, shape)
    except BadParameter as error:
        raise ValidationError({error.name: error.message}) from None


# A default given, a number is sure; none given, None when the parameter is absent.
@overload
def int_query_param(request, name: str, *, default: int, low: int = ...,
                    high: int = ...) -> int: ...
@overload
def int_query_param(request, name: str, *, default: None = ..., low: int = ...,
                    high: int = ...) -> int | None: ...
def int_query_param(
    request, name: str, *, default: int | None = None, low: int = 0, high: int = MAX_QUERY_INT
) -> int | None:
    """An API view's whole-number query parameter, or a 400 naming it (given empty, too: the
    schema says a number)."""
    if request.query_params.get(name) == "":
        raise ValidationError({name: f"{name} must be a whole number from {low} to {high}, "
                                     "not empty"})
    try:
        return whole_number(request.query_params, name, default=default, low=low, high=high)
    except BadParameter as error:
        raise ValidationError({error.name: error.message}) from None
