"""``python -m analyses.sweeps``: rewrite the generated sweep files (cards, wheel, variants)."""

from __future__ import annotations

from pathlib import Path

from analyses.sweeps import CARD_FILES, card_sweep_text, ladders
from analyses.sweeps.studies import FILES, study_text


def write_study_sweeps(folder: Path | None = None) -> list[Path]:
    """(Re)write the shipped study and player-ladder sweeps; return their paths."""
    folder = folder or Path(__file__).parent
    out = []
    texts = {
        **{n: study_text(n) for n in FILES},
        **{n: ladders.ladder_text(n) for n in ladders.FILES},
    }
    for name, text in texts.items():
        (folder / name).write_text(text)
        out.append(folder / name)
    return out


def write_card_sweeps(folder: Path | None = None) -> list[Path]:
    """(Re)write the shipped card-value sweep files; return their paths."""
    folder = folder or Path(__file__).parent
    out = []
    for family, name in CARD_FILES.items():
        path = folder / name
        path.write_text(card_sweep_text(family))
        out.append(path)
    return out


if __name__ == "__main__":
    for path in [*write_card_sweeps(), *write_study_sweeps()]:
        print(path)
