"""The limits every input is held to, in one place for ``boardlab games`` and the docs."""

from __future__ import annotations

from typing import Any


def param_range(row: dict[str, Any]) -> str:
    """`` (1..1000)`` for a parameter with a declared range."""
    lo, hi = row.get("ge"), row.get("le")
    if lo is None and hi is None:
        return ""
    return f" ({'' if lo is None else f'{lo:g}'}..{'' if hi is None else f'{hi:g}'})"


def limits_text() -> str:
    """The limits every input is held to (also in the README's Security section)."""
    from simcore.core.content import MAX_CONTENT_BYTES
    from simcore.core.params import MAX_MAGNITUDE
    from simcore.engine.run.dataset import MAX_RUN_FILE_BYTES
    from simcore.engine.sweep.bench import MAX_SECONDS
    from simcore.engine.sweep.config import MAX_CELLS, MAX_GAMES

    return "\n".join(
        [
            "\nlimits (bad input beyond them is refused with exit 2):",
            "    players: each game's range above",
            f"    grid cells per sweep: {MAX_CELLS:,}; games per cell: {MAX_GAMES:,}",
            f"    numbers in rule parameters: finite, at most {MAX_MAGNITUDE:,} in size, within "
            "a parameter's range (a..b) where one is shown",
            "    seeds: 0..2^63-1; seconds (bench --seconds, --worker-wait): finite, > 0, bench "
            f"at most {MAX_SECONDS:g}",
            f"    content files (*_file, *_dir, sweep files): regular UTF-8 TOML files of at most "
            f"{MAX_CONTENT_BYTES:,} bytes; manifests and chunk logs at most {MAX_RUN_FILE_BYTES:,}",
        ]
    )
