"""Which addresses a request is resolved against: the pages' own (``config.site_urls``), unless
it asks under /api/ (then the whole conf, ``config.urls``, the ROOT_URLCONF).

Why: resolving or reversing any name loads every module its conf names. With one conf, a fresh
web process's first page imported the API's views and with them DRF, drf-spectacular, Django's
test client and psycopg: about a third of the time before a new worker's first answer. A page
that links into the API reverses the name against the whole conf (``web.addresses.api_url``)."""

from __future__ import annotations

PAGES_URLCONF = "config.site_urls"


def asks_the_api(path_info: str) -> bool:
    return (path_info + "/").startswith("/api/")


class PagesUrlconfMiddleware:
    """Resolve a page's request against the pages' conf (before CommonMiddleware, whose slash
    redirect resolves too)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if not asks_the_api(request.path_info):
            request.urlconf = PAGES_URLCONF
        return self.get_response(request)
