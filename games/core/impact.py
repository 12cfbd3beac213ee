"""The impact of one interpretation point over simulated matches.

Matches for an option are played under that option (agents, or the game's bots, choose among
the legal events of that reading), so the figures of each option compare like with like: who
wins, how often a match ends, how long it lasts, how soon its winner is clear. Each record is
then replayed under the point's other options, and what those readings make of it is counted
apart: how many outcomes change, and how many of its events they call violations (a record
legal under one reading may break another; that says something about the rule, not about the
players).
"""

from __future__ import annotations

import statistics
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Protocol

from games.core.engine import Engine
from games.core.points import Interpretation
from games.core.replay import collect_corrections, effective_events

DEFAULT_MAX_EVENTS = 2000


class Judge(Protocol):
    """A game's evaluation as agents read it (``games.agents.evaluation.BoundEvaluation``)."""

    def standings(self, state: Mapping[str, Any], seats: Sequence[str],
                  reading: Interpretation | None = None) -> dict[str, float]: ...

    def winners(self, state: Mapping[str, Any]) -> frozenset[str]: ...


def measure_match(
    engine: Engine, *, point_id: str, played_under: str, document: Mapping[str, Any],
    evaluation: Judge | None = None,
) -> dict[str, Any]:
    """Replay a match played under ``played_under`` under every option of the point (every
    other point at its default), and measure it as the reading it was played under makes
    it: its length in events and rounds, the choices its players had, how often it consulted
    the point and, with the game's ``evaluation`` (``games.agents.evaluation``), how early
    its winner was clear."""
    point = engine.point(point_id)
    readings = {option: engine.interpretation({point_id: option}) for option in point.option_ids}
    events = document["events"]
    players = [p["id"] for p in document["players"]]
    states = {option: engine.initial_state(document["players"], document.get("setup", {}))
              for option in point.option_ids}
    violations: Counter[str] = Counter()
    consultations = 0
    diverged: dict[str, int] = {}
    offered: list[int] = []
    goes = 0
    last_actor = object()
    leaders: list[frozenset[str]] = []
    for event in effective_events(events, collect_corrections(events)):
        actor = event.get("actor")
        own_before = states[played_under]
        if actor in players:
            choices = engine.legal_events(own_before, readings[played_under], actor)
            if any(not choice.chance for choice in choices):
                offered.append(len(choices))
        if actor != last_actor:
            goes += 1
            last_actor = actor
        for option, interpretation in readings.items():
            step = engine.apply(states[option], event, interpretation)
            states[option] = step.state
            violations[option] += sum(1 for f in step.flags if f.kind == "violation")
            if option == played_under:
                consultations += sum(1 for f in step.flags
                                     if f.kind == "consulted" and f.point == point_id)
        own = states[played_under]
        if evaluation is not None:
            leaders.append(_leading(evaluation.standings(own, players,
                                                         readings[played_under])))
        for option in point.option_ids:
            if option not in diverged and states[option] != own:
                diverged[option] = event["seq"]
    outcome = engine.outcome(states[played_under]).as_dict()
    names = {p["id"]: p.get("name") or p["id"] for p in document["players"]}
    seats = {p["id"]: index + 1 for index, p in enumerate(document["players"])}
    winner = outcome.get("winner")
    won = evaluation.winners(states[played_under]) if evaluation is not None else (
        frozenset({winner}) if winner else frozenset())
    return {
        "played_under": played_under,
        "events": len(events),
        "rounds": round(goes / len(players), 2) if players else 0,
        "players": len(players),
        "outcome": outcome,
        "winner_name": names.get(winner, winner) if winner else None,
        "winner_seat": seats.get(winner) if winner else None,
        "winning_seats": sorted(seats[seat] for seat in won if seat in seats),
        "violations": violations[played_under],
        "consultations": consultations,
        "offered": round(sum(offered) / len(offered), 3) if offered else None,
        "clear_after": _clear_after(leaders, won) if outcome.get("finished") else None,
        "readings": {
            option: {
                "outcome_changed": engine.outcome(states[option]).as_dict() != outcome,
                "violations": violations[option],
                "first_divergence": diverged.get(option),
            }
            for option in point.option_ids if option != played_under
        },
    }


def _leading(standings: Mapping[str, float]) -> frozenset[str]:
    best = max(standings.values(), default=None)
    leading = frozenset(seat for seat, value in standings.items() if value == best)
    return leading if len(leading) < len(standings) else frozenset()


def _clear_after(leaders: list[frozenset[str]], won: frozenset[str]) -> float | None:
    """The share of the match played before its winner (or winning side) led by the game's
    evaluation for good: 0 when it led from the first event, near 1 when only the last one
    settled it. None without an evaluation or a winner."""
    if not leaders or not won:
        return None
    settled = len(leaders)
    while settled > 0 and leaders[settled - 1] and leaders[settled - 1] <= won:
        settled -= 1
    return round(settled / len(leaders), 4)


def summarise(
    options: Iterable[str], default: str, matches: Iterable[Mapping[str, Any]]
) -> list[dict[str, Any]]:
    """One row per option: its own matches' figures, then what the other readings make of
    them (outcome changes and violations, counted apart). ``samples`` keeps what the
    measures are computed from: per seat, the matches it sat in and won; per finished
    match, its length in events and rounds and how early its winner was clear; per match,
    the mean number of choices its players had."""
    rows: dict[str, dict[str, Any]] = {option: {"option": option, "default": option == default, "matches": 0,
                     "events": 0, "finished": 0, "violations": 0,
                     "wins_by_player": Counter(), "wins_by_seat": Counter(),
                     "matches_consulting": 0, "consultations": 0,
                     "other_readings": {},
                     "samples": {"seated": Counter(), "won": Counter(), "events": [],
                                 "rounds": [], "clear_after": [], "offered": []}}
            for option in options}
    divergences: dict[tuple[str, str], list[int]] = {}
    for match in matches:
        row = rows[match["played_under"]]
        row["matches"] += 1
        row["events"] += match["events"]
        row["violations"] += match["violations"]
        row["finished"] += 1 if match["outcome"].get("finished") else 0
        if match["winner_name"]:
            row["wins_by_player"][match["winner_name"]] += 1
            row["wins_by_seat"][f"seat {match['winner_seat']}"] += 1
        row["consultations"] += match["consultations"]
        row["matches_consulting"] += 1 if match["consultations"] else 0
        samples = row["samples"]
        samples["seated"].update(range(1, match["players"] + 1))
        samples["won"].update(match["winning_seats"])
        if match["outcome"].get("finished"):
            samples["events"].append(match["events"])
            samples["rounds"].append(match["rounds"])
        if match["clear_after"] is not None:
            samples["clear_after"].append(match["clear_after"])
        if match["offered"] is not None:
            samples["offered"].append(match["offered"])
        for other, seen in match["readings"].items():
            entry = row["other_readings"].setdefault(other, {
                "option": other, "outcome_changed": 0, "matches_with_violations": 0,
                "violations": 0, "median_first_divergence": None})
            entry["outcome_changed"] += 1 if seen["outcome_changed"] else 0
            entry["violations"] += seen["violations"]
            entry["matches_with_violations"] += 1 if seen["violations"] else 0
            if seen["first_divergence"] is not None:
                divergences.setdefault((match["played_under"], other), []).append(
                    seen["first_divergence"])
    listed = []
    for option, row in rows.items():
        count = row["matches"]
        for other, entry in row["other_readings"].items():
            found = divergences.get((option, other))
            entry["median_first_divergence"] = statistics.median(found) if found else None
        listed.append({
            **row,
            "mean_length": round(row["events"] / count, 1) if count else 0,
            "wins_by_player": dict(sorted(row["wins_by_player"].items())),
            "wins_by_seat": dict(sorted(row["wins_by_seat"].items())),
            "samples": {**row["samples"],
                        "seated": {str(k): v for k, v in sorted(row["samples"]["seated"].items())},
                        "won": {str(k): v for k, v in sorted(row["samples"]["won"].items())}},
            "other_readings": [row["other_readings"][o] for o in rows
                               if o in row["other_readings"]],
        })
    return listed
