"""The shipped notebooks answer the three balance questions from real (tiny) runs, executed the
way the README says: ``jupyter nbconvert --to notebook --execute``."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from analyses.studies.claims import STRONGEST_FORMS
from tests.conftest import cli_env

FOLDER = Path(__file__).parents[2] / "analyses" / "notebooks"
NOTEBOOKS = sorted(FOLDER.glob("*.ipynb"))
nbformat = pytest.importorskip("nbformat")
pytest.importorskip("nbconvert")


def test_two_notebooks_ship_and_match_their_generator():
    assert [p.name for p in NOTEBOOKS] == ["balance_pandas.ipynb", "balance_polars.ipynb"]
    sys.path.insert(0, str(FOLDER))
    try:
        from make_notebooks import notebook
    finally:
        sys.path.remove(str(FOLDER))
    for path in NOTEBOOKS:
        shipped = nbformat.read(path, as_version=4)
        made = notebook(path.stem.split("_")[1])
        assert [c.source for c in shipped.cells] == [c.source for c in made.cells], (
            "rerun `python analyses/notebooks/make_notebooks.py`"
        )


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    return tmp_path_factory.mktemp("nbruns")  # shared: the second notebook resumes the runs


@pytest.mark.slow  # 25 s for both: .ci/run runs it with the slow real-run tests
@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_notebook_executes_and_answers(path, runs, tmp_path):
    env = {**cli_env(), "BOARDLAB_NB_GAMES": "20", "BOARDLAB_NB_OUT": str(runs)}
    out = tmp_path / path.name
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "jupyter",
            "nbconvert",
            "--to",
            "notebook",
            "--execute",
            str(path),
            "--output",
            str(out),
            "--ExecutePreprocessor.timeout=300",
        ],
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    cells = json.loads(out.read_text())["cells"]
    outputs = [o for c in cells if c["cell_type"] == "code" for o in c["outputs"]]
    assert not [o for o in outputs if o["output_type"] == "error"]
    text = "".join("".join(o.get("text", "")) for o in outputs if o["output_type"] == "stream")
    # The three answers in words, from the library's own findings functions.
    assert re.search(STRONGEST_FORMS, text)
    assert re.search(r"strongest action class|No action class is settled", text)
    assert "variant=strategic instead of standard" in text and "mean score changes by +" in text
    # issue 48: figures shown, tables whole (not cut to 10 rows), texts whole, points only
    rich = ["".join(o.get("data", {}).get("text/html", "")) for o in outputs]
    assert sum("<svg" in h for h in rich) >= 2, "the card forest plot and the wheel"
    shown = "".join(rich) + "".join(
        "".join(o.get("data", {}).get("text/plain", "")) for o in outputs
    )
    assert "…" not in shown and "<td>...</td>" not in shown
    assert "worth (points)" in shown and "diff (points)" in shown
    assert "Swap one of your other face-up cards" in shown  # rat 7's text beside its name
    # the round window stays in the wheel names: no two rows "S1 (...)"
    assert "in rounds 1–2" in shown and "in rounds 4–5" in shown
