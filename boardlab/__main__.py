"""``python -m boardlab``: the same as the ``boardlab`` command."""

import sys

from boardlab.cli import entry

sys.exit(entry())
