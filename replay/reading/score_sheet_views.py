"""The score sheet of a match: the printable record (players, setup, numbered events in the
engine's words, notes and flags under a reading), one page that prints cleanly on A4."""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import get_object_or_404
from django.views.decorators.http import require_safe

from replay.log.engines import engine_or_none
from replay.reading import selectors
from replay.reading.score_sheet import score_sheet
from replay.reading.steps import finished_run_of
from web.pages import bad_parameter_is_400, page
from web.params import whole_number


@require_safe
@bad_parameter_is_400
def match_score_sheet(request, match_id: int):
    """``?run=``: the finished run whose reading the sheet follows (by default the newest run
    of the default reading, else of the first reading listed; the log as recorded when the
    match has no finished run)."""
    match = get_object_or_404(selectors.visible_matches(user=request.user), pk=match_id)
    engine = engine_or_none(match)
    readings = selectors.readings_at(selectors.stored_readings(match=match), seq=0,
                                     engine=engine)
    chosen = whole_number(request.GET, "run")
    if chosen is None and readings:
        chosen = readings[0].run.pk
    run = finished_run_of(match=match, run_id=chosen) if chosen is not None else None
    if chosen is not None and run is None:
        raise Http404("no such finished run of this match")
    return page(request, "replay/score_sheet.html", {
        "match": match, "readings": readings,
        "sheet": score_sheet(match=match, run=run, engine=engine),
    })
