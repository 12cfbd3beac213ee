"""The recorder page (curators): the board at the log's head drawn from the engine, the legal
choices as targets on it and as a list (each open field asked as its domain says), a move as
played, undo, and the recording reading.

Every write is a plain form POST with the ``expected_seq`` the page was drawn at, so it works
without JavaScript and from the keyboard; ``static/js/recorder.js`` adds picking on the board,
type-ahead over every choice and a check of the open fields before a form is sent.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import replace

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils.http import urlencode

import games
from boundary import MAX_DB_INTEGER, whole_number_text
from boundary.errors import InputError
from boundary.jsontext import parse_json
from games.core.choices import ACTOR, OneOf
from replay.log.errors import AppendConflict, LogError
from replay.reading import selectors
from replay.reading.boards import draw_board
from replay.reading.match_views import broken_log_is_409
from replay.reading.readings import (
    flag_rows,
    form_pairs,
    parse_reading,
    question_of,
    reading_words,
)
from replay.recorder.head import (
    RecorderHead,
    check_event,
    last_move,
    match_reading_set,
    record_event,
    record_offered,
    recorder_head,
    step_summaries,
    tried_event,
    undo_last_move,
)
from replay.recorder.questions import UnansweredField, choice_key, questions
from trust.errors import BrokenChain
from web.jinja import render_fragment
from web.pages import bad_parameter_is_400, curator_only, page
from web.params import BadParameter, whole_number
from web.words import event_in_words, label

RECENT = 8


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


def _names(head: RecorderHead) -> dict[str, str]:
    """Players and spaces by name, for values a domain gives no words for."""
    names = head.layout.names()
    names.update({p["id"]: p.get("name") or p["id"] for p in head.match.players})
    return names


def _choice_rows(head: RecorderHead, *, failed: Mapping | None) -> list[dict]:
    """Each choice as the page shows it; ``failed`` (the key, answers and error of a choice
    whose answers were refused) refills that choice and puts the error beside its field."""
    names = _names(head)
    questions_of = {point.id: point.question for point in head.engine.points}
    rows = []
    for index, choice in enumerate(head.choices):
        key = choice_key(choice)
        mine = failed is not None and failed["key"] == key
        asked = questions(choice, names, failed["answers"] if mine else None)
        outcomes = None
        if choice.chance and len(asked) == 1 and asked[0].kind == OneOf.kind:
            outcomes = asked[0]
        rows.append({
            "index": index,
            "key": key,
            "choice": choice,
            "questions": [] if outcomes else asked,
            "outcomes": outcomes,
            "open_actor": any(q.name == ACTOR for q in asked),
            "points": [questions_of.get(p, p) for p in choice.points],
            "error": failed["error"] if mine else None,
            "error_input": failed["input"] if mine else None,
        })
    return rows


def _context(request, head: RecorderHead, *, as_played: dict | None = None,
             as_played_text: str | None = None, as_played_error: dict | None = None,
             preview=None, error: str = "", failed: Mapping | None = None) -> dict:
    match = head.match
    rows = _choice_rows(head, failed=failed)
    if as_played is None:
        index = whole_number(request.GET, "as_played")
        if index is not None and index < len(rows):
            as_played = rows[index]["choice"].as_dict()["event"]
    if as_played is None and rows:
        # Start the form where the rules are: the type and player of the first choice offered.
        first = rows[0]["choice"].event
        as_played = {"type": first["type"], "actor": first.get("actor"), "data": {}}
    undo = last_move(match=match)
    recent = selectors.latest_seqs(match=match, count=RECENT)
    since = min([*recent, *([undo.seq] if undo else [])], default=head.seq + 1)
    said = step_summaries(head=head, since=since)
    drawing = draw_board(head.layout, head.pieces, match.players)
    drawing = replace(drawing, movable=_movable(drawing, [r for r in rows
                                                          if not r["choice"].chance]))
    players = head.engine.player_facts(head.state, head.seat)
    names = _names(head)
    as_played = as_played or {"type": "", "actor": "", "data": {}}
    return {
        "match": match,
        "head": head,
        "seat": head.seat or "",
        "drawing": drawing,
        "board": render_fragment(
            "replay/board.html", drawing=drawing, board_id="recorder-board", with_frame=True,
            board_title=f"The board after event {head.seq}"
            + (f", as {match.player_name(head.seat)} sees it" if head.seat else ""),
        ) if not drawing.empty else "",
        "acting": [f.name for f in players if f.acting],
        "players": players,
        "winner_name": match.player_name(head.outcome.winner) if head.outcome.winner else "",
        "chance_rows": [r for r in rows if r["choice"].chance],
        "decision_rows": [r for r in rows if not r["choice"].chance],
        "event_types": [{"type": spec.type, "words": label(spec.type).capitalize(),
                         "description": spec.description,
                         "fields": [{"name": name, "kind": field.kind,
                                     "required": field.required,
                                     "description": field.description}
                                    for name, field in spec.fields.items()]}
                        for spec in sorted(head.engine.event_schema.values(),
                                           key=lambda spec: spec.type)],
        "as_played": as_played,
        "as_played_text": as_played_text if as_played_text is not None else json.dumps(
            as_played.get("data") or {}, ensure_ascii=False),
        "as_played_error": as_played_error,
        "as_played_words": event_in_words(as_played["type"], as_played.get("actor"),
                                          as_played.get("data"), names)
        if as_played.get("type") else "",
        "preview": preview,
        "preview_flags": flag_rows(preview.flags if preview else (), head.engine),
        "error": error,
        "undo": undo,
        "undo_said": said.get(undo.seq, "") if undo else "",
        "points": [{"point": point, "question": question_of(point)}
                   for point in head.engine.points],
        "reading": reading_words(games.find(match.game.slug), head.reading.options),
        "recent": [{"seq": seq, "said": said.get(seq, "")} for seq in recent],
    }


def _movable(drawing, rows: list[dict]) -> frozenset[str]:
    """The pieces a decision moves: on its ``origin``, and the actor's own where pieces have
    owners (an open actor may move any)."""
    origins = {(r["choice"].origin, r["choice"].actor, r["open_actor"]) for r in rows
               if r["choice"].origin}
    return frozenset(p.id for p in drawing.pieces
                     if any(p.space == origin and (not p.owner or open_actor or p.owner == actor)
                            for origin, actor, open_actor in origins))


def _render(request, head, *, status=200, **extra):
    return page(request, "replay/recorder.html", _context(request, head, **extra),
                status=status)


@curator_only
@bad_parameter_is_400
@broken_log_is_409
def recorder(request, match_id: int):
    match = _match(request, match_id)
    return _render(request, recorder_head(match=match, seat=_seat(request.GET, match)))


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
    return _render(request, recorder_head(match=match, seat=seat), status=409, as_played=event)


def _answers(request) -> dict[str, list[str]]:
    return {key: request.POST.getlist(key) for key in request.POST if key.startswith("f:")}


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
    return redirect(_url(match, seat) + "#board")


def _where(error: LogError) -> str:
    return error.message if not error.field or error.field in error.message else \
        f"{error.message} ({error.field})"


@curator_only
@bad_parameter_is_400
@broken_log_is_409
def record_as_played(request, match_id: int):
    """Check a move as the record has it (the flags it will raise are shown), then keep it. A
    refusal comes back at the form, the collector's text kept as typed and the field named."""
    match = _match(request, match_id)
    if request.method != "POST":
        return redirect(_url(match) + "#as-played")
    head = recorder_head(match=match)
    text = request.POST.get("data", "")
    event = {"type": request.POST.get("type", ""), "actor": request.POST.get("actor") or None,
             "data": {}}
    try:
        data = parse_json(text or "{}", field="data")
        if not isinstance(data, dict):
            raise InputError("must be a JSON object: {\"name\": value, …}", field="data")
    except InputError as error:
        return _render(request, head, status=400, as_played=event, as_played_text=text,
                       as_played_error=_as_played_error(error.field, error.message))
    event["data"] = data
    try:
        step = check_event(match=match, event=event, head=head)
        if request.POST.get("action") != "record":
            return _render(request, head, as_played=event, as_played_text=text, preview=step)
        expected = _expected_seq(request)
        record_event(match=match, event=event, expected_seq=expected, recorded_by=request.user)
    except AppendConflict as error:
        return _conflict(request, match, error, event)
    except (LogError, BrokenChain) as error:
        return _render(request, head, status=400, as_played=event, as_played_text=text,
                       as_played_error=_as_played_error(error.field, error.message))
    kept = "kept as played, with its flags" if not step.legal else "recorded"
    messages.success(request, f"Event {expected + 1} {kept}.")
    return redirect(_url(match) + "#board")


# The as-played form's inputs, by the first part of the field an error names.
AS_PLAYED_INPUTS = {"type": "ap-type", "actor": "ap-actor", "data": "ap-data"}


def _as_played_error(field: str | None, message: str) -> dict:
    """An error of the as-played form: the input it is about (``data.path`` is the data box),
    and the message naming the field."""
    top = (field or "").split(".")[0].split("[")[0]
    named = field if field and field not in message else ""
    return {"input": AS_PLAYED_INPUTS.get(top, ""),
            "message": f"{named}: {message}" if named else message}


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
    return redirect(_url(match, seat) + "#board")


@curator_only
@bad_parameter_is_400
@broken_log_is_409
def record_reading(request, match_id: int):
    match = _match(request, match_id)
    if request.method != "POST":
        return redirect(_url(match))
    try:
        choices = parse_reading(games.for_records(match.game.slug), form_pairs(request.POST))
        match_reading_set(match=match, reading=choices)
    except (LogError, BrokenChain) as error:
        return _render(request, recorder_head(match=match), status=400, error=_where(error))
    messages.success(request, "The recorder now offers the choices of this reading.")
    return redirect(_url(match))
