"""The API's pages of a list: ``page`` and ``page_size`` are whole numbers from 1, or the
request is refused naming the one that is not (DRF's own paginator reads ``page=`` as the
first page and drops a ``page_size`` it cannot read); the schema says the same bounds."""

from __future__ import annotations

from rest_framework.exceptions import ValidationError
from rest_framework.pagination import PageNumberPagination

from web.api_access import int_query_param
from web.params import MAX_QUERY_INT


class WholePages(PageNumberPagination):
    page_size_query_param: str | None = None

    def paginate_queryset(self, queryset, request, view=None):
        for name in (self.page_query_param, self.page_size_query_param):
            if name and name in request.query_params:
                if len(request.query_params.getlist(name)) != 1:
                    raise ValidationError({name: f"give {name} once"})
                int_query_param(request, name, low=1, high=self._high(name))
        return super().paginate_queryset(queryset, request, view)

    def _high(self, name: str) -> int:
        return self.max_page_size if name == self.page_size_query_param else MAX_QUERY_INT

    def get_schema_operation_parameters(self, view):
        parameters = super().get_schema_operation_parameters(view)
        for parameter in parameters:
            parameter["schema"] = {"type": "integer", "minimum": 1,
                                   "maximum": self._high(parameter["name"])}
        return parameters


class LogPages(WholePages):
    """Long lists (a log's events, a run's steps and flags): a client may ask for more a
    page."""

    page_size = 100
    page_size_query_param = "page_size"
    max_page_size = 1000
