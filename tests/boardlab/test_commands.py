"""One CLI: every command listed, every flag explained, one meaning per flag, old spellings kept."""

from __future__ import annotations

import argparse
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from boardlab.cli import build_parser
from boardlab.commands import COMMANDS
from simcore.engine.sweep.config import N_JOBS_DEFAULT
from tests.conftest import ROOT, cli_env, run_cli

DEPRECATED = "is deprecated and works until boardlab 0.2"


def command_parsers() -> dict[str, argparse.ArgumentParser]:
    """Each command's parser, with its flags added."""
    parser = build_parser(None)
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(sub.choices)


def flags(parser: argparse.ArgumentParser) -> list[argparse.Action]:
    """The parser's arguments other than --help."""
    return [a for a in parser._actions if not isinstance(a, argparse._HelpAction)]


def test_python_m_boardlab_lists_every_command():
    done = subprocess.run(
        [sys.executable, "-m", "boardlab", "--help"],
        capture_output=True,
        text=True,
        env=cli_env(),
        check=True,
    )
    for name in COMMANDS:
        assert f"    {name} " in done.stdout or f"    {name}\n" in done.stdout, name


def test_every_argument_of_every_command_says_what_it_does():
    missing = [
        f"{name} {a.option_strings or a.dest}"
        for name, parser in command_parsers().items()
        for a in flags(parser)
        if not a.help
    ]
    assert not missing


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_every_example_in_help_parses_and_names_shipped_files(name):
    module = COMMANDS[name]
    examples = [line.strip() for line in module.EXAMPLES.splitlines()[1:] if line.strip()]
    assert examples and module.EXAMPLES.startswith("examples:")
    for example in examples:
        words = shlex.split(example)
        assert words[:2] == ["boardlab", name], example
        args = build_parser(name).parse_args(words[1:])
        assert args.command == name
        for word in words:
            if word.startswith(("analyses/", "benchmarks/")):
                assert (ROOT / word).is_file(), f"{example}: {word} is not shipped"


def test_n_jobs_has_one_default_and_one_meaning():
    seen = {}
    for name, parser in command_parsers().items():
        for a in flags(parser):
            if "--n-jobs" in a.option_strings:
                seen[name] = (a.default, a.help)
    assert {"sweep", "plan", "tune", "compare", "feel", "demo", "drift"} <= set(seen)
    assert {default for default, _ in seen.values()} == {N_JOBS_DEFAULT}
    assert len({text for _, text in seen.values()}) == 1


def test_out_is_a_folder_in_every_command():
    for name, parser in command_parsers().items():
        for a in flags(parser):
            if "--out" in a.option_strings:
                assert "folder" in a.help and "file" not in a.help.split("(")[0], (name, a.help)


def test_the_game_is_given_as_game_in_every_command():
    for name in ("play", "feel", "policies", "sweep", "bench"):
        options = {o for a in flags(command_parsers()[name]) for o in a.option_strings}
        assert "--game" in options, name


def test_the_old_game_spelling_still_plays_and_says_once_what_replaces_it():
    old = run_cli("play", "ratjack", "--players", "2", "--seed", "4")
    new = run_cli("play", "--game", "ratjack", "--players", "2", "--seed", "4")
    assert old.returncode == new.returncode == 0, old.stderr
    assert old.stdout == new.stdout and new.stderr == ""
    assert old.stderr.count(DEPRECATED) == 1 and "--game GAME" in old.stderr


def test_two_different_games_are_refused():
    done = run_cli("play", "ratjack", "--game", "lord_of_worlds")
    assert done.returncode == 2 and "two games given" in done.stderr


@pytest.mark.slow  # over 10 s: .ci/run runs the long tests on their own line
def test_the_old_report_out_file_writes_the_same_page_under_its_name(tmp_path: Path):
    run = tmp_path / "runs"
    seats = ("--game", "ratjack", "--players", "2", "--policies", "random,random", "--games", "4")
    made = run_cli("sweep", *seats, "--out", str(run), "--name", "r", "--quiet")
    assert made.returncode == 0, made.stderr
    old = run_cli("report", str(run / "r"), "--out", str(tmp_path / "old" / "x.html"))
    new = run_cli("report", str(run / "r"), "--out", str(tmp_path / "new"), "--name", "x.html")
    assert old.returncode == new.returncode == 0, old.stderr + new.stderr
    assert (tmp_path / "old" / "x.html").is_file() and (tmp_path / "new" / "x.html").is_file()
    assert not (tmp_path / "new" / "index.html").exists()
    assert old.stderr.count(DEPRECATED) == 1 and DEPRECATED not in new.stderr


def test_games_lists_the_revision4_assumptions_with_their_readings():
    listed = run_cli("games").stdout
    exact = next(line for line in listed.splitlines() if "exact_ends_check" in line)
    pair = next(line for line in listed.splitlines() if "ability_pair_bonus" in line)
    assert "false [A]" in exact and "true" in exact.split("[A]", 1)[1]
    assert '"once" [A]' in pair and "once" in pair and "each" in pair
