"""``boardlab demo`` with tiny settings: every report linked from index.html; reruns work."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest

from analyses.studies.claims import STRONGEST_FORMS
from reports.demo.comparisons import SIDE_B_GAMES
from reports.demo.run import (
    DEFAULT_CARD_GAMES,
    DEFAULT_GAMES,
    STUDIES,
    STUDY_GAMES,
    demo_configs,
    run_demo,
)
from reports.kit.plots import interval_bars
from simcore.core import registry
from tests.conftest import cli_env

GAMES = registry.loadable_game_ids(with_heuristic=True)
pytestmark = pytest.mark.skipif(not GAMES, reason="no game with a heuristic is loadable")


def links(index: Path) -> list[str]:
    return re.findall(r'<a href="([^"]+)">', index.read_text())


def parts(out: Path) -> dict[str, float]:
    """Every Parquet part of every demo run with its modification time."""
    return {str(p): p.stat().st_mtime_ns for p in sorted((out / "runs").glob("*/*/*.parquet"))}


def timed_output(*args: str) -> tuple[int, str, list[float]]:
    """Run ``boardlab ARGS``; its exit code, its output (stdout and stderr, as written) and the
    seconds since the start at which each piece of output arrived (and the exit)."""
    start = time.perf_counter()
    proc = subprocess.Popen(
        [sys.executable, "-m", "boardlab.cli", *args],
        env=cli_env(),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    assert proc.stdout is not None
    chunks, times = [], []
    while chunk := os.read(proc.stdout.fileno(), 65536):
        chunks.append(chunk)
        times.append(time.perf_counter() - start)
    code = proc.wait(timeout=600)
    return code, b"".join(chunks).decode(), [*times, time.perf_counter() - start]


@pytest.fixture(scope="module")
def demo(tmp_path_factory):
    out = tmp_path_factory.mktemp("demo") / "site"
    code, output, times = timed_output(
        "demo", "--out", str(out), "--games", "4", "--card-games", "2", "--n-jobs", "1"
    )
    assert code == 0, output
    return out, output, times


@pytest.mark.slow  # the demo run (about 50 s): .ci/run runs these alone
def test_demo_ends_with_the_path_to_open(demo):
    out, stdout, _ = demo
    last = stdout.strip().splitlines()[-1]
    assert last.startswith("demo finished in ") and last.endswith(f"open {out / 'index.html'}")
    assert f"[{len(demo_configs(4, 2))}/{len(demo_configs(4, 2))}]" in stdout  # progress lines


@pytest.mark.slow  # the demo run (about 50 s): .ci/run runs these alone
def test_the_demo_is_never_silent_for_more_than_10_seconds(demo):
    # issue 65: silent stretches of 33-87 s ("writing reports", each compare) on a loaded
    # machine; every step now says what it does and ticks while it runs
    _, output, times = demo
    gaps = [b - a for a, b in zip([0.0, *times], times, strict=False)]
    assert max(gaps) <= 10, (max(gaps), output[-2000:])
    assert "writing report 1/" in output and "comparing " in output


@pytest.mark.slow  # the demo run (about 50 s): .ci/run runs these alone
def test_demo_starts_by_naming_the_build_that_plays(demo):
    from simcore.core.native import build_line

    _, stdout, _ = demo
    first = stdout.splitlines()[0]
    assert first == build_line() and first.startswith("build: ")


@pytest.mark.slow  # the demo run (about 50 s): .ci/run runs these alone
def test_index_links_every_report_and_each_exists(demo):
    out, _, _ = demo
    hrefs = links(out / "index.html")
    expected = [f"demo-{g.replace('_', '-')}.html" for g in GAMES]
    expected += [f"{STUDIES[g]}.html" for g in GAMES if g in STUDIES]
    if "ratjack" in GAMES:
        expected += ["ratjack-card-values.html", "shipped-vs-rat-7-effect-on-the-9-card.html"]
    if "rats_of_wistar" in GAMES:
        expected.append("shipped-vs-hut-gives-3-potions.html")
    assert sorted(hrefs) == sorted(expected)
    for href in hrefs:
        page = (out / href).read_text()
        assert page.startswith("<!DOCTYPE html>") and "<svg" in page
    index = (out / "index.html").read_text()
    assert re.search(STRONGEST_FORMS, index) or "ratjack" not in GAMES


@pytest.mark.slow  # a second and third demo: .ci/run runs it alone
def test_rerun_resumes_and_other_sizes_replace_the_runs(demo):
    out, _, _ = demo
    before = parts(out)
    run_demo(out, games=4, n_jobs=1, quiet=True, card_games=2)
    assert parts(out) == before  # every run was complete: nothing replayed or rewritten
    # A run made with other rule code (fingerprint) is played again, the others are kept.
    old = out / "runs" / f"demo-{GAMES[0].replace('_', '-')}"
    manifest = json.loads((old / "manifest.json").read_text())
    stale = {**manifest["fingerprint"], "game_code": "old"}
    (old / "manifest.json").write_text(json.dumps({**manifest, "fingerprint": stale}))
    run_demo(out, games=4, n_jobs=1, quiet=True, card_games=0)
    after = parts(out)
    assert json.loads((old / "manifest.json").read_text())["fingerprint"]["game_code"] != "old"
    changed = {p for p in before if after.get(p) != before[p]}
    assert changed and all(p.startswith(str(old)) for p in changed)
    run_demo(out, games=5, n_jobs=1, quiet=True, card_games=0)
    manifests = [json.loads(p.read_text()) for p in (out / "runs").glob("*/manifest.json")]
    sizes = {m["name"]: m["games_per_cell"] for m in manifests}
    generic = {f"demo-{g.replace('_', '-')}" for g in GAMES}
    assert {n: s for n, s in sizes.items() if n in generic} == dict.fromkeys(generic, 5)
    studies = {STUDIES[g] for g in GAMES if g in STUDIES}
    compared = {"shipped-vs-hut-gives-3-potions"} if "rats_of_wistar" in GAMES else set()
    assert set(links(out / "index.html")) == {f"{n}.html" for n in generic | studies | compared}


def test_default_sizes_fit_the_time_budget():
    # About 3 CPU minutes at the costs measured on one core: a generic line-up triple (h-r,
    # h-h, r-r) of all three games ~90 ms; card sweeps ~14 ms (rat decks) and ~18 ms (weasel +
    # raccoon) per heuristic-vs-heuristic game. Measured: 173 s CPU for the whole demo.
    cells = {c["name"]: len(c["grid"]["policies"]) for c in demo_configs(DEFAULT_GAMES)}
    rat, other = (
        cells.get("demo-ratjack-cards-rat", 0),
        cells.get("demo-ratjack-cards-weasel-raccoon", 0),
    )
    assert (rat, other) in ((0, 0), (13, 25))
    wheel, variants = (cells.get(STUDIES[g], 0) for g in ("rats_of_wistar", "lord_of_worlds"))
    assert (wheel, variants) in ((0, 0), (20, 2))  # the variant grid also varies rules
    # Studies, per game on one core (pilot): wheel 2p ~10 ms x 20 cells, variants ~7 ms x 16.
    studies = STUDY_GAMES * (0.010 * 20 * (wheel > 0) + 0.007 * 16 * (variants > 0))
    estimate = DEFAULT_GAMES * 0.090 + DEFAULT_CARD_GAMES * (0.014 * rat + 0.018 * other)
    # The comparisons' side B: the rat card study and the wheel study at SIDE_B_GAMES.
    compare = SIDE_B_GAMES * (0.014 * rat + 0.010 * wheel)
    assert compare < 60, compare  # at most ~30 s more on two cores
    assert 120 < estimate + studies + compare < 300, estimate + studies + compare


def test_perfect_record_draws_its_interval_bar():
    # 300 wins in 300 games: the Wilson upper bound is 1 up to rounding; the demo's skill-gap
    # plot once failed on the resulting "negative" whisker.
    from analyses.stats.intervals import wilson_interval

    lo, hi = wilson_interval(300, 300)
    assert lo < 1.0 == hi
    svg = interval_bars(
        ["h vs r"], np.array([1.0]), [lo], [hi - 1e-16], xlabel="x", title="t", name="n"
    )
    assert svg.startswith("<svg")
