"""Measures per reading of an impact study, after Ludii's: what kind of game each reading
makes, with its 95% intervals, and each measure's difference between two readings with a test
suited to it, said in words.

- **balance**: each seat's share of wins (Wilson interval); between readings, the chi-square
  test of wins by seat and the seat whose share moves most (Newcombe interval, Fisher's test);
- **completion**: the share of matches that end (within the study's cap on events);
- **duration**: median and quartiles of the finished matches' events and rounds (a round:
  every player has had a go, a go being a player's run of events);
- **decisiveness**: how early the winner is clear, the share of the match played before the
  eventual winner led by the game's own evaluation for good (0: from the first event);
- **branching**: the mean number of top-level choices a player had when deciding;
- **consulted**: the share of matches that consult the point.

Durations, decisiveness and branching are compared with the Mann-Whitney U test and a
bootstrap interval; rates with Fisher's exact test and Newcombe's interval.
"""

from __future__ import annotations

import statistics as stdlib_statistics
from collections.abc import Mapping

from studies.statistics import (
    Difference,
    quartiles,
    rates_difference,
    samples_difference,
    seats_independence,
    wilson,
)


def measures_of(row: Mapping) -> dict:
    """One reading's measures, from its row of the impact summary."""
    samples = row["samples"]
    matches = row["matches"]
    seated = {int(seat): count for seat, count in samples["seated"].items()}
    won = {int(seat): count for seat, count in samples["won"].items()}
    offered = samples["offered"]
    return {
        "matches": matches,
        "balance": [{"seat": seat, **wilson(won.get(seat, 0), seated[seat]).as_dict()}
                    for seat in sorted(seated)],
        "completion": wilson(row["finished"], matches).as_dict(),
        "events": quartiles(samples["events"]),
        "rounds": quartiles(samples["rounds"]),
        "clear_after": quartiles(samples["clear_after"]),
        "branching": ({"mean": round(stdlib_statistics.fmean(offered), 2),
                       **(quartiles(offered) or {})} if offered else None),
        "consulted": wilson(row["matches_consulting"], matches).as_dict(),
        "consultations_per_match": round(row["consultations"] / matches, 2) if matches
        else None,
    }


def differences(base: Mapping, other: Mapping) -> list[dict]:
    """Each measure of reading ``other`` against reading ``base`` (rows of the summary), with
    its test and a sentence."""
    a, b = base["samples"], other["samples"]
    name_a, name_b = f"“{base['option']}”", f"“{other['option']}”"
    per_reading = min(base["matches"], other["matches"])
    found = []

    def add(measure: str, difference: Difference, words) -> None:
        found.append({"measure": measure, **difference.as_dict(),
                      "words": words(difference) if difference.detected
                      else _undetected(measure, difference, per_reading)})

    add("completion", rates_difference(wilson(base["finished"], base["matches"]),
                                       wilson(other["finished"], other["matches"])),
        lambda d: f"Under {name_b}, {_points(d)} {'more' if d.estimate > 0 else 'fewer'} of "
                  f"the matches end than under {name_a} ({_points_interval(d)}; {_test(d)}).")
    add("duration", samples_difference(a["events"], b["events"], relative=True, seed=1),
        lambda d: f"{_capital(name_b)} {'lengthens' if d.estimate > 0 else 'shortens'} "
                  f"matches by {_percent(d)} against {name_a} ({_percent_interval(d)}; "
                  f"{_test(d)}).")
    add("rounds", samples_difference(a["rounds"], b["rounds"], relative=True, seed=2),
        lambda d: f"{_capital(name_b)} takes {_percent(d)} "
                  f"{'more' if d.estimate > 0 else 'fewer'} rounds than {name_a} "
                  f"({_percent_interval(d)}; {_test(d)}).")
    add("decisiveness", samples_difference(a["clear_after"], b["clear_after"], seed=3),
        lambda d: f"Under {name_b} the winner is clear {_points(d)} of the match "
                  f"{'later' if d.estimate > 0 else 'earlier'} than under {name_a} "
                  f"({_points_interval(d)}; {_test(d)}).")
    add("branching", samples_difference(a["offered"], b["offered"], of="mean",
                                        relative=True, seed=4),
        lambda d: f"Under {name_b} players have {_percent(d)} "
                  f"{'more' if d.estimate > 0 else 'fewer'} choices than under {name_a} "
                  f"({_percent_interval(d)}; {_test(d)}).")
    add("consulted", rates_difference(wilson(base["matches_consulting"], base["matches"]),
                                      wilson(other["matches_consulting"], other["matches"])),
        lambda d: f"Under {name_b} the point is consulted in {_points(d)} "
                  f"{'more' if d.estimate > 0 else 'fewer'} of the matches than under "
                  f"{name_a} ({_points_interval(d)}; {_test(d)}).")
    found.append(_balance(base, other, name_a, name_b, per_reading))
    return found


def _balance(base: Mapping, other: Mapping, name_a: str, name_b: str,
             per_reading: int) -> dict:
    """Wins by seat: the chi-square test of the two readings' tables, and the seat whose
    share of wins moves most, with its interval."""
    seats = sorted({int(s) for s in base["samples"]["seated"]}
                   | {int(s) for s in other["samples"]["seated"]})

    def rate(row, seat):
        samples = row["samples"]
        return wilson(samples["won"].get(str(seat), 0), samples["seated"].get(str(seat), 0))

    by_seat = [(seat, rates_difference(rate(base, seat), rate(other, seat))) for seat in seats]
    moves = [(seat, d.estimate, d) for seat, d in by_seat if d.estimate is not None]
    p_value = seats_independence([rate(base, seat).count for seat in seats],
                                 [rate(other, seat).count for seat in seats])
    if not moves:
        return {"measure": "balance", "estimate": None, "low": None, "high": None,
                "p_value": p_value, "test": "chi-square test of wins by seat",
                "relative": False, "detected": False, "seat": None,
                "words": _undetected("balance", None, per_reading)}
    seat, estimate, moved = max(moves, key=lambda move: abs(move[1]))
    detected = moved.detected and p_value is not None and p_value < 0.05
    words = (f"Under {name_b}, seat {seat} wins {_points(moved)} "
             f"{'more' if estimate > 0 else 'less'} often than under {name_a} "
             f"({_points_interval(moved)}; chi-square test of wins by seat "
             f"p = {_p(p_value)})." if detected
             else _undetected("balance", moved, per_reading))
    return {"measure": "balance", **moved.as_dict(), "detected": detected, "seat": seat,
            "seats_p_value": p_value, "words": words}


WHAT = {"completion": "how often matches end", "duration": "how long matches are",
        "rounds": "how many rounds matches take", "decisiveness": "how early the winner is clear",
        "branching": "how many choices players have", "consulted": "how often the point is "
        "consulted", "balance": "which seat wins"}


def _undetected(measure: str, difference: Difference | None, per_reading: int) -> str:
    said = f"No difference in {WHAT[measure]} this study can detect at {per_reading} " \
           f"match{'es' if per_reading != 1 else ''} a reading"
    if difference is None or difference.low is None or difference.high is None:
        return said + "."
    if difference.relative:
        return said + f" (95% CI {_signed_percent(difference.low)} to " \
                      f"{_signed_percent(difference.high)})."
    return said + f" (95% CI {_signed_points(difference.low)} to " \
                  f"{_signed_points(difference.high)} points)."


def _capital(words: str) -> str:
    return "Reading " + words


def _size(d: Difference) -> float:
    """How far a detected difference moves its measure (a detected one has its estimate)."""
    assert d.estimate is not None
    return abs(d.estimate)


def _bounds(d: Difference) -> list[float]:
    """A detected difference's interval as sizes, the smaller first (it has one)."""
    assert d.low is not None and d.high is not None
    return sorted((abs(d.low), abs(d.high)))


def _percent(d: Difference) -> str:
    return f"{_size(d) * 100:.0f}%"


def _percent_interval(d: Difference) -> str:
    low, high = _bounds(d)
    return f"95% CI {low * 100:.0f}–{high * 100:.0f}%"


def _points(d: Difference) -> str:
    return f"{_size(d) * 100:.0f} points"


def _points_interval(d: Difference) -> str:
    low, high = _bounds(d)
    return f"95% CI {low * 100:.0f}–{high * 100:.0f} points"


def _signed_percent(value: float) -> str:
    return f"{value * 100:+.0f}%"


def _signed_points(value: float) -> str:
    return f"{value * 100:+.0f}"


def _test(d: Difference) -> str:
    return f"{d.test} p = {_p(d.p_value)}"


def _p(value: float | None) -> str:
    if value is None:
        return "n/a"
    return "< 0.001" if value < 0.001 else f"{value:.3f}"
