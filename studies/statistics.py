"""The statistics a study reports, from ``scipy.stats``: intervals for rates and for
differences, and a test suited to each kind of measure. Plain functions of plain numbers.

- a rate (a seat's wins, matches that end): Wilson's score interval;
- two rates: the difference with Newcombe's interval (built from the two Wilson intervals) and
  Fisher's exact test;
- two samples of durations or other figures per match: the Mann-Whitney U test and a bootstrap
  interval of the difference (of medians, or of means), absolute or relative;
- winners by seat under two readings: the chi-square test of the contingency table.

numpy and scipy are imported by the functions that use them: importing ``scipy.stats`` takes
about a second, which a web process would otherwise pay at URL loading for every page.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import asdict, dataclass

CONFIDENCE = 0.95
RESAMPLES = 2000  # bootstrap resamples: enough for a 95% interval to two figures
SIGNIFICANCE = 0.05


@dataclass(frozen=True)
class Rate:
    """``count`` of ``total`` with its 95% interval (None when there is nothing to count)."""

    count: int
    total: int
    share: float | None
    low: float | None
    high: float | None

    def as_dict(self) -> dict:
        return asdict(self)


@dataclass(frozen=True)
class Difference:
    """What B makes of a measure against A: the ``estimate`` (B − A, or B / A − 1 when
    ``relative``) with its 95% interval, the test that judged it and its p-value, and whether
    it is a difference the study can tell from noise (``detected``)."""

    estimate: float | None
    low: float | None
    high: float | None
    p_value: float | None
    test: str
    relative: bool = False

    @property
    def detected(self) -> bool:
        return (self.p_value is not None and self.p_value < SIGNIFICANCE
                and self.low is not None and self.high is not None
                and (self.low > 0 or self.high < 0))

    def as_dict(self) -> dict:
        return {**asdict(self), "detected": self.detected}


def wilson(count: int, total: int) -> Rate:
    """The share ``count / total`` with Wilson's 95% score interval."""
    if total <= 0:
        return Rate(count, total, None, None, None)
    from scipy import stats

    interval = stats.binomtest(count, total).proportion_ci(CONFIDENCE, method="wilson")
    return Rate(count, total, count / total, float(interval.low), float(interval.high))


def rates_difference(a: Rate, b: Rate) -> Difference:
    """B's share minus A's, with Newcombe's hybrid score interval (method 10 of Newcombe,
    1998) and Fisher's exact test of the 2×2 table."""
    if not a.total or not b.total:
        return Difference(None, None, None, None, "Fisher's exact test")
    # a rate of something (as ``wilson`` gives it) has its share and interval
    assert a.share is not None and a.low is not None and a.high is not None
    assert b.share is not None and b.low is not None and b.high is not None
    estimate = b.share - a.share
    low = estimate - math.sqrt((b.share - b.low) ** 2 + (a.high - a.share) ** 2)
    high = estimate + math.sqrt((b.high - b.share) ** 2 + (a.share - a.low) ** 2)
    table = [[a.count, a.total - a.count], [b.count, b.total - b.count]]
    from scipy import stats

    p_value = float(stats.fisher_exact(table).pvalue)
    return Difference(estimate, low, high, p_value, "Fisher's exact test")


def samples_difference(a: Sequence[float], b: Sequence[float], *, of: str = "median",
                       relative: bool = False, seed: int = 0) -> Difference:
    """B's median (or mean) against A's, B − A or B / A − 1, with a bootstrap 95% interval
    (percentile, seeded: the same samples give the same interval) and the two-sided
    Mann-Whitney U test."""
    if len(a) < 2 or len(b) < 2:
        return Difference(None, None, None, None, "Mann-Whitney U test", relative)
    import numpy as np
    from scipy import stats

    centre = np.median if of == "median" else np.mean

    def statistic(x, y, axis=-1):
        if relative:
            return centre(y, axis=axis) / centre(x, axis=axis) - 1
        return centre(y, axis=axis) - centre(x, axis=axis)

    first, second = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    if relative and centre(first) == 0:
        return Difference(None, None, None, None, "Mann-Whitney U test", relative)
    estimate = float(statistic(first, second))
    if np.ptp(np.concatenate([first, second])) == 0:
        return Difference(estimate, estimate, estimate, 1.0, "Mann-Whitney U test", relative)
    with np.errstate(divide="ignore", invalid="ignore"):
        interval = stats.bootstrap((first, second), statistic, n_resamples=RESAMPLES,
                                   confidence_level=CONFIDENCE, method="percentile",
                                   vectorized=True, rng=np.random.default_rng(seed))
    low, high = (float(v) for v in interval.confidence_interval)
    p_value = float(stats.mannwhitneyu(first, second, alternative="two-sided").pvalue)
    return Difference(estimate, _finite(low), _finite(high), p_value, "Mann-Whitney U test",
                      relative)


def seats_independence(a: Sequence[int], b: Sequence[int]) -> float | None:
    """The p-value of the chi-square test that two readings' wins by seat (counts per seat, in
    seat order) come from one distribution; None when the table has fewer than two seats or
    readings with wins."""
    import numpy as np
    from scipy import stats

    table = np.asarray([a, b], dtype=float)
    table = table[:, table.sum(axis=0) > 0]
    if table.shape[1] < 2 or (table.sum(axis=1) == 0).any():
        return None
    return float(stats.chi2_contingency(table).pvalue)


def quartiles(values: Sequence[float]) -> dict | None:
    """Median and quartiles (None for no values)."""
    if not values:
        return None
    import numpy as np

    q1, median, q3 = np.percentile(np.asarray(values, dtype=float), [25, 50, 75])
    return {"median": float(median), "q1": float(q1), "q3": float(q3), "n": len(values)}


def _finite(value: float) -> float | None:
    return value if math.isfinite(value) else None


# -- figures in words ---------------------------------------------------------------------------


def decimals_for(low: float | None, high: float | None) -> int | None:
    """How many decimals an estimate with this interval supports: down to the first
    significant digit of the interval's width (0.21 wide: one decimal), never fewer than
    none; None when there is no width to judge by."""
    if low is None or high is None or not math.isfinite(high - low) or high <= low:
        return None
    return max(0, -math.floor(math.log10(high - low)))


def figure(value: float, low: float | None = None, high: float | None = None, *,
           percent: bool = False) -> str:
    """An estimate and its interval with the precision the interval supports: 1.8055 with
    1.7725 to 1.981 is "1.8 (1.8–2.0)"; a share as percent, "17% (3–56%)". With no
    interval (or none wider than a point) three significant digits, a share whole percents."""
    scale = 100 if percent else 1
    sign = "%" if percent else ""
    digits = decimals_for(None if low is None else low * scale,
                          None if high is None else high * scale)

    def said(number: float) -> str:
        if digits is not None:
            return f"{number * scale:.{digits}f}"
        if percent:  # a share alone: whole percents, a tenth below one
            return f"{number * scale:.{0 if abs(number * scale) >= 1 else 1}f}"
        return f"{number:.3g}"

    if low is None or high is None:
        return said(value) + sign
    return f"{said(value)}{sign} ({said(low)}–{said(high)}{sign})"


def matches_needed(share: float, difference: float, *, power: float = 0.8) -> int | None:
    """How many matches a reading a study needs to tell a rate of ``share`` from one
    ``difference`` away (a share: 0.1 is ten points), with a two-sided test at 5% and this
    power: the normal approximation for two proportions (Fleiss, "Statistical Methods for
    Rates and Proportions", 3rd ed., 4.2, without continuity correction). None when the
    other rate would leave 0 to 1 both ways or the difference is not a difference."""
    if not 0 < difference < 1:
        return None
    other = share + difference if share + difference <= 1 else share - difference
    if not 0 <= other <= 1:
        return None
    from scipy import stats

    z_alpha = stats.norm.ppf(1 - SIGNIFICANCE / 2)
    z_power = stats.norm.ppf(power)
    mean = (share + other) / 2
    spread = (z_alpha * math.sqrt(2 * mean * (1 - mean))
              + z_power * math.sqrt(share * (1 - share) + other * (1 - other)))
    return math.ceil(spread ** 2 / difference ** 2)
