"""Answers any web page may read, from any origin, as the IIIF specifications expect of a
manifest and of everything it points at (images, tiles, their ``info.json``, canvases,
annotations, transcriptions).

Only what anyone may read anonymously is marked so, and never with
``Access-Control-Allow-Credentials``: a browser then sends no cookie to a cross-origin read
(or refuses the answer to one that does), so a page elsewhere sees only what the public sees,
never what a signed-in curator or a match's owner would.
"""

from __future__ import annotations

from functools import wraps

from django.http import HttpResponse


def readable_from_any_origin(view):
    """``Access-Control-Allow-Origin: *`` on the view's answers, and a preflight answer."""

    @wraps(view)
    def wrapper(request, *args, **kwargs):
        if request.method == "OPTIONS":
            response = HttpResponse(status=204)
            response["Access-Control-Allow-Methods"] = "GET, HEAD, OPTIONS"
            response["Access-Control-Allow-Headers"] = "Accept, Range"
            response["Access-Control-Max-Age"] = "86400"
        else:
            response = view(request, *args, **kwargs)
        response["Access-Control-Allow-Origin"] = "*"
        return response

    return wrapper
