"""The demo's two comparisons: the rat 7 effect moved (Ratjack) and a stronger Alchemist's hut
(Rats of Wistar), each against the demo's own study run of the shipped game."""

from __future__ import annotations

import argparse
import shutil
from pathlib import Path
from typing import Any

from reports.kit.ticker import ticking

# Games per cell side B plays (side A's run has more; the first ones pair up): ~38 s of CPU
# for both comparisons at the costs of test_demo's budget (13 x 14 ms and 20 x 10 ms a game).
SIDE_B_GAMES = 100
# (the demo run that is side A, the shipped version file that is side B)
COMPARISONS = (
    ("demo-ratjack-cards-rat", "ratjack_rat7_on_9.toml"),
    ("demo-rats-of-wistar-wheel-2p", "rats_of_wistar_hut_3_potions.toml"),
)


def version_path(name: str) -> Path:
    """A shipped version file (``analyses/sweeps/data``)."""
    from importlib import resources

    return Path(str(resources.files("analyses.sweeps") / "data" / name))


def compare_args(run_dir: Path, version: Path, out: Path, n_jobs: int, games: int):
    """The ``boardlab compare`` arguments of one demo comparison."""
    return argparse.Namespace(
        a=str(run_dir),
        b=str(version),
        name_a="shipped",
        name_b=None,
        study=None,
        games=games,
        precision=None,
        batch=100,
        unpaired=False,
        players_differ=False,
        null=False,
        out=str(out),
        n_jobs=n_jobs,
        resume=True,
        quiet=True,
        allow_import=False,
    )


def demo_comparisons(out: Path, runs: list[str], n_jobs: int, quiet: bool) -> list[dict[str, Any]]:
    """Play side B of each comparison whose side A is among this demo's ``runs``; return the
    index entries of the reports."""
    from reports.compare.cli import played_sides, run_compare, sides_of
    from reports.studies.batch import summary_lines
    from simcore.core.registry import display_name

    entries = []
    for run_name, version in COMPARISONS:
        run_dir = out / "runs" / run_name
        if str(run_dir) not in runs:  # e.g. --card-games 0 skips the card sweeps
            continue
        from simcore.engine.run.dataset import load_manifest

        games = min(SIDE_B_GAMES, load_manifest(run_dir)["games_per_cell"])
        args = compare_args(run_dir, version_path(version), out, n_jobs, games)
        played = played_sides(args, sides_of(args)[0])
        assert played[1].config is not None  # side B is a version file, played here
        _drop_stale(played[1].run_dir, played[1].config.config_hash())
        with ticking(None if quiet else _print, f"comparing {run_name} with {version}"):
            result, target = run_compare(args)
        game = display_name(result.sides[0].manifest["game"])
        games = result.games * len(result.sides[0].manifest["cells"])
        if not quiet:
            print(
                f"compare {result.name_a} vs {result.name_b}: {games:,} games a side, "
                f"{result.changed.height} of {result.table.height} balance measures changed",
                flush=True,
            )
        entries.append(
            {
                "title": f"{game}: {result.name_a} vs {result.name_b}",
                "href": target.name,
                "path": str(target),
                "summary": summary_lines(target.read_text(), limit=4),
                "description": f"Two versions of {game} on the study {run_name} ({games:,} games "
                "each, the same seeds): what changed, with paired intervals.",
            }
        )
    return entries


def _print(line: str) -> None:
    print(line, flush=True)


def _drop_stale(run_dir: Path, config_hash: str) -> None:
    """Remove a side-B run of the demo made with other settings (e.g. another --games)."""
    from simcore.core.errors import RunDirError
    from simcore.engine.run.dataset import load_manifest

    if not run_dir.exists():
        return
    try:
        stale = load_manifest(run_dir).get("config_hash") != config_hash
    except RunDirError:
        stale = True
    if stale and run_dir.name.startswith("b-"):
        shutil.rmtree(run_dir)
