"""Parts of a run checked before use: checksum, columns, rows and the run, cells and game
they belong to; and, for a report, that every name the run holds is a registered one.

The checksums alone do not make a part trustworthy: whoever edits a run folder can update
them. What is checked here is that each part is what the manifest says it is (its schema, its
row count) and belongs to this run (its ``run``, ``cell`` and ``game`` values), so that a part
of another run or another game is refused by name instead of becoming a report.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from simcore.core import registry
from simcore.core.errors import ConfigError, RunDirError
from simcore.engine.run.dataset import load_manifest, require, schema_from_json, verify_run
from simcore.engine.run.trust import check_schemas_match_game, fail, manifest_path
from simcore.engine.run.values import check_values

REPORT_KEYS = ("name", "game", "config", "cells", "chunks", "tables", "schemas")


def _parts(manifest: Mapping[str, Any]) -> Iterator[tuple[str, str, dict[str, Any]]]:
    """(table, file, info) of every distinct part the manifest lists."""
    seen: set[tuple[str, str]] = set()
    for chunk in manifest.get("chunks", {}).values():
        for table, info in chunk["parts"].items():
            if (table, info["file"]) not in seen:
                seen.add((table, info["file"]))
                yield table, info["file"], info


def verify_parts(run_dir: str | Path, manifest: Mapping[str, Any], policies: bool = False) -> None:
    """``RunDirError`` for the first part that is missing, altered, of another shape or of
    another run, cell or game; ``policies``: also every seat's policy must be registered."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    run_dir = Path(run_dir)
    verify_run(run_dir, manifest)
    schemas = {t: schema_from_json(c) for t, c in manifest.get("schemas", {}).items()}
    cells = {c["cell"] for c in manifest.get("cells", [])}
    planned = _rows_per_part(manifest)
    for table, name, info in _parts(manifest):
        where = f"{run_dir}: part {table}/{name}"
        if table not in schemas:
            raise RunDirError(f"{where}: the manifest has no schema of table {table!r}")
        try:
            part = pq.ParquetFile(run_dir / table / name)
            columns = [
                "run",
                "cell",
                *(["game"] if table == "games" else []),
                *(["policy"] if table == "seats" and policies else []),
            ]
            if not part.schema_arrow.equals(schemas[table]):
                raise RunDirError(
                    f"{where}: its columns differ from the manifest's 'schemas.{table}'"
                )
            _check_rows(where, table, part.metadata.num_rows, info["rows"], planned[table, name])
            values = part.read(columns=columns)
        except (pa.ArrowException, OSError) as exc:
            raise RunDirError(f"{where}: not a readable Parquet part ({exc})") from None
        if values.num_rows != info["rows"]:
            raise RunDirError(f"{where}: {values.num_rows} rows, the manifest says {info['rows']}")
        _same(where, "run", values, {manifest.get("name")})
        _same(where, "cell", values, cells)
        if table == "games":
            _same(where, "game", values, {manifest.get("game")})
        if table == "seats" and policies:
            for spec in values.column("policy").unique().to_pylist():
                check_spec_name(spec, f"{where}: column 'policy'")
    check_values(run_dir, manifest)


MAX_ROWS_PER_GAME = 100_000  # progress rows or actions of one game, far above any real game


def _rows_per_part(manifest: Mapping[str, Any]) -> dict[tuple[str, str], int]:
    """Rows each part holds by the manifest's chunks: exactly their games (games table) and
    games x players (seats); at most ``MAX_ROWS_PER_GAME`` a game in the others. A chunk
    entry dropped from a part written with others would leave its rows unlisted and played
    again on --resume; a small part declaring 10^8 rows is refused before it is read."""
    default = manifest.get("config", {}).get("players", 1)
    players = {c["cell"]: c.get("players", default) for c in manifest.get("cells", [])}
    out: dict[tuple[str, str], int] = {}
    for chunk in manifest.get("chunks", {}).values():
        games = chunk["stop"] - chunk["start"]
        seats = players.get(chunk["cell"], default)
        for table, info in chunk["parts"].items():
            per_game = {"games": 1, "seats": seats}.get(table, MAX_ROWS_PER_GAME)
            key = (table, info["file"])
            out[key] = out.get(key, 0) + games * per_game
    return out


def _check_rows(where: str, table: str, rows: int, declared: int, planned: int) -> None:
    """A part's row count, from its metadata before it is read, against the manifest."""
    if rows != declared:
        raise RunDirError(f"{where}: {rows} rows, the manifest says {declared}")
    exact = table in ("games", "seats")
    if (exact and rows != planned) or rows > planned:
        what = "games" if table == "games" else "rows"
        bound = "hold" if exact else "allow at most"
        raise RunDirError(f"{where}: {rows} {what}, its chunks in the manifest {bound} {planned}")


def _same(where: str, column: str, values: Any, allowed: set[Any]) -> None:
    """Every value of ``column`` is one of ``allowed``."""
    found = set(values.column(column).unique().to_pylist())
    stray = sorted(map(str, found - allowed))
    if stray:
        raise RunDirError(f"{where}: column {column!r} holds {stray[0][:60]!r}, not this run's")


def check_spec_name(spec: Any, where: str) -> None:
    """A policy spec read from run data names a registered policy (nothing is imported)."""
    from strategies.base import parse_spec

    try:
        name, _ = parse_spec(str(spec))
    except ConfigError as exc:
        raise RunDirError(f"{where}: {exc}") from None
    if not registry.is_registered(registry.POLICY_GROUP, name):
        raise RunDirError(
            f"{where}: policy {str(spec)[:80]!r} is not a registered policy; a report reads "
            "registered names only and never imports a module named in run data"
        )


def check_for_report(run: str | Path, manifest: Mapping[str, Any]) -> Any:
    """Everything a report reads of a run, checked; returns the run's (registered) game class."""
    path = manifest_path(run)
    require(manifest, path, *REPORT_KEYS)
    game = manifest["game"]
    if not registry.is_registered(registry.GAME_GROUP, game):
        raise fail(
            path,
            "game",
            f"{game!r} is not a registered game here (registered: "
            f"{', '.join(registry.game_ids())}); a report never imports a module "
            "named in run data",
        )
    try:
        game_cls = registry.game_class(game)
    except ConfigError as exc:
        raise RunDirError(
            f"{path}: the run's game {game!r} cannot be loaded here ({exc})"
        ) from None
    if game_cls.spec.id != game:
        raise fail(path, "game", f"{game!r} loads game {game_cls.spec.id!r}")
    ref = manifest["config"].get("game", game)
    if not registry.is_path(ref) and ref != game:
        raise fail(path, "config.game", f"names game {ref!r} but the manifest's game is {game!r}")
    check_schemas_match_game(manifest, path, game_cls)
    for i, cell in enumerate(manifest["cells"]):
        for spec in cell.get("policies", []):
            check_spec_name(spec, f"{path}: field 'cells[{i}].policies'")
        check_cell_params(game_cls, cell, path, f"cells[{i}]")
    if not manifest["chunks"]:
        raise RunDirError(
            f"{run}: the run holds no finished games yet {_how_to_go_on(Path(run), manifest)}"
        )
    verify_parts(run, manifest, policies=True)
    return game_cls


def _how_to_go_on(run: Path, manifest: Mapping[str, Any]) -> str:
    """How a run with no finished game goes on: a playtest's (a seat played by a person:
    games are written as they end; the run is OUT/NAME/runs/NAME) or a sweep's."""
    from strategies.scripted import is_human

    if any(is_human(str(p)) for p in manifest["config"].get("policies", [])):
        out = run.resolve().parent.parent.parent
        return (
            f"(a playtest: finish a game with 'boardlab playtest --out {out} --run {run.name} "
            "--resume')"
        )
    return "(interrupted before its first chunk?): finish it with 'boardlab sweep FILE --resume'"


def check_cell_params(game_cls: Any, cell: Mapping[str, Any], path: Any, where: str) -> None:
    """A cell's rule parameters are the game's, each within its range, and hash to the
    cell's recorded ``params_hash`` (a hand-edited value would otherwise label the games)."""
    try:
        params = game_cls.params_class.from_overrides(cell.get("params") or {})
    except ConfigError as exc:
        raise fail(path, f"{where}.params", f"is not valid for this game: {exc}") from None
    if "params_hash" in cell and params.params_hash() != cell["params_hash"]:
        raise fail(path, f"{where}.params", "does not hash to the cell's 'params_hash'")


def load_checked(run: str | Path) -> dict[str, Any]:
    """A run's manifest, loaded and checked for a report."""
    manifest = load_manifest(run)
    check_for_report(run, manifest)
    return manifest
