"""``boardlab drift``: unchanged code is identical; a real strength change exits 1."""

from __future__ import annotations

from analyses.drift import DEFAULT_BASELINE, DEFAULT_SUITE, load_suite, two_proportion_p
from tests.conftest import DUEL, run_cli

SUITE = f"""
alpha = 0.01
[[check]]
name = "duel"
game = "{DUEL}"
players = 2
games = 600
seed = 3
policies = ["POLICY", "random"]
"""


def write_suite(tmp_path, policy: str):
    path = tmp_path / "suite.toml"
    path.write_text(SUITE.replace("POLICY", policy))
    return str(path)


def test_update_then_check_is_identical(tmp_path):
    suite, baseline = write_suite(tmp_path, "random"), str(tmp_path / "base.json")
    assert run_cli("drift", "update", "--suite", suite, "--baseline", baseline).returncode == 0
    result = run_cli("drift", "check", "--suite", suite, "--baseline", baseline)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "identical" in result.stdout and "0 drifted" in result.stdout


def test_strength_change_is_drift(tmp_path):
    baseline = str(tmp_path / "base.json")
    assert run_cli("drift", "update", "--suite", write_suite(tmp_path, "random"),
                   "--baseline", baseline).returncode == 0  # fmt: skip
    # Slot 0 now never plays its 8: a clear loss of strength against the baseline.
    weaker = write_suite(tmp_path, "random:forbid=play/8+play/7")
    result = run_cli("drift", "check", "--suite", weaker, "--baseline", baseline)
    assert result.returncode == 1, result.stdout + result.stderr
    assert "DRIFT" in result.stdout


def test_missing_baseline_is_bad_input(tmp_path):
    result = run_cli("drift", "check", "--suite", write_suite(tmp_path, "random"),
                     "--baseline", str(tmp_path / "none.json"))  # fmt: skip
    assert result.returncode == 2 and "drift update" in result.stderr


def test_two_proportion_p_reference():
    # Pooled z test: 60/100 vs 45/100 -> z = 2.1239, p = 0.0337.
    assert abs(two_proportion_p(60, 100, 45, 100) - 0.0337) < 1e-3
    assert two_proportion_p(50, 100, 50, 100) == 1.0


def test_shipped_suite_is_valid_and_has_a_baseline():
    checks, alpha = load_suite(DEFAULT_SUITE)
    assert len(checks) >= 3 and alpha == 0.01
    assert DEFAULT_BASELINE.is_file(), "run `boardlab drift update` and commit the baseline"
