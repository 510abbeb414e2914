"""Every game publishes its action classes; ``forbid=`` accepts only those (exit 2 otherwise)."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest

from simcore.core.errors import ConfigError
from simcore.core.registry import make_game
from strategies.registry import make_policy

GAMES = ["ratjack", "lord_of_worlds", "rats_of_wistar"]


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("n_players", [2, 4])
def test_catalogue_covers_every_class_seen_in_play(game_id, n_players):
    game = make_game(game_id)
    catalogue = game.action_class_catalogue()
    assert catalogue and all(isinstance(v, str) and v for v in catalogue.values())
    for seed in range(3):
        s = game.new_state(n_players, seed)
        rng = random.Random(seed)
        while not s.is_terminal():
            legal = s.legal_actions()
            for a in legal:
                assert set(s.action_classes(a)) <= set(catalogue), (game_id, s.action_label(a))
            s.apply(legal[rng.randrange(len(legal))])


@pytest.mark.parametrize(
    ("game_id", "bad", "hint"),
    [
        ("rats_of_wistar", "place/S9", "place/S"),
        ("ratjack", "resolve/rat/13", "resolve/rat/1"),
        ("ratjack", "resolve/ratt/3", "resolve/rat/3"),
        ("lord_of_worlds", "hire/pink", "hire/"),
    ],
)
def test_unknown_forbid_class_is_bad_input_naming_the_closest(game_id, bad, hint):
    with pytest.raises(ConfigError, match=bad) as info:
        make_policy(f"heuristic:forbid={bad}", make_game(game_id))
    assert hint in str(info.value)


def test_known_classes_are_accepted():
    assert make_policy("random:forbid=place/S3+quick/use_potion", make_game("rats_of_wistar"))
    assert make_policy("heuristic:forbid=resolve/rat/6", make_game("ratjack"))
    # a class of the game that these decks do not carry is valid (it never bites: worth 0)
    assert make_policy("heuristic:forbid=resolve/weasel/3", make_game("ratjack"))


def test_unknown_forbid_class_on_the_command_line_exits_2(tmp_path):
    cmd = [
        sys.executable,
        "-m",
        "boardlab.cli",
        "sweep",
        "--game",
        "rats_of_wistar",
        "--players",
        "2",
        "--policy",
        "random:forbid=place/S9",
        "--policy",
        "random",
        "--games",
        "2",
        "--out",
        str(tmp_path),
        "--quiet",
    ]
    proc = subprocess.run(cmd, capture_output=True, text=True, check=False)
    assert proc.returncode == 2 and "place/S9" in proc.stderr
    assert len(proc.stderr.strip().splitlines()) == 1 and not any(tmp_path.iterdir())
