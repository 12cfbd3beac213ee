"""Every API error is JSON naming the field or seq:
``{"error": code, "detail": message, "field": where, "seq": n}``.

Log errors and archive errors carry their own field; a DRF validation error is reduced to its
first problem (``field`` a path such as ``players[0].id``) and keeps the full list in ``errors``.
"""

from __future__ import annotations

from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.core.exceptions import ValidationError as DjangoValidationError
from django.db import DataError, InterfaceError, OperationalError
from django.http import Http404
from rest_framework import exceptions
from rest_framework.response import Response
from rest_framework.views import exception_handler

from archive.services import ArchiveError
from boundary import InputError
from replay.log.errors import LogError
from trust.errors import BrokenChain


def json_exception_handler(exc, context):
    if isinstance(exc, InputError):
        return Response({"error": exc.code, "detail": exc.message, "field": exc.field},
                        status=400)
    if isinstance(exc, (LogError, BrokenChain)):
        return Response(exc.as_dict(), status=exc.status)
    if isinstance(exc, ArchiveError):
        data = {"error": "invalid", "detail": exc.message}
        if exc.field:
            data["field"] = exc.field
        return Response(data, status=400)
    if isinstance(exc, DataError):
        # The database refused a value the checks let through (a NUL character in text on
        # PostgreSQL, a number out of a column's range): the request's fault, not a crash.
        return Response({"error": "invalid", "detail": "a value in the request cannot be "
                         f"stored: {str(exc).splitlines()[0]}"}, status=400)
    if isinstance(exc, (OperationalError, InterfaceError)):
        return Response({"error": "database_unavailable",
                         "detail": "the database is unavailable; retry in a moment"},
                        status=503, headers={"Retry-After": "5"})
    if isinstance(exc, DjangoValidationError):
        exc = exceptions.ValidationError(
            exc.message_dict if hasattr(exc, "error_dict") else {"non_field_errors": exc.messages}
        )
    elif isinstance(exc, Http404):
        exc = exceptions.NotFound()
    elif isinstance(exc, DjangoPermissionDenied):
        exc = exceptions.PermissionDenied()
    response = exception_handler(exc, context)
    if response is None:
        return None
    if isinstance(exc, exceptions.ValidationError):
        field, detail = first_error(exc.detail)
        data = {"error": "invalid", "detail": detail}
        if field and field != "non_field_errors":
            data["field"] = field
        data["errors"] = response.data
        response.data = data
    elif isinstance(exc, exceptions.APIException):
        codes = exc.get_codes()
        code = codes if isinstance(codes, str) else "error"
        data = {"error": code, "detail": str(exc.detail)}
        if isinstance(exc, exceptions.ParseError):
            data["field"] = "$"  # the body itself: it is not JSON (or not the declared type)
        response.data = data
    return response


def first_error(detail, path: str = "") -> tuple[str, str]:
    """The path and message of the first problem in a DRF error structure."""
    if isinstance(detail, dict):
        for key, value in detail.items():
            return first_error(value, f"{path}.{key}" if path else str(key))
    if isinstance(detail, list):
        for index, value in enumerate(detail):
            if isinstance(value, (dict, list)):
                return first_error(value, f"{path}[{index}]")
            return path, str(value)
    return path, str(detail)
