"""The report's statistics against published values (Newcombe 1998, Statistics in Medicine 17:857–872 and 873–890)."""
import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from deckforge.report.stats import (Share, bonferroni, compare_means, compare_shares, mean_and_variance, two_sided_p,
                                    wilson)


@pytest.mark.parametrize("successes, trials, low, high", [
    (81, 263, 0.2553, 0.3662),   # Newcombe 1998a, table I
    (15, 148, 0.0624, 0.1605),
    (0, 20, 0.0, 0.1611),
    (1, 29, 0.0061, 0.1718),
    (0, 10, 0.0, 0.2775),
    (10, 10, 0.7225, 1.0),
])
def test_wilson_interval_matches_published_values(successes, trials, low, high):
    got_low, got_high = wilson(successes, trials)
    assert got_low == pytest.approx(low, abs=5e-5)
    assert got_high == pytest.approx(high, abs=5e-5)


@pytest.mark.parametrize("a, b, low, high", [
    ((56, 70), (48, 80), 0.0524, 0.3339),   # Newcombe 1998b, table II, method 10
    ((9, 10), (3, 10), 0.1705, 0.8090),
    ((5, 56), (0, 29), -0.0381, 0.1926),
])
def test_difference_interval_is_newcombes_hybrid_score(a, b, low, high):
    diff = compare_shares(*a, *b)
    assert diff.value == pytest.approx(a[0] / a[1] - b[0] / b[1])
    assert diff.interval[0] == pytest.approx(low, abs=5e-5)
    assert diff.interval[1] == pytest.approx(high, abs=5e-5)


def test_two_proportion_z_uses_the_pooled_share():
    diff = compare_shares(56, 70, 48, 80)
    pooled = 104 / 150
    expected = 0.2 / math.sqrt(pooled * (1 - pooled) * (1 / 70 + 1 / 80))
    assert diff.z == pytest.approx(expected)
    assert diff.p == pytest.approx(two_sided_p(expected))
    assert 0.0079 < diff.p < 0.0082


def test_share_against_its_expected_value():
    share = Share(340, 1000, 0.25)   # the first seat wins 34% of 4-player games
    assert share.z == pytest.approx(90 / math.sqrt(1000 * 0.25 * 0.75))
    assert share.p < 1e-10
    assert Share(250, 1000, 0.25).z == 0
    assert Share(250, 1000, 0.25).p == pytest.approx(1.0)
    assert Share(3, 10).z == 0   # no expected share: nothing to test


def test_two_sided_p_values():
    assert two_sided_p(1.959963984540054) == pytest.approx(0.05)
    assert two_sided_p(-2.5758293035489) == pytest.approx(0.01)


def test_mean_difference_by_welch():
    a, b = [10, 12, 14, 16], [10, 10, 10, 10]
    mean_a, var_a = mean_and_variance(a)
    assert (mean_a, var_a) == (13, pytest.approx(20 / 3))
    diff = compare_means(a, b)
    spread = math.sqrt(var_a / 4)
    assert diff.value == 3
    assert diff.z == pytest.approx(3 / spread)
    assert diff.low == pytest.approx(3 - 1.959963984540054 * spread)


def test_bonferroni_divides_the_threshold_by_the_tests():
    assert bonferroni(0.004, 10)
    assert not bonferroni(0.006, 10)
    assert bonferroni(0.04, 0)


@given(st.integers(0, 500), st.integers(1, 500))
def test_wilson_interval_holds_the_share_inside_0_1(successes, trials):
    successes = min(successes, trials)
    low, high = wilson(successes, trials)
    assert 0 <= low <= successes / trials <= high <= 1


@given(st.integers(1, 200), st.integers(1, 200), st.integers(0, 200), st.integers(0, 200))
def test_difference_interval_holds_the_difference(trials_a, trials_b, wins_a, wins_b):
    diff = compare_shares(min(wins_a, trials_a), trials_a, min(wins_b, trials_b), trials_b)
    low, high = diff.interval
    assert -1 <= low <= diff.value <= high <= 1
