"""Building boardlab's wheel from a copy of this checkout, as ``pip install .`` does (the tests
of ``setup.py`` and of the compiled build)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("simcore", "strategies", "analyses", "reports")


def copy_sources(tmp_path: Path) -> Path:
    """The files a wheel is built from, copied: pip builds in the source folder and would leave
    its ``build/`` in the checkout."""
    source = tmp_path / "source"
    junk = shutil.ignore_patterns("__pycache__", "*.so", "*.egg-info")
    for name in PACKAGES:
        shutil.copytree(ROOT / name, source / name, ignore=junk)
    for name in ("pyproject.toml", "setup.py", "README.md"):
        shutil.copy(ROOT / name, source / name)
    return source


def build_wheel(
    source: Path, out: Path, env: dict[str, str], verbose: bool = False
) -> subprocess.CompletedProcess[str]:
    """``pip wheel`` of ``source`` into ``out`` with ``env`` over this environment (``-v``: with
    the build's own output, which pip otherwise shows only on a failure)."""
    flags = ["-v"] if verbose else ["-q"]
    cmd = [sys.executable, "-m", "pip", "wheel", *flags, "--no-deps", "-w", str(out), str(source)]
    full_env = {**os.environ, "PIP_DISABLE_PIP_VERSION_CHECK": "1", **env}
    return subprocess.run(cmd, env=full_env, capture_output=True, text=True, timeout=1800)


def unpack(wheel: Path, tree: Path) -> Path:
    """The wheel's contents in ``tree``: an installation to put on PYTHONPATH."""
    with zipfile.ZipFile(wheel) as whl:
        whl.extractall(tree)
    return tree


def run_in(tree: Path, code: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """``python -P -c code`` with ``tree`` first on the path (-P: not this checkout's sources)."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    cmd = [sys.executable, "-P", "-c", code]
    return subprocess.run(cmd, env=env, capture_output=True, text=True, cwd=cwd, timeout=600)
