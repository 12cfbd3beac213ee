"""The match pages: the list, a match and its log, and the curator forms that write to the
log from them (create, import, append). Each screen is one template; htmx asks for its named
partial (``web.pages.page``)."""

from __future__ import annotations

import contextlib
import re
from dataclasses import dataclass
from functools import wraps

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.views.decorators.http import require_safe

import games
from archive import selectors as archive_selectors
from archive.models import Game
from boundary.errors import InputError
from replay.log.append import append_events
from replay.log.engines import engine_for, engine_or_none
from replay.log.errors import AppendConflict, DocumentError, LogError, MalformedEvent
from replay.log.interchange import export_match, import_match
from replay.log.matches import match_create
from replay.models import ReplayRun
from replay.reading import match_cache, match_setup, selectors, step_cache
from replay.reading.forms import (
    AppendEventsForm,
    ImportForm,
    MatchForm,
)
from replay.reading.readings import (
    ReadingWords,
    question_of,
    reading_words,
)
from replay.variations.lines import family_tree
from trust.audit import chain_problem
from trust.chain import ChainBreak
from trust.errors import BrokenChain
from web.pages import curator_only, page
from web.words import event_in_words, field_names, spoken_names


def visible_match_or_404(request, match_id: int):
    return get_object_or_404(selectors.visible_matches(user=request.user), pk=match_id)


@require_safe
def match_list(request):
    slug = request.GET.get("game", "")
    game = archive_selectors.game_named(slug=slug) if slug else None
    matches = selectors.visible_matches_of(user=request.user, game_slug=slug)
    return page(request, "replay/match_list.html", {"matches": matches[:500], "game": game})


@dataclass(frozen=True)
class RunRow:
    """A run as the match page lists it: whether moves were recorded after it, its reading in
    words, the winner it found, by name, and the step its link opens at (a finished run's:
    its first flag, else its first step)."""

    run: ReplayRun
    behind: bool
    words: ReadingWords
    winner_name: str
    first_flag: int | None = None

    @property
    def opens_at(self) -> int | None:
        if self.run.status != ReplayRun.DONE:
            return None
        return self.first_flag if self.first_flag is not None else min(1, self.run.progress)


def stepping_run(rows: list[RunRow]) -> ReplayRun | None:
    """The run the event log opens each event's step in: a finished run of the default
    reading if there is one, else any finished run; the one replaying the most of the log,
    the newest among equals."""
    done = [row for row in rows if row.run.status == ReplayRun.DONE]
    if not done:
        return None
    best = max(done, key=lambda row: (row.words.is_default, row.run.log_seq, row.run.pk))
    return best.run


def match_context(request, match, *, append_form=None, run_form_error="", chain_break=None):
    engine = engine_or_none(match)
    runs = [RunRow(run=listed.run, behind=listed.behind,
                   words=reading_words(engine, listed.run.interpretation),
                   winner_name=match.player_name((listed.run.outcome or {}).get("winner")),
                   first_flag=listed.first_flag)
            for listed in selectors.runs_of_match(match=match)]
    done = [row.run for row in runs if row.run.status == ReplayRun.DONE]
    visible = selectors.visible_matches(user=request.user)
    listed = list(selectors.event_log(match=match, limit=1000))
    stepping = stepping_run(runs)
    chain_break = chain_break or chain_problem(match=match, listed=listed)
    return {
        "has_referee": engine is not None,
        "parent": selectors.visible_parent(user=request.user, match=match),
        "variations": family_tree(match=match, visible=visible),
        "match": match,
        # A broken log is not read: the banner names where it breaks.
        "events": [] if chain_break else _events_in_words(match, listed, stepping),
        "stepping": stepping,
        "stepping_words": next((row.words for row in runs if row.run == stepping), None),
        "runs": runs,
        "compare_pair": step_cache.diverging_pair(done, engine) if engine else None,
        "engine": engine,
        "default_reading": reading_words(engine, {}),
        "points": [{"point": point, "question": question_of(point)}
                   for point in (engine.points if engine else ())],
        "append_form": append_form
        or AppendEventsForm(initial={"expected_seq": match.last_seq}),
        "run_form_error": run_form_error,
        "chain_break": chain_break,
    }


def _broken_chain_page(request, match, error: BrokenChain):
    """A read refused because the log no longer verifies: the match page, its banner naming
    the seq, answered 409."""
    match.refresh_from_db()
    chain_break = ChainBreak(error.seq, error.problem)
    return page(request, "replay/match.html",
                match_context(request, match, chain_break=chain_break), status=409)


def broken_log_is_409(view):
    """A page of one match (``match_id``) whose log is found broken, now or before, answers
    with the match page and its banner naming the seq, status 409, whatever it was doing."""

    @wraps(view)
    def wrapper(request, match_id: int, *args, **kwargs):
        try:
            return view(request, match_id, *args, **kwargs)
        except BrokenChain as error:
            return _broken_chain_page(request, visible_match_or_404(request, match_id), error)

    return wrapper


def names_in(match) -> dict[str, str]:
    """Ids a page says by name: the match's players and its game's board spaces."""
    engine = None
    with contextlib.suppress(games.UnknownGame):
        engine = engine_for(match)
    return spoken_names(engine, match.players)


def _events_in_words(match, events, run: ReplayRun | None) -> list[dict]:
    """Each event in words, with the address of its step in ``run`` where the run reaches it."""
    names = names_in(match)
    fields = field_names(engine_or_none(match), match.setup)
    steps = (reverse("replay-step", args=[match.pk, run.pk, 0]).removesuffix("0/")
             if run is not None else None)
    reached = run.progress if run is not None else -1
    return [{"seq": e.seq, "type": e.type, "words": event_in_words(e.type, e.actor, e.data, names, fields),
             "step_url": f"{steps}{e.seq}/" if steps and e.seq <= reached else None}
            for e in events]


@require_safe
def match_detail(request, match_id: int):
    """A public match's page is kept for readers signed out (``match_cache``)."""
    face = match_cache.public_face(request, match_id=match_id)
    stored = match_cache.stored_page(request, face) if face is not None else None
    if stored is not None:
        return stored
    match = visible_match_or_404(request, match_id)
    context = match_context(request, match)
    response = page(request, "replay/match.html", context)
    if face is not None and context["chain_break"] is None:
        match_cache.keep_page(request, face, match_id=match.pk, response=response,
                              named=_matches_named(context))
    return response


def _matches_named(context: dict) -> set[int]:
    """The matches a match page names: itself, its parent and its family of variations."""
    named = {context["match"].pk} | ({context["parent"].pk} if context["parent"] else set())
    nodes = list(context["variations"])
    while nodes:
        node = nodes.pop()
        named.add(node.match.pk)
        nodes.extend(node.children)
    return named


@require_safe
@broken_log_is_409
def match_export(request, match_id: int):
    match = visible_match_or_404(request, match_id)
    exported = export_match(match)
    response = HttpResponse(exported, content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="match-{match.pk}.json"'
    return response


def _describe(error: LogError | BrokenChain) -> str:
    message = error.message
    if error.field and error.field not in ("events", "expected_seq") and error.field not in message:
        message += f" (field {error.field})"
    return message


@curator_only
def match_append(request, match_id: int):
    match = visible_match_or_404(request, match_id)
    if request.method != "POST":
        return redirect(reverse("match-detail", args=[match.pk]) + "#append")
    form = AppendEventsForm(request.POST)
    if form.is_valid():
        try:
            result = append_events(
                match=match,
                events=form.cleaned_data["events"],
                expected_seq=form.cleaned_data["expected_seq"],
                recorded_by=request.user,
            )
        except AppendConflict as error:
            # Keep their text; the page now shows the events written meanwhile and the new seq.
            data = request.POST.copy()
            data["expected_seq"] = str(error.current_seq)
            form = AppendEventsForm(data)
            form.is_valid()
            form.add_error(
                None,
                f"Conflict: {error.message}. Your events are kept below; the log now ends at "
                f"seq {error.current_seq}. Check the new events, then append again.",
            )
        except MalformedEvent as error:
            form.add_error("events", _describe(error))
        except (LogError, BrokenChain) as error:
            form.add_error("events", _describe(error))
        else:
            messages.success(
                request, f"Appended events {result.first_seq}–{result.last_seq} to the log."
            )
            return redirect(reverse("match-detail", args=[match.pk]) + f"#seq-{result.last_seq}")
    match.refresh_from_db()
    return page(
        request, "replay/match.html", match_context(request, match, append_form=form), status=400
    )


_FORM_FIELDS = {"game", "title", "played_on", "source"}


@curator_only
def match_new(request):
    """A new match: the game first (preselected when the page comes from the game's matches),
    then its title and source, its players as rows of names with each seat's part, and its
    setup as the game's fields with their defaults."""
    slug = (request.POST.get("game") or request.GET.get("game") or "")[:100]
    chosen = archive_selectors.game_named(slug=slug) if slug else None
    form = MatchForm(request.POST or None, initial={"game": chosen.slug if chosen else None})
    post = {key: request.POST.getlist(key) for key in request.POST}
    players = match_setup.read_players(post)
    problems: dict[str, str] = {}
    if request.method == "POST" and chosen is not None and form.is_valid():
        data = form.cleaned_data
        try:
            setup = match_setup.read_setup(chosen, post)
            creation = match_create(
                game=data["game"], title=data["title"], players=players, setup=setup,
                played_on=data["played_on"], source=data["source"],
                is_private=data["is_private"], created_by=request.user,
                idempotency_key=data["idempotency_key"] or None,
            )
        except InputError as error:
            problems["setup"] = f"{error.field}: {error.message}"
        except (LogError, BrokenChain) as error:
            top = (error.field or "").split("[")[0].split(".")[0]
            message = error.message
            player = re.match(r"players\[(\d+)\]", error.field or "")
            if player:
                message = f"player {int(player.group(1)) + 1}: {message}"
            if top in ("players", "setup"):
                problems[top] = message
            else:
                form.add_error(top if top in _FORM_FIELDS else None, message)
        else:
            match = creation.match
            messages.success(request, f"Match “{match.title}” created: record its events.")
            return redirect("match-record", match.pk)
    if request.method == "POST" and chosen is None:
        problems["game"] = "choose the game first"
    names = [player["name"] for player in players]
    context = {
        "form": form,
        "games": Game.objects.order_by("title"),
        "chosen": chosen,
        "table": match_setup.table(chosen, names=names, posted=post) if chosen else None,
        "problems": problems,
        "setup_text": request.POST.get("setup", ""),
    }
    failed = bool(form.errors or problems)
    return page(request, "replay/match_form.html", context, status=400 if failed else 200)


@curator_only
def match_import(request):
    form = ImportForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        upload = form.cleaned_data["file"]
        try:
            match = import_match(raw=upload.read(), created_by=request.user,
                                 is_private=form.cleaned_data["is_private"])
        except DocumentError as error:
            where = f" at {error.field}" if error.field and error.field != "$" else ""
            form.add_error("file", f"Refused{where}: {error.message}. Nothing was stored.")
        except (LogError, BrokenChain) as error:
            form.add_error("file", f"Refused: {error.message}. Nothing was stored.")
        else:
            messages.success(request, f"Imported “{match.title}” ({match.last_seq} events).")
            return redirect("match-detail", match.pk)
    return page(request, "replay/import_form.html", {"form": form},
                status=400 if form.errors else 200)
