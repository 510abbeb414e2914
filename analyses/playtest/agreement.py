"""Do the bots play like people? At every decision a person took in a recorded run, what each
bot would have chosen at the same position, and how the people's games went against the bots.

Each game is rebuilt from its seed and recorded moves. A bot is asked at every decision of
the person's seat in order, with the random stream it would have had in that seat
(``policy_stream(seed, seat)``), so a bot posing as the person agrees with itself at every
decision. Rates are clustered by game: the decisions of one game are not independent.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import polars as pl

from analyses.stats.intervals import clustered_rate
from analyses.stats.runs import load_manifest
from simcore.core import registry
from simcore.core.rng import policy_stream
from simcore.engine.run.dataset import read_table
from strategies.registry import make_policy
from strategies.scripted import is_human

DEFAULT_BOTS = ("random", "heuristic", "heuristic:style=fitted")


@dataclass(frozen=True)
class Agreement:
    """Per (decision, bot): what the person chose and what the bot would have chosen."""

    # game_index seat step options person bot chosen agree person_class bot_class think_ms
    rows: pl.DataFrame
    results: pl.DataFrame  # per person seat and game: win_share, opponents


def agreement(
    run_dir: str | Path,
    bots: Sequence[str] = DEFAULT_BOTS,
    person: Callable[[str], bool] = is_human,
) -> Agreement:
    """What each bot in ``bots`` would have chosen at every decision of a seat ``person``
    names (default: the ``human`` seats) in the run at ``run_dir``."""
    manifest = load_manifest(run_dir)
    game = registry.make_game(str(manifest["game"]), manifest["cells"][0].get("params", {}))
    games = read_table(run_dir, "games")
    seats = read_table(run_dir, "seats")
    actions = read_table(run_dir, "actions").sort("game_index", "step")
    persons = [spec for spec in seats["policy"].unique().to_list() if person(spec)]
    is_person_seat = pl.col("policy").is_in(persons)
    people = seats.filter(is_person_seat)
    rows: list[dict[str, Any]] = []
    for index, seed, n in games.select("game_index", "seed", "n_players").iter_rows():
        mine = set(people.filter(pl.col("game_index") == index)["seat"].to_list())
        moves = actions.filter(pl.col("game_index") == index)
        rows += _game_rows(game, index, seed, n, mine, moves, bots)
    opponents = seats.group_by("game_index").agg(
        pl.col("policy").filter(~is_person_seat).unique().sort().str.join(" + ").alias("opponents")
    )  # fmt: skip
    results = (
        people.select("game_index", "seat", "policy", "win_share", "score")
        .join(opponents, on="game_index")
        .join(games.select("game_index", "n_players"), on="game_index")
    )
    return Agreement(pl.DataFrame(rows), results)


def _game_rows(game, index, seed, n, mine, moves, bots) -> list[dict[str, Any]]:
    """One game replayed: at each decision of a person's seat, every bot asked."""
    state = game.new_state(n, seed)
    players = {b: [make_policy(b, game) for _ in range(n)] for b in bots}
    streams = {b: [policy_stream(seed, s) for s in range(n)] for b in bots}
    out = []
    if "think_ms" not in moves.columns:  # a run of people written before think times were kept
        moves = moves.with_columns(think_ms=pl.lit(None, pl.Float64))
    columns = ("step", "seat", "action", "think_ms")
    for step, seat, action, think_ms in moves.select(columns).iter_rows():
        if seat in mine:
            legal = state.legal_actions()
            for bot in bots:
                chosen = players[bot][seat].act(state.clone(), streams[bot][seat])
                out.append({
                    "game_index": index, "seat": seat, "step": step, "options": len(legal),
                    "person": action, "bot": bot, "chosen": chosen, "agree": chosen == action,
                    "person_class": _class(state, action), "bot_class": _class(state, chosen),
                    "think_ms": think_ms,
                })  # fmt: skip
        state.apply(action)
    return out


def _class(state: Any, action: int) -> str:
    classes = state.action_classes(action)
    return str(classes[0]) if classes else "other"


def by_bot(result: Agreement) -> pl.DataFrame:
    """Per bot: decisions, agreement share and its game-clustered interval, and the share a
    chooser at random would reach (the mean of one over the options)."""
    out = []
    for (bot,), part in result.rows.group_by(["bot"], maintain_order=True):
        rate = _rate(part["agree"], part["game_index"])
        chance = float((1.0 / part["options"].cast(pl.Float64).to_numpy()).mean())
        out.append({"bot": bot, "decisions": part.height, "games": part["game_index"].n_unique(),
                    **rate, "chance": chance})  # fmt: skip
    return pl.DataFrame(out)


def by_class(result: Agreement) -> pl.DataFrame:
    """Per bot and class of the person's move: how often the bot chose the same."""
    out = []
    for (bot, cls), part in result.rows.group_by(["bot", "person_class"], maintain_order=True):
        out.append({"bot": bot, "class": cls, "decisions": part.height,
                    **_rate(part["agree"], part["game_index"])})  # fmt: skip
    return pl.DataFrame(out).sort("bot", "decisions", descending=[False, True])


def person_rows(result: Agreement) -> pl.DataFrame:
    """One row per decision of the people (the rows repeat each decision once per bot)."""
    return result.rows.filter(pl.col("bot") == result.rows["bot"][0])


def class_use(result: Agreement) -> pl.DataFrame:
    """Per class: the share of the person's decisions that took it and, at the same
    decisions, the share of each bot's choices (a class a person uses and a bot shuns shows)."""
    person = person_rows(result)
    out = []
    classes = sorted(set(result.rows["person_class"]) | set(result.rows["bot_class"]))
    for cls in classes:
        row: dict[str, Any] = {"class": cls}
        row |= {f"person_{k}": v for k, v in _rate(person["person_class"] == cls,
                                                   person["game_index"]).items()}  # fmt: skip
        for (bot,), part in result.rows.group_by(["bot"], maintain_order=True):
            row[bot] = float((part["bot_class"] == cls).mean())
        out.append(row)
    return pl.DataFrame(out)


def think_times(result: Agreement) -> pl.DataFrame:
    """Per class of the person's move, then all moves: decisions with a recorded think time, the
    median and the slowest tenth's threshold (the 90th percentile), in seconds. Empty when the
    run kept no think times."""
    person = (
        person_rows(result)
        .filter(pl.col("think_ms").is_not_null())
        .with_columns(seconds=pl.col("think_ms") / 1000.0)
    )
    if person.is_empty():
        return pl.DataFrame()
    stats = [pl.len().alias("decisions"), pl.col("seconds").median().alias("median"),
             pl.col("seconds").quantile(0.9, "linear").alias("p90")]  # fmt: skip
    per_class = person.group_by("person_class").agg(stats).rename({"person_class": "class"})
    overall = person.select(pl.lit("all moves").alias("class"), *stats)
    return pl.concat([per_class.sort("decisions", descending=True), overall])


def wins(result: Agreement) -> pl.DataFrame:
    """The people's win share per opposing line-up, clustered by game, beside the fair one."""
    out = []
    for (opp,), part in result.results.group_by(["opponents"], maintain_order=True):
        rate = _rate(part["win_share"], part["game_index"])
        out.append({"opponents": opp, "games": part["game_index"].n_unique(), **rate,
                    "fair": 1.0 / int(part["n_players"][0])})  # fmt: skip
    return pl.DataFrame(out)


EVIDENCE = ("ladder", "_vs_", "mcts_target")  # shipped runs that rank players, not the game


def studies_of(game_id: str, bot: str) -> list[str]:
    """The shipped balance studies of ``game_id`` whose line-ups are played by ``bot`` (with or
    without restricted play): the numbers a person's agreement with it speaks for."""
    from analyses.studies.ablation import split_forbid
    from analyses.sweeps import shipped, sweep_path
    from simcore.core.content import read_toml

    out = []
    for name in shipped():
        if not name.startswith(game_id) or any(e in name for e in EVIDENCE):
            continue
        raw = read_toml(sweep_path(name))
        lineups = [raw.get("policies", []), *raw.get("grid", {}).get("policies", [])]
        if any(split_forbid(str(p))[0] == bot for lineup in lineups for p in lineup):
            out.append(name)
    return out


def _rate(hits: pl.Series, games: pl.Series) -> dict[str, float]:
    """The share and its game-clustered interval; from one game the share alone (one cluster
    gives no interval: the table shows '–' for it)."""
    values = hits.cast(pl.Float64).to_numpy()
    est = clustered_rate(values, np.ones(hits.len()), games.to_numpy())
    if est.clusters < 2:
        return {"rate": float(values.mean()), "lo": float("nan"), "hi": float("nan")}
    return {"rate": est.rate, "lo": est.lo, "hi": est.hi}
