"""The trust boundary (docs/design.md): run data never imports code, reports never write
outside ``--out``, parts of other runs or games are refused, and ``module:Class`` specs from
the command line import only with ``--allow-import``.

The canary (``tests.fixtures.canary``) writes a file when imported; every crafted run names
it somewhere, and the report must never import it.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from simcore.core.errors import ConfigError
from simcore.engine.sweep.config import build_config
from simcore.engine.sweep.sweep import run_sweep
from tests.boardlab.crafted import (
    assert_one_line,
    cli,
    copy_run,
    make_base,
    manifest,
    reseal,
    run_main,
    snapshot,
    write_manifest,
)

CANARY = "tests.fixtures.canary"


@pytest.fixture(scope="module")
def base(tmp_path_factory):
    return make_base(tmp_path_factory.mktemp("base") / "runs")


def _set_policy(run: Path, spec: str) -> None:
    """Seat 0's policy in every seats part becomes ``spec``; checksums are updated."""
    for part in sorted((run / "seats").glob("*.parquet")):
        table = pq.read_table(part)
        pairs = zip(table["seat"].to_pylist(), table["policy"].to_pylist(), strict=True)
        policy = [spec if seat == 0 else p for seat, p in pairs]
        index = table.schema.get_field_index("policy")
        pq.write_table(table.set_column(index, "policy", pa.array(policy, pa.string())), part)
    reseal(run)


def _edit(run: Path, change) -> None:
    doc = manifest(run)
    change(doc)
    write_manifest(run, doc)


CRAFTED = {
    # (how the run is crafted, exit code, needle of the one line; None: the report is built)
    "seats_policy_runs_a_shell": (
        lambda run, mark: _set_policy(run, f"subprocess:Popen:args=touch {mark},shell=true"), 2,
        "policy 'subprocess:Popen:args=touch"),
    "seats_policy_is_the_canary": (lambda run, mark: _set_policy(run, f"{CANARY}:policy"), 2,
                                   "is not a registered policy"),
    "nested_rollout_is_the_canary": (
        lambda run, mark: _set_policy(run, f"mcts:rollout={CANARY}:policy"), 0, None),
    "cell_policy_is_the_canary": (
        lambda run, mark: _edit(run, lambda d: d["cells"][0]["policies"].__setitem__(
            0, f"{CANARY}:policy")), 2, "field 'cells[0].policies'"),
    "manifest_game_is_the_canary": (
        lambda run, mark: _edit(run, lambda d: d.update(game=f"{CANARY}:Game")), 2,
        "field 'game' is not a game id"),
    "manifest_game_is_antigravity": (
        lambda run, mark: _edit(run, lambda d: d.update(game="antigravity")), 2,
        "'antigravity' is not a registered game here"),
    "config_game_is_the_canary": (
        lambda run, mark: _edit(run, lambda d: d["config"].update(game=f"{CANARY}:Game")), 0,
        None),
    "config_policies_are_the_canary": (
        lambda run, mark: _edit(run, lambda d: d["config"].update(
            policies=[f"{CANARY}:policy", "random"])), 0, None),
}  # fmt: skip


@pytest.mark.parametrize(
    "name",
    ["seats_policy_runs_a_shell", "manifest_game_is_antigravity"],
)
def test_a_report_of_a_crafted_run_imports_nothing_it_names(tmp_path, base, name):
    # as a process, with the canary's marker file: two crafts (the next test runs them all)
    craft, code, needle = CRAFTED[name]
    mark = tmp_path / "canary-imported"
    run = copy_run(base, tmp_path / "runs")
    craft(run, mark)
    before = snapshot(tmp_path / "runs")
    out = tmp_path / "out"
    proc = cli(
        "report",
        str(run),
        "--out",
        str(out),
        "--name",
        "r.html",
        env={"BOARDLAB_CANARY": str(mark)},
    )
    assert not mark.exists(), "the report imported a module named in run data"
    if needle is None:
        assert proc.returncode == 0, proc.stderr
        assert sorted(p.name for p in out.iterdir()) == ["r.html"]
    else:
        assert_one_line(proc, code, needle)
        assert not out.exists() or not any(out.iterdir())
    assert snapshot(tmp_path / "runs") == before


@pytest.mark.slow  # over 10 s: .ci/run runs the long tests on their own line
def test_in_process_the_canary_module_is_never_imported(tmp_path, base):
    assert CANARY not in sys.modules
    for name, (craft, code, needle) in sorted(CRAFTED.items()):
        run = copy_run(base, tmp_path / name)
        craft(run, tmp_path / "mark")
        before = snapshot(run)
        proc = run_main(
            "report", str(run), "--out", str(tmp_path / "out"), "--name", f"{name}.html"
        )
        assert CANARY not in sys.modules, name
        assert not (tmp_path / "mark").exists(), name
        if needle is None:
            assert proc.returncode == 0, (name, proc.stderr)
        else:
            assert_one_line(proc, code, needle)
        assert snapshot(run) == before


@pytest.mark.parametrize("hostile", ["../../escaped", "/tmp/boardlab-abs-escape", "a/b", "index"])
def test_a_multi_run_report_never_writes_outside_out(tmp_path, base, hostile):
    runs = [copy_run(base, tmp_path / "runs", "one"), copy_run(base, tmp_path / "runs", "two")]
    _edit(runs[1], lambda d: d.update(name=hostile))
    out = tmp_path / "deep" / "er" / "site"
    call = cli if hostile == "../../escaped" else run_main  # one as a process, the rest here
    proc = call("report", *map(str, runs), "--out", str(out))
    assert_one_line(proc, 2, "field 'name'" if hostile != "index" else "column 'run'")
    assert (
        not list(tmp_path.rglob("escaped*")) and not Path("/tmp/boardlab-abs-escape.html").exists()
    )
    assert not out.exists() or not any(out.iterdir())


@pytest.mark.parametrize("hostile", ["../../escaped", "/abs", "a/b", ".hidden", "x" * 200])
def test_report_file_names_come_from_plain_names_only(tmp_path, hostile):
    # the second line of defence: whatever reached the naming step, a path stays in --out
    from reports.studies.batch import _targets

    with pytest.raises(ConfigError, match="not a plain file name"):
        _targets(str(tmp_path / "site"), ["fine", hostile])


def test_two_runs_of_one_name_would_share_a_report_file(tmp_path, base):
    runs = [copy_run(base, tmp_path / "a"), copy_run(base, tmp_path / "b")]
    proc = run_main("report", *map(str, runs), "--out", str(tmp_path / "site"))
    assert_one_line(proc, 2, "two reports would both be written to base.html")


def _other_game_part(tmp_path: Path) -> Path:
    cfg = build_config(
        {
            "name": "base",
            "game": "lord_of_worlds",
            "players": 2,
            "games": 2,
            "seed": 1,
            "policies": ["random", "random"],
        }
    )
    run = run_sweep(cfg, tmp_path / "low", quiet=True).run_dir
    return sorted((run / "games").glob("*.parquet"))[0]


def test_a_part_of_another_games_run_is_refused_even_resealed(tmp_path, base):
    run = copy_run(base, tmp_path / "runs")
    target = sorted((run / "games").glob("*.parquet"))[0]
    shutil.copyfile(_other_game_part(tmp_path), target)
    reseal(run)
    proc = cli("report", str(run), "--out", str(tmp_path), "--name", "r.html")
    assert_one_line(proc, 2, f"part games/{target.name}: its columns differ")
    assert "Ratjack" not in proc.stdout
    # the manifest's schemas edited to match: then they do not fit a Ratjack run
    low = pq.read_schema(target)
    kinds = {"int64": "int", "double": "float", "string": "str", "bool": "bool"}
    _edit(run, lambda d: d["schemas"].update(games={f.name: kinds[str(f.type)] for f in low}))
    proc = run_main("report", str(run), "--out", str(tmp_path), "--name", "r.html")
    assert_one_line(proc, 2, "does not fit a ratjack run")
    assert not (tmp_path / "r.html").exists()


def test_a_part_of_another_run_of_the_same_game_is_refused(tmp_path, base):
    run = copy_run(base, tmp_path / "runs")
    other = make_base(tmp_path / "other", name="other")
    target = sorted((run / "seats").glob("*.parquet"))[0]
    shutil.copyfile(sorted((other / "seats").glob("*.parquet"))[0], target)
    reseal(run)
    proc = run_main("report", str(run), "--out", str(tmp_path), "--name", "r.html")
    assert_one_line(proc, 2, "column 'run' holds 'other', not this run's")


def test_a_module_path_imports_only_with_allow_import(tmp_path):
    mark = tmp_path / "canary-imported"
    env = {"BOARDLAB_CANARY": str(mark)}
    refused = cli("play", "--game", f"{CANARY}:Game", "--players", "2", env=env)
    assert_one_line(refused, 2, "pass --allow-import if you trust it")
    assert not mark.exists()
    for flag, extra in (("--allow-import", {}), (None, {"BOARDLAB_ALLOW_IMPORT": "1"})):
        allowed = cli(
            "play",
            "--game",
            f"{CANARY}:Game",
            *([flag] if flag else []),
            "--players",
            "2",
            env={**env, **extra},
        )
        assert_one_line(allowed, 2, "is not a game class")  # imported, then refused by type
        assert mark.exists()
        mark.unlink()


def test_a_sweep_file_naming_a_module_needs_allow_import(tmp_path):
    mark = tmp_path / "canary-imported"
    path = tmp_path / "s.toml"
    path.write_text(
        f'game = "ratjack"\nplayers = 2\ngames = 2\npolicies = ["{CANARY}:policy", "random"]\n'
    )
    proc = cli("sweep", str(path), "--out", str(tmp_path / "o"), env={"BOARDLAB_CANARY": str(mark)})
    assert_one_line(proc, 2, f"policy '{CANARY}:policy' is not a registered name")
    assert not mark.exists() and not (tmp_path / "o").exists()


def test_a_bad_allow_import_setting_is_bad_input():
    assert_one_line(
        cli("games", env={"BOARDLAB_ALLOW_IMPORT": "yes"}), 2, "BOARDLAB_ALLOW_IMPORT='yes'"
    )


def test_a_chunk_dropped_from_a_part_it_shares_is_refused(tmp_path, base):
    # one part holds every chunk of a buffered write: a dropped entry would leave its rows
    # in the tables and have --resume play them again
    run = copy_run(base, tmp_path / "runs")
    doc = manifest(run)
    files = [c["parts"]["games"]["file"] for c in doc["chunks"].values()]
    key = next(k for k, c in doc["chunks"].items() if files.count(c["parts"]["games"]["file"]) > 1)
    del doc["chunks"][key]
    write_manifest(run, doc)
    assert_one_line(
        run_main("report", str(run), "--out", str(tmp_path), "--name", "r.html"),
        2,
        "games, its chunks in the manifest hold",
    )
