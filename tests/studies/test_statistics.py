"""The statistics a study reports, against textbook examples and scipy's own answers."""

from __future__ import annotations

import pytest
from scipy import stats

from studies.statistics import (
    quartiles,
    rates_difference,
    samples_difference,
    seats_independence,
    wilson,
)


def test_wilson_interval_matches_newcombes_example():
    # Newcombe (1998), Stat. Med. 17:857, Table I: 81 of 263, Wilson 0.2553 to 0.3662.
    rate = wilson(81, 263)
    assert rate.share == pytest.approx(81 / 263)
    assert (round(rate.low, 4), round(rate.high, 4)) == (0.2553, 0.3662)
    assert wilson(0, 0).share is None


def test_the_difference_of_two_rates_matches_newcombes_method_10():
    # Newcombe (1998), Stat. Med. 17:873, example (a): 56/70 − 48/80 = 0.2000, hybrid score
    # interval 0.0524 to 0.3339.
    difference = rates_difference(wilson(48, 80), wilson(56, 70))
    assert difference.estimate == pytest.approx(0.2)
    assert (round(difference.low, 4), round(difference.high, 4)) == (0.0524, 0.3339)
    # Fisher's exact test of the same table, as scipy gives it.
    assert difference.p_value == pytest.approx(
        stats.fisher_exact([[48, 32], [56, 14]]).pvalue)
    assert difference.detected


def test_fishers_lady_tasting_tea():
    # Fisher (1935): 3 of 4 cups right each way, p = 0.4857 (two-sided).
    difference = rates_difference(wilson(1, 4), wilson(3, 4))
    assert difference.p_value == pytest.approx(0.4857, abs=1e-4)
    assert not difference.detected


def test_durations_are_compared_with_mann_whitney_and_a_seeded_bootstrap():
    a = [30, 32, 35, 38, 40, 41, 44, 45, 47, 52, 55, 60]
    b = [value * 0.8 for value in a]
    difference = samples_difference(a, b, relative=True, seed=1)
    assert difference.estimate == pytest.approx(-0.2)
    assert difference.p_value == pytest.approx(
        stats.mannwhitneyu(a, b, alternative="two-sided").pvalue)
    assert difference.low < -0.2 < difference.high < 0 and difference.detected
    assert samples_difference(a, b, relative=True, seed=1) == difference
    same = samples_difference(a, list(a), seed=1)
    assert same.estimate == 0 and not same.detected
    assert samples_difference([1], [2, 3]).estimate is None


def test_wins_by_seat_under_two_readings_use_the_chi_square_test():
    assert seats_independence([30, 10], [10, 30]) == pytest.approx(
        stats.chi2_contingency([[30, 10], [10, 30]]).pvalue)
    assert seats_independence([5, 0], [4, 0]) is None


def test_quartiles():
    assert quartiles([1, 2, 3, 4, 5]) == {"median": 3.0, "q1": 2.0, "q3": 4.0, "n": 5}
    assert quartiles([]) is None
