"""Load a script of ``benchmarks/`` as a module, the way a run of the script sees its siblings."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]


def load_script(name: str) -> ModuleType:
    """``benchmarks/<name>.py`` as a fresh module, with ``benchmarks/`` on ``sys.path``."""
    scripts = str(ROOT / "benchmarks")
    if scripts not in sys.path:
        sys.path.append(scripts)
    spec = importlib.util.spec_from_file_location(name, ROOT / "benchmarks" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
