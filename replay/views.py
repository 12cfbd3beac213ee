from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, render

from replay import selectors
from replay.interchange import export_match


def _visible_match(request, match_id: int):
    return get_object_or_404(selectors.visible_matches(user=request.user), pk=match_id)


def match_list(request):
    return render(
        request, "replay/match_list.html", {"matches": selectors.visible_matches(user=request.user)}
    )


def match_detail(request, match_id: int):
    match = _visible_match(request, match_id)
    return render(
        request,
        "replay/match.html",
        {"match": match, "events": selectors.event_log(match=match, limit=500)},
    )


def match_export(request, match_id: int):
    match = _visible_match(request, match_id)
    response = HttpResponse(export_match(match), content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="match-{match.pk}.json"'
    return response
