"""Resume refuses a run whose inputs changed (issue: reliability at the edges, failure 1).

A Ratjack sweep reads its cards from a copy of the data file; after the first chunks ran, the
file is edited (one effect moved) and the sweep resumed: refused with exit 2 naming the file.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from simcore.core.errors import RunDirError
from simcore.engine.sweep.config import build_config
from simcore.engine.sweep.sweep import run_sweep
from simcore.games.ratjack.content import DATA_FILE


def _config(cards, games=40):
    return build_config(
        {
            "name": "cards",
            "game": "ratjack",
            "players": 2,
            "games": games,
            "seed": 3,
            "policies": ["random", "random"],
            "params": {"cards_file": str(cards)},
            "chunk_size": 10,
        }
    )


def _half_done(tmp_path):
    """A finished run with its last two chunks unlisted again, as a kill leaves it: one part
    per chunk (a kill never leaves a part listed for some of its chunks only)."""
    from simcore.engine.sweep import sweep

    cards = tmp_path / "cards.toml"
    shutil.copy(DATA_FILE, cards)
    rows, sweep.FLUSH_ROWS = sweep.FLUSH_ROWS, 1
    try:
        run_sweep(_config(cards), tmp_path / "runs", quiet=True)
    finally:
        sweep.FLUSH_ROWS = rows
    manifest_path = tmp_path / "runs" / "cards" / "manifest.json"
    manifest = json.loads(manifest_path.read_text())
    for key in sorted(manifest["chunks"])[2:]:
        del manifest["chunks"][key]
    manifest["complete"] = False
    manifest_path.write_text(json.dumps(manifest))
    return cards


def test_manifest_records_content_fingerprints(tmp_path):
    cards = _half_done(tmp_path)
    manifest = json.loads((tmp_path / "runs" / "cards" / "manifest.json").read_text())
    fp = manifest["fingerprint"]
    assert {"boardlab", "game_version", "game_code", "policy_code", "engine_code"} <= set(fp)
    assert f"data {cards}" in fp


def test_resume_with_unchanged_inputs_completes(tmp_path):
    cards = _half_done(tmp_path)
    result = run_sweep(_config(cards), tmp_path / "runs", resume=True, quiet=True)
    assert result.games_run == 20 and result.games_total == 40
    assert json.loads((result.run_dir / "manifest.json").read_text())["complete"]


def test_resume_after_a_content_edit_is_refused(tmp_path):
    cards = _half_done(tmp_path)
    text = cards.read_text().replace('effect = "rat_3" }', 'effect = "rat_11" }', 1)
    cards.write_text(text)
    with pytest.raises(RunDirError, match=f"data {cards}"):
        run_sweep(_config(cards), tmp_path / "runs", resume=True, quiet=True)


def test_resume_refusal_is_one_line_exit_2(tmp_path):
    cards = _half_done(tmp_path)
    cards.write_text(cards.read_text().replace('effect = "rat_3" }', 'effect = "rat_11" }', 1))
    cmd = [
        sys.executable,
        "-m",
        "boardlab.cli",
        "sweep",
        "--game",
        "ratjack",
        "--players",
        "2",
        "--policies",
        "random,random",
        "--games",
        "40",
        "--seed",
        "3",
        "--name",
        "cards",
        "--param",
        f"cards_file={cards}",
        "--chunk-size",
        "10",
        "--out",
        str(tmp_path / "runs"),
        "--resume",
        "--quiet",
    ]
    proc = subprocess.run(cmd, capture_output=True, text=True, check=False)
    assert proc.returncode == 2, proc.stderr
    assert "cards.toml" in proc.stderr and "Traceback" not in proc.stderr
    assert len(proc.stderr.strip().splitlines()) == 1


def test_versions_are_looked_up_once_and_handed_out_as_copies():
    from simcore.engine.run.provenance import versions

    first = versions()
    first["numpy"] = "changed by a caller"
    assert versions()["numpy"] != "changed by a caller"
    assert versions() == versions() and set(versions()) >= {"python", "boardlab", "numpy"}


def test_digests_follow_every_edit_even_one_that_keeps_size_and_time(tmp_path):
    # A digest is reused only for a file whose (size, mtime, inode) is unchanged and that was
    # written more than RACY_SECONDS ago; an edit right after a digest is always seen.
    from simcore.engine.run.fingerprint import digest_paths

    f = tmp_path / "cards.toml"
    f.write_text("a = 1\n")
    first = digest_paths([tmp_path])
    f.write_text("a = 2\n")  # same size, within the same clock tick, perhaps
    second = digest_paths([tmp_path])
    assert second != first
    old = time.time() - 3600
    os.utime(f, (old, old))
    assert digest_paths([tmp_path]) == second  # hashed, and now kept
    f.write_text("a = 3\n")
    os.utime(f, (old + 1, old + 1))  # an edit moves the file time
    assert digest_paths([tmp_path]) not in (first, second)


def test_digest_order_is_the_order_of_paths_by_their_parts(tmp_path):
    # The digest walks strings, not Paths; it must hash files in the order Paths sort in (by
    # parts), or every run directory's fingerprints would change and refuse to resume.
    import hashlib

    from simcore.engine.run.fingerprint import digest_paths

    for rel in ("a/b.py", "a-c.py", "a/z/y.json", "a.py", "B.toml", "a/b-c.py"):
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(rel)
    files = sorted(p for p in tmp_path.rglob("*") if p.is_file())
    h = hashlib.sha256()
    for path in files:
        h.update(path.name.encode())
        h.update(hashlib.sha256(path.read_bytes()).digest())
    assert [str(p).split("/") for p in files] == sorted(str(p).split("/") for p in files)
    assert digest_paths([tmp_path]) == h.hexdigest()[:16]


FINGERPRINT_PROBE = """
import json
from simcore.core import registry
from simcore.engine.run.fingerprint import fingerprint
print(json.dumps(fingerprint(registry.make_game("ratjack"), [{}])))
"""


def _tree_fingerprint(tree):
    out = subprocess.run(
        [sys.executable, "-c", FINGERPRINT_PROBE],
        cwd=tree,
        env={"PYTHONPATH": str(tree), "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(out.stdout)


@pytest.mark.parametrize(
    ("edited", "blocks_resume"),
    [
        ("boardlab/cli.py", False),  # help text of the command line
        ("reports/studies/build.py", False),
        ("simcore/engine/sweep/bench.py", False),
        ("simcore/engine/play/runner.py", True),  # the loop that plays a game
        ("simcore/core/rng.py", True),  # the seeds
    ],
)
def test_only_code_that_plays_a_game_blocks_a_resume(tmp_path, edited, blocks_resume):
    # a copy of the sources with one file edited: the engine fingerprint moves only when the
    # edit is to code that decides games (a CLI help edit used to refuse every resume)
    root = Path(__file__).resolve().parents[4]
    for package in ("boardlab", "simcore", "strategies", "analyses", "reports"):
        ignore = shutil.ignore_patterns("__pycache__", "*.so")
        shutil.copytree(root / package, tmp_path / package, ignore=ignore)
    before = _tree_fingerprint(tmp_path)
    with open(tmp_path / edited, "a", encoding="utf-8") as fh:
        fh.write("\n# an edit\n")
    after = _tree_fingerprint(tmp_path)
    assert before["engine_code"] != after["engine_code"] if blocks_resume else before == after
    assert before["game_code"] == after["game_code"]
