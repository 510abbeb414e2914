"""The heuristic's weights as options (``strategies/data/lord_of_worlds_styles.toml``): every
weight can be given, the defaults play the very same games, bad weights are refused."""

from __future__ import annotations

import pickle
import random
from dataclasses import asdict

import pytest

from simcore.core.errors import ConfigError
from simcore.games.lord_of_worlds import LordOfWorlds
from strategies.heuristics.lord_of_worlds_weights import WEIGHTS, load_styles
from strategies.registry import make_policy
from tests.conftest import run_cli
from tests.games.played import played_actions

GAME = LordOfWorlds()


def _actions(specs: list[str], seed: int) -> list[int]:
    return played_actions(GAME, specs, seed)


def _explicit(style: str) -> str:
    """The style's spec with every one of its weights given."""
    given = ",".join(f"{k}={v!r}" for k, v in asdict(WEIGHTS[style]).items())
    return f"heuristic:style={style},{given}"


@pytest.mark.parametrize("style", list(WEIGHTS))
def test_all_default_weights_given_explicitly_play_the_same_games(style: str) -> None:
    explicit = _explicit(style)
    assert make_policy(explicit, GAME).name == f"heuristic:style={style}"
    for seed in (1, 2, 3):
        plain = _actions([f"heuristic:style={style}", "heuristic:style=chains"], seed)
        given = _actions([explicit, "heuristic:style=chains"], seed)
        assert len(plain) > 50 and given == plain, seed


def test_a_changed_weight_changes_play_and_the_name() -> None:
    # card points priced far above any tile's worth: the player never plays, it only hires
    # until the game ends, so its actions differ from the default's
    shy = "heuristic:style=chains,card_price=50"
    assert make_policy(shy, GAME).name == "heuristic:style=chains,card_price=50.0"
    plain = _actions(["heuristic:style=chains", "heuristic:style=chains"], 4)
    assert _actions([shy, "heuristic:style=chains"], 4) != plain


def test_weighted_player_pickles_with_its_weights() -> None:
    policy = make_policy("heuristic:style=chains,free_bonus=2.5", GAME)
    again = pickle.loads(pickle.dumps(policy))
    assert (
        again.name == policy.name == "heuristic:style=chains,free_bonus=2.5" and again.w == policy.w
    )


@pytest.mark.parametrize(
    ("spec", "fragment"),
    [
        ("heuristic:style=chains,chain=1", "unknown option 'chain'"),
        ("heuristic:style=chains,w_chain=lots", "option 'w_chain' must be float"),
        ("heuristic:style=chains,hand_short=x", "option 'hand_short' must be float"),
    ],
)
def test_bad_weight_exits_2_with_one_line(spec: str, fragment: str) -> None:
    result = run_cli("play", "--game", "lord_of_worlds", "--policy", spec, "--policy", "heuristic")
    assert result.returncode == 2, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and fragment in lines[0] and "Traceback" not in result.stderr


def test_styles_file_names_every_weight(tmp_path) -> None:
    good = tmp_path / "styles.toml"
    good.write_text("[a]\n" + "".join(f"{k} = 1\n" for k in asdict(WEIGHTS["chains"])))
    assert load_styles(good)[0]["a"].w_chain == 1.0
    short = tmp_path / "short.toml"
    short.write_text("[a]\nw_chain = 1.0\n")
    with pytest.raises(ConfigError, match="missing or unknown weight"):
        load_styles(short)
    good.write_text(good.read_text().replace("w_chain = 1", 'w_chain = "x"'))
    with pytest.raises(ConfigError, match="'w_chain' is not a number"):
        load_styles(good)


def test_fitted_style_plays_legal_games_and_is_listed() -> None:
    from simcore.engine.check.conformance import check_game
    from strategies.registry import describe_policies

    assert check_game(GAME, 2, ["heuristic:style=fitted", "heuristic:style=chains"], n_games=4)
    assert check_game(GAME, 4, ["heuristic:style=fitted", "random"], n_games=2)
    docs = {row["name"]: row["doc"] for row in describe_policies(GAME)}
    assert "fitted by boardlab tune" in docs["heuristic:style=fitted"]


def _first_played_turn(seed: int) -> tuple[object, int]:
    """The first turn start (state, cards in hand) at which ``chains`` plays rather than hires."""
    from simcore.games.lord_of_worlds import codes as C

    chains = make_policy("heuristic:style=chains", GAME)
    state, rng = GAME.new_state(2, seed), random.Random(seed)
    while state.current_player >= 0:
        s = state.plain
        action = chains.act(state, rng)
        if s.phase == C.P_START and action >= C.PLAY:
            return state, sum(s.hands[s.player])
        state.apply(action)
    raise AssertionError("chains never played")


def test_short_hand_raises_the_play_bar_and_hires_instead() -> None:
    # a turn start where chains plays its plan with n cards in hand; asking for more than n
    # cards at a high price per missing card makes it hire; a target of n cards leaves it playing
    from simcore.games.lord_of_worlds import codes as C

    state, cards = _first_played_turn(5)
    short = make_policy(f"heuristic:style=chains,hand_target={cards + 1},hand_short=1000", GAME)
    enough = make_policy(f"heuristic:style=chains,hand_target={cards},hand_short=1000", GAME)
    assert short.act(state, random.Random(0)) < C.PLAY
    assert enough.act(state, random.Random(0)) >= C.PLAY


def test_open_weight_places_a_chain_tile_where_most_neighbours_are_empty() -> None:
    # the first placement of a basic tile in a chains game: with w_open far above any chain
    # gain, the tile goes to a hex with the most empty neighbours (room for its chain to grow)
    from simcore.games.lord_of_worlds import codes as C
    from simcore.games.lord_of_worlds.tables import N_BASIC

    chains = make_policy("heuristic:style=chains", GAME)
    state, rng = GAME.new_state(2, 6), random.Random(6)
    s = state.plain
    while not (s.phase == C.P_PLACE and s.context.tile_type[s.pending_tile] < N_BASIC):
        state.apply(chains.act(state, rng))
        s = state.plain
    adjacency, terr = s.context.planet.adjacency, s.planet_tile[s.player]
    empties = [h for h in range(len(terr)) if terr[h] < 0]

    def open_neighbours(h: int) -> int:
        return sum(terr[x] < 0 for x in adjacency[h])

    spread = make_policy("heuristic:style=chains,w_open=1000", GAME)
    chosen = spread.act(state, random.Random(0)) - C.PLACE
    most = max(open_neighbours(h) for h in empties)
    assert open_neighbours(chosen) == most
    # here the default (w_open 0) picks a more crowded hex, so the weight made the difference
    assert open_neighbours(chains.act(state, random.Random(0)) - C.PLACE) < most
