"""The heuristic's weights as options (``strategies/data/rats_of_wistar_styles.toml``): every
weight can be given, the defaults play the very same games, bad weights are refused."""

from __future__ import annotations

import pickle
import random
from dataclasses import asdict

import pytest

from simcore.core.errors import ConfigError
from simcore.games.rats_of_wistar import RatsOfWistar
from simcore.games.rats_of_wistar import board as B
from strategies.heuristics.rats_of_wistar_weights import WEIGHTS, load_styles
from strategies.registry import make_policy
from tests.conftest import run_cli
from tests.games.played import played_actions

GAME = RatsOfWistar()


def _actions(specs: list[str], seed: int) -> list[int]:
    return played_actions(GAME, specs, seed)


@pytest.mark.parametrize("style", ["engine", "explorer", "fitted"])
def test_all_default_weights_given_explicitly_play_the_same_games(style: str) -> None:
    explicit = f"heuristic:style={style}," + ",".join(
        f"{k}={v!r}" for k, v in asdict(WEIGHTS[style]).items()
    )
    assert make_policy(explicit, GAME).name == f"heuristic:style={style}"
    for seed in (1, 2, 3):
        plain = _actions([f"heuristic:style={style}", "heuristic:style=engine"], seed)
        given = _actions([explicit, "heuristic:style=engine"], seed)
        assert len(plain) > 100 and given == plain, seed


def test_hut_terms_steer_placements_at_the_hut() -> None:
    # the hut worth nothing and far below every space: a chief goes there only when no space
    # is free (every action of the turn menu checked, three games)
    shy = make_policy("heuristic:style=explorer,hut_base=-50,hut_first_chief=0", GAME)
    assert shy.name == "heuristic:style=explorer,hut_base=-50.0,hut_first_chief=0.0"
    chosen = forced = 0
    for seed in (4, 5, 6):
        state, rng = GAME.new_state(2, seed), random.Random(seed)
        while state.current_player >= 0:
            legal = state.legal_actions()
            action = shy.act(state, rng)
            if action == B.HUT:
                chosen += 1
                forced += not any(a >= B.SPACE_BASE for a in legal)
            state.apply(action)
    assert chosen == forced


def test_fitted_style_plays_legal_games_and_is_listed() -> None:
    from simcore.engine.check.conformance import check_game
    from strategies.registry import describe_policies

    assert check_game(GAME, 2, ["heuristic:style=fitted", "heuristic:style=explorer"], n_games=4)
    assert check_game(GAME, 4, ["heuristic:style=fitted", "random"], n_games=2)
    docs = {row["name"]: row["doc"] for row in describe_policies(GAME)}
    assert "fitted by boardlab tune" in docs["heuristic:style=fitted"]


def test_weighted_player_pickles_with_its_weights() -> None:
    policy = make_policy("heuristic:style=explorer,card=1.1", GAME)
    again = pickle.loads(pickle.dumps(policy))
    assert again.name == policy.name == "heuristic:style=explorer,card=1.1" and again.w == policy.w


@pytest.mark.parametrize(
    ("spec", "fragment"),
    [
        ("heuristic:style=explorer,hut=1", "unknown option 'hut'"),
        ("heuristic:style=explorer,hut_base=lots", "option 'hut_base' must be float"),
    ],
)
def test_bad_weight_exits_2_with_one_line(spec: str, fragment: str) -> None:
    result = run_cli("play", "--game", "rats_of_wistar", "--policy", spec, "--policy", "heuristic")
    assert result.returncode == 2, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and fragment in lines[0] and "Traceback" not in result.stderr


def test_styles_file_names_every_weight(tmp_path) -> None:
    good = tmp_path / "styles.toml"
    good.write_text("[a]\n" + "".join(f"{k} = 1\n" for k in asdict(WEIGHTS["engine"])))
    assert load_styles(good)[0]["a"].card == 1.0
    short = tmp_path / "short.toml"
    short.write_text("[a]\ncard = 1.0\n")
    with pytest.raises(ConfigError, match="missing or unknown weight"):
        load_styles(short)
    text = good.read_text().replace("card = 1", 'card = "x"')
    good.write_text(text)
    with pytest.raises(ConfigError, match="'card' is not a number"):
        load_styles(good)
