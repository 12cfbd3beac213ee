"""The step-through: starting a run of a reading, its progress, each step as a page or the
htmx fragment the arrow keys fetch (kept once drawn: ``step_cache``), the slider, and notes
on a step."""

from __future__ import annotations

from functools import partial
from urllib.parse import urlencode

from django.contrib import messages
from django.http import Http404
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.text import capfirst
from django.views.decorators.http import require_safe

from archive import selectors as archive_selectors
from replay.log.engines import engine_or_none
from replay.log.errors import AppendConflict, LogError
from replay.log.notes import note_add, note_revise
from replay.models import ReplayRun
from replay.reading import selectors, step_cache
from replay.reading.boards import draw_board
from replay.reading.faces import RunFace, run_face
from replay.reading.forms import (
    AnnotationForm,
    StepGotoForm,
    VariationForm,
)
from replay.reading.match_views import (
    broken_log_is_409,
    match_context,
    names_in,
    visible_match_or_404,
)
from replay.reading.readings import (
    flag_words,
    form_pairs,
    option_words,
    parse_reading,
    reading_key,
    reading_words,
)
from replay.reading.texts import state_json, truncated
from replay.runs.replaying import ReplayError, changed_since_run, replay_match
from replay.runs.steps import first_flag_seq
from trust.errors import BrokenChain
from web.access import is_curator
from web.jinja import render_fragment
from web.pages import bad_parameter_is_400, curator_only, page, wants_fragment
from web.params import whole_number
from web.words import facts, field_names, flag_kind_in_words


def _step_url(run, seq, viewer=None) -> str:
    return step_address(run.match_id, run.pk, seq, viewer)


def step_address(match_id: int, run_id: int, seq: int, viewer: str | None = None) -> str:
    """A step's one address: its path, and the viewpoint (a seat) when one is read."""
    url = reverse("replay-step", args=[match_id, run_id, seq])
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
    match = visible_match_or_404(request, match_id)
    if request.method != "POST":
        return redirect("match-detail", match.pk)
    try:
        choices = parse_reading(engine_or_none(match), form_pairs(request.POST))
        run = replay_match(match=match, reading=choices, requested_by=request.user)
    except BrokenChain:
        raise  # answered 409 with the banner by broken_log_is_409
    except LogError as error:
        return page(request, "replay/match.html",
                    match_context(request, match, run_form_error=error.message), status=400)
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
    face = _readable_run(request, match_id, run_id)
    run, match = face.run, face.match
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
        "match": match, "run": run, "behind": face.behind, "poll": _run_url(run, position),
        "words": reading_words(engine_or_none(match), run.interpretation),
    }, fragment="progress")


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
        for option in flag.changing_options:
            choices = {**run.interpretation, flag.point: option} if point and run else {}
            other = runs_by_reading.get(reading_key(choices))
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


def _viewer_asked(request) -> str | None:
    """The seat whose view is asked for; None for the archivist's (everything), which the
    viewpoint form sends as ``archivist``."""
    viewer = request.GET.get("viewer") or None
    return None if viewer == "archivist" else viewer


def _viewer_param(request, match) -> str | None:
    viewer = _viewer_asked(request)
    if viewer is not None and viewer not in match.player_ids:
        raise Http404("no such viewer")
    return viewer


# The landmarks a step links to: their name in the page and in ``Landmarks``, their key, and
# what they are in words.
LANDMARKS = (
    ("matter", "r", "where the reading matters"),
    ("violation", "v", "violation"),
    ("note", "a", "note"),
    ("flag", "n", "flag"),
)
# A step's summary in the log around it is cut to this many characters.
LOG_SUMMARY_CHARS = 110


def _step_context(face: RunFace, seq, viewer, reads: step_cache.RunReads | None = None) -> dict:
    """What a step's panel shows; the same for every reader of the same role (``reads``: the
    run's, when already looked up)."""
    run, match = face.run, face.match
    try:
        read = step_cache.step_read(face=face, seq=seq, viewer=viewer, reads=reads)
    except ReplayError:
        raise Http404("no such step") from None
    view, marks = read.view, read.marks
    engine = engine_or_none(match)
    # The seat's view, so a hidden piece (Dracula off his revealed space) stays hidden.
    drawing = None
    if engine is not None:
        before = (engine.pieces(view.state_before) if view.state_before is not None else None)
        drawing = draw_board(engine.layout(view.state), engine.pieces(view.state),
                             match.players, before=before)
    names = names_in(match)
    event = view.event
    readings = selectors.readings_at(face.stored_readings, seq=seq, engine=engine)
    runs_by_reading = {reading_key(link.run.interpretation): link.run
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
              for name, _, _ in LANDMARKS for way in ("next", "prev")),
        )
    }
    return {
        "match": match,
        "run": run,
        "view": view,
        "seq": seq,
        "viewer": viewer,
        "drawing": drawing,
        "board": render_fragment(
            "replay/board.html", drawing=drawing, board_id="step-board",
            board_title=f"The board after step {seq}"
            + (f", as {match.player_name(viewer)} sees it" if viewer else "")
        ) if drawing is not None and not drawing.empty else "",
        "refereed": engine is not None,
        "panels": render_fragment("replay/player_panels.html", panels=view.players,
                                  viewer=viewer),
        "reading": step_reading(view.flags, engine, run=run, runs_by_reading=runs_by_reading,
                                viewer=viewer),
        "other_readings": render_fragment("replay/other_readings.html", others=[
            {"url": _step_url(link.run, seq, viewer),
             "words": truncated(capfirst(link.words.short), 140), "run": link.run.pk,
             "up_to": link.run.log_seq if link.run.log_seq != run.log_seq else None}
            for link in readings if link.run.pk != run.pk]),
        "log": render_fragment("replay/step_log.html", log=[
            {"seq": step.seq, "current": step.seq == seq, "url": step_url(step.seq),
             "summary": truncated(step.summary, LOG_SUMMARY_CHARS), "legal": step.legal,
             "flags": step.flag_count} for step in read.log]),
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
        "landmarks": render_fragment("replay/landmarks.html", landmarks=[
            {"name": name, "key": key, "label": label, "prev": urls[f"prev_{name}"],
             "next": urls[f"next_{name}"], "next_seq": getattr(marks, f"next_{name}")}
            for name, key, label in LANDMARKS]),
        "goto_url": reverse("replay-goto", args=[match.pk, run.pk]),
        "viewpoint_url": _step_url(run, seq),
        "viewpoints": render_fragment("replay/viewpoints.html", players=match.players,
                                      viewer=viewer),
        "checksum": truncated(view.step.checksum, 13) if view.step else "",
        "state_json": state_json(view.state),
        "event_facts": render_fragment("replay/facts.html", empty="",
                                       said=facts(event["data"], names,
                                                   fields=field_names(engine, match.setup))
                                       if event else []),
    }


def _render_panel(context: dict, *, curator: bool) -> step_cache.Panel:
    """The panel, its live-region words and the page's title, drawn for a role, never for
    one reader: a curator's forms carry no CSRF token (their reader's is in its cookie:
    ``step_cache``)."""
    context = {**context, "is_curator": curator, "token_from_cookie": True}
    html = mark_safe(render_to_string("replay/step.html#step-panel", context))
    status = mark_safe(render_to_string("replay/includes/step_status.html", context))
    return step_cache.panel_of(html, status, step_title(context["match"], context["seq"]))


def step_title(match, seq: int) -> str:
    """What the tab says of a step, the page's and every fragment's alike."""
    return f"{match.title} · step {seq}"


def _step_page(request, face: RunFace, seq, panel: step_cache.Panel, *, curator: bool,
               status=200):
    """The page around a step's panel: the run's reading in words and, when moves were
    recorded after the run's last seq, a notice offering (to a curator) the replay of the
    whole log under the same reading."""
    run, match = face.run, face.match
    return render(request, "replay/step.html", {
        "match": match, "run": run, "behind": face.behind, "seq": seq,
        "words": reading_words(engine_or_none(match), run.interpretation),
        "panel": panel.html, "status": panel.status, "title": panel.title,
        "is_curator": curator,
        "token_from_cookie": True,  # the sign-out form's too: csrf.js adds it
    }, status=status)


def _serve_step(request, face: RunFace, seq, viewer, *, push_url: str | None = None):
    """A step from the cache (drawn on a miss), as the htmx fragment or the whole page."""
    run, match = face.run, face.match
    address = _step_url(run, seq, viewer)
    if match.chain_broken_seq is None and not face.stands:
        raise changed_since_run(run)
    curator = is_curator(request.user)
    to_keep: dict = {}  # stored in one write once the step is served
    if match.chain_broken_seq is None:
        panel = step_cache.step_panel(
            face=face, seq=seq, viewer=viewer, curator=curator, to_keep=to_keep,
            render=lambda reads: _render_panel(_step_context(face, seq, viewer, reads),
                                               curator=curator))
    else:  # a log found broken is read afresh: each read checks what it reads
        panel = _render_panel(_step_context(face, seq, viewer), curator=curator)
    fragment = wants_fragment(request)
    if fragment:
        body, etag = panel.fragment, panel.etag
    else:
        body = _step_page(request, face, seq, panel, curator=curator).content.decode()
        etag = step_cache.etag_of(body)
    if match.chain_broken_seq is None:
        step_cache.keep_public_step(request, face=face, address=address, fragment=fragment,
                                    body=body, etag=etag, to_keep=to_keep)
    response = step_cache.step_response(request, run=run, match=match, body=body, etag=etag)
    if push_url:
        response["HX-Push-Url"] = push_url
    return step_cache.store_after(response, to_keep)


def _readable_run(request, match_id: int, run_id: int, *, behind: bool = True,
                  steps_near: int | None = None) -> RunFace:
    """The run's face if the reader may see it, else 404 (``behind``, ``steps_near``: as
    ``faces.run_face``)."""
    face = run_face(user=request.user, match_id=match_id, run_id=run_id, behind=behind,
                    steps_near=steps_near)
    if face is None:
        raise Http404("no such run")
    return face


@require_safe
@broken_log_is_409
def replay_step(request, match_id: int, run_id: int, seq: int):
    address = step_address(match_id, run_id, seq, _viewer_asked(request))
    if request.get_full_path() != address:
        # One address a step: any other spelling (the viewpoint repeated, empty or named
        # "archivist", other parameters) is sent there before anything is read, drawn or kept.
        return redirect(address)
    stored = step_cache.stored_public_step(request, address=address, match_id=match_id,
                                           run_id=run_id, fragment=wants_fragment(request))
    if stored is not None:
        return stored
    face = _readable_run(request, match_id, run_id, behind=not wants_fragment(request),
                         steps_near=seq)
    if face.run.status != ReplayRun.DONE and seq > face.run.progress:
        return redirect("run-detail", match_id, face.run.pk)
    return _serve_step(request, face, seq, _viewer_param(request, face.match))


@require_safe
@broken_log_is_409
def replay_goto(request, match_id: int, run_id: int):
    """The slider's plain GET form: ?seq=N → the step's permalink."""
    face = _readable_run(request, match_id, run_id, behind=False)  # a fragment or a redirect
    run = face.run
    form = StepGotoForm(request.GET)
    seq = form.cleaned_data["seq"] if form.is_valid() else 0
    seq = min(seq, run.progress)
    viewer = _viewer_param(request, run.match)
    if wants_fragment(request):
        return _serve_step(request, face, seq, viewer, push_url=_step_url(run, seq, viewer))
    return redirect(_step_url(run, seq, viewer))


@curator_only
@broken_log_is_409
def step_annotate(request, match_id: int, run_id: int, seq: int):
    face = _readable_run(request, match_id, run_id)
    run, match = face.run, face.match
    if request.method != "POST":
        return redirect(_step_url(run, seq))
    return _write_note(request, face, seq, AnnotationForm(request.POST), lambda data: note_add(
        match=match, step=seq, text=data["text"], expected_seq=data["expected_seq"],
        recorded_by=request.user,
    ), done=f"Note added to step {seq}.")


@curator_only
@broken_log_is_409
def step_note_revise(request, match_id: int, run_id: int, seq: int, note_seq: int):
    face = _readable_run(request, match_id, run_id)
    run, match = face.run, face.match
    if request.method != "POST":
        return redirect(_step_url(run, seq) + "#annotations")
    form = AnnotationForm(request.POST, prefix=f"note-{note_seq}")
    return _write_note(request, face, seq, form, lambda data: note_revise(
        match=match, note_seq=note_seq, text=data["text"], expected_seq=data["expected_seq"],
        recorded_by=request.user,
    ), done=f"Note {note_seq} revised.", note_seq=note_seq)


def _write_note(request, face: RunFace, seq, form, write, *, done, note_seq=None):
    """Append a note or its revision; a conflict keeps the words for sending again."""
    run, match = face.run, face.match
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
    context = _step_context(face, seq, viewer)
    if note_seq is None:
        context["annotation_form"] = form
    rows = [row for row in context["annotations"] if row["note"].seq == note_seq]
    for row in rows:
        row["form"] = form
    if note_seq is not None and not rows:
        for problem in form.errors.get("text", []):
            messages.error(request, problem)
    panel = _render_panel(context, curator=True)
    return _step_page(request, face, seq, panel, curator=True, status=400)
