"""A stored study's result in the words of the game, for pages and the command: points by
their question, winners by player name, rows that link to the replay of their reading."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from urllib.parse import urlencode

from django.urls import reverse

import games
from boundary import whole_number_text
from games.agents.duel import duel_reading
from games.core.sweep import SweepResult
from replay.reading.readings import reading_words
from studies.models import Study
from studies.statistics import figure, matches_needed


def outcome_label(outcome: Mapping | None, name: Callable[[str], str]) -> str:
    if not outcome:
        return "no outcome"
    if outcome.get("winner"):
        return f"{name(outcome['winner'])} wins"
    return "finished, no winner" if outcome.get("finished") else "unfinished"


def point_words(engine, point_id: str) -> dict:
    """A point as a page shows it: its question, and each option's description."""
    try:
        point = engine.point(point_id)
    except KeyError:  # a point an older engine version had
        return {"id": point_id, "question": point_id, "options": {}, "default": None}
    return {"id": point.id, "question": point.question, "default": point.default,
            "options": {o.id: o.description for o in point.options}}


def reading_url(match_id: int, choices: Mapping[str, str]) -> str:
    """The page of the replay of ``match_id`` under these options (a page that reads: it
    finds the run, or offers a curator to start it)."""
    url = reverse("study-reading", args=[match_id])
    return url + ("?" + urlencode(sorted(choices.items())) if choices else "")


def bars(rows: Sequence[tuple[str, float]], *, title: str) -> dict:
    """A horizontal bar chart drawn inline as SVG; its viewBox lets it shrink to a phone."""
    width, bar, gap, label_width = 360, 20, 6, 150
    top = max((value for _, value in rows), default=0) or 1
    usable = width - label_width - 50
    drawn = [{"label": label, "value": value, "y": i * (bar + gap),
              "w": round(usable * value / top, 1), "ty": i * (bar + gap) + bar * 0.7}
             for i, (label, value) in enumerate(rows)]
    return {"title": title, "bars": drawn, "width": width,
            "height": max(1, len(rows)) * (bar + gap), "bar": bar, "label_width": label_width,
            "vx": label_width + 4}


def intervals(rows: Sequence[dict], *, title: str, top: float | None = None,
              percent: bool = False) -> dict:
    """A chart of estimates with their intervals, one row each (``label``, ``estimate``,
    ``low``, ``high``): a line from low to high and a dot at the estimate, drawn as SVG whose
    viewBox lets it shrink to a phone. ``top`` is the right end of the scale (1 for shares)."""
    width, row, label_width, right = 360, 22, 120, 44
    drawn_rows = [r for r in rows if r.get("estimate") is not None]
    top = top or max((r["high"] if r.get("high") is not None else r["estimate"]
                      for r in drawn_rows), default=0) or 1
    usable = width - label_width - right

    def x(value):
        return round(label_width + usable * min(max(value, 0), top) / top, 1)

    def said(value):
        return f"{value * 100:.0f}%" if percent else f"{value:.3g}"

    drawn = []
    for i, r in enumerate(drawn_rows):
        low = r["low"] if r.get("low") is not None else r["estimate"]
        high = r["high"] if r.get("high") is not None else r["estimate"]
        drawn.append({"label": r["label"], "y": i * row + row / 2, "ty": i * row + row * 0.7,
                      "x": x(r["estimate"]), "x1": x(low), "x2": x(high),
                      "value": figure(r["estimate"], low, high, percent=percent).split(" (")[0],
                      "title": f"{r['label']}: "
                               f"{figure(r['estimate'], low, high, percent=percent)}"})
    return {"title": title, "rows": drawn, "width": width,
            "height": max(1, len(drawn)) * row + 16, "label_width": label_width,
            "axis_y": max(1, len(drawn)) * row + 12, "axis_x2": label_width + usable,
            "vx": label_width + usable + 4, "low_label": said(0), "top_label": said(top)}


# -- sortable tables ----------------------------------------------------------------------------


def sort_rows(rows: list[dict], *, request, columns: Mapping[str, str], default: str,
              page_size: int | None = None, param: str = "sort") -> dict:
    """Rows sorted by the column named in ``?sort=`` (``-name`` for descending; ``param``
    names the parameter when a page has two tables), with the header links that sort by
    each column, and one page of them when ``page_size`` is set."""
    wanted = request.GET.get(param, default)
    key = wanted.lstrip("-")
    if key not in columns:
        wanted, key = default, default.lstrip("-")
    descending = wanted.startswith("-")
    rows = sorted(rows, key=lambda row: _sortable(row.get(key)), reverse=descending)
    headers = []
    for name, words in columns.items():
        flipped = f"-{name}" if wanted == name else name
        query = request.GET.copy()
        query[param] = flipped
        query.pop("page", None)
        headers.append({"name": name, "words": words, "url": "?" + query.urlencode(),
                        "sorted": "descending" if wanted == f"-{name}" else
                        "ascending" if wanted == name else None})
    context = {"rows": rows, "headers": headers, "total": len(rows)}
    if page_size:
        page = max(1, whole_number_text(request.GET.get("page", "1")) or 1)
        pages = max(1, -(-len(rows) // page_size))
        page = min(page, pages)
        context.update(rows=rows[(page - 1) * page_size: page * page_size], page=page,
                       pages=pages, page_urls=_page_urls(request, page, pages))
    return context


def _sortable(value):
    # None sorts last in either direction's natural reading: first of all when descending.
    if value is None:
        return (1, "")
    return (0, value if isinstance(value, (int, float)) else str(value).casefold())


def _page_urls(request, page: int, pages: int) -> dict:
    def url(number):
        query = request.GET.copy()
        query["page"] = str(number)
        return "?" + query.urlencode()

    return {"prev": url(page - 1) if page > 1 else None,
            "next": url(page + 1) if page < pages else None}


# -- the three kinds --------------------------------------------------------------------------


def sweep_report(study: Study, *, request) -> dict:
    match = study.match
    engine = games.find(study.engine)
    result = SweepResult.from_dict(study.result["sweep"])
    found = study.result["influence"]
    points = [point_words(engine, p) for p in result.points]
    default = result.row_for({})

    def name(player_id):
        return match.player_name(player_id)

    rows = []
    for index, row in enumerate(result.rows):
        representative = {p: row.taken.get(p, result.defaults[p]) for p in result.points}
        entry = {
            "number": index + 1,
            "outcome": outcome_label(row.outcome, name),
            "violations": row.violations,
            "combinations": row.combinations,
            "changed": row.outcome != default.outcome,
            "url": reading_url(match.pk, {p: o for p, o in representative.items()
                                          if o != result.defaults[p]}),
            "cells": [p["options"].get(row.taken[p["id"]], row.taken[p["id"]])
                      if p["id"] in row.taken else "any" for p in points],
        }
        for p in points:
            entry[p["id"]] = row.taken.get(p["id"], "any")
        rows.append(entry)
    columns = {"outcome": "Outcome", "violations": "Violations",
               "combinations": "Combinations"}
    columns.update({p["id"]: p["question"] for p in points})
    table = sort_rows(rows, request=request, columns=columns, default="outcome", page_size=100)
    classes = [{"outcome": outcome_label(c["outcome"], name), "combinations": c["combinations"],
                "rows": len(c["rows"]),
                "violations": (min(r.violations for r in c["rows"]),
                               max(r.violations for r in c["rows"])),
                "default": c["outcome"] == default.outcome}
               for c in result.outcome_classes()]
    return {
        "result": result,
        "points": points,
        "table": table,
        "classes": classes,
        "chart": bars([(c["outcome"], c["combinations"]) for c in classes],
                      title="Combinations by outcome"),
        "alone": _alone_rows(found["alone"], engine, match.pk, name),
        "interactions": [
            {**i, "questions": [point_words(engine, p)["question"] for p in i["points"]],
             "options_words": [point_words(engine, p)["options"].get(o, o)
                               for p, o in zip(i["points"], i["options"], strict=True)],
             "outcome_words": outcome_label(i["outcome"], name),
             "alone_words": [outcome_label(o, name) for o in i["alone"]],
             "url": reading_url(match.pk, dict(zip(i["points"], i["options"], strict=True)))}
            for i in found["interactions"]
        ],
        "default_outcome": outcome_label(found["default_outcome"], name),
        "default_reading": reading_words(engine, {}),
        "changed_combinations": found["changed_combinations"],
    }


def _alone_rows(alone: list[dict], engine, match_id: int, name) -> list[dict]:
    rows = []
    for entry in alone:
        words = point_words(engine, entry["point"])
        rows.append({**entry, "question": words["question"],
                     "option_words": words["options"].get(entry["option"], entry["option"]),
                     "outcome_words": outcome_label(entry["outcome"], name),
                     "url": reading_url(match_id, {entry["point"]: entry["option"]})})
    return rows


def impact_report(study: Study, *, request) -> dict:
    engine = games.find(study.engine)
    words = point_words(engine, study.result["point"])
    options = []
    for row in study.result["options"]:
        matches = row["matches"] or 1
        options.append({**row, "words": words["options"].get(row["option"], row["option"]),
                        "finished_share": round(100 * row["finished"] / matches),
                        "changed": sum(o["outcome_changed"] for o in row["other_readings"]),
                        "other_readings": [{**o, "divergence_words": divergence_words(o)}
                                           for o in row["other_readings"]]})
    players = sorted({p for row in options for p in row["wins_by_player"]})
    charts = [bars([(f"{row['option']}: {p}", row["wins_by_player"].get(p, 0))
                    for row in options for p in players], title="Wins by player"),
              bars([(row["option"], row["mean_length"]) for row in options],
                   title="Mean length (events)")]
    table = sort_rows(options, request=request, default="option", columns={
        "option": "Played under", "matches": "Matches", "finished": "Finished",
        "mean_length": "Mean length (events, every match)",
        "matches_consulting": "Matches consulting the point",
        "changed": "Outcomes another reading changes",
    })
    report = {"point": words, "table": table, "charts": charts, "players": players,
              "options": options, "played_by": played_by(study.parameters),
              "default_reading": reading_words(engine, {}),
              "endings": endings(engine, study),
              "until": until_words(study),
              "needed": needed_matches(study, request=request)}
    if "measures" in study.result:
        report.update(_measures_report(study.result, [row["option"] for row in options]))
    return report


def until_words(study: Study) -> str:
    """How a study that runs until its intervals are narrow enough stopped."""
    until = study.result.get("until")
    if not until:
        return ""
    asked = f"{until['width'] * 100:g} points"
    played = study.result["simulated_matches"] // max(1, len(study.result["options"]))
    widest = "" if until["widest"] is None else f"{until['widest'] * 100:.0f} points"
    if until["reached"]:
        return (f"It played {played} match{'es' if played != 1 else ''} a reading and stopped: "
                f"every reading's 95% intervals (matches that end, each seat's wins) were then "
                f"at most {asked} wide (the widest {widest}).")
    return (f"It played its cap of {played} match{'es' if played != 1 else ''} a reading "
            f"before its intervals were {asked} wide: the widest is still {widest}.")


def divergence_words(other: Mapping) -> str:
    """When the records first differ under another reading, in words that agree with its
    count of violations: a reading may call moves illegal and leave every state as it was."""
    median = other.get("median_first_divergence")
    if median is not None:
        return f"step {median:g}"
    if other.get("matches_with_violations"):
        return "never (the states stay the same; this reading differs only in what it calls " \
               "illegal)"
    return "never (the same states, the same legality)"


FEW_FINISHED = 10  # fewer finished matches than this, and their figures rest on a handful


def endings(engine, study: Study) -> list[str]:
    """What the study's matches ending or not does to its figures, reading by reading: a
    reading under which the game's text gives a match no end of its own (La Furia di
    Dracula's excerpts: only a recorded end ends one, and no player records it), and a
    reading whose figures of finished matches rest on a handful of them."""
    said = []
    cap = f"{study.parameters['max_events']:,} events" if study.parameters.get("max_events") \
        else "the study's cap"
    point_id = study.result["point"]
    rows = study.result["options"]
    endless = {row["option"]: _without_an_end(engine, {point_id: row["option"]}) if engine
               else [] for row in rows}
    reasons = {option: "; ".join(f"“{point.option(chosen).description}”"
                                 for point, chosen in found)
               for option, found in endless.items() if found}
    if reasons and len(set(reasons.values())) == 1 and len(reasons) == len(rows):
        said.append(f"Under every reading of this study, {study.game.title}'s text gives a "
                    f"match no end its players can reach (it reads "
                    f"{next(iter(reasons.values()))}): no match can finish, so no win is "
                    f"counted and the figures of finished matches have nothing to rest on; "
                    f"every match was cut at {cap}.")
        return said
    for row in rows:
        option, matches, finished = row["option"], row["matches"], row["finished"]
        if option in reasons:
            said.append(f"Under “{option}”, {study.game.title}'s text gives a match no end its "
                        f"players can reach (it reads {reasons[option]}): none of its {matches} "
                        f"matches can finish, so no win is counted and the figures of finished "
                        f"matches have nothing to rest on; its matches were cut at {cap}.")
        elif finished == 0 and matches:
            said.append(f"None of the {matches} matches played under “{option}” ended within "
                        f"{cap}: the figures of finished matches have nothing to rest on.")
        elif finished < min(FEW_FINISHED, matches):
            said.append(f"Only {finished} of the {matches} matches played under “{option}” "
                        f"ended: its figures of finished matches (length, rounds, how early "
                        f"the winner is clear) rest on {finished} match"
                        f"{'es' if finished != 1 else ''}.")
    return said


def _without_an_end(engine, choices: Mapping[str, str]) -> list[tuple]:
    """The points whose reading here leaves a match with no end of its own: where the game's
    duels must read them otherwise to end (``games.agents.duel.duel_reading``) and this
    reading keeps the default."""
    default = engine.interpretation({})
    ending = duel_reading(engine)
    reading = engine.interpretation(dict(choices))
    return [(point, reading.option(point.id)) for point in engine.points
            if ending.option(point.id) != default.option(point.id)
            and reading.option(point.id) == default.option(point.id)]


DIFFERENCE_SIZES = (5, 10, 20)  # points a reader may ask about


def needed_matches(study: Study, *, request) -> dict:
    """How many matches a reading a study would need to tell a difference of the size asked
    (``?difference=`` points, 10 by default) in how often matches end and in the leading
    seat's share of wins, from the default reading's shares."""
    asked = request.GET.get("difference", "10")
    size = int(asked) if asked in {str(s) for s in DIFFERENCE_SIZES} else 10
    measures = study.result.get("measures") or {}
    default = next((row for row in study.result["options"] if row["default"]), None)
    if default is None or default["option"] not in measures:
        return {}
    base = measures[default["option"]]
    rows = []
    completion = base["completion"]
    if completion.get("share") is not None:
        rows.append({"what": "how often matches end", "from": completion["share"],
                     "needed": matches_needed(completion["share"], size / 100)})
    seats = [b for b in base["balance"] if b.get("share") is not None]
    if seats:
        leading = max(seats, key=lambda b: b["share"])
        rows.append({"what": f"seat {leading['seat']}'s share of wins", "from": leading["share"],
                     "needed": matches_needed(leading["share"], size / 100)})
    for row in rows:
        row["from_words"] = f"{row['from'] * 100:.0f}%"
    return {"size": size, "sizes": DIFFERENCE_SIZES, "rows": rows, "reading": default["option"],
            "has": study.parameters.get("matches")}


def played_by(parameters: Mapping) -> str:
    """Who played an impact study's matches, in words."""
    agent = parameters.get("agent", "bots")
    if agent == "bots":
        return "the game's simulator"
    seats = f"{parameters.get('players')} seats"
    if agent == "mcts":
        return f"the mcts agent in every seat ({seats}, {parameters.get('budget')} playouts " \
               "a decision)"
    return f"the {agent} agent in every seat ({seats})"


MEASURE_WORDS = {"balance": "Balance", "completion": "Completion", "duration": "Duration",
                 "rounds": "Rounds", "decisiveness": "Decisiveness", "branching": "Branching",
                 "consulted": "The point consulted"}


def _measures_report(result: Mapping, readings: list[str]) -> dict:
    """The measures of every reading side by side, their charts, and each difference from
    the default reading in words."""
    measures = result["measures"]

    def rate(m):
        return {"estimate": m["share"], "low": m["low"], "high": m["high"]}

    def spread(q):
        return {"estimate": q["median"], "low": q["q1"], "high": q["q3"]} if q else {}

    seats = sorted({b["seat"] for r in readings for b in measures[r]["balance"]})
    rows = [
        {"what": f"Seat {seat} wins", "cells": [
            _cell_rate(next((b for b in measures[r]["balance"] if b["seat"] == seat), None))
            for r in readings]}
        for seat in seats
    ]
    rows += [
        {"what": "Matches that end", "cells": [_cell_rate(measures[r]["completion"])
                                               for r in readings]},
        {"what": "Events (finished matches)", "cells": [_cell_spread(measures[r]["events"])
                                                        for r in readings]},
        {"what": "Rounds (finished matches)", "cells": [_cell_spread(measures[r]["rounds"])
                                                        for r in readings]},
        {"what": "Winner clear after (share of the match)", "cells": [
            _cell_spread(measures[r]["clear_after"], percent=True) for r in readings]},
        {"what": "Choices when deciding", "cells": [_cell_spread(measures[r]["branching"])
                                                    for r in readings]},
        {"what": "Matches consulting the point", "cells": [_cell_rate(measures[r]["consulted"])
                                                           for r in readings]},
    ]
    charts = [
        intervals([{"label": f"{r}: seat {b['seat']}", **rate(b)} for r in readings
                   for b in measures[r]["balance"]],
                  title="Wins by seat (95% interval)", top=1, percent=True),
        intervals([{"label": r, **rate(measures[r]["completion"])} for r in readings],
                  title="Matches that end (95% interval)", top=1, percent=True),
        intervals([{"label": r, **spread(measures[r]["events"])} for r in readings],
                  title="Events a finished match (median, quartiles)"),
        intervals([{"label": r, **spread(measures[r]["clear_after"])} for r in readings],
                  title="Winner clear after (median, quartiles)", top=1, percent=True),
        intervals([{"label": r, **spread(measures[r]["branching"])} for r in readings],
                  title="Choices when deciding (median, quartiles)"),
        intervals([{"label": r, **rate(measures[r]["consulted"])} for r in readings],
                  title="Matches consulting the point (95% interval)", top=1, percent=True),
    ]
    said = [{"base": pair["base"], "option": pair["option"],
             "measures": [{**m, "name": MEASURE_WORDS[m["measure"]]} for m in pair["measures"]]}
            for pair in result["differences"]]
    return {"measures": {"readings": readings, "rows": rows},
            "measure_charts": [c for c in charts if c["rows"]], "differences": said}


def _cell_rate(rate: Mapping | None) -> str:
    if not rate or rate.get("share") is None:
        return "—"
    return f"{rate['count']} of {rate['total']}: " \
           f"{figure(rate['share'], rate['low'], rate['high'], percent=True)}"


def _cell_spread(spread: Mapping | None, *, percent: bool = False) -> str:
    """A median and its quartiles, to the precision their spread supports, and how many
    matches they rest on."""
    if not spread:
        return "—"
    n = spread.get("n")
    if n == 1:
        return f"{figure(spread['median'], percent=percent)} (one match)"
    said = figure(spread["median"], spread["q1"], spread["q3"], percent=percent)
    return said + (f", {n} matches" if n else "")


def archive_report(study: Study, *, request) -> dict:
    engine = games.find(study.engine)
    result = study.result
    points = []
    for row in result["points"]:
        words = point_words(engine, row["point"])
        points.append({**row, "question": words["question"],
                       "option_words": words["options"].get(row["option"], row["option"])})
    matches = []
    for entry in result["matches"]:
        changing = [a for a in entry.get("influence", {}).get("alone", []) if a["outcome_changed"]]
        matches.append({
            **entry, "swept": "error" not in entry,
            "changing": [{**a, "question": point_words(engine, a["point"])["question"],
                          "option_words": point_words(engine, a["point"])["options"].get(
                              a["option"], a["option"]),
                          "url": reading_url(entry["match"], {a["point"]: a["option"]})}
                         for a in changing],
            "changing_count": len(changing),
        })
    return {
        "points": sort_rows(points, request=request, default="-outcome_changed", columns={
            "question": "Point", "option": "Option", "matches_consulting": "Matches consulting",
            "outcome_changed": "Outcomes changed", "diverged": "Matches diverging",
            "median_first_divergence": "Median first divergence (seq)",
        }),
        "matches": sort_rows(matches, request=request, default="-changing_count", param="by",
                             columns={
            "title": "Match", "events": "Events", "combinations": "Combinations",
            "changing_count": "Points that change its outcome",
        }),
        "chart": bars([(f"{p['option']} ({p['point'].split('.', 1)[-1]})", p["outcome_changed"])
                       for p in points if p["outcome_changed"]][:12],
                      title="Matches whose outcome one point alone changes"),
        "interactions": [{**i, "questions": [point_words(engine, p)["question"]
                                             for p in i["points"]]}
                         for i in result["interactions"]],
    }


def _interval_words(rate: Mapping | None) -> str:
    if not rate or rate.get("share") is None:
        return ""
    return f" ({rate['share'] * 100:.0f}%, 95% CI {rate['low'] * 100:.0f}–" \
           f"{rate['high'] * 100:.0f}%)"


REPORTS = {Study.SWEEP: sweep_report, Study.IMPACT: impact_report,
           Study.ARCHIVE: archive_report}


# -- the command's summary ------------------------------------------------------------------


def summary_lines(study: Study) -> list[str]:
    """What ``manage.py study`` prints when a study is done."""
    engine = games.find(study.engine)
    result = study.result
    if study.kind == Study.SWEEP:
        sweep = result["sweep"]
        found = result["influence"]
        match = study.match
        lines = [
            (f"sweep of match {match.pk} ({match.title}), the log up to seq "
            f"{study.parameters['log_seq']}"),
            (f"{sweep['combinations']:,} combinations of the options of "
            f"{len(sweep['points'])} points, computed as {sweep['lines']:,} distinct lines of "
            f"play (at most {sweep['peak_states']:,} distinct states at one seq)"),
            (f"events applied: {sweep['events_applied']:,} (each combination from the start: "
            f"{sweep['naive_events']:,})"),
            f"default reading: {outcome_label(found['default_outcome'], match.player_name)}",
        ]
        for entry in SweepResult.from_dict(sweep).outcome_classes():
            lines.append(f"  {outcome_label(entry['outcome'], match.player_name)}: "
                         f"{entry['combinations']:,} combinations ({len(entry['rows'])} rows)")
        changing = [a for a in found["alone"] if a["outcome_changed"]]
        lines.append("points that change the outcome alone: " + (", ".join(
            f"{a['point']}={a['option']} (from step {a['first_divergence']})"
            for a in changing) or "none"))
        lines.extend(f"  together: {'+'.join(i['points'])} = {'+'.join(i['options'])} gives "
                     f"{outcome_label(i['outcome'], match.player_name)}"
                     for i in found["interactions"])
        return lines
    if study.kind == Study.IMPACT:
        words = point_words(engine, result["point"])
        lines = [(f"impact of {result['point']} ({words['question']}): "
                 f"{result['simulated_matches']:,} simulated matches, "
                 f"{result['simulated_events']:,} events, played by "
                 f"{played_by(study.parameters)}")]
        lines.extend(endings(engine, study))
        for row in result["options"]:
            wins = ", ".join(f"{name} {n}" for name, n in row["wins_by_player"].items())
            lines.append(f"  played under {row['option']}: {row['matches']} matches, "
                         f"{row['finished']} finished, mean length {row['mean_length']}, "
                         f"{row['matches_consulting']} consulting the point; wins: "
                         f"{wins or 'none'}")
            for other in row["other_readings"]:
                lines.append(f"    replayed under {other['option']}: "
                             f"{other['outcome_changed']} outcomes change; "
                             f"{other['matches_with_violations']} matches with violations "
                             f"({other['violations']} in all); first state that differs: "
                             f"{divergence_words(other)}")
        if "measures" in result:
            report = _measures_report(result, [row["option"] for row in result["options"]])
            lines.append("measures: " + " | ".join(report["measures"]["readings"]))
            lines.extend(f"  {row['what']}: " + " | ".join(row["cells"])
                         for row in report["measures"]["rows"])
            for pair in report["differences"]:
                lines.append(f"{pair['option']} against {pair['base']}:")
                lines.extend(f"  {m['name']}: {m['words']}" for m in pair["measures"])
        return lines
    lines = [(f"archive-wide study of {study.game.slug}: {result['swept']} matches swept, "
             f"{result['combinations']:,} combinations, {result['lines']:,} lines of play")]
    for row in result["points"]:
        lines.append(f"  {row['point']}={row['option']}: changes {row['outcome_changed']} of "
                     f"{row['matches_consulting']} matches consulting it"
                     f"{_interval_words(row.get('changes'))}; diverges in {row['diverged']}")
    lines.extend(f"  not swept: match {m['match']}: {m['error']}"
                 for m in result["matches"] if "error" in m)
    return lines
