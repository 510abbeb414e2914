"""``boardlab bench``: simulator speed, sweep overhead and parallel efficiency (DESIGN §8)."""

from __future__ import annotations

import argparse
import json
import logging
import statistics
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from simcore.core import registry
from simcore.core.native import build_label, build_line
from simcore.core.rng import game_seed
from simcore.engine.play.runner import play_game
from simcore.engine.run.dataset import scan_table
from simcore.engine.sweep.scaling import selfplay_config


def games_per_second(game_id: str, n_players: int, spec: str, seconds: float) -> dict[str, Any]:
    """Play ``spec`` in every seat for about ``seconds``; return games/s on one core."""
    from strategies.registry import make_policy

    game = registry.make_game(game_id)
    policies = [make_policy(spec, game) for _ in range(n_players)]
    played, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds or played < 3:
        play_game(game, n_players, policies, game_seed(0, played))
        played += 1
    elapsed = time.perf_counter() - start
    return {
        "game": game_id,
        "players": n_players,
        "policy": spec,
        "games": played,
        "seconds": round(elapsed, 3),
        "games_per_s": round(played / elapsed, 1),
    }


def sweep_overhead(game_id: str, spec: str, games: int, repeats: int = 5) -> dict[str, Any]:
    """A 1-worker sweep vs a bare ``play_game`` loop over the same games.

    ``overhead_pct``: CPU time of the two, timed back to back in alternating order, median of
    the repeats' ratios (the best of each side taken apart read anywhere from -4% to +16% for
    the same code). Two runs a few seconds apart still differ by a few percent on a shared
    machine, so two figures divide out the machine's speed within each run:

    - ``in_run_pct``: each side's wall time over the wall time its own games report
      (``wall_ms``, timed inside ``play_game``), the sweep's ratio over the bare loop's. Work a
      background thread does while a game runs (the idle flush) lands inside ``wall_ms``, so
      this can read low.
    - ``cpu_in_run_pct``: each side's process CPU (every thread) over the CPU its games' own
      thread spent in ``play_game``, the sweep's ratio over the bare loop's: the work the
      sweep adds, wherever it runs.

    ``faults_per_game``: the sweep's minor page faults a game beyond the bare loop's (median).
    Memory touched for the first time costs the kernel ~2 us a 4-KiB page on a VM, work that
    instruction counts do not see.
    """
    import simcore.engine.sweep.chunks as chunk_module
    from simcore.engine.sweep.sweep import run_sweep
    from strategies.registry import make_policy

    game = registry.make_game(game_id)
    policies = [make_policy(spec, game), make_policy(spec, game)]
    cfg = selfplay_config(game_id, spec, games, "overhead")
    timed = _ThreadCpu(play_game)

    def bare() -> tuple[float, float, float, int]:
        timed.cpu = 0.0
        start, wall, played, faults = time.process_time(), time.perf_counter(), 0.0, _faults()
        for i in range(games):
            lineup = policies if i % 2 == 0 else policies[::-1]
            played += timed(game, 2, lineup, game_seed(1, i)).game["wall_ms"]
        wall, cpu = time.perf_counter() - wall, time.process_time() - start
        return cpu, wall / (played / 1000.0), cpu / timed.cpu, _faults() - faults

    def swept() -> tuple[float, float, float, int]:
        timed.cpu = 0.0
        with tempfile.TemporaryDirectory() as tmp, timed.patched(chunk_module):
            start, wall, faults = time.process_time(), time.perf_counter(), _faults()
            result = run_sweep(cfg, tmp, n_jobs=1, quiet=True)
            cpu, wall = time.process_time() - start, time.perf_counter() - wall
            faults = _faults() - faults
            played = scan_table(result.run_dir, "games").select("wall_ms").sum().collect().item()
            played /= 1000.0
        return cpu, wall / played, cpu / timed.cpu, faults

    swept()  # warm-up: first-use imports and caches belong to neither side
    pairs = []
    for r in range(repeats):
        if r % 2 == 0:
            ba, sw = bare(), swept()
        else:
            sw, ba = swept(), bare()
        pairs.append((ba, sw))

    def median_pct(i: int) -> float:
        return round(100 * (statistics.median(sw[i] / ba[i] for ba, sw in pairs) - 1), 1)

    return {
        "game": game_id,
        "policy": spec,
        "games": games,
        "bare_cpu_s": round(statistics.median(ba[0] for ba, _ in pairs), 3),
        "sweep_cpu_s": round(statistics.median(sw[0] for _, sw in pairs), 3),
        "overhead_pct": median_pct(0),
        "in_run_pct": median_pct(1),
        "cpu_in_run_pct": median_pct(2),
        "faults_per_game": round(statistics.median(sw[3] - ba[3] for ba, sw in pairs) / games, 3),
    }


def _faults() -> int:
    """Minor page faults of this process so far (0 where the platform does not count them)."""
    try:
        import resource
    except ImportError:  # Windows
        return 0
    return resource.getrusage(resource.RUSAGE_SELF).ru_minflt


class _ThreadCpu:
    """``play_game`` that adds the CPU time of the calling thread to ``self.cpu``."""

    def __init__(self, play: Any) -> None:
        self.play, self.cpu = play, 0.0

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        start = time.thread_time()
        try:
            return self.play(*args, **kwargs)
        finally:
            self.cpu += time.thread_time() - start

    @contextmanager
    def patched(self, module: Any) -> Iterator[None]:
        """Stand in for ``module.play_game`` (the sweep's chunks call it by that name)."""
        real, module.play_game = module.play_game, self
        try:
            yield
        finally:
            module.play_game = real


def parallel_efficiency(game_id: str, spec: str, games: int, n_jobs: int = 2) -> dict[str, Any]:
    """Time the same sweep on 1 and on ``n_jobs`` workers; efficiency = T1 / (n * Tn)."""
    from simcore.engine.sweep.scaling import timed_sweep

    chunk = max(1, games // 40)
    times = {jobs: timed_sweep(game_id, spec, games, chunk, jobs)[0] for jobs in (1, n_jobs)}
    eff = times[1] / (n_jobs * times[n_jobs])
    return {
        "game": game_id,
        "policy": spec,
        "games": games,
        "t1_s": round(times[1], 2),
        f"t{n_jobs}_s": round(times[n_jobs], 2),
        "efficiency": round(eff, 3),
    }


DASK_WORKER_CONFIG = Path(__file__).with_name("dask_worker.yaml")


def dask_worker_settings() -> dict[str, Any]:
    """``dask_worker.yaml`` as dotted keys (``dask.config.set`` would replace whole sections
    given nested ones)."""
    import yaml

    def flat(prefix: str, node: Any) -> dict[str, Any]:
        if not isinstance(node, dict):
            return {prefix: node}
        out: dict[str, Any] = {}
        for key, value in node.items():
            out.update(flat(f"{prefix}.{key}" if prefix else key, value))
        return out

    return flat("", yaml.safe_load(DASK_WORKER_CONFIG.read_text()))


@contextmanager
def local_cluster(workers: int) -> Iterator[Any]:
    """A local Dask cluster of ``workers`` one-thread processes, with the settings the README's
    recipe gives a cluster (``dask_worker.yaml``)."""
    import dask
    from dask.distributed import LocalCluster

    with (
        dask.config.set(dask_worker_settings()),
        LocalCluster(
            n_workers=workers,
            threads_per_worker=1,
            processes=True,
            dashboard_address=None,
            silence_logs=logging.ERROR,
        ) as cluster,
    ):
        yield cluster


def dask_seconds(
    game_id: str, spec: str, games: int, chunk: int, workers: int = 2
) -> tuple[float, float] | None:
    """Wall seconds of the sweep on a local Dask cluster (``local_cluster``, started before
    the clock, as a cluster's workers would be) and the seconds its games took; None without
    dask."""
    try:
        import dask.distributed  # noqa: F401
    except ImportError:
        return None
    from simcore.engine.sweep.scaling import timed_sweep

    with local_cluster(workers) as cluster:
        return timed_sweep(
            game_id,
            spec,
            games,
            chunk,
            workers,
            backend="dask",
            scheduler=cluster.scheduler_address,
        )


def run_bench(seconds: float, full: bool, games: list[str] | None) -> dict[str, Any]:
    """All benchmark figures as a dict (printed as a table and optionally saved as JSON)."""
    ids = games or registry.loadable_game_ids(with_heuristic=True)
    report: dict[str, Any] = {"speed": [], "mcts": [], "overhead": [], "parallel": []}
    for gid in ids:
        game = registry.make_game(gid)
        for n in range(game.spec.min_players, game.spec.max_players + 1):
            for spec in ("random", "heuristic"):
                report["speed"].append(games_per_second(gid, n, spec, seconds))
        report["mcts"].append(_mcts_rate(gid))
    if ids:
        for gid in ids:
            rate = next(r["games_per_s"] for r in report["speed"] if r["game"] == gid)
            report["overhead"].append(sweep_overhead(gid, "random", int(rate * seconds) + 50))
        target = 30.0 if full else 3.0
        n_games = _games_for(ids[0], target)
        if full:  # measured vs modelled wall time on 1 and 2 workers, predictions for more
            from simcore.engine.sweep.config import auto_chunk_size
            from simcore.engine.sweep.scaling import check

            chunk = auto_chunk_size(n_games, 2)
            row = check(ids[0], "heuristic", n_games, chunk)
            try:  # the same sweep on a real 2-worker Dask cluster
                on_dask = dask_seconds(ids[0], "heuristic", n_games, chunk)
            except Exception as exc:  # a cluster that cannot start must not lose the figures above
                on_dask, row["dask_error"] = None, f"{type(exc).__name__}: {exc}"[:120]
            if on_dask is not None:
                wall, played = on_dask
                row["t2_dask_measured"] = round(wall, 2)
                row["e2_dask_measured"] = round(row["t1_measured"] / (2 * wall), 3)
                row["e2_dask_busy"] = round(played / (2 * wall), 3)
            report["parallel"].append(row)
        else:
            report["parallel"].append(parallel_efficiency(ids[0], "heuristic", n_games))
    return report


RATE_KEYS = {"speed": ("games_per_s",), "mcts": ("iterations_per_s",),
             "overhead": ("overhead_pct", "in_run_pct", "cpu_in_run_pct"),
             "parallel": ("efficiency", "e2_measured", "e2_busy", "e2_dask_measured",
                          "e2_dask_busy")}  # fmt: skip
ID_KEYS = ("game", "players", "policy")


def compare(report: dict[str, Any], baseline: dict[str, Any]) -> list[dict[str, Any]]:
    """Rows of (section, id, figure, baseline, now, ratio) for figures both runs measured."""
    rows = []
    for section, keys in RATE_KEYS.items():
        old = {_ident(r): r for r in baseline.get(section, [])}
        for row in report.get(section, []):
            before = old.get(_ident(row))
            for key in keys:
                if before is None or key not in row or key not in before:
                    continue
                now, then = float(row[key]), float(before[key])
                ratio = now / then if then else float("nan")
                rows.append(
                    {
                        "section": section,
                        "id": " ".join(map(str, _ident(row))),
                        "figure": key,
                        "baseline": then,
                        "now": now,
                        "ratio": round(ratio, 3),
                    }
                )
    return rows


def build_note(report: dict[str, Any], baseline: dict[str, Any]) -> str | None:
    """A warning when the baseline ran the other build (pure or compiled), else None."""
    then = baseline.get("build", "pure Python")  # baselines stored before the compiled build
    if then == report.get("build", "pure Python"):
        return None
    return f"note: the baseline ran a different build ({then}); ratios compare builds"


def _ident(row: dict[str, Any]) -> tuple[Any, ...]:
    return tuple(row[k] for k in ID_KEYS if k in row)


def _games_for(game_id: str, seconds: float) -> int:
    rate = games_per_second(game_id, 2, "heuristic", 1.0)["games_per_s"]
    return max(40, int(rate * seconds))


def _mcts_rate(game_id: str) -> dict[str, Any]:
    try:
        from strategies.mcts import measure
    except ImportError:
        return {"game": game_id, "error": "strategies.mcts not available"}
    return {"game": game_id, **measure(registry.make_game(game_id), 2, 200, 0)}


def print_report(report: dict[str, Any]) -> None:
    """Human-readable tables of the benchmark figures."""
    for section, rows in report.items():
        if not rows or not isinstance(rows, list):  # e.g. the ``build`` label
            continue
        print(f"\n== {section}")
        keys = list(dict.fromkeys(k for row in rows for k in row))
        print("  ".join(f"{k:>14}" for k in keys))
        for row in rows:
            print("  ".join(f"{_fmt(row.get(k, '')):>14}" for k in keys))


def _load_baseline(path: str) -> dict[str, Any]:
    """A stored ``--json`` report; ``ConfigError`` (exit 2) if missing or not one."""
    from simcore.core.content import read_regular
    from simcore.core.errors import ConfigError

    try:
        data = json.loads(read_regular(path, 1 << 24, ConfigError, "a bench JSON file"))
    except FileNotFoundError:
        raise ConfigError(f"--compare: no such file {path!r}") from None
    except (OSError, json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise ConfigError(f"--compare: {path!r} is not a bench JSON file ({exc})") from None
    if not isinstance(data, dict) or not any(isinstance(data.get(k), list) for k in RATE_KEYS):
        raise ConfigError(f"--compare: {path!r} is not a bench JSON file (no bench sections)")
    return data


def _fmt(value: Any) -> str:
    return f"{value:.4g}" if isinstance(value, float) else str(value)


def add_arguments(p: argparse.ArgumentParser) -> None:
    """Flags of ``boardlab bench``."""
    p.add_argument("--seconds", type=float, default=2.0, help="time per speed measurement")
    p.add_argument(
        "--full",
        action="store_true",
        help="30-s parallel-efficiency sweep: 1 and 2 workers, and a local 2-worker Dask cluster",
    )
    p.add_argument("--game", action="append", help="only these games (repeatable)")
    from simcore.engine.sweep.config import add_allow_import

    add_allow_import(p)
    p.add_argument("--json", help="also write the figures to this JSON file")
    p.add_argument(
        "--compare",
        metavar="BASELINE.json",
        help="also print ratios now / baseline against a stored --json run",
    )


MAX_SECONDS = 3600.0  # per speed measurement


def cmd_bench(args: argparse.Namespace) -> int:
    """Run the benchmarks and print them."""
    from simcore.core.errors import ConfigError

    if not 0 < args.seconds <= MAX_SECONDS:  # also refuses nan; inf would never end
        raise ConfigError(
            f"--seconds must be a number of seconds in (0, {MAX_SECONDS}], got {args.seconds}"
        )
    for gid in args.game or ():
        registry.game_class(gid)
    if args.json:
        from simcore.engine.run.outputs import check_output_file

        check_output_file(args.json, "--json")
    baseline = _load_baseline(args.compare) if args.compare else None
    report = {"build": build_label(), **run_bench(args.seconds, args.full, args.game)}
    print(build_line())
    print_report(report)
    if baseline is not None:
        note = build_note(report, baseline)
        if note:
            print(f"\n{note}")
        rows = compare(report, baseline)
        print_report({f"compared with {args.compare} (ratio = now / baseline)": rows})
        if not rows:
            print(f"(no figure of {args.compare} matches this run's games and policies)")
    if args.json:
        Path(args.json).write_text(json.dumps(report, indent=1))
    return 0
