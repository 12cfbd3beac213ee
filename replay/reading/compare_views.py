"""The compare page: two runs of a match (or of two lines of play) side by side, the first
divergence and the points that caused it."""

from __future__ import annotations

from dataclasses import dataclass, replace
from urllib.parse import urlencode

from django.urls import reverse
from django.views.decorators.http import require_safe

from replay.log.engines import engine_or_none
from replay.log.errors import LogError
from replay.models import ReplayRun
from replay.reading import selectors, step_cache, steps
from replay.reading.match_views import broken_log_is_409, visible_match_or_404
from replay.reading.readings import (
    PointRead,
    ReadingWords,
    flag_rows,
    points_read_differently,
    question_of,
    reading_words,
)
from replay.runs.comparisons import same_moves
from replay.runs.replaying import game_head
from replay.variations.lines import line_matches
from trust.errors import BrokenChain
from web.pages import bad_parameter_is_400, page
from web.params import whole_number
from web.words import outcome_in_words


@dataclass(frozen=True)
class SharedReading:
    """What two readings have in common and what each reads on its own: the compare page
    gives the answer first and folds what both share, written once."""

    shared: tuple[PointRead, ...]
    own_a: ReadingWords
    own_b: ReadingWords


def shared_reading(words_a: ReadingWords, words_b: ReadingWords) -> SharedReading:
    """The points both readings read alike (their departures from the default and their
    conjectures), and each reading with only what it does not share."""
    def read(words):
        return [*words.departures, *words.conjectures]

    in_b = {(r.point, r.option) for r in read(words_b)}
    in_a = {(r.point, r.option) for r in read(words_a)}
    shared = tuple(r for r in read(words_a) if (r.point, r.option) in in_b)

    def own(words, other):
        return replace(
            words,
            departures=tuple(r for r in words.departures if (r.point, r.option) not in other),
            conjectures=tuple(r for r in words.conjectures if (r.point, r.option) not in other))

    return SharedReading(shared=shared, own_a=own(words_a, in_b), own_b=own(words_b, in_a))


@dataclass(frozen=True)
class DivergentStep:
    legal: bool
    summary: str


@dataclass(frozen=True)
class DivergenceAnswer:
    """Where two runs first differ and what differs there: each run's step in words (None
    past a run's end), and whether the runs disagree on its legality, the state it leaves
    or its words."""

    seq: int
    step_a: DivergentStep | None
    step_b: DivergentStep | None
    legality: bool
    state: bool
    summary: bool


@dataclass(frozen=True)
class ComparedRun:
    """A finished run as the compare page names it: its reading in words, and (for the two
    compared) the name of its side."""

    run: ReplayRun
    words: ReadingWords
    side_name: str = ""


def _missing_runs(match, engine, runs, side_a, side_b) -> dict:
    """What a comparison lacks and a curator can start: the run of a reading on the log as
    it is now (when one of two runs of this match was made before later moves were recorded),
    or a second reading when there is only one run."""
    stale = []
    if (side_a is not None and side_b is not None
            and side_a.run.match_id == side_b.run.match_id
            and not same_moves(side_a.run, side_b.run)):
        heads = {side.run.pk: game_head(match=match, upto=side.run.log_seq)
                 for side in (side_a, side_b)}
        stale = [min(side_a, side_b, key=lambda side: heads[side.run.pk][0])]
    alternatives = []
    if engine is not None and len(runs) < 2:
        for point in engine.points:
            for option in point.options:
                if option.id != point.default:
                    alternatives.append({"point": point, "question": question_of(point),
                                         "option": option})
    return {"stale": [{"run": side.run, "reading": side.words.label,
                       "choices": side.run.interpretation} for side in stale],
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


def _named_sides(side_a: ComparedRun, side_b: ComparedRun, match) -> tuple[ComparedRun, ...]:
    """Each side with its name: its reading, or its line of play when the two runs replay two
    lines (with the reading too when the lines are also read differently)."""
    lines = side_a.run.match_id != side_b.run.match_id
    same_reading = side_a.run.interpretation == side_b.run.interpretation
    return tuple(
        replace(side, side_name=_line_name(side.run, match) + (
            "" if same_reading else f", read as {side.words.short}") if lines
            else side.words.short)
        for side in (side_a, side_b))


@require_safe
@bad_parameter_is_400
@broken_log_is_409
def compare(request, match_id: int):
    match = visible_match_or_404(request, match_id)
    engine = engine_or_none(match)
    # This match's runs, and those of its line of play (parents and variations) it may see.
    line = line_matches(match=match, visible=selectors.visible_matches(user=request.user))
    runs = [ComparedRun(run=run, words=reading_words(engine, run.interpretation))
            for run in selectors.finished_runs_of_line(line=line)]
    by_pk = {str(side.run.pk): side for side in runs}
    side_a, side_b = by_pk.get(request.GET.get("a", "")), by_pk.get(request.GET.get("b", ""))
    run_a = side_a.run if side_a else None
    run_b = side_b.run if side_b else None
    lines = run_a is not None and run_b is not None and run_a.match_id != run_b.match_id
    context = {"match": match, "runs": runs, "run_a": run_a, "run_b": run_b, "error": "",
               "lines": lines,
               "missing": _missing_runs(match, engine, runs, side_a, side_b)}
    if side_a and side_b and not context["missing"]["stale"]:
        side_a, side_b = _named_sides(side_a, side_b, match)
        run_a, run_b = side_a.run, side_b.run
        context.update({"side_a": side_a, "side_b": side_b})
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
            both = steps.side_by_side(run_a=run_a, run_b=run_b, seq=seq)
            a = {"step": both.step_a} if seq <= run_a.progress else None
            b = {"step": both.step_b} if seq <= run_b.progress else None
            base = {"a": run_a.pk, "b": run_b.pk}

            def url(s):
                return reverse("compare", args=[match.pk]) + "?" + urlencode({**base, "seq": s})

            differing = [{**row, "cause": row["point"] in comparison.causes}
                         for row in points_read_differently(engine, run_a.interpretation,
                                                            run_b.interpretation)]
            # The points that make the runs diverge first: the answer's "which point".
            differing.sort(key=lambda row: not row["cause"])
            answer = None
            first = comparison.first_divergence
            if first is not None:
                found = comparison.differences or {}
                step_a, step_b = (DivergentStep(*step) if step else None
                                  for step in comparison.steps_at_divergence)
                answer = DivergenceAnswer(
                    seq=first, step_a=step_a, step_b=step_b,
                    legality=bool(found.get("legality")), state=bool(found.get("state")),
                    summary=bool(found.get("summary")))
            names = {p["id"]: p.get("name") or p["id"] for p in match.players}
            outcome_a = outcome_in_words(comparison.outcome_a, names)
            outcome_b = dict(outcome_in_words(comparison.outcome_b, names))
            context.update({
                "comparison": comparison,
                "answer": answer,
                "reading": shared_reading(side_a.words, side_b.words),
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
