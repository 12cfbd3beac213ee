"""A public match's page as a reader signed out gets it, kept once drawn and served after one
small query (``faces.match_face``) and one look at the cache, drawing and reading nothing
else.

The page is kept under everything it shows that can change (``MatchFace.drawn_from``: the
match's and its game's fields, the log's head, its runs, its family of variations) and the
templates and code that draw it (``step_cache.RENDER_VERSION``), so nothing is ever cleared:
a change makes a new key. Whether the page may be served is decided on every request from the
database: the match public, no break known in its log, its last event still storing the
match's head, every run's recorded head still stored where it replayed to, no run still
going, and every match the page names still public (a variation made private is never named
to someone signed out, even by a page kept before). A page is kept only when nothing it was
drawn from moved while it was drawn, and only for a while (``CHECKED_FOR``): its events'
contents are checked against their hashes when it is drawn, which the query cannot do, so a
change behind the database's guards that leaves every hash alone shows on the page once a
read finds it (that read marks the match broken) or once the kept page has lapsed.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from django.core.cache import cache
from django.http import HttpResponse
from django.utils.cache import patch_vary_headers

from replay.reading.faces import MatchFace, match_face
from replay.reading.step_cache import RECORD_VERSION, RENDER_VERSION, plainly_signed_out

# How long a kept page is served before it is drawn again, its events checked anew.
CHECKED_FOR = 60


@dataclass(frozen=True)
class KeptPage:
    """A match page as kept: its body and the matches it names (``version``: this record's
    shape; another is a miss)."""

    body: str
    named: frozenset[int]
    version: int = RECORD_VERSION


def public_face(request, *, match_id: int) -> MatchFace | None:
    """The match's face for a plainly signed-out reader asking for the page at its one
    address, with no query at all (the page says its address and the search box ``q``), when
    its page may be kept or served; None otherwise (the full path then reads, checks and
    draws, and keeps nothing: no spelling of the address fills the cache)."""
    if request.META.get("QUERY_STRING") or not plainly_signed_out(request):
        return None
    face = match_face(match_id=match_id)
    return face if face is not None and face.servable else None


def _page_key(request, face: MatchFace) -> str:
    # The path is the match's one address: ``<id:…>`` takes no other spelling of the id.
    drawn = repr((request.path, face.drawn_from)).encode()
    return f"ludoteca:match-page:{RENDER_VERSION}:{hashlib.sha256(drawn).hexdigest()[:40]}"


def stored_page(request, face: MatchFace) -> HttpResponse | None:
    """The page kept for this face, or None; never one naming a match now private."""
    found = cache.get(_page_key(request, face))
    if not isinstance(found, KeptPage) or found.version != RECORD_VERSION:
        return None
    if not found.named <= face.public_family:
        return None
    response = HttpResponse(found.body)
    # As the page drawn for a signed-out reader (its session read): a signed-in reader's
    # page differs. No Cache-Control, as that page sends none.
    patch_vary_headers(response, ("Cookie",))
    return response


def keep_page(request, face: MatchFace, *, match_id: int, response: HttpResponse,
              named: set[int]) -> None:
    """Keep the page drawn for ``face`` (``named``: the matches it names: itself, its
    parent, its family), if nothing it was drawn from moved while it was drawn."""
    if response.status_code != 200:
        return
    if match_face(match_id=match_id) == face:
        cache.set(_page_key(request, face),
                  KeptPage(body=response.content.decode(), named=frozenset(named)), CHECKED_FOR)
