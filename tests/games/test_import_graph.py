"""Game packages have no import circles: state holds data, rules functions take the state.

Imports inside ``if TYPE_CHECKING:`` blocks are type hints only and do not count; imports inside
functions do (a deferred import is how a circle is usually hidden).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

GAMES = Path(__file__).resolve().parents[2] / "simcore" / "games"


def _runtime_imports(path: Path, package: str) -> set[str]:
    tree = ast.parse(path.read_text())
    skip: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            skip.update(id(n) for n in ast.walk(node))
    out: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith(package):
            rest = node.module[len(package) :].lstrip(".")
            if rest:
                out.add(rest.split(".")[0])
            else:  # "from package import a, b": submodules by name
                out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith(package + "."):
                    out.add(alias.name[len(package) + 1 :].split(".")[0])
    return out


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return [*stack[stack.index(nxt) :], nxt]
            if nxt not in state and (found := visit(nxt)):
                return found
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state and (found := visit(node)):
            return found
    return None


@pytest.mark.parametrize("game", ["ratjack", "lord_of_worlds", "rats_of_wistar"])
def test_no_import_circle(game):
    package = f"simcore.games.{game}"
    modules = {p.stem: p for p in (GAMES / game).glob("*.py") if p.stem != "__init__"}
    graph = {m: _runtime_imports(p, package) & set(modules) for m, p in modules.items()}
    assert _cycle(graph) is None, " -> ".join(_cycle(graph) or [])
