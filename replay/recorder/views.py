"""The recorder page (curators): who may act now, the legal choices (each open field asked as
its domain says) with undo beside them, the board at the log's head drawn from the engine with
the choices as targets on it, a move as played asked in the game's words, and the recording
reading.

Every write is a plain form POST with the ``expected_seq`` the page was drawn at, so it works
without JavaScript and from the keyboard; ``static/js/recorder.js`` adds picking on the board
(pieces, spaces, paths space by space), type-ahead over every choice and a check of the open
fields before a form is sent, and sends a choice or an undo in place (the answer drawn without
reloading the document). What the page shows is ``page``.
"""

from __future__ import annotations

from collections.abc import Mapping

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils.http import urlencode

from boundary import MAX_DB_INTEGER, whole_number_text
from boundary.errors import InputError
from replay.log.engines import engine_for
from replay.log.errors import AppendConflict, LogError
from replay.reading import selectors
from replay.reading.match_views import broken_log_is_409
from replay.reading.readings import form_pairs, parse_reading
from replay.recorder.as_played import PREFIX, choice_asks, read_fields, read_json, vocabulary
from replay.recorder.head import (
    RecorderHead,
    check_event,
    match_reading_set,
    record_event,
    record_offered,
    recorder_head,
    tried_event,
    undo_last_move,
)
from replay.recorder.page import opened_choice, recorder_context, row_lists, rows_html
from replay.recorder.questions import UnansweredField
from trust.errors import BrokenChain
from web.pages import bad_parameter_is_400, curator_only, page, wants_fragment
from web.params import BadParameter


def _match(request, match_id: int):
    return get_object_or_404(selectors.visible_matches(user=request.user), pk=match_id)


def _seat(params, match) -> str | None:
    """The seat the recorder records from (``seat``: a player id), or None: the archivist."""
    seat = params.get("seat") or None
    if seat in (None, "archivist"):
        return None
    if seat not in match.player_ids:
        raise BadParameter("seat", f"seat must be a player of this match "
                           f"({', '.join(match.player_ids)}) or archivist, not {seat[:40]!r}")
    return seat


def _url(match, seat: str | None = None) -> str:
    url = reverse("match-record", args=[match.pk])
    return url + ("?" + urlencode({"seat": seat}) if seat else "")


def _render(request, head, *, status=200, **extra):
    return page(request, "replay/recorder.html", recorder_context(request, head, **extra),
                status=status)


@curator_only
@bad_parameter_is_400
@broken_log_is_409
def recorder(request, match_id: int):
    """The page; asked by the page's script for one choice opened (``open``), that choice's
    row alone."""
    match = _match(request, match_id)
    head = recorder_head(match=match, seat=_seat(request.GET, match))
    context = recorder_context(request, head)
    opened = context["opened"]
    rows = context["chance_rows"] + context["decision_rows"]
    if opened is not None and opened < len(rows) and wants_fragment(request):
        row = next(row for row in rows if row["index"] == opened)
        # Fetched alone, the row brings every list of suggestions it types from.
        alone = {**row, "lists": [{"id": key, "words": words} for key, words in row_lists(row)]}
        return HttpResponse(rows_html(request, head, [alone]))
    return page(request, "replay/recorder.html", context)


def _expected_seq(request) -> int:
    """The seq the page was drawn at, as the form carries it (ASCII digits only)."""
    raw = request.POST.get("expected_seq", "")
    if not raw:
        raise LogError("the page's position in the log is missing: reload it",
                       field="expected_seq")
    value = whole_number_text(raw)
    if value is None or not 0 <= value <= MAX_DB_INTEGER:
        raise LogError(f"expected_seq must be a whole number written in the digits 0 to 9, "
                       f"not {raw[:20]!r}", field="expected_seq")
    return value


def _conflict(request, match, error: AppendConflict, event: Mapping | None,
              seat: str | None = None):
    """Another recorder got there first: redraw at the new head, with what this recorder
    tried kept in the "as played" form so nothing is lost."""
    messages.error(
        request,
        f"Another recorder appended first: the log now ends at event {error.current_seq}. "
        "Nothing of yours was recorded; the board below is the new head"
        + (", and your move is kept under “Record a move as played”." if event else "."),
    )
    return _render(request, recorder_head(match=match, seat=seat), status=409,
                   as_played=dict(event) if event else None)


def _answers(request) -> dict[str, list[str]]:
    return {key: request.POST.getlist(key) for key in request.POST if key.startswith("f:")}


# After an event the page comes back at the choices, the board beside (or above) them.
NEXT = "#recorder"


@curator_only
@bad_parameter_is_400
@broken_log_is_409
def record_choice(request, match_id: int):
    match = _match(request, match_id)
    seat = _seat(request.POST, match)
    if request.method != "POST":
        return redirect(_url(match, seat))
    key, answers = request.POST.get("choice", ""), _answers(request)
    expected = None
    try:
        expected = _expected_seq(request)
        record_offered(match=match, key=key, answers=answers, expected_seq=expected, seat=seat,
                       recorded_by=request.user)
    except AppendConflict as error:
        assert expected is not None  # set before record_offered, the one that raises this
        event = tried_event(match=match, key=key, answers=answers, seq=expected, seat=seat)
        return _conflict(request, match, error, event, seat)
    except UnansweredField as error:
        return _render(request, recorder_head(match=match, seat=seat), status=400,
                       failed={"key": key, "answers": answers, "error": error.message,
                               "input": error.field})
    except (LogError, BrokenChain) as error:
        return _render(request, recorder_head(match=match, seat=seat), status=400,
                       error=_where(error))
    messages.success(request, f"Recorded event {expected + 1}.")
    return redirect(_url(match, seat) + NEXT)


def _where(error: LogError | BrokenChain) -> str:
    return error.message if not error.field or error.field in error.message else \
        f"{error.message} ({error.field})"


def _posted_event(request, head: RecorderHead) -> tuple[dict, str]:
    """The move the as-played form posts: its kind and who, what a choice fixed (kept as it
    was), and its fields in words, or the details typed as JSON where that box is filled.
    A field that is not of its kind raises ``InputError`` naming it."""
    engine, match = head.engine, head.match
    words = vocabulary(engine, match.players, engine.setup_with_defaults(match.setup))
    event_type = request.POST.get("type", "")
    spec = engine.event_schema.get(event_type)
    event = {"type": event_type, "actor": request.POST.get("actor") or None, "data": {}}
    text = request.POST.get("data", "")
    if text.strip():
        event["data"] = read_json(spec, text, words)
    elif spec is not None:
        post = {key: request.POST.getlist(key) for key in request.POST
                if key.startswith(PREFIX)}
        opened = opened_choice(head, {"type": event_type,
                                       "from_choice": request.POST.get("from_choice", "")})
        event["data"] = read_fields(spec, post, words,
                                    choice_asks(opened, spec, words) if opened else None)
    return event, text


@curator_only
@bad_parameter_is_400
@broken_log_is_409
def record_as_played(request, match_id: int):
    """Check a move as the record has it (the flags it will raise are shown), then keep it. A
    refusal comes back at the form, the collector's words kept as typed and the field named."""
    match = _match(request, match_id)
    if request.method != "POST":
        return redirect(_url(match) + "#as-played")
    head = recorder_head(match=match)
    kept = {"fixed": tuple(request.POST.getlist("fixed")),
            "from_choice": request.POST.get("from_choice", "")}
    try:
        event, text = _posted_event(request, head)
    except InputError as error:
        event = {"type": request.POST.get("type", ""),
                 "actor": request.POST.get("actor") or None,
                 "data": _typed_back(request), **kept}
        return _render(request, head, status=400, as_played=event,
                       as_played_text=request.POST.get("data", ""),
                       as_played_error=_as_played_error(error.field, error.message))
    try:
        step = check_event(match=match, event=event, head=head)
        if request.POST.get("action") != "record":
            return _render(request, head, as_played={**event, **kept}, as_played_text=text,
                           preview=step)
        expected = _expected_seq(request)
        record_event(match=match, event=event, expected_seq=expected, recorded_by=request.user)
    except AppendConflict as error:
        return _conflict(request, match, error, event)
    except (LogError, BrokenChain) as error:
        return _render(request, head, status=400, as_played={**event, **kept},
                       as_played_text=text,
                       as_played_error=_as_played_error(error.field, error.message))
    done = "kept as played, with its flags" if not step.legal else "recorded"
    messages.success(request, f"Event {expected + 1} {done}.")
    return redirect(_url(match) + NEXT)


def _typed_back(request) -> dict:
    """The fields as typed, to refill the form after a refusal (read as words, not ids)."""
    return {key[len(PREFIX):]: request.POST.get(key) for key in request.POST
            if key.startswith(PREFIX) and request.POST.get(key)}


# The as-played form's inputs, by the first part of the field an error names.
AS_PLAYED_INPUTS = {"type": "ap-type", "actor": "ap-actor"}


def _as_played_error(field: str | None, message: str) -> dict:
    """An error of the as-played form: the input it is about (``data.path`` is the path's
    input, or the JSON box when that is what was typed), and the message naming the field."""
    top = (field or "").split(".")[0].split("[")[0]
    named = field if field and field not in message else ""
    where = AS_PLAYED_INPUTS.get(top, "")
    if top == "data":
        inner = (field or "").split(".", 1)[1].split("[")[0].split(".")[0] if "." in (
            field or "") else ""
        where = f"{PREFIX}{inner}" if inner else "ap-data"
    return {"input": where, "message": f"{named}: {message}" if named else message}


@curator_only
@bad_parameter_is_400
@broken_log_is_409
def record_undo(request, match_id: int):
    match = _match(request, match_id)
    seat = _seat(request.POST, match)
    if request.method != "POST":
        return redirect(_url(match, seat))
    try:
        undo_last_move(match=match, expected_seq=_expected_seq(request),
                       recorded_by=request.user)
    except AppendConflict as error:
        return _conflict(request, match, error, None, seat)
    except (LogError, BrokenChain) as error:
        return _render(request, recorder_head(match=match, seat=seat), status=400,
                       error=_where(error))
    messages.success(request, "The last move is undone (a correction in the log keeps it).")
    return redirect(_url(match, seat) + NEXT)


@curator_only
@bad_parameter_is_400
@broken_log_is_409
def record_reading(request, match_id: int):
    match = _match(request, match_id)
    if request.method != "POST":
        return redirect(_url(match))
    try:
        choices = parse_reading(engine_for(match), form_pairs(request.POST))
        match_reading_set(match=match, reading=choices)
    except (LogError, BrokenChain) as error:
        return _render(request, recorder_head(match=match), status=400, error=_where(error))
    messages.success(request, "The recorder now offers the choices of this reading.")
    return redirect(_url(match))
