"""What each kind of study is made of: its parts, what one part computes, and how the parts'
results make the study's result.

A sweep of one match is a chain of parts, each a stretch of the log: merging equal states
needs every distinct state at each seq together, so the stretches go one after another, each
starting from the frontier the one before stored. Impact and archive-wide studies are groups
of independent parts (simulated matches under one option; one recorded match each) that any
number of workers take at once.
"""

from __future__ import annotations

import itertools
import statistics
from collections.abc import Callable
from typing import Any

import games
from games.agents import AGENTS, DEFAULT_BUDGET, Stopped, play_match, seats_for
from games.agents.evaluation import NoEvaluation, evaluation_for
from games.core.impact import DEFAULT_MAX_EVENTS, measure_match, summarise
from games.core.influence import influence
from games.core.replay import collect_corrections, effective_events
from games.core.sweep import Frontier as SweepFrontier
from games.core.sweep import (
    SweepTooLarge,
    advance,
    finish,
    start,
    sweep,
)
from replay.log.errors import LogError
from replay.models import Event, Match
from studies.measures import differences, measures_of
from studies.models import StudyPart
from studies.statistics import wilson
from trust.reader import verified_events

SWEEP_STRETCH = 1000  # events per part of a sweep
CANCEL_CHECK_EVERY = 200  # events between two looks at whether a sweep was cancelled
IMPACT_CHUNK = 10  # simulated matches per part of an impact study
SEARCH_CHUNK = 1  # matches per part when ``mcts`` plays them (a part stays short)
BOTS = "bots"  # the game's simulator (engine.simulate: greedy agents in its own seats)
PLAYERS = (BOTS, *AGENTS)

Stop = Callable[[], bool]


class StudyError(LogError):
    code = "study_error"


class Cancelled(Exception):
    """The study was cancelled while this part ran: its result is not kept."""


def engine_of(slug: str):
    engine = games.find(slug)
    if engine is None:
        raise StudyError(f"{slug} has no rule engine yet", field="game")
    return engine


def _corrections(match_id: int, log_seq: int) -> dict[int, dict]:
    rows = Event.objects.filter(match_id=match_id, type="correction", seq__lte=log_seq) \
        .order_by("seq").values("seq", "type", "actor", "data")
    return collect_corrections(rows)


# -- sweep of one match ----------------------------------------------------------------------


class SweepPlan:
    chained = True

    def parts(self, parameters: dict) -> list[dict]:
        last = parameters["log_seq"]
        edges = list(range(0, last, SWEEP_STRETCH)) + [last]
        if len(edges) == 1:
            edges = [0, 0]
        return [{"after": a, "upto": b} for a, b in itertools.pairwise(edges)]

    def compute(self, study, payload: dict, previous: dict | None, stop: Stop) -> dict:
        engine = engine_of(study.engine)
        match = Match.objects.get(pk=study.match_id)
        parameters = study.parameters
        if previous is None:
            frontier = start(engine, players=match.players, setup=match.setup,
                             points=parameters["points"])
        else:
            frontier = SweepFrontier.from_dict(previous["frontier"])
        events = list(verified_events(match.pk, after_seq=payload["after"],
                                        up_to_seq=payload["upto"]))
        stream = list(effective_events(events, _corrections(match.pk, parameters["log_seq"])))
        try:
            for begin in range(0, len(stream), CANCEL_CHECK_EVERY):
                if stop():
                    raise Cancelled
                frontier = advance(engine, frontier, stream[begin:begin + CANCEL_CHECK_EVERY])
        except SweepTooLarge as error:
            raise StudyError(str(error), field="points") from None
        if payload["upto"] < parameters["log_seq"]:
            return {"frontier": frontier.as_dict()}
        result = finish(engine, frontier)
        return {"sweep": result.as_dict(), "influence": influence(result).as_dict()}

    def gather(self, study, results: list[dict]) -> dict:
        return results[-1]


# -- impact of a point over simulated matches ----------------------------------------------


class ImpactPlan:
    """``matches`` simulated matches under each option, in chunks. With ``until_width`` the
    study stops once it can: the chunks go in rounds (one chunk of every option), and the
    study keeps the fewest rounds after which every reading's 95% intervals (matches that
    end, each seat's wins) are at most that wide, ``matches`` being the cap. Which rounds
    count is decided in their order, so the result is the same however workers share them;
    a part whose earlier rounds already sufficed computes nothing."""

    chained = False

    def parts(self, parameters: dict) -> list[dict]:
        engine = engine_of(parameters["game"])
        first = parameters["first_seed"]
        last = first + parameters["matches"]
        chunk = SEARCH_CHUNK if parameters.get("agent") == "mcts" else IMPACT_CHUNK
        options = engine.point(parameters["point"]).option_ids
        if parameters.get("until_width") is None:
            return [{"option": option, "seeds": [seed, min(seed + chunk, last)]}
                    for option in options for seed in range(first, last, chunk)]
        return [{"option": option, "seeds": [seed, min(seed + chunk, last)], "round": number}
                for number, seed in enumerate(range(first, last, chunk)) for option in options]

    def compute(self, study, payload: dict, previous: dict | None, stop: Stop) -> dict:
        engine = engine_of(study.engine)
        parameters = study.parameters
        if "round" in payload and _earlier_rounds_suffice(study, payload["round"]):
            return {"round": payload["round"], "matches": [], "skipped": True}
        evaluation = _evaluation(engine)
        measured = []
        for seed in range(*payload["seeds"]):
            if stop():
                raise Cancelled
            try:
                document = played(engine, parameters, option=payload["option"], seed=seed,
                                  stop=stop)
            except Stopped:
                raise Cancelled from None
            measured.append({"seed": seed, **measure_match(
                engine, point_id=parameters["point"], played_under=payload["option"],
                document=document, evaluation=evaluation)})
        return {"matches": measured, **({"round": payload["round"]} if "round" in payload
                                        else {})}

    def gather(self, study, results: list[dict]) -> dict:
        engine = engine_of(study.engine)
        point = engine.point(study.parameters["point"])
        until = None
        if study.parameters.get("until_width") is not None:
            results, until = _rounds_kept(results, study.parameters["until_width"])
        matches = [m for result in results for m in result["matches"]]
        rows = summarise(point.option_ids, point.default, matches)
        default = next(row for row in rows if row["default"])
        return {
            "point": point.id,
            "options": rows,
            "measures": {row["option"]: measures_of(row) for row in rows},
            "differences": [{"base": default["option"], "option": row["option"],
                             "measures": differences(default, row)}
                            for row in rows if not row["default"]],
            "simulated_matches": len(matches),
            "simulated_events": sum(m["events"] for m in matches),
            **({"until": until} if until is not None else {}),
        }


def widest_interval(matches: list[dict]) -> float | None:
    """The widest 95% interval among the readings' shares of matches that end and their
    seats' shares of wins, over these measured matches (None before any)."""
    by_option: dict[str, list[dict]] = {}
    for match in matches:
        by_option.setdefault(match["played_under"], []).append(match)
    widths = []
    for played_under in by_option.values():
        total = len(played_under)
        rates = [wilson(sum(1 for m in played_under if m["outcome"].get("finished")), total)]
        seats = max(m["players"] for m in played_under)
        rates += [wilson(sum(1 for m in played_under if seat in m["winning_seats"]), total)
                  for seat in range(1, seats + 1)]
        widths += [rate.high - rate.low for rate in rates
                   if rate.high is not None and rate.low is not None]
    return max(widths) if widths else None


def _rounds_kept(results: list[dict], width: float) -> tuple[list[dict], dict]:
    """The parts of the fewest whole rounds after which every interval is at most ``width``
    (every round when none suffices), and what the study says of it."""
    rounds: dict[int, list[dict]] = {}
    for result in results:
        rounds.setdefault(result["round"], []).append(result)
    kept: list[dict] = []
    widest = None
    for number in sorted(rounds):
        if any(result.get("skipped") for result in rounds[number]):
            break  # only ever after rounds that sufficed
        kept += rounds[number]
        widest = widest_interval([m for result in kept for m in result["matches"]])
        if widest is not None and widest <= width:
            break
    reached = widest is not None and widest <= width
    return kept, {"width": width, "reached": reached, "widest": widest,
                  "rounds": len({result["round"] for result in kept})}


def _earlier_rounds_suffice(study, number: int) -> bool:
    """Whether the rounds before ``number`` are all computed and some prefix of them already
    makes every interval narrow enough (so this round would not count)."""
    if number == 0:
        return False
    earlier = [part for part in study.parts.order_by("index")
               if part.payload.get("round", number) < number]
    if any(part.status != StudyPart.DONE for part in earlier):
        return False
    _, until = _rounds_kept([part.result for part in earlier], study.parameters["until_width"])
    return until["reached"]


def played(engine, parameters: dict, *, option: str, seed: int,
           stop: Stop | None = None) -> dict:
    """The record of one match of an impact study under ``option``: played by the game's
    bots, or by the study's agent in every seat (``stop`` asked between its decisions)."""
    reading = engine.interpretation({parameters["point"]: option})
    agent = parameters.get("agent", BOTS)
    if agent == BOTS:
        return engine.simulate(seed=seed, max_events=parameters["max_events"],
                               interpretation=reading)
    players = seats_for(engine, parameters.get("players"))
    return play_match(engine, agents={p["id"]: agent for p in players}, seed=seed,
                      players=players, reading=reading, budget=parameters.get("budget"),
                      max_events=parameters["max_events"], stop=stop).document


def _evaluation(engine):
    try:
        return evaluation_for(engine)
    except NoEvaluation:
        return None


# -- every recorded match of a game ----------------------------------------------------------


class ArchivePlan:
    chained = False

    def parts(self, parameters: dict) -> list[dict]:
        return [{"match": entry["id"], "log_seq": entry["log_seq"]}
                for entry in parameters["matches"]]

    def compute(self, study, payload: dict, previous: dict | None, stop: Stop) -> dict:
        if stop():
            raise Cancelled
        engine = engine_of(study.engine)
        match = Match.objects.get(pk=payload["match"])
        summary: dict[str, Any] = {"match": match.pk, "title": match.title,
                                   "events": payload["log_seq"]}
        try:
            result = sweep(engine, players=match.players, setup=match.setup,
                           events=list(verified_events(match.pk,
                                                       up_to_seq=payload["log_seq"])),
                           points=study.parameters["points"])
        except SweepTooLarge as error:
            return {**summary, "error": str(error)}
        found = influence(result)
        names = {p["id"]: p.get("name") or p["id"] for p in match.players}
        return {
            **summary,
            "combinations": result.combinations,
            "lines": result.lines,
            "events_applied": result.events_applied,
            "consulted": result.points,
            "winner": names.get(found.default_outcome.get("winner")),
            "influence": found.as_dict(),
            "classes": [{"outcome": c["outcome"], "combinations": c["combinations"],
                         "winner": names.get(c["outcome"].get("winner"))}
                        for c in result.outcome_classes()],
        }

    def gather(self, study, results: list[dict]) -> dict:
        swept = [r for r in results if "error" not in r]
        by_option: dict[tuple[str, str], dict] = {}
        for entry in swept:
            consulted = set(entry["consulted"])
            for alone in entry["influence"]["alone"]:
                key = (alone["point"], alone["option"])
                row = by_option.setdefault(key, {
                    "point": key[0], "option": key[1], "matches_consulting": 0,
                    "outcome_changed": 0, "diverged": 0, "violations_change": 0,
                    "divergences": [], "changed_matches": []})
                row["matches_consulting"] += 1 if key[0] in consulted else 0
                if alone["outcome_changed"]:
                    row["outcome_changed"] += 1
                    row["changed_matches"].append(entry["match"])
                if alone["first_divergence"] is not None:
                    row["diverged"] += 1
                    row["divergences"].append(alone["first_divergence"])
                row["violations_change"] += alone["violations_change"]
        points = []
        for row in by_option.values():
            divergences = row.pop("divergences")
            row["median_first_divergence"] = statistics.median(divergences) if divergences \
                else None
            # The effect: the share of the matches consulting the point whose outcome this
            # option alone changes, with its interval; ranked by what the interval is sure of.
            row["changes"] = wilson(row["outcome_changed"], row["matches_consulting"]).as_dict()
            points.append(row)
        points.sort(key=lambda r: (-(r["changes"]["low"] or 0), -(r["changes"]["share"] or 0),
                                   -r["diverged"], r["point"], r["option"]))
        pairs: dict[tuple, dict] = {}
        for entry in swept:
            for found in entry["influence"]["interactions"]:
                key = (*found["points"], *found["options"])
                pairs.setdefault(key, {"points": found["points"], "options": found["options"],
                                       "matches": []})["matches"].append(entry["match"])
        return {
            "points": points,
            "interactions": sorted(pairs.values(), key=lambda p: -len(p["matches"])),
            "matches": results,
            "swept": len(swept),
            "combinations": sum(r["combinations"] for r in swept),
            "lines": sum(r["lines"] for r in swept),
        }


PLANS: dict[str, SweepPlan | ImpactPlan | ArchivePlan] = {
    "sweep": SweepPlan(), "impact": ImpactPlan(), "archive": ArchivePlan()}


def impact_work(parameters: dict, options: int) -> int:
    """What an impact study asks of the machine, in decisions times playouts: matches ×
    options × playouts a decision (one for an agent that plays none) × events a match."""
    return (parameters["matches"] * options * parameters.get("budget", 1)
            * parameters["max_events"])


def impact_parameters(*, point: str, matches: int, game: str, agent: str,
                      budget: int | None = None, players: int | None = None,
                      until_width: float | None = None) -> dict:
    """What an impact study reads, all of it in its fingerprint: who plays (an agent, with
    its budget of playouts for ``mcts``, and how many seats; or the game's bots), and, when
    it stops once its intervals are narrow enough, how narrow (``until_width``, a share:
    ``matches`` is then its cap)."""
    parameters = {"game": game, "point": point, "matches": matches, "first_seed": 1,
                  "max_events": DEFAULT_MAX_EVENTS, "agent": agent}
    if until_width is not None:
        parameters["until_width"] = until_width
    if agent != BOTS:
        parameters["players"] = len(seats_for(engine_of(game), players))
    if agent == "mcts":
        parameters["budget"] = budget or DEFAULT_BUDGET
    return parameters
