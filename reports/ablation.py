"""Report section on restricted play: the worth of each forbidden action class, ranked."""

from __future__ import annotations

import re
from typing import Any

import polars as pl

from analyses import ablation
from analyses.findings import magnitude, pct, pval, signed
from reports import plots
from reports.examples import ablation_examples
from reports.sections import Context, Figure, Section
from reports.tables import render_table

HEADLINE = re.compile(r"(With \d+ players: )?(Strongest|Weakest): ")  # per player count
NOTES = [
    "Each restricted cell is compared game by game with its baseline: the same players, the "
    "same rules and the same seeds, with one line-up slot forbidden the named action class "
    "(CLASS@roundA-B: only in those rounds). Worth = the slot's outcome in the baseline minus "
    "in the restricted cell: positive means the class helps the player who may use it.",
    "95% intervals are paired t intervals; Holm's correction runs over every restriction of one "
    "outcome (win share; score). Restrictions that change no game leave the family. "
    "“Detectable” is the worth a Holm-level test finds with 80% power given these games.",
    "Forced moves: decisions where every legal action was forbidden, so the restricted seat "
    "took its policy's own choice among them; many forced moves mean the restriction could not "
    "be obeyed and its worth is understated.",
]


def ablation_section(ctx: Context) -> Section | None:
    """Worth of every restricted class per player count, in words, a forest plot and tables."""
    table = ablation.ablation(ctx.seats, ctx.manifest)
    if table.is_empty():
        return None
    game = ctx.game
    names = [_name(game, c, n) for c, n in table.select("restriction", "players").rows()]
    short = [_name(None, c, n) for c, n in table.select("restriction", "players").rows()]
    table = table.with_columns(name=pl.Series(names, dtype=pl.String),
                               short=pl.Series(short, dtype=pl.String))  # fmt: skip
    order = {"by": ["players", "worth"], "descending": [False, True]}
    wins = table.filter(pl.col("outcome") == "win_share").sort(**order)
    words: list[str] = []
    for (n,), part in wins.group_by(["players"], maintain_order=True):
        words += ranking_words(part, n, several=wins["players"].n_unique() > 1)
    score = table.filter(pl.col("outcome") == "score")
    figures = [Figure(plots.forest_plot(
        [f"{r['name']} ({r['players']}p)" for r in wins.iter_rows(named=True)],
        wins["worth"] * 100, wins["worth_lo"] * 100, wins["worth_hi"] * 100,
        xlabel="worth (win-rate points lost when forbidden)", title="Worth of each action class",
        name="ablation", highlight=wins["significant"].to_list(),
    ), "Dots: worth in win-rate points; whiskers: 95% paired interval; red: significant after "
       "Holm correction.")]  # fmt: skip
    specs = [("Forbidden", "text", "short"), ("Players", "int", "players"),
             ("Rounds", "text", "rounds"), ("Paired games", "int", "pairs"),
             ("Worth", "points", "worth"),
             ("95% interval", "points_interval", ("worth_lo", "worth_hi")),
             ("p (Holm)", "p", "p_holm"), ("Detectable (80%)", "pm_points", "mde"),
             ("Forced moves / game", "num", "forced_per_game")]  # fmt: skip
    specs.append(("What it offers", "text", "name"))
    sspecs = [s if s[2] not in ("worth", "worth_lo", "mde") else _score_spec(s) for s in specs]
    return Section(
        id="ablation",
        title="Restricted play: what each action class is worth",
        findings=words,
        figures=figures,
        tables=[render_table(wins, specs, "Worth in win rate"),
                render_table(score.sort(**order), sspecs, "Worth in final score (points)")],
        notes=NOTES,
        headline=[w for w in words if HEADLINE.match(w)][:6],
        examples=ablation_examples(ctx, wins),
    )  # fmt: skip


def _score_spec(spec: tuple) -> tuple:
    header, _, col = spec
    kinds = {"worth": "signed", "mde": "num"}
    return (header, kinds.get(col, "num_interval") if isinstance(col, str) else "num_interval", col)


def _name(game: Any, restriction: str, players: int) -> str:
    """A restriction named by what it forbids (sectors by their contents at that count)."""
    out = []
    for text in restriction.split("+"):
        name, _, window = text.partition("@")
        label = game.describe_class(name, players) if game is not None else name
        out.append(f"{label} in {window.replace('round', 'round ')}" if window else label)
    return " + ".join(out)


def ranking_words(part: pl.DataFrame, players: int, several: bool) -> list[str]:
    """Strongest and weakest class, which are significant, and how much noise remains."""
    rows = part.sort("worth", descending=True).to_dicts()
    lead = f"With {players} players: " if several else ""
    top, bottom = rows[0], rows[-1]
    out = [f"{lead}Strongest: {_worth(top)}", f"{lead}Weakest: {_worth(bottom)}"] if len(rows) > 1 \
        else [f"{lead}{_worth(top)}"]  # fmt: skip
    sig = [r["name"] for r in rows if r["significant"]]
    quiet = [r for r in rows if not r["significant"] and r["p_value"] is not None]
    out.append(f"{len(sig)} of {len(rows)} restrictions change the player's win rate clearly "
               "(Holm-corrected)" + (f": {', '.join(sig)}." if sig else "."))  # fmt: skip
    sizes = [r["mde"] for r in quiet if r["mde"] == r["mde"]]
    if sizes:
        out.append(f"The others are within noise: differences below about "
                   f"±{magnitude(100 * max(sizes), 1)} points could not be detected with these "
                   "games (80% power).")  # fmt: skip
    misused = [r["name"] for r in rows if r["significant"] and r["worth_hi"] < 0]
    if misused:
        out.append(
            f"{', '.join(misused)}: the player does better when forbidden it, so it "
            "misuses what it offers. That is a flaw of the player, not a property of "
            "the game: check the player before reading this value as the worth."
        )
    forced = [r["name"] for r in rows if (r.get("forced_per_game") or 0) >= 1]
    if forced:
        out.append(
            f"{', '.join(forced)}: the restricted seat was forced to break the "
            "restriction at least once a game on average; its worth is understated."
        )
    return out


def _worth(row: dict) -> str:
    clear = "significant" if row["significant"] else "not significant"
    return (f"{row['name']} is worth {signed(100 * row['worth'])} points of win rate to the "
            f"player who may use it (95% interval {signed(100 * row['worth_lo'])} to "
            f"{signed(100 * row['worth_hi'])}; Holm-adjusted {pval(row['p_holm'])}, {clear}; "
            f"baseline win rate {pct(row['mean_b'])}).")  # fmt: skip
