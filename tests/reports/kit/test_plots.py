"""Plot helpers: inline SVG without namespaces or rasters, labelled, no pyplot figures left."""

from __future__ import annotations

import re

import numpy as np

from reports.kit import plots


def _check(svg: str, name: str) -> None:
    assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>")
    assert "http" not in svg and "<image" not in svg and "data:" not in svg
    assert 'role="img"' in svg and "aria-label=" in svg and 'viewBox="' in svg[:400]
    ids = re.findall(r'\bid="([^"]+)"', svg)
    assert ids and all(i.startswith(f"{name}-") for i in ids)
    for ref in re.findall(r"url\(#([^)]+)\)", svg) + re.findall(r'href="#([^"]+)"', svg):
        assert ref in ids  # every reference resolves inside the figure


def test_all_plot_kinds():
    svgs = {
        "f": plots.forest_plot(
            ["a", "b long " * 8],
            [0.1, -0.2],
            [0.0, -0.3],
            [0.2, -0.1],
            xlabel="change",
            title="Forest",
            name="f",
            highlight=[True, False],
        ),
        "b": plots.interval_bars(
            ["s1", "s2"],
            [0.55, 0.45],
            [0.5, 0.4],
            [0.6, 0.5],
            ref=[0.5, 0.5],
            xlabel="win share",
            title="Bars",
            name="b",
        ),
        "h": plots.heatmap(
            np.array([[np.nan, 0.7], [0.3, np.nan]]),
            ["x", "y"],
            ["x", "y"],
            title="Heat",
            name="h",
            cbar_label="wins (%)",
        ),
        "g": plots.histogram(
            {"one": np.arange(10), "two": np.arange(5, 20)},
            xlabel="turns",
            title="Hist",
            name="g",
            integer=True,
        ),
    }
    for name, svg in svgs.items():
        _check(svg, name)
    assert ">70%<" in svgs["h"] and "Forest" in svgs["f"] and "win share (%)" in svgs["b"]


def test_deterministic_and_no_pyplot_state():
    import matplotlib
    import matplotlib.pyplot as plt

    args = dict(xlabel="x", title="T", name="n")
    one = plots.histogram({"a": np.arange(30)}, **args)
    two = plots.histogram({"a": np.arange(30)}, **args)
    assert one == two
    assert plt.get_fignums() == []
    assert matplotlib.get_backend().lower() == "agg"


def test_wrap_labels():
    assert plots.wrap_labels(["short", "a " * 30], width=20)[1].count("\n") >= 2


def test_the_fan_chart_keeps_its_plot_with_long_line_up_labels():
    # The Lord of Worlds variants demo labels its line-ups "variant=standard · value_set_table=
    # linear15 · chain_table=triangular · heuristic:style=chains vs ...": beside the plot such a
    # legend squeezed the axes to nothing (matplotlib warned, the labels were cut to "vari").
    import warnings
    from types import SimpleNamespace

    import polars as pl

    from reports.studies.feel import fan_chart

    cells = [f"c{i}" for i in range(6)]
    long = {
        c: f"variant=standard · value_set_table=linear15 · chain_table=triangular · "
        f"heuristic:style=chains vs heuristic:style=chains vs heuristic:style=architect {c}"
        for c in cells
    }
    fan = pl.DataFrame(
        [
            {"cell": c, "fraction": f, "q10": -0.1, "q25": 0.0, "q50": 0.1, "q75": 0.2, "q90": 0.3}
            for c in cells
            for f in (0.5, 1.0)
        ]
    )
    ctx = SimpleNamespace(label=lambda c: long[c])
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # "constrained_layout not applied" fails the test
        svg = fan_chart(fan, ctx, cells)
    assert "architect c5" in svg  # the last label is shown whole (wrapped), not cut off


LONG = [
    f"variant=strategic · value_set_table=doubling · chain_table=triangular · "
    f"heuristic:style=chains vs heuristic:style=architect {i}"
    for i in range(6)
]


def _axes_width_share(svg: str, name: str) -> float:
    """The axes' width as a share of the figure's (from the axes background's path)."""
    figure_width = float(re.search(r'viewBox="0 0 ([\d.]+)', svg).group(1))
    patch = svg[svg.index(f'id="{name}-patch_2"') :]
    xs = [float(x) for x in re.findall(r"[ML] ([\d.]+) [\d.]+", patch[: patch.index("z")])]
    return (max(xs) - min(xs)) / figure_width


def test_histogram_and_budget_curve_keep_their_plot_with_long_labels():
    # The demo's Lord of Worlds variants report overlays final scores by rule version, each
    # labelled "variant=strategic · value_set_table=doubling · chain_table=..."; a legend beside
    # the plot took half the figure's width.
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        svgs = {
            "g": plots.histogram(
                {label: np.arange(i, 30 + i) for i, label in enumerate(LONG)},
                xlabel="score",
                title="Scores",
                name="g",
            ),
            "c": plots.budget_curve(
                [(label, [100, 200], [0.4, 0.5], [0.3, 0.4], [0.5, 0.6]) for label in LONG],
                xlabel="iterations",
                ylabel="win rate",
                title="Ladder",
                name="c",
            ),
        }
    for name, svg in svgs.items():
        _check(svg, name)
        assert _axes_width_share(svg, name) > 0.85
        assert "architect 5" in svg  # the last label is shown whole (wrapped), not cut off
