"""Which renderer answers: DRF's choice, but a ``format`` parameter given empty is refused as
an unknown format is (404), rather than read as absent: the schema lists the formats."""

from __future__ import annotations

from django.http import Http404
from rest_framework.negotiation import DefaultContentNegotiation
from rest_framework.settings import api_settings


class NamedFormats(DefaultContentNegotiation):
    def select_renderer(self, request, renderers, format_suffix=None):
        if request.query_params.get(api_settings.URL_FORMAT_OVERRIDE) == "":
            raise Http404("format is empty: name one of the formats the schema lists")
        return super().select_renderer(request, renderers, format_suffix)
