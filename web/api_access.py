"""The API's side of ``web.access``: its DRF permission, and its query parameters read or
answered with a 400 that names them."""

from __future__ import annotations

from typing import overload

from rest_framework.exceptions import ValidationError
from rest_framework.permissions import SAFE_METHODS, BasePermission

from web.access import is_curator
from web.params import MAX_QUERY_INT, BadParameter, NameShape, name_of_shape, whole_number


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
