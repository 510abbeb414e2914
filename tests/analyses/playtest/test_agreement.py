""" "Do the bots play like you?" (``analyses.playtest.agreement``) on synthetic people: a bot
posing as the person agrees with itself at every decision; a person choosing at random agrees
with each bot about as often as one over the options (within the game-clustered interval)."""

from __future__ import annotations

import pytest

from analyses.playtest.agreement import agreement, by_bot, class_use, wins
from simcore.engine.sweep.config import build_config
from simcore.engine.sweep.sweep import run_sweep
from tests.conftest import run_cli

pytestmark = pytest.mark.slow  # 20 CPU-s: .ci/run runs it with the slow real-run tests
GAMES = ["ratjack", "rats_of_wistar", "lord_of_worlds"]


def _run(tmp_path, game: str, lineup: list[str], games: int = 30):
    raw = {"name": f"{game}-{lineup[0]}", "game": game, "players": 2, "games": games,
           "seed": 17, "policies": lineup, "record_actions": True,
           "seat_rotation": False}  # fmt: skip
    return run_sweep(build_config(raw, source="test"), tmp_path, quiet=True).run_dir


@pytest.mark.parametrize("game", GAMES)
def test_a_bot_posing_as_the_person_agrees_with_itself_every_time(tmp_path, game):
    run = _run(tmp_path, game, ["heuristic", "random"])
    result = agreement(run, ("heuristic", "random"), person=lambda s: s == "heuristic")
    table = by_bot(result).sort("bot")
    assert table.filter(bot="heuristic")["rate"][0] == 1.0
    assert table.filter(bot="random")["rate"][0] < 0.9
    assert wins(result)["opponents"].to_list() == ["random"]


@pytest.mark.parametrize("game", GAMES)
def test_a_person_at_random_agrees_with_each_bot_about_one_over_the_options(tmp_path, game):
    run = _run(tmp_path, game, ["random", "heuristic"])
    result = agreement(run, ("heuristic", "heuristic:style=fitted"), person=lambda s: s == "random")
    for row in by_bot(result).iter_rows(named=True):
        # the expected agreement of a uniform chooser is the mean of 1/options (fixed seed 17)
        assert row["lo"] <= row["chance"] <= row["hi"], row
    use = class_use(result)
    assert abs(use["person_rate"].sum() - 1.0) < 1e-9  # every decision in one class


def test_the_page_of_a_playtest_run_and_its_refusals(tmp_path):
    from analyses.playtest.session import Session
    from tests.analyses.playtest.test_session import _by_step, _cfg, _person

    session = Session(_cfg("ratjack", ["human", "heuristic"], games=2), tmp_path / "s")
    _person(session, _by_step)
    run = tmp_path / "s" / "runs" / "pt"
    res = run_cli("playtest", "--report", str(run), "--out", str(tmp_path / "pages"))
    assert res.returncode == 0, res.stderr
    page = (tmp_path / "pages" / "agreement-pt.html").read_text()
    assert "Do the bots play like you?" in page
    assert "heuristic chooses as you did in " in page and "You won " in page
    # which studies' players the agreement speaks for
    assert "It plays the shipped studies ratjack_cards_rat.toml" in page
    other = _run(tmp_path, "ratjack", ["random", "heuristic"], games=2)
    res = run_cli("playtest", "--report", str(other), "--out", str(tmp_path / "pages"))
    assert res.returncode == 2 and "no decision of a 'human' seat" in res.stderr
