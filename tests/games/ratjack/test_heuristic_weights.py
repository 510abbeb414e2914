"""The heuristic's weights as options (``strategies/data/ratjack_styles.toml``): every weight can
be given, the defaults play the very same games, the new terms steer play, bad weights are
refused."""

from __future__ import annotations

import pickle
from dataclasses import asdict

import pytest

from simcore.core.errors import ConfigError
from simcore.games.ratjack import Ratjack
from strategies.heuristics.ratjack_weights import WEIGHTS, load_styles
from strategies.registry import make_policy
from tests.conftest import run_cli
from tests.games.played import played_actions

GAME = Ratjack()


def _actions(specs: list[str], seed: int) -> list[int]:
    return played_actions(GAME, specs, seed)


@pytest.mark.parametrize("style", sorted(WEIGHTS))
def test_all_default_weights_given_explicitly_play_the_same_games(style: str) -> None:
    explicit = f"heuristic:style={style}," + ",".join(
        f"{k}={v!r}" for k, v in asdict(WEIGHTS[style]).items()
    )
    base = "heuristic" if style == "careful" else f"heuristic:style={style}"
    assert make_policy(explicit, GAME).name == base
    for seed in (1, 2, 3):
        plain = _actions([base, "heuristic:style=aggressive"], seed)
        given = _actions([explicit, "heuristic:style=aggressive"], seed)
        assert len(plain) > 30 and given == plain, seed


def test_new_terms_change_play() -> None:
    # a large worth of face-down cards makes the seat hide cards it would have played face up
    plain = _actions(["heuristic", "heuristic"], 4)
    hider = _actions(["heuristic:face_down=40", "heuristic"], 4)
    assert hider != plain


def test_weighted_player_pickles_with_its_weights() -> None:
    policy = make_policy("heuristic:one_card=5,face_down=1.5", GAME)
    again = pickle.loads(pickle.dumps(policy))
    assert again.name == policy.name == "heuristic:one_card=5.0,face_down=1.5"
    assert again.w == policy.w


def test_unknown_or_bad_weight_is_refused(tmp_path) -> None:
    with pytest.raises(ConfigError, match="bluff"):
        make_policy("heuristic:bluff=2", GAME)
    styles = tmp_path / "styles.toml"
    styles.write_text('[careful]\nclose = "far"\n')
    with pytest.raises(ConfigError, match="missing or unknown weight"):
        load_styles(styles)
    full = "\n".join(f"{k} = 1.0" for k in asdict(WEIGHTS["careful"]))
    styles.write_text(f"[careful]\n{full.replace('close = 1.0', 'close = true')}\n")
    with pytest.raises(ConfigError, match="'close' is not a number"):
        load_styles(styles)
    out = run_cli(
        "sweep",
        "--game",
        "ratjack",
        "--players",
        "2",
        "--policy",
        "heuristic:bluff=2",
        "--policy",
        "random",
        "--games",
        "2",
        "--out",
        str(tmp_path / "run"),
    )
    assert out.returncode == 2 and out.stderr.count("\n") == 1 and "bluff" in out.stderr


def test_flip_risk_is_a_face_down_card_that_would_put_the_seat_over() -> None:
    from strategies.heuristics.ratjack import _flip_risk
    from tests.games.ratjack.helpers import build

    # seat 0 shows 12 + 8 = 20 (gap 5); face down: rb6 (over if turned) | rb3 (not)
    risky = build(hands=["rr1", "rr2"], disp=["rr12^ rr8^ rb6v", "rr3^"])
    safe = build(hands=["rr1", "rr2"], disp=["rr12^ rr8^ rb3v", "rr4^"])
    assert risky.values()[0] == safe.values()[0] == 20
    assert _flip_risk(risky, 0, 5) and not _flip_risk(safe, 0, 5)
    careful = make_policy("heuristic", GAME)
    wary = make_policy("heuristic:flip_risk=50", GAME)
    assert careful.evaluate(risky, 0, risky.round_no) == careful.evaluate(safe, 0, safe.round_no)
    assert wary.evaluate(risky, 0, risky.round_no) == wary.evaluate(safe, 0, safe.round_no) - 50


def test_chip_risk_is_a_reserve_chip_that_would_put_the_seat_over() -> None:
    from strategies.heuristics.ratjack import _chip_risk
    from tests.games.ratjack.helpers import build

    # seat 0 shows 10 + 9 = 19 (gap 6), no chips. Reserve: plus1 plus5 plus10 double zero lock
    # (every chip's first face): plus10 or double adds 10 > 6. With minus3 and half showing
    # instead of plus10 and double, the most a chip adds is 5 (plus5): no risk
    both = build(hands=["rr1", "rr2"], disp=["rr10^ rr9^", "rr3^"])
    assert _chip_risk(both, 0, 6)
    low = build(hands=["rr1", "rr2"], disp=["rr10^ rr9^", "rr3^"], show=["minus3", "half"])
    assert not _chip_risk(low, 0, 6)
