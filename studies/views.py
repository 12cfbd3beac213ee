"""Study pages. A GET only reads what is stored and says what is missing; a curator's POST
starts a study (or the replay of one reading) and goes to its page, whose progress bar htmx
refreshes until it is done."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect
from django.utils import timezone
from django.views.decorators.http import require_POST, require_safe

import games
from archive.models import Game
from boundary import whole_number_text
from games.agents import DEFAULT_BUDGET
from replay.log.engines import engine_or_none
from replay.log.errors import LogError
from replay.reading import selectors as replay_selectors
from replay.reading.match_views import broken_log_is_409
from replay.reading.readings import parse_reading, query_pairs, reading_words
from replay.runs.replaying import find_run
from studies import selectors
from studies.models import Study
from studies.report import REPORTS, point_words
from studies.services import (
    DEFAULT_AGENT,
    DEFAULT_MAX_EVENTS,
    MAX_BUDGET,
    MAX_IMPACT_MATCHES,
    study_archive,
    study_cancel,
    study_impact,
    study_sweep,
    study_work_cap,
)
from trust.errors import BrokenChain
from web.pages import curator_only, page

AGENT_WORDS = [("greedy", "greedy agents (one move ahead, the game's evaluation)"),
               ("mcts", "mcts agents (UCT search)"), ("random", "random agents"),
               ("bots", "the game's simulator (greedy agents)")]


def _visible_match(request, match_id: int):
    return get_object_or_404(replay_selectors.visible_matches(user=request.user), pk=match_id)


def _chosen_points(request) -> list[str] | None:
    chosen = [p for p in request.POST.getlist("points") if p]
    return chosen or None


@require_safe
def study_detail(request, study_id: int):
    study = get_object_or_404(selectors.visible_studies(user=request.user), pk=study_id)
    context = {"study": study, "engine": games.find(study.engine)}
    if study.status == Study.DONE:
        context["report"] = REPORTS[study.kind](study, request=request)
    if study.kind == Study.IMPACT:
        context["point"] = point_words(context["engine"], study.parameters["point"])
    part = request.GET.get("part")
    response = page(request, "studies/study.html", context,
                    fragment="progress" if part == "progress" else None)
    if part == "progress" and not study.under_way:
        response["HX-Refresh"] = "true"  # the whole page, now with the report
    return response


@curator_only
@require_POST
def study_stop(request, study_id: int):
    study = get_object_or_404(selectors.visible_studies(user=request.user), pk=study_id)
    was = study.status
    study = study_cancel(study=study)
    messages.success(request, "Study cancelled; the parts already written are kept."
                     if was != study.status else f"The study is already {study.status}.")
    return redirect("study-detail", study.pk)


def _started(request, study: Study, asked_at):
    """To the study's page; "already made" only when it was stored before this request."""
    if study.status == Study.DONE and study.created_at < asked_at:
        messages.success(request, "This study was already made; here it is.")
    elif study.under_way:
        messages.info(request, "The study has started; this page follows it as it goes.")
    return redirect("study-detail", study.pk)


@broken_log_is_409
def match_sweep(request, match_id: int):
    """GET: the sweep of this log as stored, or what is missing. POST (curators): start it."""
    match = _visible_match(request, match_id)
    engine = engine_or_none(match)
    if request.method == "POST":
        return _start_sweep(request, match, engine)
    context = {"match": match, "engine": engine, "current": None,
               "older": list(selectors.sweeps_of(match=match)[:20])}
    if engine is not None:
        context["current"] = selectors.current_sweep(match=match)
    return page(request, "studies/match_sweep.html", context)


@curator_only
def _start_sweep(request, match, engine):
    asked_at = timezone.now()
    try:
        study = study_sweep(match=match, points=_chosen_points(request),
                            requested_by=request.user)
    except BrokenChain:
        raise  # answered 409 with the banner by broken_log_is_409
    except LogError as error:
        context = {"match": match, "engine": engine, "current": None, "error": error.message,
                   "older": list(selectors.sweeps_of(match=match)[:20])}
        return page(request, "studies/match_sweep.html", context, status=400)
    return _started(request, study, asked_at)


def game_studies(request, slug: str):
    """GET: the stored impact and archive-wide studies of a game and the forms to start one.
    POST (curators): start one."""
    game = get_object_or_404(Game, slug=slug)
    engine = games.find(slug)
    if request.method == "POST":
        return _start_game_study(request, game, engine)
    return page(request, "studies/game_studies.html", _game_context(request, game, engine))


def _game_context(request, game, engine, **extra) -> dict:
    impacts = list(selectors.studies_of(game_slug=game.slug, kind=Study.IMPACT)[:30])
    for study in impacts:
        study.question = point_words(engine, study.parameters["point"])["question"] \
            if engine else study.parameters["point"]
        if study.parameters.get("until_width"):
            study.until_points = f"{study.parameters['until_width'] * 100:g}"
    return {
        "game": game, "engine": engine, "max_matches": MAX_IMPACT_MATCHES,
        "agents": AGENT_WORDS, "default_agent": DEFAULT_AGENT, "max_budget": MAX_BUDGET,
        "default_budget": DEFAULT_BUDGET, "max_work": f"{study_work_cap():,}",
        "max_events": f"{DEFAULT_MAX_EVENTS:,}",
        "point_id": request.GET.get("point", "") or request.POST.get("point", ""),
        "impacts": impacts,
        "archives": list(selectors.studies_of(game_slug=game.slug, kind=Study.ARCHIVE)[:30]),
        "error": "", **extra,
    }


@curator_only
def _start_game_study(request, game, engine):
    asked_at = timezone.now()
    kind = request.POST.get("kind")
    try:
        if kind == Study.IMPACT:
            raw = request.POST.get("simulated", "")
            matches = whole_number_text(raw)
            if matches is None:
                raise LogError(f"the number of simulated matches must be a whole number, "
                               f"not {raw[:20]!r}", field="simulated")
            budget_raw = request.POST.get("budget", "").strip()
            budget = whole_number_text(budget_raw) if budget_raw else None
            if budget_raw and budget is None:
                raise LogError(f"the playouts a decision must be a whole number, not "
                               f"{budget_raw[:20]!r}", field="budget")
            until_raw = request.POST.get("until", "").strip()
            until = whole_number_text(until_raw) if until_raw else None
            if until_raw and (until is None or not 1 <= until <= 100):
                raise LogError(f"how wide the intervals may be is a whole number of points "
                               f"from 1 to 100, not {until_raw[:20]!r}", field="until")
            study = study_impact(game_slug=game.slug, point_id=request.POST.get("point", ""),
                                 matches=matches, agent=request.POST.get("agent", DEFAULT_AGENT),
                                 budget=budget if request.POST.get("agent") == "mcts" else None,
                                 until_width=until / 100 if until else None,
                                 requested_by=request.user)
        elif kind == Study.ARCHIVE:
            study = study_archive(game_slug=game.slug, points=_chosen_points(request),
                                  requested_by=request.user)
        else:
            raise LogError("kind must be impact or archive", field="kind")
    except (LogError, BrokenChain) as error:
        return page(request, "studies/game_studies.html",
                    _game_context(request, game, engine, error=error.message, kind=kind),
                    status=400)
    return _started(request, study, asked_at)


@require_safe
def reading(request, match_id: int):
    """The replay of one reading of this log: the run if it was made, otherwise a page
    that says so, with the button that starts it for a curator."""
    match = _visible_match(request, match_id)
    engine = engine_or_none(match)
    if engine is None:
        return page(request, "studies/reading.html", {"match": match, "engine": None,
                                                       "error": "this game has no engine"},
                    status=404)
    try:
        choices = parse_reading(engine, query_pairs(request.GET, leave=("seq",)))
        run = find_run(match=match, reading=choices)
    except (LogError, BrokenChain) as error:
        return page(request, "studies/reading.html",
                    {"match": match, "engine": engine, "error": error.message}, status=400)
    if run is not None:
        return redirect("run-detail", match.pk, run.pk)
    interpretation = engine.interpretation(choices)
    return page(request, "studies/reading.html", {
        "match": match, "engine": engine, "choices": interpretation.options,
        "words": reading_words(engine, interpretation.options),
    })
