"""Pure statistics on numbers and arrays (no run directories, no polars).

Win shares may be fractional (1/k for k tied winners), so "successes" is the sum of shares and
may be non-integer; the Wilson and score-test formulas accept that directly, and the exact
(Clopper-Pearson) interval uses the Beta quantiles, which are defined for real arguments.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt
from scipy import stats as sps


def _z(conf: float) -> float:
    if not 0.0 < conf < 1.0:
        raise ValueError(f"conf must be in (0, 1), got {conf}")
    return float(sps.norm.ppf(0.5 + conf / 2.0))


def wilson_interval(successes: float, n: float, conf: float = 0.95) -> tuple[float, float]:
    """Wilson score interval for a proportion; (nan, nan) when n == 0."""
    if n < 0 or successes < 0 or successes > n:
        raise ValueError(f"need 0 <= successes <= n, got {successes}/{n}")
    if n == 0:
        return (float("nan"), float("nan"))
    z = _z(conf)
    p = successes / n
    denom = 1.0 + z * z / n
    centre = (p + z * z / (2.0 * n)) / denom
    half = z * np.sqrt(p * (1.0 - p) / n + z * z / (4.0 * n * n)) / denom
    # The interval always holds p; rounding could leave p = 1 a hair above the upper end.
    return (min(p, max(0.0, float(centre - half))), max(p, min(1.0, float(centre + half))))


def clopper_pearson_interval(successes: float, n: float, conf: float = 0.95) -> tuple[float, float]:
    """Exact (Clopper-Pearson) interval from Beta quantiles; (nan, nan) when n == 0."""
    if n < 0 or successes < 0 or successes > n:
        raise ValueError(f"need 0 <= successes <= n, got {successes}/{n}")
    if n == 0:
        return (float("nan"), float("nan"))
    alpha = 1.0 - conf
    _z(conf)
    lo = 0.0 if successes == 0 else float(sps.beta.ppf(alpha / 2, successes, n - successes + 1))
    hi = 1.0 if successes == n else float(sps.beta.ppf(1 - alpha / 2, successes + 1, n - successes))
    return (lo, hi)


def proportion_interval(
    successes: float, n: float, conf: float = 0.95, method: str = "wilson"
) -> tuple[float, float]:
    """Interval by name: ``wilson`` or ``exact`` (Clopper-Pearson)."""
    if method == "wilson":
        return wilson_interval(successes, n, conf)
    if method == "exact":
        return clopper_pearson_interval(successes, n, conf)
    raise ValueError(f"unknown interval method {method!r}; allowed: wilson, exact")


def proportion_test(successes: float, n: float, p0: float) -> float:
    """Two-sided score-test p-value of H0: rate == p0 (normal approximation)."""
    if n <= 0:
        return float("nan")
    if not 0.0 < p0 < 1.0:
        raise ValueError(f"p0 must be in (0, 1), got {p0}")
    z = (successes / n - p0) / np.sqrt(p0 * (1.0 - p0) / n)
    return float(2.0 * sps.norm.sf(abs(z)))


def holm(pvalues: np.ndarray | list[float]) -> np.ndarray:
    """Holm step-down adjusted p-values (same order as the input; NaNs stay NaN)."""
    p = np.asarray(pvalues, dtype=float)
    out = np.full(p.shape, np.nan)
    ok = ~np.isnan(p)
    vals = p[ok]
    m = len(vals)
    if m == 0:
        return out
    order = np.argsort(vals, kind="stable")
    scaled = (m - np.arange(m)) * vals[order]
    # Step-down: an adjusted p-value is never below the one of a smaller raw p-value.
    adjusted = np.minimum(np.maximum.accumulate(scaled), 1.0)
    res = np.empty(m)
    res[order] = adjusted
    out[ok] = res
    return out


@dataclass(frozen=True)
class PairedResult:
    """Mean paired difference with a t interval and a resampling alternative."""

    n: int
    mean_diff: float
    se: float
    t_lo: float
    t_hi: float
    t_p: float
    boot_lo: float
    boot_hi: float
    perm_p: float


def paired_difference(
    diffs: np.ndarray,
    conf: float = 0.95,
    n_resamples: int = 2000,
    seed: int = 0,
) -> PairedResult:
    """Paired analysis of per-game differences: t interval + p, bootstrap interval, sign-flip p.

    The bootstrap is a percentile interval of the mean; the sign-flip test randomly flips the
    sign of each difference (exact under H0 of a symmetric zero-centred difference). Both use
    ``numpy.random.default_rng(seed)`` so results are reproducible.
    """
    d = np.asarray(diffs, dtype=float)
    n = len(d)
    nan = float("nan")
    if n == 0:
        return PairedResult(0, nan, nan, nan, nan, nan, nan, nan, nan)
    mean = float(d.mean())
    sd = float(d.std(ddof=1)) if n > 1 else nan
    se = sd / np.sqrt(n) if n > 1 else nan
    if n > 1 and se > 0:
        tq = float(sps.t.ppf(0.5 + conf / 2, n - 1))
        t_lo, t_hi = mean - tq * se, mean + tq * se
        t_p = float(2 * sps.t.sf(abs(mean) / se, n - 1))
    elif n > 1:
        # Every difference identical: no sampling variation to speak of.
        t_lo = t_hi = mean
        t_p = 1.0 if mean == 0 else 0.0
    else:
        t_lo = t_hi = t_p = nan
    boot_lo, boot_hi, perm_p = _resample(d, conf, n_resamples, seed)
    return PairedResult(n, mean, float(se), t_lo, t_hi, t_p, boot_lo, boot_hi, perm_p)


def _resample(d: np.ndarray, conf: float, b: int, seed: int) -> tuple[float, float, float]:
    rng = np.random.default_rng(seed)
    n = len(d)
    # Chunks bound memory at ~8 MB whatever n and b are.
    chunk = max(1, min(b, 1_000_000 // max(n, 1)))
    boot = np.empty(b)
    flips = np.empty(b)
    for start in range(0, b, chunk):
        k = min(chunk, b - start)
        idx = rng.integers(0, n, size=(k, n))
        boot[start : start + k] = d[idx].mean(axis=1)
        signs = rng.choice(np.array([-1.0, 1.0]), size=(k, n))
        flips[start : start + k] = (signs * d).mean(axis=1)
    alpha = 1 - conf
    lo, hi = np.quantile(boot, [alpha / 2, 1 - alpha / 2])
    observed = abs(d.mean())
    # Small tolerance so exact ties with the observed statistic count as "as extreme".
    extreme = np.sum(np.abs(flips) >= observed - 1e-12)
    return float(lo), float(hi), float((1 + extreme) / (1 + b))


def chi_square_uniform(counts: np.ndarray) -> tuple[float, float]:
    """Goodness-of-fit statistic and p-value of H0: all categories equally likely."""
    c = np.asarray(counts, dtype=float)
    if len(c) < 2 or c.sum() <= 0:
        return (float("nan"), float("nan"))
    res = sps.chisquare(c)
    return float(res.statistic), float(res.pvalue)


def quantile_summary(values: np.ndarray, qs: tuple[float, ...]) -> dict[str, float]:
    """Mean, sd and the requested quantiles (keys ``q05`` style) of a sample."""
    v = np.asarray(values, dtype=float)
    if len(v) == 0:
        return {"mean": float("nan"), "sd": float("nan")} | {_qname(q): float("nan") for q in qs}
    out = {"mean": float(v.mean()), "sd": float(v.std(ddof=1)) if len(v) > 1 else 0.0}
    for q, val in zip(qs, np.quantile(v, qs), strict=True):
        out[_qname(q)] = float(val)
    return out


def _qname(q: float) -> str:
    return "min" if q == 0 else "max" if q == 1 else f"q{round(q * 100):02d}"


def half_width(sd: float, n: int, conf: float = 0.95) -> float:
    """Half-width of the t interval of a mean of ``n`` values with standard deviation ``sd``."""
    if n < 2:
        return float("nan")
    return float(sps.t.ppf(0.5 + conf / 2, n - 1) * sd / np.sqrt(n))


def games_for_half_width(sd: float, target: float, conf: float = 0.95) -> int:
    """Smallest ``n`` whose t interval half-width for standard deviation ``sd`` is ≤ ``target``."""
    if target <= 0:
        raise ValueError(f"target half-width must be positive, got {target}")
    n = max(2, int(np.ceil((sps.norm.ppf(0.5 + conf / 2) * sd / target) ** 2)))
    while half_width(sd, n, conf) > target:  # the t quantile is a little wider than z
        n += 1
    return n


# Degrees of freedom of a clustered rate: 1.75 x Satterthwaite (see cluster_se_df); with the
# Korn-Graubard interval it covers 94.3-97.8% over the grid and large-cluster cases of
# tests/analyses/stats/test_stats_coverage.py (2 x: 93.9% with 20 games a seed).
CLUSTERED_DF_FACTOR = 1.75


@dataclass(frozen=True)
class ClusteredRate:
    """A pooled rate whose interval treats each cluster (one seed's games) as one unit."""

    rate: float
    se: float
    lo: float
    hi: float
    n: int
    clusters: int


def _cluster_totals(
    values: np.ndarray, trials: np.ndarray, clusters: npt.ArrayLike
) -> tuple[np.ndarray, np.ndarray]:
    """Per-cluster sums of ``values`` and of ``trials``."""
    _, idx = np.unique(np.asarray(clusters), return_inverse=True)
    y = np.asarray(values, dtype=float)
    return np.bincount(idx, y), np.bincount(idx, np.asarray(trials, dtype=float))


def cluster_se_df(residuals: np.ndarray, total: float, factor: float = 2.0) -> tuple[float, float]:
    """Cluster-robust (CR1) standard error of a ratio from its per-cluster residuals
    (``sum(y) - rate * sum(m)`` per cluster) and the degrees of freedom of that estimate.

    The degrees of freedom are ``factor`` times the Satterthwaite value
    ``(sum r^2)^2 / sum r^4``, capped at clusters - 1: when a few clusters hold all the
    residual (a rare outcome seen in two seeds), the variance rests on those few and the
    interval must widen. (The plug-in Satterthwaite value alone is too strict; the factors used
    here keep coverage inside the bands of ``tests/analyses/stats/test_stats_coverage.py``.)
    """
    r = np.asarray(residuals, dtype=float)
    k = len(r)
    if k < 2 or total <= 0:
        return float("nan"), float("nan")
    ss = float(np.sum(r * r))
    se = float(np.sqrt(k / (k - 1) * ss)) / total
    fourth = float(np.sum(r**4))
    df = k - 1.0 if fourth == 0 else min(k - 1.0, factor * ss * ss / fourth)
    return se, max(1.0, df)


def score_interval(rate: float, se: float, df: float, conf: float = 0.95) -> tuple[float, float]:
    """Wilson interval of ``rate`` at the effective sample size its standard error implies
    (``rate (1 - rate) / se^2``), with a t quantile of ``df`` degrees of freedom.

    Unlike ``rate ± t se`` clipped to [0, 1], it is asymmetric near 0 and 1, where a symmetric
    interval under-covers; for independent games it is the Wilson interval.
    """
    if not 0.0 < rate < 1.0 or not se > 0:
        raise ValueError(f"need 0 < rate < 1 and se > 0, got {rate}, {se}")
    t = float(sps.t.ppf(0.5 + conf / 2, df))
    n = rate * (1.0 - rate) / (se * se)
    denom = 1.0 + t * t / n
    centre = (rate + t * t / (2.0 * n)) / denom
    half = t * np.sqrt(rate * (1.0 - rate) / n + t * t / (4.0 * n * n)) / denom
    return (min(rate, max(0.0, float(centre - half))), max(rate, min(1.0, float(centre + half))))


def korn_graubard_interval(
    rate: float, se: float, df: float, conf: float = 0.95
) -> tuple[float, float]:
    """Clopper-Pearson interval of ``rate`` at the effective sample size its standard error
    implies, shrunk by ``(z / t_df)^2`` for the degrees of freedom of that error (Korn and
    Graubard 1998, the interval NCHS uses for survey proportions).

    Exact-binomial tails keep the interval honest when the effective size is small and the
    rate near 0 or 1: seeds whose games all go one way, as a few large clusters do, leave a
    Wilson-type interval too short on the side away from 1/2.
    """
    if not 0.0 < rate < 1.0 or not se > 0:
        raise ValueError(f"need 0 < rate < 1 and se > 0, got {rate}, {se}")
    z = float(sps.norm.ppf(0.5 + conf / 2))
    t = float(sps.t.ppf(0.5 + conf / 2, df))
    n = rate * (1.0 - rate) / (se * se) * (z / t) ** 2
    x = rate * n
    lo = float(sps.beta.ppf((1 - conf) / 2, x, n - x + 1))
    hi = float(sps.beta.ppf(0.5 + conf / 2, x + 1, n - x))
    return min(rate, lo), max(rate, hi)


def clustered_mean(
    values: npt.ArrayLike, clusters: npt.ArrayLike, conf: float = 0.95
) -> tuple[float, float, float]:
    """Mean of ``values`` with a cluster-robust 95% t interval (e.g. placements within games):
    (mean, lo, hi), symmetric and unclipped (for quantities that are not shares)."""
    v = np.asarray(values, dtype=float)
    yc, mc = _cluster_totals(v, np.ones(len(v)), clusters)
    nan = float("nan")
    if len(yc) < 2 or mc.sum() <= 0:
        return nan, nan, nan
    mean = float(yc.sum() / mc.sum())
    k = len(yc)
    se = float(np.sqrt(k / (k - 1) * np.sum((yc - mean * mc) ** 2))) / mc.sum()
    half = float(sps.t.ppf(0.5 + conf / 2, k - 1)) * se
    return mean, mean - half, mean + half


def clustered_rate(
    successes: np.ndarray,
    trials: np.ndarray,
    clusters: np.ndarray,
    conf: float = 0.95,
) -> ClusteredRate:
    """Pooled ``sum(successes) / sum(trials)`` with a seed-clustered interval.

    Games of different cells that replay the same seed are correlated; summing each cluster
    first and using the ratio-estimator (CR1) variance over clusters keeps that correlation in
    the standard error. The interval is Korn and Graubard's (:func:`korn_graubard_interval`) at
    the effective sample size (games divided by the design effect, never more than the games)
    with the degrees of freedom of :func:`cluster_se_df`, so it stays inside [0, 1] and holds
    its coverage near 0 and 1 and with large clusters (20 games a seed). Every cluster of one
    game: the Wilson interval.
    """
    yc, mc = _cluster_totals(successes, trials, clusters)
    k, total = len(yc), float(mc.sum())
    nan = float("nan")
    if k < 2 or total <= 0:
        return ClusteredRate(nan, nan, nan, nan, int(total), k)
    rate = float(yc.sum() / total)
    se, df = cluster_se_df(yc - rate * mc, total, CLUSTERED_DF_FACTOR)
    if rate in (0.0, 1.0) or se == 0.0:
        # Every game has the same outcome: the sandwich variance is 0, but k clusters of one
        # outcome are no certainty. Wilson on the clusters (one trial per seed) stays honest.
        lo, hi = wilson_interval(rate * k, k, conf)
        return ClusteredRate(rate, se, lo, hi, int(total), k)
    if np.all(mc == 1):
        lo, hi = wilson_interval(float(yc.sum()), total, conf)
        return ClusteredRate(rate, se, lo, hi, int(total), k)
    binomial = np.sqrt(rate * (1.0 - rate) / total)
    lo, hi = korn_graubard_interval(rate, max(se, binomial), df, conf)
    return ClusteredRate(rate, se, lo, hi, int(total), k)


@dataclass(frozen=True)
class StratifiedRate:
    """A rate averaged over strata (line-up slots), each stratum weighted equally."""

    rate: float
    se: float  # cluster-robust (seeds) or independent-games standard error
    binomial_se: float  # the standard error if every game were independent
    df: float  # degrees of freedom of ``se``
    lo: float
    hi: float
    games: int
    clusters: int


def stratified_rate(
    wins: np.ndarray, strata: np.ndarray, clusters: np.ndarray | None = None, conf: float = 0.95
) -> StratifiedRate:
    """Mean over strata of each stratum's win rate, with a score-type interval.

    ``wins`` holds one game's share per row and ``strata`` its stratum (e.g. which line-up
    slot sat in the position of interest). The rate answers "how often does this position win,
    whoever holds it", so a strong policy that held the position more often does not move it.
    With ``clusters`` (seeds shared by several cells) the standard error is cluster-robust;
    otherwise games are independent.
    """
    w = np.asarray(wins, dtype=float)
    keys, s_idx = np.unique(np.asarray(strata), return_inverse=True)
    k, n = len(keys), len(w)
    counts = np.bincount(s_idx, minlength=k).astype(float)
    rates = np.bincount(s_idx, w, minlength=k) / counts
    rate = float(rates.mean())
    binomial = float(np.sqrt(np.sum(rates * (1 - rates) / counts))) / k
    # each game's contribution to the stratified mean, around its stratum's rate
    contribution = (w - rates[s_idx]) / (k * counts[s_idx])
    if clusters is None:
        ids = np.arange(n)
    else:
        _, ids = np.unique(np.asarray(clusters), return_inverse=True)
    residuals = np.bincount(ids, contribution)
    se, df = cluster_se_df(residuals, 1.0)
    if clusters is None:  # independent games: the binomial variance needs no estimating
        se, df = binomial, float("inf")
    nan = float("nan")
    if not 0.0 < rate < 1.0 or not se > 0:
        lo, hi = wilson_interval(rate * len(residuals), len(residuals), conf) if n else (nan, nan)
    else:
        lo, hi = score_interval(rate, max(se, binomial), df, conf)
    return StratifiedRate(rate, float(se), binomial, float(df), lo, hi, n, len(residuals))


def detectable_difference(se: float, alpha: float = 0.05, power: float = 0.8) -> float:
    """Smallest true difference a two-sided level-``alpha`` test detects with ``power``."""
    return float((sps.norm.ppf(1 - alpha / 2) + sps.norm.ppf(power)) * se)
