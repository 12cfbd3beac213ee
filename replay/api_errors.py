"""Every API error is JSON naming the field or seq (issue 4)."""

from rest_framework.response import Response
from rest_framework.views import exception_handler

from replay.errors import LogError


def json_exception_handler(exc, context):
    if isinstance(exc, LogError):
        return Response(exc.as_dict(), status=exc.status)
    response = exception_handler(exc, context)
    if response is not None and not isinstance(response.data, dict):
        response.data = {"error": "invalid", "detail": response.data}
    elif response is not None and "detail" in response.data and "error" not in response.data:
        code = getattr(getattr(exc, "default_code", None), "__str__", lambda: "error")()
        response.data = {"error": code, **response.data}
    return response
