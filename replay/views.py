"""Match pages: the list, a match and its log, the curator forms (create, import, append,
annotate), replay runs and the step-through, and comparisons.

Each screen is one template; htmx asks for its named partial (web.pages.page)."""

from __future__ import annotations

import re
from functools import partial, wraps
from urllib.parse import urlencode

from django.contrib import messages
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.views.decorators.http import require_safe

import games
from archive import selectors as archive_selectors
from replay import match_cache, selectors, step_cache, step_markup
from replay.boards import draw_board
from replay.forms import (
    AnnotationForm,
    AppendEventsForm,
    ImportForm,
    MatchForm,
    StepGotoForm,
    VariationForm,
)
from replay.log.append import append_events
from replay.log.errors import AppendConflict, DocumentError, LogError, MalformedEvent
from replay.log.interchange import export_match, import_match
from replay.log.matches import match_create
from replay.log.notes import note_add, note_revise
from replay.models import ReplayRun
from replay.readings import (
    flag_rows,
    flag_words,
    option_words,
    points_read_differently,
    question_of,
    reading_words,
)
from replay.runs.comparisons import same_moves
from replay.runs.replaying import ReplayError, changed_since_run, game_head, replay_match
from replay.runs.steps import first_flag_seq
from replay.variations.lines import family_tree, line_matches
from trust.audit import chain_problem
from trust.chain import ChainBreak
from trust.errors import BrokenChain
from web.access import is_curator
from web.pages import bad_parameter_is_400, curator_only, page, wants_fragment
from web.params import whole_number
from web.words import event_in_words, facts, flag_kind_in_words, outcome_in_words


def _visible_match(request, match_id: int):
    return get_object_or_404(selectors.visible_matches(user=request.user), pk=match_id)


# -- matches ------------------------------------------------------------------------------------


@require_safe
def match_list(request):
    slug = request.GET.get("game", "")
    game = archive_selectors.game_named(slug=slug) if slug else None
    matches = selectors.visible_matches_of(user=request.user, game_slug=slug)
    return page(request, "replay/match_list.html", {"matches": matches[:500], "game": game})


def _match_context(request, match, *, append_form=None, run_form_error="", chain_break=None):
    engine = games.find(match.game.slug)
    runs = selectors.runs_of_match(match=match)
    for run in runs:
        run.words = reading_words(engine, run.interpretation)
        run.winner_name = match.player_name((run.outcome or {}).get("winner"))
    done = [r for r in runs if r.status == ReplayRun.DONE]
    visible = selectors.visible_matches(user=request.user)
    listed = list(selectors.event_log(match=match, limit=1000))
    chain_break = chain_break or chain_problem(match=match, listed=listed)
    return {
        "has_referee": engine is not None,
        "parent": selectors.visible_parent(user=request.user, match=match),
        "variations": family_tree(match=match, visible=visible),
        "match": match,
        # A broken log is not read: the banner names where it breaks.
        "events": [] if chain_break else _events_in_words(match, listed),
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
                _match_context(request, match, chain_break=chain_break), status=409)


def broken_log_is_409(view):
    """A page of one match (``match_id``) whose log is found broken, now or before, answers
    with the match page and its banner naming the seq, status 409, whatever it was doing."""

    @wraps(view)
    def wrapper(request, match_id: int, *args, **kwargs):
        try:
            return view(request, match_id, *args, **kwargs)
        except BrokenChain as error:
            return _broken_chain_page(request, _visible_match(request, match_id), error)

    return wrapper


def names_in(match) -> dict[str, str]:
    """Ids a page says by name: the match's players and its game's board spaces."""
    names = {}
    try:
        names.update(games.for_records(match.game.slug).layout(None).names())
    except (NotImplementedError, games.UnknownGame):
        pass
    names.update({p["id"]: p.get("name") or p["id"] for p in match.players})
    return names


def _events_in_words(match, events) -> list[dict]:
    names = names_in(match)
    return [{"seq": e.seq, "type": e.type, "words": event_in_words(e.type, e.actor, e.data, names)}
            for e in events]


@require_safe
def match_detail(request, match_id: int):
    """A public match's page is kept for readers signed out (``match_cache``)."""
    face = match_cache.public_face(request, match_id=match_id)
    stored = match_cache.stored_page(request, face) if face is not None else None
    if stored is not None:
        return stored
    match = _visible_match(request, match_id)
    context = _match_context(request, match)
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
    match = _visible_match(request, match_id)
    exported = export_match(match)
    response = HttpResponse(exported, content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="match-{match.pk}.json"'
    return response


def _describe(error: LogError) -> str:
    message = error.message
    if error.field and error.field not in ("events", "expected_seq") and error.field not in message:
        message += f" (field {error.field})"
    return message


@curator_only
def match_append(request, match_id: int):
    match = _visible_match(request, match_id)
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
        request, "replay/match.html", _match_context(request, match, append_form=form), status=400
    )


_FORM_FIELDS = {"game", "title", "played_on", "source", "players", "setup"}


@curator_only
def match_new(request):
    form = MatchForm(request.POST or None, initial={"game": request.GET.get("game")})
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            creation = match_create(
                game=data["game"], title=data["title"], players=data["players"],
                setup=data["setup"], played_on=data["played_on"], source=data["source"],
                is_private=data["is_private"], created_by=request.user,
                idempotency_key=data["idempotency_key"] or None,
            )
        except (LogError, BrokenChain) as error:
            top = (error.field or "").split("[")[0].split(".")[0]
            message = error.message
            player = re.match(r"players\[(\d+)\]", error.field or "")
            if player:
                message = f"player {int(player.group(1)) + 1}: {message}"
            form.add_error(top if top in _FORM_FIELDS else None, message)
        else:
            match = creation.match
            messages.success(request, f"Match “{match.title}” created; append its events below.")
            return redirect("match-detail", match.pk)
    return page(request, "replay/match_form.html", {"form": form},
                status=400 if form.errors else 200)


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


# -- runs ---------------------------------------------------------------------------------------


def _step_url(run, seq, viewer=None) -> str:
    url = reverse("replay-step", args=[run.match_id, run.pk, seq])
    return url + ("?" + urlencode({"viewer": viewer}) if viewer else "")


def _step_urls(run, viewer=None):
    """``_step_url`` for every step of one run from one viewpoint, reversed once: a step page
    links to some thirty steps of its run."""
    head, _, tail = _step_url(run, 0, viewer).rpartition("/0/")
    return lambda seq: f"{head}/{seq}/{tail}"


def _opening_seq(run) -> int:
    flag = first_flag_seq(run)
    return flag if flag is not None else (1 if run.progress else 0)


@curator_only
@bad_parameter_is_400
@broken_log_is_409
def run_start(request, match_id: int):
    match = _visible_match(request, match_id)
    if request.method != "POST":
        return redirect("match-detail", match.pk)
    engine = games.find(match.game.slug)
    choices = {}
    if engine is not None:
        for point in engine.points:
            option = request.POST.get(f"point:{point.id}")
            if option:
                choices[point.id] = option
    try:
        run = replay_match(match=match, choices=choices, requested_by=request.user)
    except BrokenChain:
        raise  # answered 409 with the banner by broken_log_is_409
    except (LogError, BrokenChain) as error:
        return page(request, "replay/match.html",
                    _match_context(request, match, run_form_error=error.message), status=400)
    return redirect(_run_url(run, _reading_position(request.POST, match)))


def _reading_position(params, match) -> dict:
    """The step being read and its viewpoint, carried across a change of reading."""
    position = {}
    step = whole_number(params, "step")
    if step is not None:
        position["step"] = str(step)
    viewer = params.get("viewer", "")
    if viewer in match.player_ids:
        position["viewer"] = viewer
    return position


def _run_url(run, position: dict) -> str:
    url = reverse("run-detail", args=[run.match_id, run.pk])
    return url + ("?" + urlencode(position) if position else "")


@require_safe
@bad_parameter_is_400
def run_detail(request, match_id: int, run_id: int):
    """The run's progress; a finished run opens at the step being read when its reading was
    chosen (``?step=``), else at its first flag."""
    run = _readable_run(request, match_id, run_id)
    match = run.match
    position = _reading_position(request.GET, match)
    if run.status == ReplayRun.DONE:
        seq = min(int(position["step"]), run.progress) if "step" in position else _opening_seq(run)
        target = _step_url(run, seq, position.get("viewer"))
        if wants_fragment(request):
            response = page(request, "replay/run.html", {"match": match, "run": run,
                                                          "target": target}, fragment="progress")
            response["HX-Redirect"] = target
            return response
        return redirect(target)
    return page(request, "replay/run.html", {
        "match": match, "run": run, "poll": _run_url(run, position),
        "words": reading_words(games.find(match.game.slug), run.interpretation),
    }, fragment="progress")


# -- the step-through ---------------------------------------------------------------------------

def _normalised(text: str) -> str:
    return "".join(ch for ch in text.lower() if ch.isalnum())


def _said_note(text: str) -> tuple[str, str]:
    """A note a citation carries as written in the transcription, ``[Editorial note: …]``,
    as (its label, its words)."""
    inner = text.strip().removeprefix("[").removesuffix("]").strip()
    head, colon, rest = inner.partition(":")
    if colon and 0 < len(head) <= 30:
        return head.strip().capitalize(), rest.strip()
    return "Note", inner


def step_reading(flags, engine=None, *, run=None, runs_by_reading=None, viewer=None) -> dict:
    """A step's flags, the rulebook passages they cite and those passages' notes, each written
    out once: a flag points at its citations by number, however many flags cite the same
    words, and a note a citation carries in its own words is shown once, as the passage's
    note where a cited passage has it. Each flag is said in words, and each other option that
    would change the step links to this step under ``run``'s reading with that option, where
    ``runs_by_reading`` (stored runs by their reading) has it."""
    passages = archive_selectors.cited_passages(
        slugs=[*(c.get("passage", "") for f in flags for c in f.citations or []),
               *(f.rule for f in flags if f.rule)])
    known = {p.id: p for p in engine.points} if engine else {}
    runs_by_reading = runs_by_reading or {}
    citations: dict[tuple[str, str], dict] = {}
    rows = []
    for flag in flags:
        refs = []
        for c in flag.citations or []:
            key = (c.get("passage", ""), c.get("quote", ""))
            if key not in citations:
                citations[key] = {"number": len(citations) + 1, "c": c,
                                  "passage": passages.get(key[0])}
            refs.append(citations[key])
        point = known.get(flag.point or "")
        changing = []
        for option in getattr(flag, "changing_options", None) or []:
            choices = {**run.interpretation, flag.point: option} if point and run else {}
            other = runs_by_reading.get(selectors.reading_key(choices))
            changing.append({"option": option, "choices": choices,
                             "words": option_words(engine, flag.point, option),
                             "url": _step_url(other, flag.seq, viewer) if other else None})
        rows.append({"flag": flag, "kind": flag_kind_in_words(flag.kind), "citations": refs,
                     "words": flag_words(engine, flag),
                     "question": point.question if point else "",
                     "rule": passages.get(flag.rule), "changing": changing})
    notes: dict[object, dict] = {}
    for entry in citations.values():
        for note in getattr(entry["passage"], "notes", []):
            notes.setdefault(note.pk, {"kind": note.kind, "label": note.get_kind_display(),
                                       "target": note.target, "body": note.body,
                                       "passage": entry["passage"]})
    bodies = [_normalised(n["body"]) for n in notes.values()]
    for entry in citations.values():
        said = _normalised(entry["c"].get("note", ""))
        if said and not any(body and body in said for body in bodies):
            label, words = _said_note(entry["c"]["note"])
            notes[said] = {"kind": "note", "label": label, "target": "", "body": words,
                           "passage": entry["passage"]}
            bodies.append(_normalised(words))
    return {"flags": rows, "citations": list(citations.values()), "notes": list(notes.values())}


def _viewer_param(request, match) -> str | None:
    viewer = request.GET.get("viewer") or None
    if viewer == "archivist":
        return None
    if viewer is not None and viewer not in match.player_ids:
        raise Http404("no such viewer")
    return viewer


def _step_context(match, run, seq, viewer, reads: step_cache.RunReads | None = None) -> dict:
    """What a step's panel shows; the same for every reader of the same role (``reads``: the
    run's, when already looked up)."""
    try:
        read = step_cache.step_read(run=run, match=match, seq=seq, viewer=viewer, reads=reads)
    except ReplayError:
        raise Http404("no such step") from None
    view, marks = read.view, read.marks
    engine = games.find(match.game.slug)
    # The seat's view, so a hidden piece (Dracula off his revealed space) stays hidden.
    drawing = None
    if engine is not None:
        before = (engine.pieces(view.state_before) if view.state_before is not None else None)
        drawing = draw_board(engine.layout(view.state), engine.pieces(view.state),
                             match.players, before=before)
    names = names_in(match)
    event = view.event
    readings = selectors.readings_at(selectors.stored_readings_of(run), seq=seq, engine=engine)
    runs_by_reading = {selectors.reading_key(link.run.interpretation): link.run
                       for link in readings}
    step_url = _step_urls(run, viewer)
    urls = {
        name: (step_url(s) if s is not None else None)
        for name, s in (
            # Home is step 0, the starting position, before the first event.
            ("first", 0 if seq != 0 else None),
            ("prev", view.prev_seq),
            ("next", view.next_seq),
            ("last", view.last_seq if view.last_seq != seq else None),
            *((f"{way}_{name}", getattr(marks, f"{way}_{name}"))
              for name in step_markup.LANDMARK_NAMES for way in ("next", "prev")),
        )
    }
    return {
        "match": match,
        "run": run,
        "view": view,
        "seq": seq,
        "viewer": viewer,
        "drawing": drawing,
        "board_title": f"The board after step {seq}"
        + (f", as {match.player_name(viewer)} sees it" if viewer else ""),
        "refereed": engine is not None,
        "panels": step_markup.player_panels(view.players, viewer),
        "reading": step_reading(view.flags, engine, run=run, runs_by_reading=runs_by_reading,
                                viewer=viewer),
        "other_readings": step_markup.other_reading_items(
            readings, run, lambda other: _step_url(other, seq, viewer)),
        "log": step_markup.log_items(read.log, seq, step_url),
        # The forms only a curator's panel shows: callables, which the template calls (so
        # makes the form) only where it draws one.
        "annotations": [
            {"note": note, "form": partial(
                AnnotationForm, initial={"text": note.text, "expected_seq": match.last_seq},
                prefix=f"note-{note.seq}")}
            for note in read.notes
        ],
        "annotation_form": partial(AnnotationForm, initial={"expected_seq": match.last_seq}),
        "variation_form": partial(
            VariationForm, initial={"title": f"{match.title}: another move after step {seq}"},
            prefix="variation"),
        "urls": urls,
        "landmarks": step_markup.landmark_items(urls, marks),
        "goto_url": reverse("replay-goto", args=[match.pk, run.pk]),
        "viewpoint_url": _step_url(run, seq),
        "viewpoints": step_markup.viewpoint_options(match.players, viewer),
        "checksum": step_markup.truncated(view.step.checksum, 13) if view.step else "",
        "state_json": step_markup.state_json(view.state),
        "event_facts": step_markup.fact_terms(facts(event["data"], names) if event else []),
    }


def _render_panel(context: dict, *, curator: bool) -> step_cache.Panel:
    """The panel and its live-region words, drawn for a role, never for one reader: a
    curator's forms carry a placeholder for the CSRF token (``step_cache.with_csrf``)."""
    context = {**context, "is_curator": curator, "csrf_token": step_cache.CSRF_PLACEHOLDER}
    html = mark_safe(render_to_string("replay/step.html#step-panel", context))
    status = mark_safe(render_to_string("replay/includes/step_status.html", context))
    return step_cache.panel_of(html, status)


def _step_page(request, match, run, seq, panel: step_cache.Panel, *, curator: bool, status=200):
    """The page around a step's panel: the run's reading in words and, when moves were
    recorded after the run's last seq, a notice offering (to a curator) the replay of the
    whole log under the same reading."""
    return render(request, "replay/step.html", {
        "match": match, "run": run, "seq": seq,
        "words": reading_words(games.find(match.game.slug), run.interpretation),
        "panel": panel.html, "status": panel.status, "is_curator": curator,
    }, status=status)


def _serve_step(request, run, seq, viewer, *, push_url: str | None = None):
    """A step from the cache (drawn on a miss), as the htmx fragment or the whole page."""
    match = run.match
    if run.log_seq and run.stored_head != run.head_hash:
        raise changed_since_run(run)
    curator = is_curator(request.user)
    to_keep = {}  # stored in one write once the step is served
    if match.chain_broken_seq is None:
        panel = step_cache.step_panel(
            run=run, match=match, seq=seq, viewer=viewer, curator=curator, to_keep=to_keep,
            render=lambda reads: _render_panel(_step_context(match, run, seq, viewer, reads),
                                               curator=curator))
    else:  # a log found broken is read afresh: each read checks what it reads
        panel = _render_panel(_step_context(match, run, seq, viewer), curator=curator)
    fragment = wants_fragment(request)
    if fragment:
        body, etag = panel.fragment, panel.etag
    else:
        body = _step_page(request, match, run, seq, panel, curator=curator).content.decode()
        etag = step_cache.etag_of(body)
    if match.chain_broken_seq is None:
        step_cache.keep_public_step(request, run=run, match=match, fragment=fragment,
                                    body=body, etag=etag, to_keep=to_keep)
        step_cache.store(to_keep)
    if curator:
        body, etag = step_cache.with_csrf(request, body), None
    response = step_cache.step_response(request, run=run, match=match, body=body, etag=etag)
    if push_url:
        response["HX-Push-Url"] = push_url
    return response


def _readable_run(request, match_id: int, run_id: int, *, behind: bool = True,
                  steps_near: int | None = None):
    """The run if the reader may see it, else 404 (``behind``, ``steps_near``: as
    ``visible_run``)."""
    run = selectors.visible_run(user=request.user, match_id=match_id, run_id=run_id,
                                behind=behind, steps_near=steps_near)
    if run is None:
        raise Http404("no such run")
    return run


@require_safe
@broken_log_is_409
def replay_step(request, match_id: int, run_id: int, seq: int):
    stored = step_cache.stored_public_step(request, match_id=match_id, run_id=run_id,
                                           fragment=wants_fragment(request))
    if stored is not None:
        return stored
    run = _readable_run(request, match_id, run_id, behind=not wants_fragment(request),
                        steps_near=seq)
    if run.status != ReplayRun.DONE and seq > run.progress:
        return redirect("run-detail", match_id, run.pk)
    return _serve_step(request, run, seq, _viewer_param(request, run.match))


@require_safe
@broken_log_is_409
def replay_goto(request, match_id: int, run_id: int):
    """The slider's plain GET form: ?seq=N → the step's permalink."""
    run = _readable_run(request, match_id, run_id, behind=False)  # a fragment or a redirect
    form = StepGotoForm(request.GET)
    seq = form.cleaned_data["seq"] if form.is_valid() else 0
    seq = min(seq, run.progress)
    viewer = _viewer_param(request, run.match)
    if wants_fragment(request):
        return _serve_step(request, run, seq, viewer, push_url=_step_url(run, seq, viewer))
    return redirect(_step_url(run, seq, viewer))


@curator_only
@broken_log_is_409
def step_annotate(request, match_id: int, run_id: int, seq: int):
    run = _readable_run(request, match_id, run_id)
    match = run.match
    if request.method != "POST":
        return redirect(_step_url(run, seq))
    return _write_note(request, match, run, seq, AnnotationForm(request.POST), lambda data: note_add(
        match=match, step=seq, text=data["text"], expected_seq=data["expected_seq"],
        recorded_by=request.user,
    ), done=f"Note added to step {seq}.")


@curator_only
@broken_log_is_409
def step_note_revise(request, match_id: int, run_id: int, seq: int, note_seq: int):
    run = _readable_run(request, match_id, run_id)
    match = run.match
    if request.method != "POST":
        return redirect(_step_url(run, seq) + "#annotations")
    form = AnnotationForm(request.POST, prefix=f"note-{note_seq}")
    return _write_note(request, match, run, seq, form, lambda data: note_revise(
        match=match, note_seq=note_seq, text=data["text"], expected_seq=data["expected_seq"],
        recorded_by=request.user,
    ), done=f"Note {note_seq} revised.", note_seq=note_seq)


def _write_note(request, match, run, seq, form, write, *, done, note_seq=None):
    """Append a note or its revision; a conflict keeps the words for sending again."""
    viewer = _viewer_param(request, match)
    if form.is_valid():
        try:
            write(form.cleaned_data)
        except AppendConflict as error:
            data = request.POST.copy()
            data[form.add_prefix("expected_seq")] = str(error.current_seq)
            form = AnnotationForm(data, prefix=form.prefix)
            form.is_valid()
            form.add_error(None, f"Conflict: {error.message}. Your note is kept; send it again.")
        except (LogError, BrokenChain) as error:
            form.add_error("text", error.message)
        else:
            messages.success(request, done)
            return redirect(_step_url(run, seq, viewer) + "#annotations")
    match.refresh_from_db()
    context = _step_context(match, run, seq, viewer)
    if note_seq is None:
        context["annotation_form"] = form
    rows = [row for row in context["annotations"] if row["note"].seq == note_seq]
    for row in rows:
        row["form"] = form
    if note_seq is not None and not rows:
        for error in form.errors.get("text", []):
            messages.error(request, error)
    panel = _render_panel(context, curator=True)
    response = _step_page(request, match, run, seq, panel, curator=True, status=400)
    response.content = step_cache.with_csrf(request, response.content.decode())
    return response


# -- comparisons --------------------------------------------------------------------------------


def _missing_runs(match, engine, runs, run_a, run_b) -> dict:
    """What a comparison lacks and a curator can start: the run of a reading on the log as
    it is now (when one of two runs of this match was made before later moves were recorded),
    or a second reading when there is only one run."""
    stale = []
    if (run_a is not None and run_b is not None and run_a.match_id == run_b.match_id
            and not same_moves(run_a, run_b)):
        heads = {run.pk: game_head(match=match, upto=run.log_seq) for run in (run_a, run_b)}
        stale = [min(run_a, run_b, key=lambda run: heads[run.pk][0])]
    alternatives = []
    if engine is not None and len(runs) < 2:
        for point in engine.points:
            for option in point.options:
                if option.id != point.default:
                    alternatives.append({"point": point, "question": question_of(point),
                                         "option": option})
    return {"stale": [{"run": run, "reading": run.words.label, "choices": run.interpretation}
                      for run in stale],
            "alternatives": alternatives}


def _line_name(run, match) -> str:
    """A run's line of play, for two runs of a variation and the line it branched from."""
    if run.match_id == match.pk:
        return f"“{run.match.title}” (this match)"
    if run.match.branch_of and run.match.parent_id == match.pk:
        return f"“{run.match.title}” (a variation after event {run.match.branch_seq})"
    if match.parent_id == run.match_id:
        return f"“{run.match.title}” (the line this match branched from)"
    return f"“{run.match.title}”"


def _side_names(run_a, run_b, match) -> None:
    """Each side's name: its reading, or its line of play when the two runs replay two lines
    (with the reading too when the lines are also read differently)."""
    lines = run_a.match_id != run_b.match_id
    same_reading = run_a.interpretation == run_b.interpretation
    for run in (run_a, run_b):
        if lines:
            run.side_name = _line_name(run, match) + ("" if same_reading
                                                       else f", read as {run.words.short}")
        else:
            run.side_name = run.words.short


@require_safe
@bad_parameter_is_400
@broken_log_is_409
def compare(request, match_id: int):
    match = _visible_match(request, match_id)
    engine = games.find(match.game.slug)
    # This match's runs, and those of its line of play (parents and variations) it may see.
    line = line_matches(match=match, visible=selectors.visible_matches(user=request.user))
    runs = selectors.finished_runs_of_line(line=line)
    for run in runs:
        run.words = reading_words(engine, run.interpretation)
    by_pk = {str(r.pk): r for r in runs}
    run_a, run_b = by_pk.get(request.GET.get("a", "")), by_pk.get(request.GET.get("b", ""))
    lines = run_a is not None and run_b is not None and run_a.match_id != run_b.match_id
    context = {"match": match, "runs": runs, "run_a": run_a, "run_b": run_b, "error": "",
               "lines": lines,
               "missing": _missing_runs(match, engine, runs, run_a, run_b)}
    if run_a and run_b and not context["missing"]["stale"]:
        _side_names(run_a, run_b, match)
        try:
            comparison = step_cache.comparison(run_a, run_b)
        except (LogError, BrokenChain) as error:
            context["error"] = error.message
        else:
            # Two lines of play may end at different steps: a side past its end shows none.
            last = (min if comparison.branch_point is None else max)(
                run_a.progress, run_b.progress)
            opening = comparison.first_divergence or (1 if last else 0)
            seq = min(whole_number(request.GET, "seq", default=opening), last)
            both = selectors.side_by_side(run_a=run_a, run_b=run_b, seq=seq)
            a = {"step": both.step_a} if seq <= run_a.progress else None
            b = {"step": both.step_b} if seq <= run_b.progress else None
            base = {"a": run_a.pk, "b": run_b.pk}

            def url(s):
                return reverse("compare", args=[match.pk]) + "?" + urlencode({**base, "seq": s})

            differing = [{**row, "cause": row["point"] in comparison.causes}
                         for row in points_read_differently(engine, run_a.interpretation,
                                                            run_b.interpretation)]
            names = {p["id"]: p.get("name") or p["id"] for p in match.players}
            outcome_a = outcome_in_words(comparison.outcome_a, names)
            outcome_b = dict(outcome_in_words(comparison.outcome_b, names))
            context.update({
                "comparison": comparison,
                "seq": seq,
                "last": last,
                "a": a, "b": b,
                "flags_a": flag_rows(both.flags_a, engine),
                "flags_b": flag_rows(both.flags_b, engine),
                "differs_here": seq in comparison.differing_seqs,
                "differing_points": differing,
                "outcomes": [(what, said, outcome_b[what], said != outcome_b[what])
                             for what, said in outcome_a],
                "nav": {
                    "first": url(1 if last else 0),
                    "prev": url(seq - 1) if seq > 0 else None,
                    "next": url(seq + 1) if seq < last else None,
                    "last": url(last),
                    "divergence": url(comparison.first_divergence)
                    if comparison.first_divergence is not None else None,
                },
                "seq_urls": [(s, url(s)) for s in comparison.differing_seqs[:200]],
            })
    return page(request, "replay/compare.html", context, fragment="compare-panel")
