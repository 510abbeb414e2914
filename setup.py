"""Build hook for the optional compiled core; the package itself is configured in pyproject.toml.

``BOARDLAB_COMPILE=1 pip install .`` compiles the modules listed in
``simcore/native_modules.txt`` with mypyc (about 2x faster games, the same games). Without it,
or in an editable install (whose compiled files would shadow later edits of the sources), the
build is pure Python.
"""

import os
import sys
from pathlib import Path

from setuptools import setup

LIST = Path(__file__).parent / "simcore" / "native_modules.txt"


def compiled_modules() -> list:
    """mypyc extensions when a compiled build is asked for, else none."""
    if os.environ.get("BOARDLAB_COMPILE", "") != "1":
        return []
    if any(cmd in sys.argv for cmd in ("editable_wheel", "develop")):
        print("BOARDLAB_COMPILE=1 ignored: an editable install stays pure Python", file=sys.stderr)
        return []
    from mypyc.build import mypycify

    lines = (line.strip() for line in LIST.read_text().splitlines())
    paths = [line for line in lines if line and not line.startswith("#")]
    # Only the listed modules must type-check; what they import stays interpreted and unchecked
    # (the isolated build environment has none of the runtime dependencies).
    flags = ["--follow-imports=silent", "--ignore-missing-imports"]
    extensions = mypycify(flags + paths, opt_level="3", group_name="boardlab_native")
    return extensions


setup(ext_modules=compiled_modules())
