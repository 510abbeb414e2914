"""Write the two shipped notebooks (polars and pandas) answering the three balance questions.

``python analyses/notebooks/make_notebooks.py`` rewrites them; a test checks the shipped files
hold the cells this script writes (edit the script, not the notebooks).
"""

from pathlib import Path

import nbformat as nbf

SETUP = '''import os
from pathlib import Path

import pandas as pd
import polars as pl
from IPython.display import HTML, display

from simcore.engine.sweep.config import build_config
from simcore.engine.sweep.sweep import run_sweep

# Show every row, and texts whole: a table cut to 10 rows or a text cut mid-word hides what
# the notebook is for.
pl.Config.set_tbl_rows(-1)
pl.Config.set_tbl_cols(-1)
pl.Config.set_fmt_str_lengths(400)
pl.Config.set_tbl_width_chars(400)
pd.set_option("display.max_rows", None)
pd.set_option("display.max_columns", None)
pd.set_option("display.max_colwidth", None)

# Games per cell of the three study sweeps run below (resumed if they exist). The shipped
# sweep files use 2000; 300 answers roughly in a few CPU minutes; tests use 20.
GAMES = int(os.environ.get("BOARDLAB_NB_GAMES", "300"))
OUT = Path(os.environ.get("BOARDLAB_NB_OUT", "runs"))


def study_run(raw: dict) -> Path:
    """Run (or resume) a study sweep at GAMES per cell; return its run directory."""
    raw = {**raw, "name": f"notebook-{raw['name']}-{GAMES}"}
    return run_sweep(build_config(raw), OUT, n_jobs=-1, resume=True, quiet=True).run_dir'''

RUNS = """from analyses.studies.ratjack_cards import card_sweep
from analyses.sweeps.studies import variant_sweep, wheel_sweep

cards_run = study_run(card_sweep("rat", games=GAMES, seed=1))
wheel_run = study_run(wheel_sweep(2, games=GAMES, seed=1))
variants_run = study_run(variant_sweep(games=GAMES, seed=1))
print(cards_run, wheel_run, variants_run, sep="\\n")"""

INTRO = {
    "polars": (
        "# Balance questions with polars",
        "The three named questions, answered from real runs with boardlab's own analysis "
        "functions (which return polars frames). Every interval comes from the paired "
        "design of the sweeps (game *i* of every cell replays seed *i*); every value holds "
        "for the **heuristic** players that produced it.",
    ),
    "pandas": (
        "# Balance questions with pandas",
        "The same three questions as the polars notebook, read into pandas. The numbers "
        "come from boardlab's analysis functions (paired, Holm-corrected, seed-clustered "
        "where cells are pooled); pandas only sorts, pivots and displays them.",
    ),
}


def cells(kind: str) -> list:
    """The notebook's cells; ``kind`` is polars or pandas."""
    title, intro = INTRO[kind]
    show = "" if kind == "polars" else ".to_pandas()"
    md, code = nbf.v4.new_markdown_cell, nbf.v4.new_code_cell
    out = [
        md(f"{title}\n\n{intro}"),
        code(SETUP),
        md(
            "## The runs\n\nOne Ratjack card-value sweep (rat decks), one Rats of Wistar "
            "wheel-section sweep (2 players) and one Lord of Worlds scoring-variant sweep, from "
            "the same generators as the shipped sweep files in `analyses/sweeps/`."
        ),
        code(RUNS),
        md(
            "## 1. Ratjack: what is each card effect worth?\n\nWorth = slot 0's win share in the "
            "baseline cell minus in the cell where it may not resolve the effect, game by game. "
            "`significant` is after Holm's correction over all effects; read a worth whose "
            "interval includes 0 as *not measured*, not as *worth nothing*. Worths are in "
            "points of win rate (+5 means a 50% player drops to 45% when forbidden the effect); "
            "`does` is the effect's text from the game's data."
        ),
    ]
    if kind == "polars":
        out += [
            code("""import polars as pl

from analyses.studies.ratjack_cards import interventional_values

from simcore.core.registry import make_game

ratjack = make_game("ratjack")
values = interventional_values([cards_run])
points = [((pl.col(c) * 100).round(1) + 0.0).alias(f"{c} (points)")
          for c in ("worth", "worth_lo", "worth_hi")]
values.select("effect", *points, "p_holm", "significant", "pairs").with_columns(
    does=pl.Series([ratjack.content_text(e) for e in values["effect"]])
)""")
        ]
    else:
        out += [
            code("""import pandas as pd

from analyses.studies.ratjack_cards import interventional_values

from simcore.core.registry import make_game

ratjack = make_game("ratjack")
values = interventional_values([cards_run]).to_pandas()
for c in ("worth", "worth_lo", "worth_hi"):
    values[f"{c} (points)"] = (100 * values[c]).round(1) + 0.0
values["does"] = [ratjack.content_text(e) for e in values["effect"]]
values[["effect", "worth (points)", "worth_lo (points)", "worth_hi (points)", "p_holm",
        "significant", "pairs", "does"]]""")
        ]
    out += [
        code("""from analyses.studies.ratjack_cards import ranking_findings

from reports.kit import plots

inter = interventional_values([cards_run])
print("\\n".join(ranking_findings(inter)))
display(HTML(plots.forest_plot(
    inter["effect"].to_list(), inter["worth"] * 100, inter["worth_lo"] * 100,
    inter["worth_hi"] * 100, xlabel="win-rate points lost when the effect is forbidden",
    title="What each effect is worth to its owner", name="nb-cards",
    highlight=inter["significant"].to_list())))""")
    ]
    out += [
        md(
            "## 2. Rats of Wistar: how strong is each wheel section?\n\nThe generic restricted-"
            "play analysis pairs every restricted cell with its baseline. Sectors are named by "
            "what they offer at this player count (the wheel data's texts), a round window "
            "(`@round1-2`) is part of the name, and worths are in points of win rate. A "
            "*negative* worth means the player does "
            "better without the sector: a flaw of the player, to be checked before the number "
            "is read as a property of the game."
        ),
    ]
    if kind == "polars":
        out += [
            code("""from analyses.studies.ablation import ablation
from reports.studies.ablation import restriction_name
from reports.studies.build import load_context

ctx = load_context(wheel_run)
worth = ablation(ctx.seats, ctx.manifest).filter(pl.col("outcome") == "win_share")
worth = worth.with_columns(
    offers=pl.Series([restriction_name(ctx.game, r, 2) for r in worth["restriction"]]),
    **{f"{c} (points)": (pl.col(c) * 100).round(1) + 0.0
       for c in ("worth", "worth_lo", "worth_hi")},
)
shown = ["restriction", "offers", "worth (points)", "worth_lo (points)", "worth_hi (points)",
         "p_holm", "significant"]
worth.sort("worth", descending=True).select(shown)""")
        ]
    else:
        out += [
            code("""from analyses.studies.ablation import ablation
from reports.studies.ablation import restriction_name
from reports.studies.build import load_context

ctx = load_context(wheel_run)
table = ablation(ctx.seats, ctx.manifest).to_pandas()
worth = table[table["outcome"] == "win_share"].copy()
worth["offers"] = [restriction_name(ctx.game, r, 2) for r in worth["restriction"]]
for c in ("worth", "worth_lo", "worth_hi"):
    worth[f"{c} (points)"] = (100 * worth[c]).round(1) + 0.0
worth.sort_values("worth", ascending=False)[
    ["restriction", "offers", "worth (points)", "worth_lo (points)", "worth_hi (points)",
     "p_holm", "significant"]
]""")
        ]
    out += [
        code(
            """from analyses.studies.ablation import per_game_worth
from reports.studies import wheel_plot
from reports.studies.ablation import ranking_words

named = worth.rename({"offers": "name"})
print("\\n".join(ranking_words(named, 2, False, per_game_worth(ctx.seats, ctx.manifest))))
display(HTML(wheel_plot.wheel_plot(wheel_plot.worths_from_table(named.to_dicts()), "nb-wheel")))"""
            if kind == "polars"
            else """from analyses.studies.ablation import per_game_worth
from reports.studies import wheel_plot
from reports.studies.ablation import ranking_words

named = pl.from_pandas(worth).rename({"offers": "name"})
print("\\n".join(ranking_words(named, 2, False, per_game_worth(ctx.seats, ctx.manifest))))
display(HTML(wheel_plot.wheel_plot(wheel_plot.worths_from_table(named.to_dicts()), "nb-wheel")))"""
        )
    ]
    out += [
        md(
            "## 3. Lord of Worlds: how do the scoring variants change the game?\n\nPaired "
            "comparisons of each cell with the cell that differs only in one rule value: the "
            "mean score, its value-set part and the first player's win share (from the recorded "
            "start player, not seat 1)."
        ),
    ]
    var_code = (
        """from analyses.stats import paired
from analyses.studies.turn_order import with_positions
from reports.studies.variants import variant_comparisons

vctx = load_context(variants_run)  # cells that play the same games are merged, said once
pairs = [(a, b, name) for k, a, b, name in variant_comparisons(vctx) if k == "variant"]
first = with_positions(vctx.games, vctx.seats).filter(pl.col("position") == 1)
outcomes = {
    "mean score": paired.seat_outcome(vctx.seats, "score"),
    "value-set points": paired.seat_outcome(vctx.seats, "pts_value_sets"),
    "chain points": paired.seat_outcome(vctx.seats, "pts_chains"),
    "first player's win share": paired.seat_outcome(first),
}
rows = []
for what, values in outcomes.items():
    table = paired.compare_pairs(values, [(a, b) for a, b, _ in pairs], n_resamples=500)
    names = [name for _, _, name in pairs]
    rows.append(table.with_columns(outcome=pl.lit(what), comparison=pl.Series(names)))
# Every change in points: score points, or points of win rate for the win share (x100), never
# a fraction next to a score.
scale = pl.when(pl.col("outcome").str.ends_with("share")).then(100.0).otherwise(1.0)
effects = pl.concat(rows).select(
    "outcome", "comparison",
    *[((pl.col(c) * scale).round(2) + 0.0).alias(f"{c} (points)") for c in ("diff", "lo", "hi")],
    "p_holm", "significant",
)
effects"""
        + show
    )
    if kind == "pandas":
        var_code = "import polars as pl\n\n" + var_code
    out += [
        code(var_code),
        code("""from analyses.studies.findings import paired_findings

for what in ("mean score", "value-set points", "first player's win share"):
    part = pl.concat(rows).filter(pl.col("outcome") == what)
    print("\\n".join(paired_findings(part, what, as_points=what.endswith("share"))))"""),
    ]
    out += [
        md(
            "## First-player advantage, pooled correctly\n\nThe first player is random per "
            "game in every boardlab game. Pooled over the cells of one line-up, each seed's "
            "games form one cluster (cells replay the same seeds)."
        ),
        code(
            """from analyses.studies.turn_order import pooled_first_player

self_play = vctx.games.filter(pl.col("lineup") == "heuristic|heuristic|heuristic")
pooled_first_player(vctx.games, vctx.seats, self_play["cell"].unique().to_list())"""
            + show
        ),
    ]
    return out


def notebook(kind: str) -> nbf.NotebookNode:
    """The notebook of ``kind`` (polars or pandas)."""
    nb = nbf.v4.new_notebook()
    nb.cells = cells(kind)
    nb.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3",
        "language": "python",
    }
    return nb


if __name__ == "__main__":
    for kind in ("polars", "pandas"):
        nbf.write(notebook(kind), Path(__file__).with_name(f"balance_{kind}.ipynb"))
