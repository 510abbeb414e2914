"""analyses.replay.rebuild: a recorded game rebuilt from its run ends as recorded, for every game;
the
seat views it shows are observations (no hidden information leaks)."""

from __future__ import annotations

import random

import polars as pl
import pytest

from analyses.replay.rebuild import FROM_ACTIONS, FROM_PLAYERS, load_replay
from analyses.stats.runs import scan
from simcore.core import registry
from simcore.core.errors import RunDirError
from simcore.engine.sweep.config import build_config
from simcore.engine.sweep.sweep import run_sweep

LINEUPS = {
    "ratjack": ["heuristic", "random"],
    "rats_of_wistar": ["heuristic", "heuristic"],
    "lord_of_worlds": ["heuristic", "random"],
}


def small_run(folder, game: str, record: bool = True, games: int = 3):
    """A small real run of ``game`` (two seats, rotated line-up)."""
    name = f"{game.replace('_', '-')}{'' if record else '-plain'}"
    raw = {
        "name": name,
        "game": game,
        "players": 2,
        "games": games,
        "seed": 11,
        "policies": LINEUPS[game],
        "record_actions": record,
    }
    return run_sweep(build_config(raw), folder, quiet=True).run_dir


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    folder = tmp_path_factory.mktemp("replay")
    return {game: small_run(folder, game) for game in LINEUPS}


@pytest.mark.parametrize("game", list(LINEUPS))
def test_replay_reproduces_the_recorded_outcome(runs, game):
    seats = scan(runs[game], "seats").sort("game_index", "seat").collect()
    actions = scan(runs[game], "actions").sort("game_index", "step").collect()
    for index in range(3):
        replay = load_replay(runs[game], index)
        assert replay.source == FROM_ACTIONS
        recorded = seats.filter(pl.col("game_index") == index)
        assert [r["score"] for r in replay.result] == recorded["score"].to_list()
        assert [r["rank"] for r in replay.result] == recorded["rank"].to_list()
        assert [r["win_share"] for r in replay.result] == recorded["win_share"].to_list()
        assert [r["policy"] for r in replay.result] == recorded["policy"].to_list()
        rows = actions.filter(pl.col("game_index") == index)
        # each decision, as the acting seat saw it: the recorded label
        assert [s.label for s in replay.steps] == rows["label"].to_list()
        assert [s.seat for s in replay.steps] == rows["seat"].to_list()


def test_a_run_without_actions_is_rebuilt_by_its_players(tmp_path):
    run = small_run(tmp_path, "ratjack", record=False, games=2)
    seats = scan(run, "seats").sort("game_index", "seat").collect()
    for index in range(2):
        replay = load_replay(run, index)
        assert replay.source == FROM_PLAYERS
        want = seats.filter(pl.col("game_index") == index)["score"].to_list()
        assert [r["score"] for r in replay.result] == want


def test_a_rule_change_in_the_manifest_is_refused(runs, tmp_path):
    """Cell parameters that are not the ones the games were played with: the rebuilt game
    departs from the record, and the replay says so instead of showing another game."""
    import json
    import shutil

    copy = tmp_path / "changed"
    shutil.copytree(runs["ratjack"], copy)
    manifest = json.loads((copy / "manifest.json").read_text())
    manifest["cells"][0]["params"]["decks"] = ["weasel", "raccoon"]
    (copy / "manifest.json").write_text(json.dumps(manifest))
    with pytest.raises(RunDirError, match="recorded"):
        load_replay(copy, 0)


@pytest.mark.parametrize(
    "index, cell, words", [(3, None, "games 0..2"), (-1, None, "games 0"), (0, "c009", "no cell")]
)
def test_bad_index_or_cell(runs, index, cell, words):
    with pytest.raises(RunDirError, match=words):
        load_replay(runs["ratjack"], index, cell)


def _states(game_id: str, run) -> tuple[object, list[tuple[object, int]]]:
    """The game and every decision's (state before it, seat to act) of game 0 of ``run``."""
    replay = load_replay(run, 0)
    game = registry.make_game(game_id)
    state = game.new_state(replay.n_players, replay.seed)
    out = []
    for step in replay.steps:
        out.append((state.clone(), step.seat))
        state.apply(step.action)
    return game, out


@pytest.mark.parametrize("game_id", list(LINEUPS))
def test_seat_views_do_not_leak(runs, game_id):
    """Like the labels' no-peek check (``simcore.engine.check.conformance``): what a seat's view
    shows stays
    the same when everything that seat cannot see is resampled (``determinize``); the
    analyst's view (``reveal``) does change, so the check can fail."""
    game, states = _states(game_id, runs[game_id])
    rng = random.Random(5)
    revealed_changes = 0
    for state, _ in states:
        for viewer in range(state.n_players):
            other = state.determinize(viewer, random.Random(rng.getrandbits(32)))
            assert game.seat_view(state, viewer) == game.seat_view(other, viewer)
            revealed_changes += game.seat_view(state, viewer, reveal=True) != game.seat_view(
                other, viewer, reveal=True
            )
    assert revealed_changes > 0  # hidden information exists, and the check would see it


def test_replayed_views_are_the_acting_seats(runs):
    """The view a page shows at each decision is the acting seat's, in the seat view mode."""
    game, states = _states("ratjack", runs["ratjack"])
    replay = load_replay(runs["ratjack"], 0)
    for (state, seat), step in zip(states, replay.steps, strict=True):
        assert step.view == game.seat_view(state, seat)
