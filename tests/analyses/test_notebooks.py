"""The shipped notebooks execute top to bottom on a small Ratjack run."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from simcore import registry
from simcore.config import build_config
from simcore.sweep import run_sweep

NOTEBOOKS = sorted((Path(__file__).parents[2] / "analyses" / "notebooks").glob("*.ipynb"))
nbclient = pytest.importorskip("nbclient")
nbformat = pytest.importorskip("nbformat")


@pytest.fixture(scope="module")
def ratjack_run(tmp_path_factory):
    if "ratjack" not in registry.loadable_game_ids():
        pytest.skip("ratjack game not available")
    raw = {"name": "nb", "game": "ratjack", "players": 2, "games": 60, "seed": 3,
           "policies": ["heuristic", "random"], "record_actions": True}  # fmt: skip
    out = tmp_path_factory.mktemp("nb")
    return run_sweep(build_config(raw), out, quiet=True).run_dir


def test_two_notebooks_ship():
    assert [p.name for p in NOTEBOOKS] == ["ratjack_pandas.ipynb", "ratjack_polars.ipynb"]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_notebook_executes(path, ratjack_run, monkeypatch):
    monkeypatch.setenv("BOARDLAB_RUN", str(ratjack_run))
    monkeypatch.setenv(
        "PYTHONPATH", os.pathsep.join([str(Path.cwd()), os.environ.get("PYTHONPATH", "")])
    )
    notebook = nbformat.read(path, as_version=4)
    client = nbclient.NotebookClient(notebook, timeout=120, kernel_name="python3")
    client.execute()
    outputs = [o for cell in notebook.cells if cell.cell_type == "code" for o in cell.outputs]
    assert not [o for o in outputs if o.get("output_type") == "error"]
    assert outputs, "notebook produced no output"
