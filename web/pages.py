"""Rendering a screen: the whole page, or only its named partial when htmx asks for it."""

from __future__ import annotations

from functools import wraps

from django.shortcuts import render

from web.access import is_curator
from web.params import BadParameter


def wants_fragment(request) -> bool:
    """An htmx request for a fragment; a history restore asks for the whole page."""
    htmx = getattr(request, "htmx", None)
    return htmx is not None and bool(htmx) and not htmx.history_restore_request


def page(request, template: str, context: dict, *, fragment: str | None = None, status=200):
    """Render the screen, or only its named partial when htmx asks for a fragment."""
    context = {**context, "is_curator": is_curator(request.user)}
    name = f"{template}#{fragment}" if fragment and wants_fragment(request) else template
    return render(request, name, context, status=status)


def curator_only(view):
    """Curators see and post the forms; others get 403 (with a sign-in link when signed out)."""

    @wraps(view)
    def wrapper(request, *args, **kwargs):
        if not is_curator(request.user):
            return render(
                request,
                "forbidden.html",
                {"is_curator": False, "reason": "Only curators may change the archive."},
                status=403,
            )
        return view(request, *args, **kwargs)

    return wrapper


def bad_parameter_is_400(view):
    """A page whose query parameter is not what it must be answers 400, naming it."""

    @wraps(view)
    def wrapper(request, *args, **kwargs):
        try:
            return view(request, *args, **kwargs)
        except BadParameter as error:
            return render(
                request,
                "bad_request.html",
                {"is_curator": is_curator(request.user), "reason": error.message},
                status=400,
            )

    return wrapper


def field_error(form, error) -> None:
    """Put a service error next to the field it names, or above the form."""
    field = getattr(error, "field", None)
    form.add_error(field if field in form.fields else None, getattr(error, "message", str(error)))
