"""A run keeps a copy of the content it names outside the packaged data, and is read with that
copy only: the run rebuilds its games after the original files moved away, and run data
naming a file elsewhere is refused (issue 63)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from analyses.replay.rebuild import load_replay
from simcore.core.errors import RunDirError
from simcore.engine.sweep.config import build_config
from simcore.engine.sweep.sweep import run_sweep
from tests.boardlab.crafted import manifest

DATA = Path(__file__).resolve().parents[4] / "simcore" / "games"


def _run(tmp: Path, game: str, key: str, path: Path) -> Path:
    cfg = build_config(
        {"name": "r", "game": game, "players": 2, "games": 2, "seed": 1,
         "policies": ["random", "random"], "record_actions": True, "params": {key: str(path)}}
    )  # fmt: skip
    return run_sweep(cfg, tmp / "runs", quiet=True).run_dir


@pytest.mark.parametrize(
    ("game", "key", "source"),
    [
        ("ratjack", "cards_file", "ratjack/data/cards.toml"),
        ("rats_of_wistar", "content_dir", "rats_of_wistar/data"),
    ],
)
def test_outside_content_is_copied_and_replayed_from_the_copy(tmp_path, game, key, source):
    mine = tmp_path / "mine" / Path(source).name
    copy = shutil.copytree if (DATA / source).is_dir() else shutil.copy
    mine.parent.mkdir()
    copy(DATA / source, mine)
    run = _run(tmp_path, game, key, mine)
    (kept,) = manifest(run)["content_files"].values()
    assert (run / kept).exists() and kept.startswith("content/")
    shutil.rmtree(tmp_path / "mine")  # the run travels without the user's files
    replay = load_replay(run, 1)
    assert replay.steps


def test_packaged_content_is_not_copied(tmp_path):
    run = _run(tmp_path, "ratjack", "cards_file", DATA / "ratjack" / "data" / "cards.toml")
    assert "content_files" not in manifest(run) and not (run / "content").exists()
    assert load_replay(run, 0).steps


def test_a_copy_outside_the_run_is_refused(tmp_path):
    mine = tmp_path / "cards.toml"
    shutil.copy(DATA / "ratjack" / "data" / "cards.toml", mine)
    run = _run(tmp_path, "ratjack", "cards_file", mine)
    doc = manifest(run)
    doc["content_files"] = {str(mine): "../../cards.toml"}
    (run / "manifest.json").write_text(json.dumps(doc))
    with pytest.raises(RunDirError, match="is not a content copy of the run"):
        load_replay(run, 0)
