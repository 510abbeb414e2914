"""A playtest session: people and bots play a game seat by seat on the server.

The session's run folder is made when it starts. Every decision is appended to the run's
``decisions.jsonl`` (flushed and synced) the moment it is taken, with the person's think time.
A session killed mid-game resumes from that log: the recorded moves are replayed and each bot
decision is asked again, so its random stream stands where it stood and the rest of the game
is the one an uninterrupted session would play. A finished game is written into the run by the
sweep engine replaying the recorded moves (``strategies.scripted``; the person's think times
become the actions table's ``think_ms``), and checked move for move against the log.
"""

from __future__ import annotations

import json
import os
import time
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import polars as pl

from simcore.core import registry
from simcore.core.api import State
from simcore.core.errors import ConfigError, RunDirError
from simcore.core.rng import game_seed, policy_stream
from simcore.engine.run.dataset import MANIFEST, scan_table
from simcore.engine.sweep.config import SweepConfig
from simcore.engine.sweep.sweep import run_sweep
from strategies.registry import make_policy
from strategies.scripted import is_human, replaying

LOG = "decisions.jsonl"
RUNS = "runs"


class RefusedAction(ValueError):
    """A move the session does not take: not this seat's turn, not legal, already taken."""


@dataclass
class Move:
    """A move as one human seat saw it: who moved, its label and the view after it."""

    seat: int
    label: str
    view: dict[str, Any]


@dataclass
class Session:
    """One playtest: a sweep config whose human seats are people, and its folder."""

    cfg: SweepConfig
    folder: Path
    game: Any = field(init=False)
    bots: list[Any] = field(init=False)
    index: int = 0
    state: State = field(init=False)
    step: int = 0
    # per human seat: the other seats' moves since its last decision, as it saw them
    moves: dict[int, list[Move]] = field(default_factory=dict)
    results: list[dict[str, Any]] = field(default_factory=list)  # per finished game
    offered_at: float = 0.0
    # while the bots move: the seat thinking, since when, and the bot moves since the
    # person's last move
    thinking: dict[str, Any] | None = None
    bot_moves: int = 0
    writer: ThreadPoolExecutor = field(default_factory=lambda: ThreadPoolExecutor(1))
    writes: list[Future[None]] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not any(is_human(s) for s in self.cfg.policies):
            raise ConfigError("playtest: give at least one --seat human")
        self.game = registry.make_game(self.cfg.game, self.cfg.params)
        self.bots = [None if is_human(s) else make_policy(s, self.game) for s in self.cfg.policies]
        self.folder.mkdir(parents=True, exist_ok=True)
        self.run_dir = self.folder / RUNS / self.cfg.name
        if not (self.run_dir / MANIFEST).exists():  # the run, before its first decision
            run_sweep(self.cfg, self.run_dir.parent, n_jobs=1, chunk_size=1, resume=True,
                      limit=0, quiet=True)  # fmt: skip
        self.log = self.run_dir / LOG
        if (self.folder / LOG).exists() and not self.log.exists():
            os.replace(self.folder / LOG, self.log)  # a playtest begun when the log lay here
        self._resume(read_log(self.log))

    @property
    def humans(self) -> list[int]:
        """The seats people play."""
        return [s for s, spec in enumerate(self.cfg.policies) if is_human(spec)]

    @property
    def over(self) -> bool:
        """Whether every planned game has been played."""
        return self.index >= self.cfg.games

    def to_act(self) -> int:
        """The seat whose decision is awaited (-1 when the game has ended)."""
        return -1 if self.over else self.state.current_player

    def legal(self, seat: int) -> list[tuple[int, str]]:
        """The acting seat's legal actions with their labels as that seat reads them."""
        return [(a, self.state.action_label(a, seat)) for a in self.state.legal_actions()]

    def view(self, seat: int) -> dict[str, Any]:
        """What ``seat`` sees of the position (``Game.seat_view``): nothing hidden from it."""
        return self.game.seat_view(self.state, seat)

    def act(self, seat: int, action: int, step: int, advance: bool = True) -> None:
        """Take a person's move; ``RefusedAction`` (nothing recorded) unless it is ``seat``'s
        turn at decision ``step`` and ``action`` is legal. ``advance=False``: the caller lets
        the bots move (the web app, on a thread, so that the page can show their progress)."""
        if self.over or self.state.is_terminal():
            raise RefusedAction("the game is over")
        if seat != self.state.current_player or seat not in self.humans:
            raise RefusedAction(f"it is not seat {seat}'s turn")
        if step != self.step:
            raise RefusedAction(f"decision {step} was already taken (another tab or a resend)")
        if action not in self.state.legal_actions():
            raise RefusedAction(f"action {action} is not legal here")
        think_ms = round(1000 * (time.monotonic() - self.offered_at), 1)
        self._take(seat, action, think_ms)
        self.moves[seat] = []
        self.bot_moves = 0  # counted afresh until the next person's decision
        if advance:
            self.advance()

    def advance(self) -> None:
        """Let the bots move until a person's decision or the session's end; each game that
        ends is written as a run and the next one starts."""
        while not self.over:
            if self.state.is_terminal():
                self._finish()
                continue
            seat = self.state.current_player
            if self.bots[seat] is None:
                self.offered_at = time.monotonic()
                self.thinking = None
                return
            self.thinking = {"seat": seat, "since": time.monotonic(), "moves": self.bot_moves}
            self._take(seat, self.bots[seat].act(self.state, self.rngs[seat]), None)
            self.bot_moves += 1
        self.thinking = None

    def _take(self, seat: int, action: int, think_ms: float | None) -> None:
        labels = {h: self.state.action_label(action, h) for h in self.humans if h != seat}
        entry = {"game": self.index, "step": self.step, "seat": seat, "action": action,
                 "by": self.cfg.policies[seat], "think_ms": think_ms}  # fmt: skip
        append_line(self.log, entry)
        self.actions.append(action)
        self.thinks.append(think_ms)
        self.state.apply(action)
        self.step += 1
        for h, label in labels.items():
            self.moves.setdefault(h, []).append(Move(seat, label, self.view(h)))

    def _start(self, index: int) -> None:
        self.actions: list[int] = []
        self.thinks: list[float | None] = []  # a person's think time per decision
        self.index, self.step = index, 0
        seed = game_seed(self.cfg.seed, index)
        self.state = self.game.new_state(self.cfg.players, seed)
        self.rngs = [policy_stream(seed, seat) for seat in range(self.cfg.players)]

    def _resume(self, log: list[dict[str, Any]]) -> None:
        """Replay the recorded games: finished ones must be in the run, the last one goes on
        from where it stopped (each bot decision asked again, so its stream moves on)."""
        games: dict[int, list[dict[str, Any]]] = {}
        for entry in log:
            games.setdefault(int(entry["game"]), []).append(entry)
        self._start(0)
        for index in sorted(games):
            if index != self.index:
                raise RunDirError(f"{self.log}: game {index} follows game {self.index}")
            for entry in games[index]:
                self._replay(entry)
            if self.state.is_terminal():
                self._finish()
        self.moves = {}
        self.advance()

    def _replay(self, entry: dict[str, Any]) -> None:
        seat, action = int(entry["seat"]), int(entry["action"])
        if seat != self.state.current_player or action not in self.state.legal_actions():
            where = f"{self.log}: game {self.index} step {self.step}"
            raise RunDirError(f"{where}: the recorded move is not legal there (another game?)")
        bot = self.bots[seat]
        if bot is not None and bot.act(self.state, self.rngs[seat]) != action:
            where = f"{self.log}: game {self.index} step {self.step}"
            spec = self.cfg.policies[seat]
            raise RunDirError(f"{where}: {spec} now chooses otherwise (another version?)")
        self.actions.append(action)
        self.thinks.append(entry.get("think_ms"))
        self.state.apply(action)
        self.step += 1

    def flush(self) -> None:
        """Wait until every finished game is in the run (a write's error is raised here)."""
        while self.writes:
            self.writes.pop(0).result()

    def _finish(self) -> None:
        """Write the finished game as game ``index`` of the run, then start the next one.
        The write (a sweep replaying the game, about a second) runs on one background
        thread, in order: the next move need not wait for it, and the log already holds
        the game should the process die before it is written (``--resume`` writes it)."""
        self.writes.append(
            self.writer.submit(
                write_game, self.cfg, self.run_dir.parent, self.index, self.actions, self.thinks
            )
        )
        scores = self.state.scores()
        self.results.append({"game": self.index, "scores": scores, "winners": self.state.winners()})
        self.moves = {}  # the finished game's moves: its result says how it ended
        self._start(self.index + 1)


def write_game(
    cfg: SweepConfig, out: Path, index: int, actions: list[int], thinks: list[float | None]
) -> None:
    """Game ``index`` of the run ``out/<name>``, played by the sweep engine from the recorded
    ``actions`` and a person's ``thinks`` (a game already in the run is left as it is);
    checked against them."""
    game = registry.make_game(cfg.game, cfg.params)
    state = game.new_state(cfg.players, game_seed(cfg.seed, index))
    script, times = {}, {}
    for action, think_ms in zip(actions, thinks, strict=True):
        script[state.fingerprint()] = action
        times[state.fingerprint()] = think_ms
        state.apply(action)
    with replaying(script, times):
        run_sweep(cfg, out, n_jobs=1, chunk_size=1, resume=True, limit=index + 1, quiet=True)
    written = (
        scan_table(out / cfg.name, "actions")
        .filter(pl.col("game_index") == index)
        .sort("step")
        .collect()["action"]
        .to_list()
    )
    if written != actions:
        raise RuntimeError(f"game {index}: the run's actions differ from the recorded ones")


def read_log(path: Path) -> list[dict[str, Any]]:
    """The decisions recorded so far (a last line cut off by a kill is dropped)."""
    if not path.exists():
        return []
    lines = path.read_text(encoding="utf-8").splitlines()
    out = []
    for k, line in enumerate(lines):
        try:
            out.append(json.loads(line))
        except json.JSONDecodeError:
            if k == len(lines) - 1:
                break  # written when the process was killed: the move was not taken
            raise RunDirError(f"{path}: line {k + 1} is not a recorded decision") from None
    return out


def append_line(path: Path, entry: dict[str, Any]) -> None:
    """One decision, on disk before the move is taken."""
    with path.open("a", encoding="utf-8") as f:
        f.write(json.dumps(entry) + "\n")
        f.flush()
        os.fsync(f.fileno())
