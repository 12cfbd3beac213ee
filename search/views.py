"""The search page: one box in every page's header, results grouped by game."""

from __future__ import annotations

from urllib.parse import urlencode

from django.views.decorators.http import require_safe

from search import selectors
from search.forms import SearchForm
from web.pages import page


@require_safe
def search_page(request):
    form = SearchForm(request.GET)
    results = None
    if form.is_valid() and form.cleaned_data["q"]:
        data = form.cleaned_data
        results = selectors.search(
            query=data["q"],
            user=request.user,
            game=data["game"],
            kinds=tuple(data["kind"]),
            page=data["page"] or 1,
        )
    return page(
        request,
        "search/results.html",
        {"form": form, "results": results, "pages": _page_links(request, results)},
        fragment="results",
        status=400 if form.errors else 200,
    )


def _page_links(request, results) -> dict[str, str | None]:
    if results is None:
        return {}
    params = request.GET.copy()

    def link(number: int) -> str:
        params["page"] = str(number)
        return "?" + urlencode(list(params.lists()), doseq=True)

    return {
        "prev": link(results.page - 1) if results.page > 1 else None,
        "next": link(results.page + 1) if results.page < results.pages else None,
    }
