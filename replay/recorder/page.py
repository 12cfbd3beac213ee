"""What the recorder page shows at the log's head: who may act now, the legal choices as rows
(each open field asked as its domain says, drawn by ``templates/jinja2/replay/recorder_rows.html``),
the board with the choices as targets on it, the last events in words, the move as played asked
in the game's words, undo and the recording reading. The requests are ``views``."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from functools import partial

from django.middleware.csrf import get_token
from django.urls import reverse

from games.core.choices import ACTOR, OneOf
from replay.log.engines import engine_or_none
from replay.reading import selectors
from replay.reading.boards import draw_board
from replay.reading.readings import flag_rows, question_of, reading_words
from replay.recorder.as_played import asked_fields, choice_asks, kept_from, vocabulary
from replay.recorder.head import RecorderHead, last_move, said_since
from replay.recorder.questions import choice_key, questions
from web.jinja import render_fragment
from web.params import BadParameter, whole_number
from web.words import event_in_words, field_names, label

RECENT = 8


def _names(head: RecorderHead) -> dict[str, str]:
    """Players and spaces by name, for values a domain gives no words for."""
    names = head.layout.names()
    names.update({p["id"]: p.get("name") or p["id"] for p in head.match.players})
    return names


@dataclass(frozen=True)
class Acting:
    """Who may act now, in the game's words: the players a choice lets decide (its actor, or
    the decider of one of its open fields), each with their part in the game."""

    players: tuple[str, ...]
    words: str


def who_may_act(head: RecorderHead) -> Acting:
    """From the choices at the head: who decides what comes next (a throw or draw counts for
    the player who throws or draws it), and whom the engine's facts say is acting."""
    deciding: set[str] = set()
    for choice in head.choices:
        for spec in choice.fields:
            if spec.name == ACTOR and isinstance(spec.domain, OneOf):
                deciding.update(v for v in spec.domain.values if isinstance(v, str))
            elif decider := choice.decider_of(spec):
                deciding.add(decider)
        if choice.actor:
            deciding.add(choice.actor)
    # A seat's choices are its own: the engine's facts say who else is to act.
    deciding.update(f.player for f in head.engine.player_facts(head.state, head.seat)
                    if f.acting)
    match = head.match
    roles = head.engine.seat_roles(match.players, head.engine.setup_with_defaults(match.setup))
    acting = tuple(p["id"] for p in match.players if p["id"] in deciding)
    if head.outcome.finished:
        return Acting((), "The game is over" + (
            f": {match.player_name(head.outcome.winner)} wins" if head.outcome.winner else ""))
    if not acting:
        return Acting((), "Nobody decides now: a throw or a draw comes next" if head.choices
                      else "The rules offer nothing here: record the move as played")
    said = [match.player_name(pid) + (f" ({roles[index]})" if roles[index] else "")
            for index, pid in enumerate(match.player_ids) if pid in acting]
    if len(said) == 1:
        return Acting(acting, f"{said[0]} may act now")
    return Acting(acting, f"{', '.join(said[:-1])} or {said[-1]} may act now")


# A choice whose open fields would list more values than this is folded: its fields are drawn
# when it is opened (a link; the page's script fetches the one row), so a page stays light.
FOLD_OVER = 24


def _weight(asked) -> int:
    """How many values a choice's fields would list on the page."""
    return sum(len(q.options) + len(q.suggestions) for q in asked)


def _targets(choice, asked) -> str:
    """The spaces the board leads to for a choice: its fixed target, the spaces its one-of
    values stand for, or the first steps of its path (space ids, for the page's script)."""
    if choice.target:
        return choice.target
    for q in asked:
        if q.kind == "path" and q.path and q.path["start"]:
            return " ".join(sorted(q.path["next"].get(q.path["start"], {})))
        spaces = sorted({o.space for o in q.options if o.space})
        if spaces:
            return " ".join(spaces)
    return ""


def _choice_rows(head: RecorderHead, *, failed: Mapping | None, opened: int | None = None,
                 at_space: str | None = None) -> list[dict]:
    """Each choice as the page shows it; ``failed`` (the key, answers and error of a choice
    whose answers were refused) refills that choice and puts the error beside its field. A
    heavy choice is folded unless it is ``opened`` (or failed), and every other one is when
    one is opened; opened from a space of the board (``at_space``), it offers only the values
    that stand for that space."""
    names = _names(head)
    questions_of = {point.id: point.question for point in head.engine.points}
    rows = []
    for index, choice in enumerate(head.choices):
        key = choice_key(choice)
        mine = failed is not None and failed["key"] == key
        asked = questions(choice, names, failed["answers"] if mine and failed is not None else None)
        outcomes = None
        if choice.chance and len(asked) == 1 and asked[0].kind == OneOf.kind \
                and not asked[0].typed:
            outcomes = asked[0]
        # With one choice opened, the others wait as their links: the page holds that one.
        folded = not mine and index != opened and (
            opened in range(len(head.choices)) or _weight(asked) > FOLD_OVER)
        if index == opened and at_space:
            asked = [_at_space(q, at_space, names) for q in asked]
        rows.append({
            "index": index,
            "key": key,
            "choice": choice,
            "questions": [] if outcomes else asked,
            "outcomes": outcomes,
            "folded": folded,
            "targets": _targets(choice, asked),
            "open_actor": any(q.name == ACTOR for q in asked),
            "points": [questions_of.get(p, p) for p in choice.points],
            "error": failed["error"] if mine and failed is not None else None,
            "error_input": failed["input"] if mine and failed is not None else None,
        })
    return rows


def _at_space(question, space: str, names: Mapping[str, str]):
    """A question asked from a space picked on the board: a one-of offers only the values
    standing for it (one of them chosen when it is the only one); a path starts with the step
    to it."""
    if question.kind == "path" and question.path and question.path["start"]:
        if space in question.path["next"].get(question.path["start"], {}):
            question.given = [question.start_words + names.get(space, space) + " → "]
        return question
    there = [o for o in question.options if o.space == space]
    if there:
        if question.typed:  # a typed field is read by its words: the narrowed select posts them
            there = [replace(o, value=o.label) for o in there]
        question.options = there
        question.typed = False
        if len(there) == 1:
            question.given = [there[0].value]
    return question


def row_lists(row: dict) -> list[tuple[str, list[tuple[str, str]]]]:
    """The suggestions a row's fields type from, each list by its id: a typed one-of's values
    with the space each stands for, a path's spaces, names met for free text."""
    lists = []
    for question in row["questions"]:
        if question.typed:
            lists.append((question.suggestion_list,
                          [(o.label, o.space) for o in question.options]))
        elif question.kind == "path" or (question.kind == "text" and question.suggestions):
            lists.append((question.suggestion_list, [(w, "") for w in question.said]))
    return lists


def _own_lists(rows: list[dict]) -> None:
    """Each list of suggestions drawn once on a page, with the first row that needs it."""
    seen: set[str] = set()
    for row in rows:
        row["lists"] = []
        if row["folded"]:
            continue
        for key, words in row_lists(row):
            if key not in seen:
                seen.add(key)
                row["lists"].append({"id": key, "words": words})


def _as_played_context(head: RecorderHead, as_played: Mapping) -> dict:
    """The as-played form: the kind of event and who, then its fields in words (those a
    choice fixes kept as they are)."""
    engine, match = head.engine, head.match
    words = vocabulary(engine, match.players, engine.setup_with_defaults(match.setup))
    spec = engine.event_schema.get(as_played.get("type") or "")
    fixed = tuple(as_played.get("fixed") or ())
    opened = opened_choice(head, as_played)
    asks = choice_asks(opened, spec, words) if opened and spec else None
    fields = asked_fields(spec, words, as_played.get("data") or {}, fixed, asks) if spec \
        else []
    return {
        "as_played_choice": as_played.get("from_choice") if opened else "",
        "as_played": as_played,
        "as_played_fields": fields,
        "as_played_open": [f for f in fields if not f.fixed],
        "as_played_kept": [f for f in fields if f.fixed],
        "as_played_actor_fixed": "actor" in fixed,
        "as_played_actor_name": match.player_name(as_played.get("actor"))
        if as_played.get("actor") else "nobody",
        "as_played_words": event_in_words(as_played["type"], as_played.get("actor"),
                                          as_played.get("data"), _names(head),
                                          field_names(head.engine, head.match.setup))
        if as_played.get("type") and spec else "",
    }


def opened_choice(head: RecorderHead, as_played: Mapping):
    """The choice the as-played form was opened from ("as played…", its key), while the
    head still offers it for that kind of event; else None."""
    key = as_played.get("from_choice")
    if not key:
        return None
    return next((choice for choice in head.choices if choice_key(choice) == key
                 and choice.type == as_played.get("type")), None)


def _as_played_start(request, rows: list[dict]) -> dict:
    """What the as-played form holds when the page is drawn: a choice opened "as played…"
    (what it fixes kept, its open fields asked), the kind of event asked for, or the type and
    player of the first choice offered."""
    index = whole_number(request.GET, "as_played")
    if index is not None and index < len(rows):
        return {**kept_from(rows[index]["choice"]), "from_choice": rows[index]["key"]}
    kind = request.GET.get("ap_type") or ""
    if kind:
        return {"type": kind[:40], "actor": request.GET.get("ap_actor") or None, "data": {}}
    if rows:
        first = rows[0]["choice"].event
        return {"type": first["type"], "actor": first.get("actor"), "data": {}}
    return {"type": "", "actor": "", "data": {}}


def _opened(request, head: RecorderHead) -> tuple[int | None, str | None]:
    """The choice opened (``open``: its place in the list) and the board space it was opened
    from (``space``), as the query asks."""
    opened = whole_number(request.GET, "open")
    space = request.GET.get("space") or None
    if space is not None and space not in head.layout.names():
        raise BadParameter("space", f"space must be a space of the board, not {space[:40]!r}")
    return opened, space


def recorder_context(request, head: RecorderHead, *, as_played: dict | None = None,
             as_played_text: str = "", as_played_error: dict | None = None,
             preview=None, error: str = "", failed: Mapping | None = None) -> dict:
    match = head.match
    opened, at_space = _opened(request, head) if request.method == "GET" else (None, None)
    rows = _choice_rows(head, failed=failed, opened=opened, at_space=at_space)
    _own_lists(rows)
    as_played = as_played if as_played is not None else _as_played_start(request, rows)
    undo = last_move(match=match)
    recent = selectors.latest_seqs(match=match, count=RECENT)
    since = min([*recent, *([undo.seq] if undo else [])], default=head.seq + 1)
    said = said_since(head=head, since=since)
    names = _names(head)
    fields = field_names(head.engine, match.setup)
    drawing = draw_board(head.layout, head.pieces, match.players)
    drawing = replace(drawing, movable=_movable(drawing, [r for r in rows
                                                          if not r["choice"].chance]))
    acting = who_may_act(head)
    players = head.engine.player_facts(head.state, head.seat)
    chance_rows = [r for r in rows if r["choice"].chance]
    decision_rows = [r for r in rows if not r["choice"].chance]
    return {
        "match": match,
        "head": head,
        "seat": head.seat or "",
        "seat_name": match.player_name(head.seat) if head.seat else "",
        "drawing": drawing,
        "board": render_fragment(
            "replay/board.html", drawing=drawing, board_id="recorder-board", with_frame=True,
            board_title=f"The board after event {head.seq}"
            + (f", as {match.player_name(head.seat)} sees it" if head.seat else ""),
        ) if not drawing.empty else "",
        "acting": acting,
        "players": players,
        "chance_rows": chance_rows,
        "decision_rows": decision_rows,
        # Drawn when the page shows them, not for a folded row fetched alone (``recorder``).
        "chance_list": partial(rows_html, request, head, chance_rows),
        "decision_list": partial(rows_html, request, head, decision_rows),
        "event_types": [{"type": spec.type, "words": label(spec.type).capitalize(),
                         "description": spec.description}
                        for spec in sorted(head.engine.event_schema.values(),
                                           key=lambda spec: spec.type)],
        **_as_played_context(head, as_played),
        "as_played_text": as_played_text,
        "as_played_error": as_played_error,
        "preview": preview,
        "preview_flags": flag_rows(preview.flags if preview else (), head.engine),
        "error": error,
        "undo": undo,
        "undo_said": said[undo.seq].summary if undo and undo.seq in said else "",
        "points": [{"point": point, "question": question_of(point)}
                   for point in head.engine.points],
        "reading": reading_words(engine_or_none(match), head.reading.options),
        "changing_reading": request.GET.get("reading") == "change" or error != "",
        "opened": opened,
        "recent": [_recent(seq, said.get(seq), names, fields) for seq in recent],
    }


def rows_html(request, head: RecorderHead, rows: list[dict]):
    """The choices' rows as markup (templates/jinja2/replay/recorder_rows.html): the page's
    hot loop, drawn by Jinja2 as a step's board is."""
    if not rows:
        return ""
    return render_fragment(
        "replay/recorder_rows.html", rows=rows, seq=head.seq, seat=head.seat or "",
        csrf_token=get_token(request),
        choice_url=reverse("match-record-choice", args=[head.match.pk]))


def _recent(seq: int, said, names: Mapping[str, str],
            fields: Mapping[str, Mapping[str, str]]) -> dict:
    """One of the last events: the engine's words, and, for a step the engine did not apply
    as recorded (a move kept as played), who did what."""
    if said is None:
        return {"seq": seq, "said": "", "as_recorded": ""}
    event = said.event or {}
    as_recorded = "" if said.legal or not event.get("type") else event_in_words(
        event["type"], event.get("actor"), event.get("data"), names, fields)
    return {"seq": seq, "said": said.summary, "as_recorded": as_recorded}


def _movable(drawing, rows: list[dict]) -> frozenset[str]:
    """The pieces a decision moves: on its ``origin``, and the actor's own where pieces have
    owners (an open actor may move any)."""
    origins = {(r["choice"].origin, r["choice"].actor, r["open_actor"]) for r in rows
               if r["choice"].origin}
    return frozenset(p.id for p in drawing.pieces
                     if any(p.space == origin and (not p.owner or open_actor or p.owner == actor)
                            for origin, actor, open_actor in origins))
