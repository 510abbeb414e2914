"""Rebuild one recorded game of a run, decision by decision, and check it against the record.

The game is rebuilt from what the run recorded: the cell's rule parameters, the game seed
(``SeedSequence([sweep_seed, game_index])``) and the actions table, each recorded action
applied in turn. A run without an actions table is rebuilt by playing its recorded players
again on the same seeds (only when the run is deterministic). Either way the rebuilt game
must end with the recorded scores, ranks, win shares, turns and end (and, from an actions
table, every recorded label), or the replay is refused: a run made by another game version
is not shown as if it were this one's.

Run data is untrusted (DESIGN, trust boundary): the game and the players are resolved by
registered name only, with imports off.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import polars as pl

from analyses.stats.runs import cell_labels, load_manifest, run_tables, scan
from simcore.core import registry
from simcore.core.api import Game, State, ranks
from simcore.core.errors import RunDirError
from simcore.core.rng import game_seed, policy_stream
from simcore.engine.run.snapshot import reader_params

FROM_ACTIONS = "the run's actions table"
FROM_PLAYERS = "the recorded players, played again on the same seeds (the run kept no actions)"
MAX_STEPS = 100_000  # as the runner's limit: a longer list is not a game


@dataclass
class Step:
    """One decision: who took it, what it was as that seat saw it, what followed."""

    step: int
    seat: int
    action: int
    label: str
    view: dict[str, Any]  # the acting seat's view when it decided
    narrative: list[str]  # what followed, as the acting seat saw it
    scores: list[float]  # every seat's score after the decision
    round: int


@dataclass
class Replay:
    """A rebuilt game and what it was checked against."""

    run: str
    cell: str
    cell_label: str
    game_index: int
    seed: int
    game_id: str
    version: int
    policies: list[str]  # per seat
    source: str  # FROM_ACTIONS or FROM_PLAYERS
    reveal: bool
    opening: list[str]  # narrative before the first decision
    start_scores: list[float]
    steps: list[Step] = field(default_factory=list)
    final_view: dict[str, Any] = field(default_factory=dict)
    final_viewer: int = 0
    result: list[dict[str, Any]] = field(default_factory=list)  # per seat: score, rank, share
    turns: int = 0
    ended_by: str = ""

    @property
    def n_players(self) -> int:
        """Seats in the game."""
        return len(self.policies)


def pick_cell(manifest: Mapping[str, Any], cell: str | None) -> dict[str, Any]:
    """The manifest's entry of ``cell`` (the only cell when None); ``RunDirError`` naming the
    cells otherwise."""
    cells = list(manifest.get("cells", []))
    ids = [str(c["cell"]) for c in cells]
    if cell is None:
        if len(cells) == 1:
            return cells[0]
        labels = cell_labels(dict(manifest))
        shown = "; ".join(f"{i} ({labels.get(i, i)})" for i in ids[:6])
        more = f"; ... {len(ids) - 6} more" if len(ids) > 6 else ""
        raise RunDirError(f"the run has {len(ids)} cells: name one with --cell ({shown}{more})")
    if cell not in ids:
        raise RunDirError(
            f"no cell {cell!r} in run {manifest.get('name')!r} (cells: "
            f"{', '.join(ids[:8])}{' ...' if len(ids) > 8 else ''})"
        )
    return cells[ids.index(cell)]


def _recorded(run_dir: Path, cell: str, index: int, games: int) -> tuple[dict, pl.DataFrame]:
    """The games row and the seat rows of one game; ``RunDirError`` if the run lacks it."""
    if not 0 <= index < games:
        raise RunDirError(f"--game-index {index}: the run has games 0..{games - 1} per cell")
    rows = (
        scan(run_dir, "games")
        .filter((pl.col("cell") == cell) & (pl.col("game_index") == index))
        .collect()
    )
    if rows.height != 1:
        raise RunDirError(
            f"game {index} of cell {cell} is not in the run ({rows.height} rows; "
            "an unfinished run lacks games: --resume the sweep)"
        )
    this = (pl.col("cell") == cell) & (pl.col("game_index") == index)
    seats = scan(run_dir, "seats").filter(this)
    row, seat_rows = rows.row(0, named=True), seats.sort("seat").collect()
    if seat_rows.height != row["n_players"] or seat_rows["seat"].to_list() != list(
        range(seat_rows.height)
    ):
        raise RunDirError(
            f"game {index} of cell {cell}: {seat_rows.height} seat rows for "
            f"{row['n_players']} players"
        )
    return row, seat_rows


def _recorded_actions(run_dir: Path, cell: str, index: int) -> pl.DataFrame:
    actions = scan(run_dir, "actions").filter(
        (pl.col("cell") == cell) & (pl.col("game_index") == index)
    )
    return actions.select("step", "seat", "action", "label").sort("step").collect()


def load_replay(
    run_dir: str | Path, game_index: int, cell: str | None = None, *, reveal: bool = False
) -> Replay:
    """Rebuild game ``game_index`` of ``cell`` from a run (checked by the caller as a report
    checks it: ``simcore.engine.run.verify.check_for_report``) and verify it against the record."""
    run_dir = Path(run_dir)
    manifest = load_manifest(run_dir)
    entry = pick_cell(manifest, cell)
    cell_id = str(entry["cell"])
    game_id = str(manifest.get("game"))
    params = reader_params(
        run_dir, manifest, entry.get("params") or {}, f"{run_dir}: cell {entry['cell']!r} params"
    )
    with registry.imports_allowed(False):  # names from run data: registered ones only
        game = registry.make_game(game_id, params)
    version = manifest.get("game_version")
    if version != game.spec.version:
        raise RunDirError(
            f"{run_dir}: the run was played by {game_id} version {version}; this "
            f"boardlab has version {game.spec.version} and cannot rebuild its "
            "games"
        )
    games_row, seats = _recorded(run_dir, cell_id, game_index, int(manifest["games_per_cell"]))
    policies = [str(p) for p in seats["policy"].to_list()]
    seed = game_seed(int(manifest["seeds"]["sweep_seed"]), game_index)
    if int(games_row["seed"]) != seed:
        raise RunDirError(
            f"game {game_index} of cell {cell_id}: recorded seed "
            f"{games_row['seed']} is not the run's seed for it ({seed})"
        )
    replay = Replay(
        run=str(manifest.get("name")),
        cell=cell_id,
        cell_label=cell_labels(manifest).get(cell_id, cell_id),
        game_index=game_index,
        seed=seed,
        game_id=game_id,
        version=game.spec.version,
        policies=policies,
        source=FROM_ACTIONS,
        reveal=reveal,
        opening=[],
        start_scores=[],
    )
    moves: _Recorded | _Players
    if "actions" in run_tables(manifest):
        recorded = _recorded_actions(run_dir, cell_id, game_index)
        moves = _Recorded(recorded["action"].to_list(), recorded["seat"].to_list())
        labels = recorded["label"].to_list()
    else:
        if not manifest.get("execution", {}).get("deterministic", False):
            raise RunDirError(
                f"{run_dir}: the run kept no actions table and its players are "
                "not deterministic: its games cannot be rebuilt (sweep with "
                "record_actions)"
            )
        replay.source = FROM_PLAYERS
        moves, labels = _players(game, policies, seed), None
    _play(game, replay, moves, labels)
    _check_outcome(replay, games_row, seats)
    return replay


class _Recorded:
    """The recorded actions, one per decision, checked against the seat to act."""

    def __init__(self, actions: Sequence[int], seats: Sequence[int]) -> None:
        self.actions, self.seats = list(actions), list(seats)

    def next(self, state: State, step: int) -> int:
        """The recorded action of ``step``; ``RunDirError`` if the record ends or disagrees."""
        if step >= len(self.actions):
            raise RunDirError(
                f"the actions table ends after {step} decisions, before the "
                "rebuilt game does (another game version or a damaged run)"
            )
        if self.seats[step] != state.current_player:
            raise RunDirError(
                f"decision {step}: recorded for seat {self.seats[step]}, but seat "
                f"{state.current_player} is to act in the rebuilt game"
            )
        return int(self.actions[step])

    def done(self, steps: int) -> None:
        """``RunDirError`` if recorded decisions are left over."""
        if steps != len(self.actions):
            raise RunDirError(
                f"the rebuilt game ended after {steps} decisions; the actions "
                f"table has {len(self.actions)}"
            )


class _Players:
    """The recorded players choosing again, each with its own stream (as the runner)."""

    def __init__(self, policies: list[Any], seed: int) -> None:
        self.policies = policies
        self.rngs = [policy_stream(seed, seat) for seat in range(len(policies))]

    def next(self, state: State, step: int) -> int:
        """The seat to act's choice."""
        seat = state.current_player
        return int(self.policies[seat].act(state, self.rngs[seat]))

    def done(self, steps: int) -> None:
        """Nothing to compare: the outcome check covers a re-played game."""


def _players(game: Game, specs: list[str], seed: int) -> _Players:
    from strategies.registry import make_policy

    with registry.imports_allowed(False):
        return _Players([make_policy(spec, game) for spec in specs], seed)


def _play(game: Game, replay: Replay, moves: Any, labels: list[str] | None) -> None:
    """Apply the decisions, keeping each one's label, view, narrative and scores."""
    state = game.new_state(replay.n_players, replay.seed)
    state.keep_action_records(True)  # as the run played it
    if replay.reveal:
        state.reveal_trace()
    state.enable_trace()
    replay.opening, replay.start_scores = state.trace_lines(), list(state.scores())
    step = 0
    while not state.is_terminal():
        if step >= MAX_STEPS:
            raise RunDirError(f"the rebuilt game has no end after {MAX_STEPS} decisions")
        seat = state.current_player
        action = moves.next(state, step)
        if action not in state.legal_actions():  # before a label is looked up for it
            raise RunDirError(
                f"decision {step}: recorded action {action} is not legal in the "
                "rebuilt game (another game version or content set, or an edited run)"
            )
        seen = state.action_label(action, seat)
        if labels is not None and step < len(labels) and seen != labels[step]:
            raise RunDirError(
                f"decision {step}: recorded as {labels[step]!r}, rebuilt as "
                f"{seen!r} (another game version or content set)"
            )
        label = state.action_label(action, seat, reveal=True) if replay.reveal else seen
        view = game.seat_view(state, seat, reveal=replay.reveal)
        round_no = state.round_number()
        state.apply(action)
        replay.steps.append(
            Step(
                step, seat, action, label, view, state.trace_lines(), list(state.scores()), round_no
            )
        )
        step += 1
    moves.done(step)
    replay.final_viewer = replay.steps[-1].seat if replay.steps else 0
    replay.final_view = game.seat_view(state, replay.final_viewer, reveal=replay.reveal)
    outcome = state.outcome()
    replay.turns, replay.ended_by = int(outcome["turns"]), str(outcome["ended_by"])
    scores, shares = state.scores(), state.returns()
    replay.result = [
        {
            "seat": s,
            "policy": replay.policies[s],
            "score": float(scores[s]),
            "rank": r,
            "win_share": float(shares[s]),
        }
        for s, r in enumerate(ranks(scores))
    ]


def _check_outcome(replay: Replay, games_row: Mapping[str, Any], seats: pl.DataFrame) -> None:
    """``RunDirError`` unless the rebuilt game ended as recorded."""
    where = f"game {replay.game_index} of cell {replay.cell}"
    if replay.turns != games_row["turns"] or replay.ended_by != games_row["ended_by"]:
        raise RunDirError(
            f"{where}: rebuilt with {replay.turns} turns, ended by "
            f"{replay.ended_by}; recorded {games_row['turns']} turns, ended by "
            f"{games_row['ended_by']}"
        )
    if "steps" in games_row and games_row["steps"] != len(replay.steps):
        raise RunDirError(
            f"{where}: rebuilt with {len(replay.steps)} decisions, recorded {games_row['steps']}"
        )
    for mine, rec in zip(replay.result, seats.iter_rows(named=True), strict=True):
        got = (mine["score"], mine["rank"], mine["win_share"])
        want = (float(rec["score"]), int(rec["rank"]), float(rec["win_share"]))
        if got != want:
            raise RunDirError(
                f"{where}: seat {mine['seat']} rebuilt with score, rank, win "
                f"share {got}; recorded {want}"
            )
