"""The rules editor: a curator writes a game's rules document in the browser, checks it (the
problems with their line and path, or the board drawn from it and a simulated match to step
through), saves it as the game's draft, and publishes it after seeing which stored matches and
steps the new version changes. Here rather than in ``archive`` because it draws boards and
replays matches; every write goes through ``archive.rules_documents``."""

from __future__ import annotations

from dataclasses import dataclass

from django.http import Http404
from django.shortcuts import get_object_or_404, redirect
from django.views.decorators.http import require_http_methods, require_POST

from archive.errors import ArchiveError
from archive.models import Game, RulesDocument
from archive.rules_documents import (
    RulesProblems,
    latest_published,
    open_draft,
    rules_check,
    rules_draft_save,
    rules_publish,
    rules_versions,
)
from games.rules.engine import RulesEngine
from replay.reading.boards import draw_board
from replay.runs.changes import rules_changes
from web.jinja import render_fragment
from web.pages import curator_only, page


def first_document(game: Game) -> str:
    """What the editor starts from for a game with no rules document yet (the reference's
    skeleton: docs/rules-reference.md)."""
    return (f"format: ludoteca.rules/1\ngame: {game.slug}\nname: {game.title}\n"
            "players: {min: 2, max: 2}\n")


@dataclass(frozen=True)
class SampleStep:
    seq: int
    summary: str


def _sample_steps(engine: RulesEngine, sample: dict, step: int
                  ) -> tuple[list[SampleStep], str, bool]:
    """The simulated match's events in words, the board after ``step`` (0: the start), and
    whether the match finished."""
    state = engine.initial_state(sample["players"], sample.get("setup", {}))
    reading = engine.interpretation()
    shown_before, shown = None, state
    steps = []
    for event in sample["events"]:
        applied = engine.apply(state, event, reading)
        steps.append(SampleStep(event["seq"], applied.summary))
        if event["seq"] == step:
            shown_before, shown = state, applied.state
        state = applied.state
    before = engine.pieces(shown_before) if shown_before is not None else None
    drawing = draw_board(engine.layout(shown), engine.pieces(shown), sample["players"],
                         before=before)
    board = render_fragment("replay/board.html", drawing=drawing, board_id="rules-board",
                            with_frame=False,
                            board_title=f"The board after step {step}" if step else
                            "The board at the start")
    return steps, board, engine.finished(state)


def _check_context(game: Game, text: str, step: int) -> dict:
    found = rules_check(game=game, text=text, sample=True)
    context: dict = {"game": game, "check": found, "step": step}
    if found.ok and found.engine is not None and found.sample is not None:
        sample = found.sample
        step = max(0, min(step, len(sample["events"])))
        steps, board, finished = _sample_steps(found.engine, sample, step)
        context.update(step=step, steps=steps, board=board, last=len(steps),
                       finished=finished, points=found.engine.points)
    return context


def _posted_step(request) -> int:
    try:
        return max(0, int(request.POST.get("step", "0")))
    except ValueError:
        return 0


@curator_only
@require_http_methods(["GET", "POST"])
def rules_editor(request, slug: str):
    """The editor: the open draft, else the latest published version, else a skeleton;
    POST saves the text as the game's draft (nothing stored if it has problems)."""
    game = get_object_or_404(Game, slug=slug)
    draft = open_draft(game)
    current = draft or latest_published(game)
    context = {"game": game, "draft": draft, "versions": rules_versions(game),
               "text": current.text if current is not None else first_document(game)}
    status = 200
    if request.method == "POST":
        text = request.POST.get("text", "")
        context["text"] = text
        try:
            saved = rules_draft_save(game=game, text=text, created_by=request.user,
                                     change_note=request.POST.get("change_note", ""))
        except RulesProblems as error:
            context["refused"] = error.problems
            status = 400
        except ArchiveError as error:
            context["error"] = error.message
            status = 400
        else:
            return redirect("rules-publish", slug=game.slug, version=saved.version)
    return page(request, "replay/rules_editor.html", context, status=status)


@curator_only
@require_POST
def rules_editor_check(request, slug: str):
    """Check the posted text (htmx: the result fragment only); nothing is stored."""
    game = get_object_or_404(Game, slug=slug)
    text = request.POST.get("text", "")
    context = {**_check_context(game, text, _posted_step(request)), "text": text,
               "versions": rules_versions(game), "draft": open_draft(game)}
    return page(request, "replay/rules_editor.html", context, fragment="check-result")


@curator_only
@require_http_methods(["GET", "POST"])
def rules_publish_page(request, slug: str, version: int):
    """A draft before publishing: what it changes in stored matches, then Publish."""
    document = get_object_or_404(RulesDocument.objects.select_related("game"),
                                 game__slug=slug, version=version)
    if request.method == "POST":
        if document.state != RulesDocument.DRAFT:
            raise Http404("only a draft is published")
        try:
            rules_publish(document=document, published_by=request.user)
        except ArchiveError as error:
            return page(request, "replay/rules_publish.html",
                        {"document": document, "game": document.game,
                         "error": error.message}, status=400)
        return redirect("game-detail", slug=slug)
    changes = rules_changes(document=document) if document.state == RulesDocument.DRAFT else []
    return page(request, "replay/rules_publish.html", {
        "document": document, "game": document.game,
        "changed": [c for c in changes if c.changed],
        "unchanged": [c for c in changes if not c.changed],
    })
