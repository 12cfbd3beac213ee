"""Addresses a page links to beyond the pages' own conf (``config.urlconf``): the API's."""

from __future__ import annotations

from django.conf import settings
from django.urls import reverse


def api_url(name: str, *args: object) -> str:
    """The address of an API route (the whole conf, ROOT_URLCONF, knows its name)."""
    return reverse(name, args=args, urlconf=settings.ROOT_URLCONF)
