"""docs/design.md describes the code as it is: its layout tree and its command table."""

from __future__ import annotations

import re
from pathlib import Path

from boardlab.commands import COMMANDS

ROOT = Path(__file__).resolve().parent.parent
DESIGN = (ROOT / "docs" / "design.md").read_text(encoding="utf-8")
PACKAGES = ("boardlab", "simcore", "strategies", "analyses", "reports")
GAMES = ("ratjack", "lord_of_worlds", "rats_of_wistar")


def section(number: int) -> str:
    """The text of design.md's section ``number``."""
    start = DESIGN.index(f"\n## {number}. ")
    return DESIGN[start : DESIGN.index("\n## ", start + 1)]


def tree_folders() -> set[str]:
    """Every folder the §1 tree names (``<game>`` stands for each game)."""
    block = section(1).split("```")[1]
    stack: list[tuple[int, str]] = []
    found: set[str] = set()
    for line in block.splitlines():
        m = re.match(r"^( *)(\S+)/(?:\s|$)", line)
        if not m:
            continue
        depth = len(m.group(1))
        while stack and stack[-1][0] >= depth:
            stack.pop()
        path = "/".join([*(p for _, p in stack), m.group(2)])
        stack.append((depth, m.group(2)))
        found |= {path.replace("<game>", g) for g in GAMES} if "<game>" in path else {path}
    return found


def package_folders() -> set[str]:
    """Every package folder of the five top-level packages, down to two levels below them."""
    out = set(PACKAGES)
    for top in PACKAGES:
        for init in (ROOT / top).rglob("__init__.py"):
            rel = init.parent.relative_to(ROOT)
            if len(rel.parts) <= 3:
                out.add(rel.as_posix())
    return out


def test_every_folder_the_layout_names_exists():
    missing = sorted(f for f in tree_folders() if not (ROOT / f).is_dir())
    assert not missing, f"design.md §1 names folders that do not exist: {missing}"


def test_every_package_folder_is_in_the_layout():
    unnamed = sorted(package_folders() - tree_folders())
    assert not unnamed, f"package folders missing from design.md §1: {unnamed}"


def test_every_top_level_folder_is_in_the_layout():
    ignored = {"tests", "docs", "benchmarks"} | set(PACKAGES)
    tops = {p.name for p in ROOT.iterdir() if p.is_dir() and not p.name.startswith((".", "_"))}
    tops = {t for t in tops if not t.endswith(".egg-info") and t not in {"build", "runs", "dist"}}
    assert tops - ignored <= tree_folders(), tops - ignored - tree_folders()
    assert {"tests", "docs", "benchmarks"} <= tree_folders()


def test_the_command_table_lists_every_command_and_no_other():
    named = set(re.findall(r"^\| `([a-z]+)` \|", section(6), flags=re.M))
    assert named == set(COMMANDS), (named - set(COMMANDS), set(COMMANDS) - named)
