"""Statistics for the report: Wilson intervals, a share against its fair value, and two shares compared.

Pure functions of counts, no simulation and no plotting, so each is checked against textbook values in
tests/report/test_stats.py. Intervals are 95% unless asked otherwise; p-values are two-sided, from the normal
approximation (the report's samples are hundreds of games or more).
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from statistics import NormalDist

Z95 = 1.959963984540054  # the standard normal quantile at 97.5%: a two-sided 95% interval


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """Return the Wilson score interval of a share; (0, 1) when there are no trials.

    Wilson's interval stays inside 0..1 and keeps its coverage for shares near 0 or 1 (a stall rate of 0.4%),
    where the textbook p ± z·se interval does not.
    """
    assert 0 <= successes <= trials, (successes, trials)
    if trials == 0:
        return 0.0, 1.0
    share = successes / trials
    z2 = z * z
    centre = (share + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z * math.sqrt(share * (1 - share) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    # rounding can put a bound a hair past the share itself (0 successes): the interval always holds the share
    return max(0.0, min(share, centre - half)), min(1.0, max(share, centre + half))


def two_sided_p(z: float) -> float:
    """Return the two-sided p-value of a standard normal statistic."""
    return math.erfc(abs(z) / math.sqrt(2))


@dataclass(frozen=True)
class Share:
    """A share with its 95% Wilson interval, and how far it lies from an expected share (z, p)."""

    successes: int
    trials: int
    expected: float | None = None

    @property
    def value(self) -> float:
        return self.successes / self.trials if self.trials else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.successes, self.trials)

    @property
    def z(self) -> float:
        """Return the score statistic of the share against `expected` (0 without one)."""
        p0 = self.expected
        if p0 is None or self.trials == 0 or not 0 < p0 < 1:
            return 0.0
        return (self.successes - self.trials * p0) / math.sqrt(self.trials * p0 * (1 - p0))

    @property
    def p(self) -> float:
        return two_sided_p(self.z)


@dataclass(frozen=True)
class Difference:
    """Share A minus share B, with Newcombe's 95% interval and the pooled two-proportion z-test."""

    a: Share
    b: Share

    @property
    def value(self) -> float:
        return self.a.value - self.b.value

    @property
    def interval(self) -> tuple[float, float]:
        """Return Newcombe's hybrid score interval (method 10), built from the two Wilson intervals."""
        pa, pb = self.a.value, self.b.value
        (la, ua), (lb, ub) = self.a.interval, self.b.interval
        low = pa - pb - math.sqrt((pa - la) ** 2 + (ub - pb) ** 2)
        high = pa - pb + math.sqrt((ua - pa) ** 2 + (pb - lb) ** 2)
        return low, high

    @property
    def z(self) -> float:
        a, b = self.a, self.b
        if not a.trials or not b.trials:
            return 0.0
        pooled = (a.successes + b.successes) / (a.trials + b.trials)
        spread = math.sqrt(pooled * (1 - pooled) * (1 / a.trials + 1 / b.trials))
        return (a.value - b.value) / spread if spread else 0.0

    @property
    def p(self) -> float:
        return two_sided_p(self.z)


def compare_shares(successes_a: int, trials_a: int, successes_b: int, trials_b: int) -> Difference:
    """Return share A minus share B with its interval and test."""
    return Difference(Share(successes_a, trials_a), Share(successes_b, trials_b))


@dataclass(frozen=True)
class MeanDifference:
    """Mean A minus mean B (Welch), with a normal 95% interval: game lengths of two decks."""

    value: float
    low: float
    high: float
    z: float

    @property
    def p(self) -> float:
        return two_sided_p(self.z)


def mean_and_variance(values: list[int] | list[float]) -> tuple[float, float]:
    """Return the mean and the sample variance (0 for fewer than two values)."""
    count = len(values)
    if not count:
        return 0.0, 0.0
    mean = math.fsum(values) / count
    if count < 2:
        return mean, 0.0
    return mean, math.fsum((v - mean) ** 2 for v in values) / (count - 1)


def compare_means(values_a: list, values_b: list) -> MeanDifference:
    """Return the difference of two means with Welch's standard error."""
    (mean_a, var_a), (mean_b, var_b) = mean_and_variance(values_a), mean_and_variance(values_b)
    spread = math.sqrt(var_a / max(len(values_a), 1) + var_b / max(len(values_b), 1))
    diff = mean_a - mean_b
    z = diff / spread if spread else 0.0
    return MeanDifference(diff, diff - Z95 * spread, diff + Z95 * spread, z)


def bonferroni(p: float, tests: int) -> bool:
    """Return True when p stays below 5% after dividing by the number of tests made (so not a fluke of many)."""
    return p < 0.05 / max(tests, 1)


def z_for(tests: int = 1) -> float:
    """Return the normal quantile of a two-sided 95% interval, Bonferroni-corrected over `tests` comparisons."""
    return Z95 if tests <= 1 else NormalDist().inv_cdf(1 - 0.025 / tests)


@dataclass(frozen=True)
class Estimate:
    """A figure with its interval (95% unless made for a Bonferroni correction)."""

    value: float
    low: float
    high: float

    def excludes(self, point: float) -> bool:
        return not self.low <= point <= self.high


def mean_estimate(values: list[int] | list[float], z: float = Z95) -> Estimate | None:
    """Return the mean with the normal interval mean ± z·s/√n (None without values; a point with one)."""
    if not values:
        return None
    mean, variance = mean_and_variance(values)
    half = z * math.sqrt(variance / len(values))
    return Estimate(mean, mean - half, mean + half)


def ratio_estimate(parts: list[int], wholes: list[int], z: float = Z95) -> Estimate | None:
    """Return Σparts / Σwholes over games (a share of all decisions, say) with the delta-method interval of a ratio
    estimator: the games are the sample, since the decisions of one game are not independent of each other."""
    count, total = len(parts), math.fsum(wholes)
    if not count or not total:
        return None
    ratio = math.fsum(parts) / total
    if count < 2:
        return Estimate(ratio, ratio, ratio)
    residuals = math.fsum((part - ratio * whole) ** 2 for part, whole in zip(parts, wholes)) / (count - 1)
    half = z * math.sqrt(residuals / count) / (total / count)
    return Estimate(ratio, max(0.0, ratio - half), min(1.0, ratio + half))


def fairness(share: float, fair: float) -> float:
    """Return CardStock's fairness of a seat's win share: 1 at the fair share, falling linearly to 0 at a share of 0
    or 1 (Goadrich: wp·n below 1/n, (n − n·wp)/(n − 1) above it, here with the run's fair share for 1/n)."""
    return share / fair if share <= fair else (1 - share) / (1 - fair)


def fairness_estimate(wins: int, games: int, fair: float, z: float = Z95) -> Estimate | None:
    """Return the fairness of a win share with the Wilson interval carried through it (None without games): the
    function peaks at the fair share, so an interval holding it reaches 1."""
    if not games:
        return None
    low, high = wilson(wins, games, z)
    ends = (fairness(low, fair), fairness(high, fair))
    top = 1.0 if low <= fair <= high else max(ends)
    return Estimate(fairness(wins / games, fair), min(ends), top)


def difference_estimate(a: Estimate, b: Estimate) -> Estimate:
    """Return B minus A with the MOVER interval (Newcombe's method 10 for any two independent estimates)."""
    value = b.value - a.value
    low = value - math.sqrt((b.value - b.low) ** 2 + (a.high - a.value) ** 2)
    high = value + math.sqrt((b.high - b.value) ** 2 + (a.value - a.low) ** 2)
    return Estimate(value, low, high)
