"""Numbers in a game's content files: addressed by path, read, changed, written to a copy.

A content file is named by its stem (``cards``, ``wheel``, ``scoring``). A game reads an
alternative file through a ``<stem>_file`` parameter (Ratjack, Lord of Worlds) or a whole
folder through ``content_dir`` (Rats of Wistar); a candidate's files are written to its own
folder and the game is pointed at them, so the game's own loader validates every change.

Paths are dotted keys with list steps: ``decks.rat_red.cards[3].effect``,
``players2[id=S4].spaces[0].all[0].gain.wood`` (``[id=S4]``: the list entry whose ``id`` is
``S4``), ``value_set_points.linear15.points[2]``; ``[*]`` selects every entry of a list.
"""

from __future__ import annotations

import copy
import importlib
import json
import re
import shutil
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from simcore.core import registry
from simcore.core.content import read_toml
from simcore.core.errors import ConfigError, ContentError

_STEP = re.compile(r"([^.\[\]]+)|\[(\*|-?\d+|[A-Za-z_]\w*=[^\]]+)\]")


def data_dir(game_id: str) -> Path:
    """The packaged ``data`` folder of a game (next to its module)."""
    cls = registry.game_class(game_id)
    return Path(importlib.import_module(cls.__module__).__file__ or "").parent / "data"


def content_files(game_id: str, params: Mapping[str, Any] | None = None) -> dict[str, Path]:
    """Stem -> path of each content file a candidate may change: the version's own (its
    ``<stem>_file``, or its ``content_dir``'s copy when it has one), else the packaged one.
    A file no parameter points at (Ratjack's ``texts``) is the one beside the version's."""
    folder = data_dir(game_id)
    files = {p.stem: p for p in sorted(folder.glob("*.toml"))} if folder.is_dir() else {}
    params = params or {}
    pointed = [Path(v) for k, v in params.items() if k.endswith("_file") and v]
    for stem in files:
        mine = params.get(f"{stem}_file")
        if mine:
            files[stem] = Path(mine)
        elif params.get("content_dir") and (Path(params["content_dir"]) / f"{stem}.toml").exists():
            files[stem] = Path(params["content_dir"]) / f"{stem}.toml"
        elif f"{stem}_file" not in _names(game_id):
            beside = [p.parent / f"{stem}.toml" for p in pointed]
            files[stem] = next((b for b in beside if b.is_file()), files[stem])
    return files


def _names(game_id: str) -> tuple[str, ...]:
    return tuple(registry.game_class(game_id).params_class.field_names())


def pointer_param(game_id: str, stem: str) -> str:
    """The parameter that points the game at an alternative ``stem`` file (or folder)."""
    names = registry.game_class(game_id).params_class.field_names()
    if f"{stem}_file" in names:
        return f"{stem}_file"
    if "content_dir" in names:
        return "content_dir"
    raise ConfigError(f"game {game_id!r} cannot read an alternative {stem!r} content file")


def parse_path(path: str) -> list[str | int]:
    """``a.b[2][id=S1]`` -> ``['a', 'b', 2, 'id=S1']``; ``ConfigError`` if malformed."""
    steps: list[str | int] = []
    pos = 0
    text = path.strip()
    while pos < len(text):
        if text[pos] == "." and steps:
            pos += 1
        m = _STEP.match(text, pos)
        if not m:
            raise ConfigError(f"content path {path!r}: cannot read it from {text[pos:]!r}")
        key, index = m.groups()
        steps.append(
            key if key is not None else (int(index) if index.lstrip("-").isdigit() else index)
        )
        pos = m.end()
    if not steps:
        raise ConfigError("content path is empty")
    return steps


def _step(node: Any, step: str | int, path: str) -> Any:
    if isinstance(step, int):
        if not isinstance(node, list) or not -len(node) <= step < len(node):
            raise ConfigError(f"content path {path!r}: no list entry [{step}]")
        return node[step]
    if "=" in step:
        key, _, want = step.partition("=")
        hits = (
            [e for e in node if isinstance(e, Mapping) and str(e.get(key)) == want]
            if (isinstance(node, list))
            else []
        )
        if len(hits) != 1:
            raise ConfigError(f"content path {path!r}: no single entry with {key} = {want!r}")
        return hits[0]
    if not isinstance(node, Mapping) or step not in node:
        near = ", ".join(sorted(map(str, node))[:12]) if isinstance(node, Mapping) else "a list"
        raise ConfigError(f"content path {path!r}: no key {step!r} (there: {near})")
    return node[step]


def expand(data: Any, path: str) -> list[str]:
    """The concrete paths a path with ``[*]`` stands for (itself if it has none)."""
    steps = parse_path(path)
    if "*" not in steps:
        get(data, path)
        return [path]
    star = steps.index("*")
    head = _render(steps[:star])
    tail = _render(steps[star + 1 :])
    items = get(data, head)
    if not isinstance(items, list):
        raise ConfigError(f"content path {path!r}: [*] needs a list at {head!r}")
    return [
        f"{head}[{i}]" + (f".{tail}" if tail and not tail.startswith("[") else tail)
        for i in range(len(items))
    ]


def _render(steps: list[str | int]) -> str:
    out = ""
    for s in steps:
        if isinstance(s, int) or s == "*" or "=" in str(s):
            out += f"[{s}]"
        else:
            out += f".{s}" if out else str(s)
    return out


def get(data: Any, path: str) -> Any:
    """The value at ``path``."""
    node = data
    for step in parse_path(path):
        node = _step(node, step, path)
    return node


def put(data: Any, path: str, value: Any) -> None:
    """Set the value at ``path`` (which must exist)."""
    steps = parse_path(path)
    node = data
    for step in steps[:-1]:
        node = _step(node, step, path)
    last = steps[-1]
    _step(node, last, path)  # it exists
    node[last] = value


def drop_texts(data: Any, path: str) -> None:
    """Remove the ``text`` of every table on ``path``: its numbers changed, so the game writes
    the text from them instead of showing one that names the old numbers."""
    node = data
    for step in parse_path(path)[:-1]:
        node = _step(node, step, path)
        if isinstance(node, dict):
            node.pop("text", None)


def write_candidate(
    game_id: str,
    edits: Mapping[str, Mapping[str, Any]],
    folder: Path,
    base: Mapping[str, Any] | None = None,
) -> dict:
    """Write the changed content files to ``folder``; return the params pointing at them.

    ``edits``: stem -> {path: value}, applied to the files of the version ``base`` (its
    parameters: a version's own content, not the packaged one). A ``content_dir`` game gets
    every file (the unchanged ones copied), so its folder is complete; a file no parameter
    points at (Ratjack's ``texts``) is copied beside the files written.
    """
    files = content_files(game_id, base)
    for stem, src in files.items():
        if (
            stem not in edits
            and f"{stem}_file" not in _names(game_id)
            and "content_dir" not in _names(game_id)
        ):
            folder.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(src, folder / f"{stem}.toml")
    folder.mkdir(parents=True, exist_ok=True)
    params: dict[str, Any] = {}
    for stem, changes in edits.items():
        data = copy.deepcopy(read_toml(files[stem]))
        generated = registry.game_class(game_id).generated_texts
        for path, value in changes.items():
            put(data, path, value)
            if stem in generated:
                drop_texts(data, path)
        (folder / f"{stem}.toml").write_text(to_toml(data), encoding="utf-8")
        key = pointer_param(game_id, stem)
        if key == "content_dir":
            for other, src in files.items():
                if other not in edits:
                    shutil.copyfile(src, folder / f"{other}.toml")
            params[key] = str(folder)
        else:
            params[key] = str(folder / f"{stem}.toml")
    return params


def to_toml(data: Mapping[str, Any]) -> str:
    """TOML text of plain data (tables, lists, strings, numbers, booleans), one key a line."""
    return "".join(f"{_key(k)} = {_value(v)}\n" for k, v in data.items())


def _key(key: str) -> str:
    return key if re.fullmatch(r"[A-Za-z0-9_-]+", key) else json.dumps(key, ensure_ascii=False)


def _value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int | float):
        return repr(v)
    if isinstance(v, str):
        return json.dumps(v, ensure_ascii=False)
    if isinstance(v, list):
        return "[" + ", ".join(_value(x) for x in v) + "]"
    if isinstance(v, Mapping):
        return "{ " + ", ".join(f"{_key(k)} = {_value(x)}" for k, x in v.items()) + " }"
    raise ContentError(f"cannot write {v!r} ({type(v).__name__}) to a TOML content file")
