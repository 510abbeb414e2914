"""``boardlab content``: a game's content files to start a version from (``export``), and
what a version changes, in words (``diff``)."""

from __future__ import annotations

import argparse

HELP = "export a game's content files to edit, or list what a version changes in words"
EXAMPLES = """examples:
  boardlab content export rats_of_wistar my_wheel
  boardlab content diff my_version.toml
  boardlab content diff version_a.toml version_b.toml"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """``export GAME DIR`` or ``diff VERSION [VERSION]``."""
    sub = parser.add_subparsers(
        dest="action", required=True, metavar="{export,diff}", help="what to do"
    )
    export = sub.add_parser("export", help="write the packaged content files of GAME to DIR")
    export.add_argument("game", help="a game id (boardlab games lists them)")
    export.add_argument("dir", help="a new or empty folder for the files")
    diff = sub.add_parser(
        "diff", help="what VERSION changes against the game as shipped (or against VERSION_A)"
    )
    diff.add_argument("versions", nargs="+", metavar="VERSION", help="one or two version files")


def run(args: argparse.Namespace) -> int:
    """Run ``boardlab content export`` or ``boardlab content diff``."""
    return _export(args.game, args.dir) if args.action == "export" else _diff(args.versions)


def _export(game_id: str, folder: str) -> int:
    from pathlib import Path

    from analyses.tune.content import content_files, pointer_param
    from simcore.core import registry
    from simcore.core.errors import ConfigError

    if game_id not in registry.game_ids():
        raise ConfigError(
            f"game {game_id!r} is not registered (games: {', '.join(registry.game_ids())})"
        )
    files = content_files(game_id)
    target = Path(folder)
    if target.is_symlink() or (target.exists() and not target.is_dir()):
        raise ConfigError(f"{folder}: exists and is not a folder")
    clash = [n for n in (f.name for f in files.values()) if (target / n).exists()]
    if clash:
        raise ConfigError(f"{folder}: already holds {', '.join(clash)}; export into a new folder")
    target.mkdir(parents=True, exist_ok=True)
    for path in files.values():
        (target / path.name).write_bytes(path.read_bytes())
    print(
        f"wrote {len(files)} files to {target}: {', '.join(sorted(p.name for p in files.values()))}"
    )
    pointers = sorted({pointer_param(game_id, stem) for stem in files if stem != "texts"})
    if pointers == ["content_dir"]:
        print(
            f'point a version at it: [params] content_dir = "{target}"; keep only the files '
            "you change (the others are read from the game as shipped)"
        )
    else:
        ex = ", ".join(f'{p} = "{target / (p.removesuffix("_file") + ".toml")}"' for p in pointers)
        print(f"point a version at a file you change: [params] {ex}")
    return 0


def _diff(paths: list[str]) -> int:
    from analyses.compare.diff import version_diff
    from analyses.compare.versions import read_side
    from simcore.core import registry
    from simcore.core.errors import ConfigError

    if len(paths) > 2:
        raise ConfigError("content diff: give one version (against the game as shipped) or two")
    sides = [read_side(p, "AB"[i]) for i, p in enumerate(paths)]
    games = {str(g) for s in sides if (g := (s.manifest or {}).get("game")) is not None}
    if len(games) != 1:
        raise ConfigError(
            'content diff: each version file must name its game (game = "...")'
            if not games
            else f"content diff: the versions are for different games: {', '.join(sorted(games))}"
        )
    game = games.pop()
    for side in sides:  # bad content (a stale text, a missing file) is said, not diffed past
        registry.make_game(str(game), dict(side.params))
    a = sides[0].params if len(sides) == 2 else {}
    b = sides[-1].params
    name_a = sides[0].name if len(sides) == 2 else "the game as shipped"
    changes = version_diff(str(game), a, b)
    print(f"{sides[-1].name} against {name_a}:")
    for change in changes:
        print(f"  {change.words(name_a, sides[-1].name)}")
    if not changes:
        print("  no rule parameter or content item differs")
    return 0
