"""``boardlab drift``: per-game baseline, paired/unpaired tests, statuses, outputs, exit codes."""

from __future__ import annotations

import gzip
import json
import math
import shlex
from xml.etree import ElementTree as ET

import numpy as np
import polars as pl
import pytest

from analyses.drift import DEFAULT_BASELINE, DEFAULT_SUITE, compare_check, judge, load_suite
from analyses.drift.check import config_hash, load_baseline, with_seeds
from analyses.drift.compare import estimate, expected_power
from analyses.drift.metrics import metric
from simcore.core.errors import ConfigError
from simcore.core.registry import imports_allowed
from tests.conftest import DUEL, TRUST, run_cli

SUITE = f"""
alpha = 0.05
baseline_factor = 2
[[check]]
name = "duel"
game = "{DUEL}"
players = 2
games = 300
seed = 3
policies = ["POLICY", "random"]
metrics = ["slot0_win", "turns", "score", "seat:draws", "end:turns"]
"""


def write_suite(tmp_path, policy: str) -> str:
    path = tmp_path / "suite.toml"
    path.write_text(SUITE.replace("POLICY", policy))
    return str(path)


@pytest.fixture
def recorded(tmp_path):
    suite, baseline = write_suite(tmp_path, "random"), str(tmp_path / "base.json.gz")
    made = run_cli(
        "drift",
        "update",
        TRUST,
        "--suite",
        suite,
        "--baseline",
        baseline,
        "--message",
        "first recording",
    )
    assert made.returncode == 0, made.stderr
    return suite, baseline


def test_update_needs_a_message(tmp_path):
    result = run_cli(
        "drift",
        "update",
        TRUST,
        "--suite",
        write_suite(tmp_path, "random"),
        "--baseline",
        str(tmp_path / "b.json.gz"),
    )
    assert result.returncode == 2 and "--message" in result.stderr
    assert not (tmp_path / "b.json.gz").exists()


def test_unchanged_code_is_identical_and_costs_no_test(recorded, tmp_path):
    suite, baseline = recorded
    doc = json.loads(gzip.decompress((tmp_path / "base.json.gz").read_bytes()))
    # the baseline keeps twice the games the check replays (baseline_factor = 2)
    assert (
        doc["message"] == "first recording"
        and len(doc["checks"]["duel"]["columns"]["turns"]) == 600
    )
    result = run_cli("drift", "check", TRUST, "--suite", suite, "--baseline", baseline)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 drifted, 0 changed with size unclear, 0 within tolerance, 5 identical" in (
        result.stdout
    )
    assert "first recording" in result.stdout and "no game changed its winner" in result.stdout


def test_strength_change_is_drift_with_replayable_examples(recorded, tmp_path):
    _, baseline = recorded
    # Slot 0 never plays its 8 or 7: a clear loss of strength, same random stream.
    weaker = write_suite(tmp_path, "random:forbid=play/8+play/7")
    junit, page = tmp_path / "drift.xml", tmp_path / "drift.html"
    result = run_cli(
        "drift",
        "check",
        TRUST,
        "--suite",
        weaker,
        "--baseline",
        baseline,
        "--junit",
        str(junit),
        "--html",
        str(page),
    )
    # the suite's config changed (another policy): refused rather than compared blindly
    assert result.returncode == 2 and "changed since the baseline" in result.stderr
    doc = json.loads(gzip.decompress((tmp_path / "base.json.gz").read_bytes()))
    with imports_allowed(True):  # the suite names the fixture game by its module path
        checks, _ = load_suite(weaker)
    doc["checks"]["duel"]["config_hash"] = config_hash(checks[0])  # as if the code changed
    (tmp_path / "base.json.gz").write_bytes(gzip.compress(json.dumps(doc).encode()))
    result = run_cli(
        "drift",
        "check",
        TRUST,
        "--suite",
        weaker,
        "--baseline",
        baseline,
        "--junit",
        str(junit),
        "--html",
        str(page),
    )
    assert result.returncode == 1, result.stdout + result.stderr
    assert "DRIFT" in result.stdout and "paired" in result.stdout
    suites = ET.parse(junit).getroot()
    assert suites.find("testsuite").get("failures") != "0"
    assert "Drift check:" in page.read_text() and "boardlab play" in page.read_text()
    command = next(line for line in result.stdout.splitlines() if "boardlab play" in line)
    replay = run_cli(*shlex.split(command.strip())[1:])
    assert replay.returncode == 0 and replay.stdout.strip(), replay.stderr


def test_old_or_missing_baseline_is_bad_input(tmp_path):
    suite = write_suite(tmp_path, "random")
    old = tmp_path / "old.json"
    old.write_text(json.dumps({"checks": {"duel": {"wins": 1, "games": 2}}}))
    for path in (old, tmp_path / "none.json"):
        result = run_cli("drift", "check", TRUST, "--suite", suite, "--baseline", str(path))
        assert result.returncode == 2 and "drift update --message" in result.stderr


def _frame(values: np.ndarray, seed: int = 3) -> pl.DataFrame:
    n = len(values)
    base = pl.DataFrame(
        {
            "game_index": np.arange(n),
            "slot0_win": values,
            "turns": np.full(n, 10),
            "ended_by": ["x"] * n,
            "score": values * 2.0,
            "first_player_win": values,
        }
    )
    return with_seeds({"seed": seed}, base)


def test_statuses_identical_within_tolerance_unclear_and_drift():
    rng = np.random.default_rng(0)
    n = 20_000
    base = rng.random(n) < 0.5
    same = compare_check("c", ["slot0_win"], _frame(base), _frame(base))
    other = rng.random(n) < 0.5  # a new random stream, same behaviour
    new = compare_check("c", ["slot0_win"], _frame(base), _frame(other))
    small = base.copy()
    small[np.flatnonzero(~base)[:100]] = True  # +0.5 points, same stream
    big = base.copy()
    big[np.flatnonzero(~base)[:1200]] = True  # +6 points, same stream
    # +2 points on a new stream of 2,000 games: the 90% interval (+0.0 to +5.2) neither rules
    # out the tolerance nor shows more than half of it
    half, few = np.zeros(2000), np.zeros(2000)
    half[rng.permutation(2000)[:1000]], few[rng.permutation(2000)[:1040]] = 1.0, 1.0
    unclear = compare_check("c", ["slot0_win"], _frame(half), _frame(few))
    rows = same + new + compare_check("c", ["slot0_win"], _frame(base), _frame(small))
    rows += compare_check("c", ["slot0_win"], _frame(base), _frame(big)) + unclear
    table = judge(rows, 0.05)
    assert table["status"].to_list() == [
        "identical",
        "within tolerance",
        "within tolerance",
        "DRIFT",
        "changed, size unclear",
    ]
    assert table["mode"].to_list()[1:4] == ["unpaired (new random stream)", "paired", "paired"]
    assert table["changed"].to_list()[:4] == [False, False, True, True]


def test_a_larger_baseline_narrows_a_new_stream_comparison():
    # 3,000 baseline games against 1,000 replayed: unrelated games (new stream) weigh every
    # baseline game alike, so the standard error is sd * sqrt(1/1000 + 1/3000).
    rng = np.random.default_rng(1)
    base = (rng.random(3000) < 0.5).astype(float)
    now = (rng.random(1000) < 0.5).astype(float)
    diff, se, r = estimate(base, now)
    assert abs(r) < 0.1
    assert diff == pytest.approx(now.mean() - base.mean(), abs=0.002)
    assert se == pytest.approx(0.5 * math.sqrt(1 / 1000 + 1 / 3000), rel=0.05)
    # the same stream: the paired games carry the comparison
    moved = base[:1000].copy()
    moved[:30] = 1 - moved[:30]
    diff, se, r = estimate(base, moved)
    assert r > 0.9 and diff == pytest.approx((moved - base[:1000]).mean(), abs=1e-3)
    assert se < 0.5 * math.sqrt(1 / 1000 + 1 / 3000) / 3


def test_expected_power_is_the_new_stream_operating_characteristic():
    # A 3-point tolerance on a 50% rate: 11,000 games against 33,000 flag a change of the full
    # tolerance 83-84% of the time, half of it 4% (one-sided 4% test at half the tolerance).
    assert 0.83 < expected_power(0.5, 11_000, 33_000, 0.03) < 0.85
    assert expected_power(0.5, 2_000, 2_000, 0.03) < 0.3


def test_a_seat_metric_of_a_column_the_game_lacks_is_bad_input(tmp_path):
    text = SUITE.replace("POLICY", "random").replace("seat:draws", "seat:bonus_points")
    (tmp_path / "s2.toml").write_text(text)
    result = run_cli(
        "drift",
        "update",
        TRUST,
        "--suite",
        str(tmp_path / "s2.toml"),
        "--baseline",
        str(tmp_path / "b.json.gz"),
        "--message",
        "x",
    )
    assert result.returncode == 2 and "no seat column 'bonus_points'" in result.stderr


def test_seeds_must_match():
    a = _frame(np.ones(10))
    with pytest.raises(ValueError, match="other seeds"):
        compare_check("c", ["slot0_win"], a, _frame(np.ones(10), seed=4))


def test_unknown_metric_is_bad_input(tmp_path):
    path = tmp_path / "s.toml"
    path.write_text(SUITE.replace("POLICY", "random").replace('"score",', '"scor",'))
    with pytest.raises(ConfigError, match="unknown drift metric 'scor'"):
        load_suite(path)


def test_shipped_suite_is_valid_and_has_a_baseline():
    checks, alpha = load_suite(DEFAULT_SUITE)
    assert len(checks) == 6 and alpha == 0.05
    assert sum(len(c["metrics"]) for c in checks) == 15
    assert DEFAULT_BASELINE.is_file(), "run `boardlab drift update --message ...` and commit"


def test_shipped_suite_is_sized_for_its_operating_characteristic():
    # Every metric flags a new-stream change of its full tolerance with >= 80% chance, by the
    # per-game spread its baseline recorded (a metric that never varied, such as a safety stop
    # that never fires, flags any change of 3 points).
    checks, _ = load_suite(DEFAULT_SUITE)
    doc = load_baseline(DEFAULT_BASELINE)
    for c in checks:
        frame = pl.DataFrame(doc["checks"][c["name"]]["columns"])
        assert frame.height == c["games"] * c["baseline_factor"]
        for name in c["metrics"]:
            values = metric(name).extract(frame)
            tol = metric(name).tolerance(float(values.mean()))
            power = expected_power(float(values.std(ddof=1)), c["games"], frame.height, tol)
            assert power >= 0.8, (c["name"], name, power)


def test_harness_measures_false_alarms_and_flag_rates_on_a_pool():
    from analyses.drift.harness import rates

    rng = np.random.default_rng(5)
    n, factor = 1000, 3
    size = (factor + 2) * n  # the baseline's games and twice the check's more
    wins = (rng.random(size) < 0.5).astype(float)
    pool = pl.DataFrame(
        {
            "game_index": np.arange(size),
            "rotation": np.arange(size) % 2,
            "turns": rng.poisson(20, size),
            "ended_by": ["x"] * size,
            "slot0_win": wins,
            "first_player_win": wins,
            "score": rng.normal(50, 5, size),
        }
    )
    checks = [
        {
            "name": "c",
            "seed": 1,
            "games": n,
            "baseline_factor": factor,
            "metrics": ["slot0_win", "score", "end:stall"],
        }
    ]
    result = rates(checks, {"c": pool}, 0.05, trials=40, seed=1)
    assert result["false_alarm_new_stream"] <= 0.1  # 40 trials: loose bound on a ~0 rate
    flags = result["flag_rate"]
    # score: SD 5 on 50, tolerance 1.5: 1,000 games flag a 3% change (up to the 5% in which
    # the 90% interval of a change of exactly the tolerance ends inside it), not half of it
    score = flags["c/score"]
    assert min(score["same_stream_1_tol"], score["new_stream_1_tol"]) >= 0.85
    assert max(score["same_stream_0.5_tol"], score["new_stream_0.5_tol"]) <= 0.1
    # 1,000 games are far too few for 3 win-rate points on a new stream
    assert flags["c/slot0_win"]["new_stream_1_tol"] < 0.6
    # a safety stop that never fired: 3% of games now stalling is seen
    assert flags["c/end:stall"]["same_stream_1_tol"] >= 0.85
