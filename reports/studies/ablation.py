"""Report section on restricted play: the worth of each forbidden action class, ranked."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import polars as pl

from analyses.studies import ablation, claims
from analyses.studies.findings import magnitude, signed
from reports.kit import plots
from reports.kit.tables import Spec, Table, render_table, side_by_side
from reports.studies import wheel_plot
from reports.studies.examples import ablation_examples
from reports.studies.sections import Context, Figure, Section

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
    names = [restriction_name(game, c, n) for c, n in table.select("restriction", "players").rows()]
    short = [restriction_name(None, c, n) for c, n in table.select("restriction", "players").rows()]
    table = table.with_columns(
        name=pl.Series(names, dtype=pl.String), short=pl.Series(short, dtype=pl.String)
    )
    order: dict[str, Any] = {"by": ["players", "worth"], "descending": [False, True]}
    wins = table.filter(pl.col("outcome") == "win_share").sort(**order)
    words: list[str] = []
    headline: list[str] = []
    per_game = ablation.per_game_worth(ctx.seats, ctx.manifest)
    for (n,), part in wins.group_by(["players"], maintain_order=True):
        said = ranking_words(part, n, wins["players"].n_unique() > 1, per_game)
        words += said
        headline += said[:2]
    score = table.filter(pl.col("outcome") == "score")
    figures = [_figure(wins)]
    specs: list[Spec] = [
        ("Forbidden", "text", "short"),
        ("Players", "int", "players"),
        ("Rounds", "text", "rounds"),
        ("Paired games", "int", "pairs"),
        ("Worth", "points", "worth"),
        ("95% interval", "points_interval", ("worth_lo", "worth_hi")),
        ("p (Holm)", "p", "p_holm"),
        ("Detectable (80%)", "pm_points", "mde"),
        ("Forced moves / game", "num", "forced_per_game"),
    ]
    specs.append(("What it offers", "text", "name"))
    sspecs = [_score_spec(s) for s in specs]
    return Section(
        id="ablation",
        title="Restricted play: what each action class is worth",
        findings=words,
        figures=figures,
        tables=[
            *_side_by_side(wins),
            render_table(wins, specs, "Worth in win rate"),
            render_table(score.sort(**order), sspecs, "Worth in final score (points)"),
        ],
        notes=NOTES,
        headline=headline[:6],
        examples=ablation_examples(ctx, wins),
    )


def _side_by_side(wins: pl.DataFrame) -> list[Table]:
    """With several player counts, each restriction's worth at every count in one row."""
    if wins["players"].n_unique() < 2:
        return []
    index = [("Forbidden", "text", "short"), ("Rounds", "text", "rounds")]
    values: list[Spec] = [
        ("worth", "points", "worth"),
        ("95% interval", "points_interval", ("worth_lo", "worth_hi")),
        ("p (Holm)", "p", "p_holm"),
    ]
    return [
        side_by_side(
            wins.sort("short", "rounds"),
            index,
            "players",
            values,
            "Worth in win rate by player count (a sector's spaces differ by "
            "count: see the next table for what each offers)",
        )
    ]


def _figure(wins: pl.DataFrame) -> Figure:
    """The wheel drawn as a wheel when the restrictions are its sectors (Rats of Wistar),
    else a forest plot of every restriction's worth."""
    rows = wins.to_dicts()
    if wheel_plot.has_wheel(rows):
        return Figure(
            wheel_plot.wheel_plot(wheel_plot.worths_from_table(rows), "ablation"),
            "The wheel, S1 at the top, clockwise, the Alchemist's hut in the middle. "
            "Each sector's colour is its worth: blue, the player loses win rate when "
            "forbidden it; red, it gains. Rings from the inside: whole game, rounds "
            "1–2, rounds 4–5. Pale hatched cells are not clearly different from zero "
            "(Holm); beside each sector, its worths with 95% intervals.",
        )
    return Figure(
        plots.forest_plot(
            [f"{r['short']} ({r['players']}p)" for r in rows],
            wins["worth"] * 100,
            wins["worth_lo"] * 100,
            wins["worth_hi"] * 100,
            xlabel="worth (win-rate points lost when forbidden)",
            title="Worth of each action class",
            name="ablation",
            highlight=wins["significant"].to_list(),
        ),
        "Dots: worth in win-rate points; whiskers: 95% paired interval; red: significant after "
        "Holm correction; the table below says what each restriction forbids.",
    )


def _score_spec(spec: tuple) -> tuple:
    """The win-rate column spec as its final-score twin: points stay points (the win-rate
    formats multiply by 100, which made score intervals 100 times too wide)."""
    header, fmt, col = spec
    score_formats = {"points": "signed", "points_interval": "num_interval", "pm_points": "num"}
    return (header, score_formats.get(fmt, fmt), col)


def restriction_name(game: Any, restriction: str, players: int) -> str:
    """A restriction named by what it forbids (sectors by their contents at that count)."""
    if game is None:
        return ablation.restriction_words(restriction.split("+"))
    return ablation.restriction_words(
        restriction.split("+"), lambda name: game.describe_class(name, players)
    )


def ranking_words(
    part: pl.DataFrame,
    players: int,
    several: bool,
    per_game: Mapping[str, Mapping[int, float]] | None = None,
    lead: str | None = None,
) -> list[str]:
    """Strongest and weakest class by the claims rule (a tie when the data do not separate
    them), which are significant, and how much noise remains; ``lead`` starts the first two
    sentences (default: the player count when the run has several)."""
    rows = part.sort("worth", descending=True).to_dicts()
    if lead is None:
        lead = f"With {players} players: " if several else ""
    by_name = {r["name"]: r for r in rows}
    entries = [claims.Entry(r["name"], r["worth"], r["worth_lo"], r["worth_hi"]) for r in rows]
    games = {r["name"]: per_game[r["cell"]] for r in rows if per_game and r["cell"] in per_game}
    ex = claims.extremes(entries, claims.paired_p(games))
    nouns = ("action class", "action classes")
    out = [claims.strongest_sentence(ex, nouns, lambda e: _worth(by_name[e.name]), lead)]
    if len(rows) > 1:
        out.append(claims.weakest_sentence(ex, nouns, lambda e: _worth(by_name[e.name]), lead))
    sig = [r["name"] for r in rows if r["significant"]]
    quiet = [r for r in rows if not r["significant"] and r["p_value"] is not None]
    out.append(
        f"{len(sig)} of {len(rows)} restrictions change the player's win rate clearly "
        "(Holm-corrected)" + (f": {', '.join(sig)}." if sig else ".")
    )
    sizes = [r["mde"] for r in quiet if r["mde"] == r["mde"]]
    if sizes:
        out.append(
            f"The others are within noise: differences below about "
            f"±{magnitude(100 * max(sizes), 1)} points could not be detected with these "
            "games (80% power)."
        )
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
    """``+22.8 points of win rate, 95% interval +16.7 to +28.9``."""
    return (
        f"{signed(100 * row['worth'])} points of win rate, 95% interval "
        f"{signed(100 * row['worth_lo'])} to {signed(100 * row['worth_hi'])}"
    )
