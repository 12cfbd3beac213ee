"""A match's printed record: the stylesheet that heads every printed page after the first with
the match's title (CSS margin boxes; the page numbers are in the site's stylesheet). A
stylesheet of our own address, so the Content-Security-Policy allows it, unlike a style in
the page."""

from __future__ import annotations

import hashlib

from django.http import HttpResponse
from django.template.loader import render_to_string
from django.utils.cache import get_conditional_response, patch_vary_headers
from django.views.decorators.http import require_safe

from replay.reading.match_views import visible_match_or_404


def css_string(text: str) -> str:
    """``text`` as a CSS string: quotes, backslashes and every character that is not
    printable written as a CSS escape."""
    out = []
    for ch in text:
        if ch in '"\\' or not ch.isprintable():
            out.append(f"\\{ord(ch):06x}")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


@require_safe
def match_print_css(request, match_id: int):
    match = visible_match_or_404(request, match_id)
    header = css_string(f"{match.title} · {match.game.title}")
    body = render_to_string("replay/print.css", {"match": match, "header": header})
    etag = '"' + hashlib.sha256(body.encode()).hexdigest()[:32] + '"'
    response = HttpResponse(body, content_type="text/css; charset=utf-8")
    response["ETag"] = etag
    # A private match's title is its reader's own: never kept by a shared cache.
    response["Cache-Control"] = "private, no-cache" if match.is_private else "public, max-age=300"
    patch_vary_headers(response, ("Cookie",))
    return get_conditional_response(request, etag=etag, response=response)
