"""The recorder page (curators): the board at the log's head drawn from the engine, the legal
choices as targets on it and as a list, a move as played, undo, and the recording reading.

Every write is a plain form POST with the ``expected_seq`` the page was drawn at, so it works
without JavaScript and from the keyboard; ``static/js/recorder.js`` adds picking on the board
and type-ahead on the list.
"""

from __future__ import annotations

import json
from collections.abc import Mapping

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse

from boundary import MAX_DB_INTEGER, whole_number_text
from games.core.events import Field
from replay import selectors
from replay.boards import draw_board
from replay.errors import AppendConflict, LogError
from replay.recorder import (
    RecorderHead,
    check_event,
    filled_event,
    last_move,
    match_reading_set,
    parsed_json,
    record_event,
    recorder_head,
    undo_last_move,
)
from replay.views import broken_log_is_409
from web.pages import bad_parameter_is_400, curator_only, page
from web.params import whole_number

MAX_LISTED_REFERENTS = 400


def _match(request, match_id: int):
    return get_object_or_404(selectors.visible_matches(user=request.user), pk=match_id)


def _url(match) -> str:
    return reverse("match-record", args=[match.pk])


def _input_for(name: str, spec: Field | None, head: RecorderHead, *, required: bool) -> dict:
    """How the page asks for one open field: a list to pick from when the game can name the
    values (its schema's choices, the players, the spaces or cards it has), else a typed box."""
    kind = spec.kind if spec else "str"
    options = None
    if spec is not None and spec.choices:
        options = [(c, c) for c in spec.choices]
    elif spec is not None and spec.refers == "player":
        options = [(p["id"], p.get("name") or p["id"]) for p in head.match.players]
    elif spec is not None and spec.refers:
        known = head.engine.referents(spec.refers, head.match.setup)
        if known is not None and len(known) <= MAX_LISTED_REFERENTS:
            names = head.layout.names()
            options = [(k, names.get(k, k)) for k in sorted(known)]
    if kind == "bool":
        options = [("yes", "yes"), ("no", "no")]
    return {
        "name": name,
        "label": name.replace("_", " "),
        "kind": kind,
        "required": required,
        "options": options,
        "low": spec.low if spec else None,
        "high": spec.high if spec else None,
        "help": (spec.description if spec else "") or {
            "list[str]": "separate the items with commas",
            "list[int]": "whole numbers separated by commas",
            "object": "a JSON object",
        }.get(kind, ""),
    }


def _picked_from(name: str, pick, head: RecorderHead) -> dict:
    """An open list narrowed to a listed pool (a hand's cards): one box to tick per item."""
    names = head.layout.names()
    described = pick.as_dict()
    pool = list(described.get("pool") or [])
    return {
        "name": name, "label": name.replace("_", " "), "kind": "pick", "required": True,
        "options": [(item, names.get(item, item)) for item in pool],
        "low": described.get("least"), "high": described.get("most"),
        "help": f"tick {described.get('least', 0)} to {described.get('most', len(pool))}",
    }


def _choice_rows(head: RecorderHead) -> list[dict]:
    pieces_at = {p.space for p in head.pieces}
    rows = []
    for index, choice in enumerate(head.choices):
        spec = head.engine.event_schema.get(choice.event["type"])
        fields = spec.fields if spec else {}
        picks = getattr(choice, "picks", {}) or {}
        inputs = [
            _picked_from(n, picks[n], head) if n in picks and "pool" in picks[n].as_dict()
            else _input_for(n, fields.get(n), head, required=True)
            for n in choice.open_fields
        ]
        inputs += [_input_for(n, fields.get(n), head, required=False)
                   for n in getattr(choice, "optional_fields", ())]
        start = next((s for s in choice.spaces if s in pieces_at), None)
        target = next((s for s in reversed(choice.spaces) if s != start), None)
        rows.append({
            "index": index,
            "choice": choice,
            "event_json": json.dumps(choice.as_dict()["event"], ensure_ascii=False),
            "inputs": inputs,
            "start": start or "",
            "target": target or "",
            "spaces": " ".join(choice.spaces),
        })
    return rows


def _context(request, head: RecorderHead, *, as_played: dict | None = None,
             preview=None, error: str = "") -> dict:
    match = head.match
    rows = _choice_rows(head)
    if as_played is None:
        index = whole_number(request.GET, "as_played")
        if index is not None and index < len(rows):
            as_played = rows[index]["choice"].as_dict()["event"]
    if as_played is None and rows:
        # Start the form where the rules are: the type and player of the first choice offered.
        first = rows[0]["choice"].event
        as_played = {"type": first["type"], "actor": first.get("actor"), "data": {}}
    undo = last_move(match=match)
    drawing = draw_board(head.layout, head.pieces, match.players)
    moves_from = {(r["start"], r["choice"].event.get("actor")) for r in rows if r["target"]}
    return {
        "match": match,
        "head": head,
        "drawing": drawing,
        "board_title": f"The board after event {head.seq}",
        "movable_pieces": {p.id for p in drawing.pieces if (p.space, p.owner) in moves_from},
        "winner_name": match.player_name(head.outcome.winner) if head.outcome.winner else "",
        "chance_rows": [r for r in rows if r["choice"].chance],
        "decision_rows": [r for r in rows if not r["choice"].chance],
        "event_types": sorted(head.engine.event_schema),
        "as_played": as_played or {"type": "", "actor": "", "data": {}},
        "as_played_data": json.dumps((as_played or {}).get("data") or {}, ensure_ascii=False),
        "preview": preview,
        "error": error,
        "undo": undo,
        "undo_name": match.player_name(undo.actor) if undo and undo.actor else "",
        "points": list(head.engine.points),
        "recent": [
            {"seq": e.seq, "type": e.type, "who": match.player_name(e.actor) if e.actor else "",
             "data": json.dumps(e.data, ensure_ascii=False)}
            for e in match.events.order_by("-seq")[:8]
        ],
    }


def _render(request, head, *, status=200, **extra):
    return page(request, "replay/recorder.html", _context(request, head, **extra),
                status=status)


@curator_only
@bad_parameter_is_400
@broken_log_is_409
def recorder(request, match_id: int):
    match = _match(request, match_id)
    return _render(request, recorder_head(match=match))


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


def _conflict(request, match, error: AppendConflict, event: Mapping | None):
    """Another recorder got there first: redraw at the new head, with what this recorder
    tried kept in the "as played" form so nothing is lost."""
    messages.error(
        request,
        f"Another recorder appended first: the log now ends at event {error.current_seq}. "
        "Nothing of yours was recorded; the board below is the new head"
        + (", and your move is kept under “Record a move as played”." if event else "."),
    )
    return _render(request, recorder_head(match=match), status=409, as_played=event)


@curator_only
@bad_parameter_is_400
@broken_log_is_409
def record_choice(request, match_id: int):
    match = _match(request, match_id)
    if request.method != "POST":
        return redirect(_url(match))
    event = None
    try:
        expected = _expected_seq(request)
        event = parsed_json(request.POST.get("event", ""), field="event")
        # A ticked pool (several boxes of one name) reads as a list, like typed commas.
        values = {key.removeprefix("field:"): ",".join(request.POST.getlist(key))
                  for key in request.POST if key.startswith("field:")}
        event = filled_event(match=match, event=event, values=values)
        record_event(match=match, event=event, expected_seq=expected, recorded_by=request.user)
    except AppendConflict as error:
        return _conflict(request, match, error, event)
    except LogError as error:
        return _render(request, recorder_head(match=match), status=400,
                       error=_where(error), as_played=event if isinstance(event, dict) else None)
    messages.success(request, f"Recorded event {expected + 1}.")
    return redirect(_url(match) + "#board")


def _where(error: LogError) -> str:
    return error.message if not error.field or error.field in error.message else \
        f"{error.message} ({error.field})"


@curator_only
@bad_parameter_is_400
@broken_log_is_409
def record_as_played(request, match_id: int):
    """Check a move as the record has it (the flags it will raise are shown), then keep it."""
    match = _match(request, match_id)
    if request.method != "POST":
        return redirect(_url(match) + "#as-played")
    head = recorder_head(match=match)
    event = {"type": request.POST.get("type", ""), "actor": request.POST.get("actor") or None,
             "data": {}}
    try:
        event["data"] = parsed_json(request.POST.get("data") or "{}", field="data")
        step = check_event(match=match, event=event, head=head)
        if request.POST.get("action") != "record":
            return _render(request, head, as_played=event, preview=step)
        expected = _expected_seq(request)
        record_event(match=match, event=event, expected_seq=expected, recorded_by=request.user)
    except AppendConflict as error:
        return _conflict(request, match, error, event)
    except LogError as error:
        return _render(request, head, status=400, as_played=event, error=_where(error))
    kept = "kept as played, with its flags" if not step.legal else "recorded"
    messages.success(request, f"Event {expected + 1} {kept}.")
    return redirect(_url(match) + "#board")


@curator_only
@bad_parameter_is_400
@broken_log_is_409
def record_undo(request, match_id: int):
    match = _match(request, match_id)
    if request.method != "POST":
        return redirect(_url(match))
    try:
        undo_last_move(match=match, expected_seq=_expected_seq(request),
                       recorded_by=request.user)
    except AppendConflict as error:
        return _conflict(request, match, error, None)
    except LogError as error:
        return _render(request, recorder_head(match=match), status=400, error=_where(error))
    messages.success(request, "The last move is undone (a correction in the log keeps it).")
    return redirect(_url(match) + "#board")


@curator_only
@bad_parameter_is_400
@broken_log_is_409
def record_reading(request, match_id: int):
    match = _match(request, match_id)
    if request.method != "POST":
        return redirect(_url(match))
    choices = {key.removeprefix("point:"): value for key, value in request.POST.items()
               if key.startswith("point:") and value}
    try:
        match_reading_set(match=match, choices=choices)
    except LogError as error:
        return _render(request, recorder_head(match=match), status=400, error=_where(error))
    messages.success(request, "The recorder now offers the choices of this reading.")
    return redirect(_url(match))
