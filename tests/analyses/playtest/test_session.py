"""A playtest session on the server side (``analyses.playtest.session``): people's moves taken
through ``Session.act`` by a stand-in person choosing from the legal moves, bots moving on
their own. Finished games are ordinary run tables equal to an engine replay of the recorded
moves; a session stopped mid-game resumes to the same tables; refused moves record nothing."""

from __future__ import annotations

import json
import random
from pathlib import Path

import polars as pl
import pytest

from analyses.playtest.session import LOG, RUNS, RefusedAction, Session, read_log
from simcore.core import registry
from simcore.core.errors import RunDirError
from simcore.core.rng import game_seed
from simcore.engine.run.verify import load_checked
from simcore.engine.sweep.config import build_config
from tests.boardlab.crafted import set_value

TIMING = ("wall_ms", "think_ms")  # times: not the same twice


def _cfg(game: str, seats: list[str], games: int = 1, seed: int = 11):
    raw = {"name": "pt", "game": game, "players": len(seats), "games": games, "seed": seed,
           "policies": seats, "record_actions": True, "seat_rotation": False}  # fmt: skip
    return build_config(raw, source="test")


def _person(session: Session, choose, stop_after: int | None = None) -> int:
    """Play every human decision with ``choose(step, legal)``; stop after ``stop_after``."""
    taken = 0
    while not session.over and (stop_after is None or taken < stop_after):
        seat = session.to_act()
        legal = [a for a, _ in session.legal(seat)]
        session.act(seat, choose(session.step, legal), session.step)
        taken += 1
    session.flush()  # the finished games written (a background thread writes them)
    return taken


def _by_step(step: int, legal: list[int]) -> int:
    return legal[random.Random(step).randrange(len(legal))]


def _log(folder: Path) -> Path:
    return folder / RUNS / "pt" / LOG


def _tables(folder: Path) -> dict[str, pl.DataFrame]:
    run = folder / RUNS / "pt"
    return {
        t: pl.read_parquet(run / t).drop(
            [c for c in TIMING if c in pl.read_parquet(run / t).columns]
        )
        for t in ("games", "seats", "actions")
    }


@pytest.mark.parametrize("game", ["ratjack", "rats_of_wistar", "lord_of_worlds"])
def test_a_finished_game_is_a_run_equal_to_an_engine_replay(tmp_path, game):
    session = Session(_cfg(game, ["human", "heuristic"]), tmp_path)
    _person(session, _by_step)
    assert session.over and len(session.results) == 1
    log = read_log(_log(tmp_path))
    tables = _tables(tmp_path)
    assert tables["actions"].sort("step")["action"].to_list() == [e["action"] for e in log]
    assert tables["seats"].sort("seat")["policy"].to_list() == ["human", "heuristic"]
    # an engine replay of the recorded moves ends with the run's scores
    state = registry.make_game(game).new_state(2, game_seed(11, 0))
    for entry in log:
        assert entry["seat"] == state.current_player
        state.apply(entry["action"])
    assert state.is_terminal()
    assert tables["seats"].sort("seat")["score"].to_list() == [float(s) for s in state.scores()]
    human = [e for e in log if e["by"] == "human"]
    assert human and all(e["think_ms"] is not None and e["think_ms"] >= 0 for e in human)
    assert all(e["think_ms"] is None for e in log if e["by"] != "human")
    # the run's actions carry the person's think time, null where the bot chose
    thinks = pl.read_parquet(tmp_path / RUNS / "pt" / "actions").sort("step")["think_ms"]
    assert thinks.to_list() == [e["think_ms"] for e in log]


def test_decisions_land_in_the_run_folder_as_they_are_taken(tmp_path):
    session = Session(_cfg("rats_of_wistar", ["human", "heuristic"]), tmp_path)
    run = tmp_path / RUNS / "pt"
    # the run exists before the first decision: a manifest with no game finished yet
    manifest = json.loads((run / "manifest.json").read_text())
    assert manifest["chunks"] == {} and manifest["schemas"]["actions"]["think_ms"] == "float"
    # a reader of the run before a game has ended is told how to go on
    with pytest.raises(RunDirError, match=f"boardlab playtest --out {tmp_path.parent} --run pt"):
        load_checked(run)
    _person(session, _by_step, stop_after=4)
    log = read_log(run / LOG)
    assert len(log) == session.step and sum(e["by"] == "human" for e in log) == 4
    assert log[-1]["step"] == session.step - 1  # the last move taken is already on disk


def test_a_bot_is_not_asked_again_when_its_game_is_written(tmp_path):
    # a bot on a time budget chooses differently each time it is asked: the run must hold the
    # moves it made in the playtest, replayed, not a new search (which would fail the check)
    session = Session(_cfg("ratjack", ["human", "mcts:time_ms=3"], games=2), tmp_path)
    _person(session, _by_step)
    log = read_log(_log(tmp_path))
    actions = _tables(tmp_path)["actions"].sort("game_index", "step")["action"].to_list()
    assert actions == [e["action"] for e in log]


def test_a_log_where_the_first_playtests_kept_it_is_moved_into_the_run(tmp_path):
    cfg = _cfg("ratjack", ["human", "heuristic"])
    _person(Session(cfg, tmp_path), _by_step, stop_after=3)
    lines = _log(tmp_path).read_text()
    _log(tmp_path).rename(tmp_path / LOG)  # where the log lay before it moved into the run
    resumed = Session(cfg, tmp_path)
    assert _log(tmp_path).read_text() == lines and not (tmp_path / LOG).exists()
    assert resumed.step == len(lines.splitlines())


def test_two_people_share_a_screen_with_a_bot(tmp_path):
    session = Session(_cfg("ratjack", ["human", "heuristic", "human"]), tmp_path)
    seen = set()
    while not session.over:
        seat = session.to_act()
        seen.add(seat)
        # the other seats' moves since this seat's last decision, as this seat saw them
        assert all(m.seat != seat for m in session.moves.get(seat, []))
        legal = [a for a, _ in session.legal(seat)]
        session.act(seat, _by_step(session.step, legal), session.step)
    session.flush()
    assert seen == {0, 2}
    assert _tables(tmp_path)["seats"].sort("seat")["policy"].to_list() == [
        "human", "heuristic", "human"
    ]  # fmt: skip


@pytest.mark.parametrize("game", ["ratjack", "rats_of_wistar"])
def test_a_session_stopped_mid_game_resumes_to_the_same_tables(tmp_path, game):
    cfg = _cfg(game, ["human", "heuristic"], games=2)
    whole = Session(cfg, tmp_path / "whole")
    _person(whole, _by_step)
    first = Session(cfg, tmp_path / "cut")
    _person(first, _by_step, stop_after=7)  # killed here: only the log and the run remain
    resumed = Session(cfg, tmp_path / "cut")
    assert resumed.step == first.step and resumed.index == first.index
    _person(resumed, _by_step)
    for name, table in _tables(tmp_path / "whole").items():
        assert _tables(tmp_path / "cut")[name].equals(table), name


def test_a_cut_off_last_line_is_dropped_and_a_forged_one_refused(tmp_path):
    cfg = _cfg("ratjack", ["human", "heuristic"])
    session = Session(cfg, tmp_path)
    _person(session, _by_step, stop_after=3)
    log = _log(tmp_path)
    lines = log.read_text().splitlines()
    log.write_text("\n".join(lines) + '\n{"game": 0, "st')  # the kill came mid-write
    assert Session(cfg, tmp_path).step == len(lines)
    bad = json.loads(lines[-1]) | {"action": 999}
    log.write_text("\n".join([*lines[:-1], json.dumps(bad)]) + "\n")
    with pytest.raises(Exception, match="not legal there"):
        Session(cfg, tmp_path)


def test_refused_moves_record_nothing(tmp_path):
    session = Session(_cfg("ratjack", ["human", "heuristic"]), tmp_path)
    seat, step = session.to_act(), session.step
    before = _log(tmp_path).read_text() if _log(tmp_path).exists() else ""
    legal = [a for a, _ in session.legal(seat)]
    for who, action, at, why in [
        (1 - seat, legal[0], step, "not seat"),
        (seat, legal[0], step + 1, "already taken"),
        (seat, max(legal) + 1000, step, "not legal"),
    ]:
        with pytest.raises(RefusedAction, match=why):
            session.act(who, action, at)
    after = _log(tmp_path).read_text() if _log(tmp_path).exists() else ""
    assert after == before and session.step == step


def test_every_game_of_a_session_is_played_whoever_starts_it(tmp_path):
    # Ratjack's first player is drawn per game: in some of these games the bot moves first,
    # and the session must play it up to the person's first decision (it once waited forever)
    session = Session(_cfg("ratjack", ["human", "heuristic"], games=4), tmp_path)
    _person(session, _by_step)
    games = _tables(tmp_path)["games"]
    assert session.over and games.height == 4
    assert set(games["first_player"].to_list()) == {0, 1}


@pytest.mark.parametrize("value", [-1.0, float("nan"), float("inf")])
def test_a_think_time_that_is_not_a_time_is_refused(tmp_path, value):
    _person(Session(_cfg("ratjack", ["human", "heuristic"]), tmp_path), _by_step)
    run = tmp_path / RUNS / "pt"
    load_checked(run)  # as written: accepted
    # the part holds the one game's steps in order: the row of the person's first decision
    row = next(i for i, e in enumerate(read_log(_log(tmp_path))) if e["by"] == "human")
    set_value(run, "actions", "think_ms", row, value)
    with pytest.raises(RunDirError, match="think_ms not a time"):
        load_checked(run)
