"""The HTML report of ``boardlab tune``: recommended changes, targets before and after on fresh
seeds (with a link to each finalist's "A vs B" comparison), a fitted player against its
starting self, trade-off front, parameter importance, search history.

The recommendation's numbers are those of the games that measured it, which are not the games
that chose it among several finalists; the report says which were which. A ``tune.json`` from
before the measuring games (no ``measured`` key) is shown as it was: chosen and measured on the
same games, a band met by its estimate."""

from __future__ import annotations

from typing import Any

from reports.kit.plots import _figure, to_svg
from reports.kit.tables import Table
from reports.tune.words import (
    _iv,
    _n,
    _signed,
    _value,
    compare_file,
    head_to_head_line,
    measured,
    recommended,
    summary_lines,
)


def render(result: dict[str, Any]) -> str:
    """The HTML report of a finished search."""
    from reports.studies.build import environment

    sections = [
        s
        for s in (
            _changes(result),
            _targets(result),
            _head_to_head(result),
            _front(result),
            _importance(result),
            _history(result),
        )
        if s
    ]
    desc = result["description"]
    subtitle = (
        f"{result['game']}, {result['players']} players, line-up "
        f"{', '.join(result['policies'])}; {desc}"
    )
    return (
        environment()
        .get_template("tune.html")
        .render(
            title=f"Find what to change: {result['name']}",
            subtitle=subtitle,
            summary=summary_lines(result) + _method(result),
            sections=sections,
        )
    )


def _method(result: dict[str, Any]) -> list[str]:
    s = result["search"]
    return [
        f"Search: {s['trials']} trials ({s['sampler']}) in batches of {s['batch']}, each "
        f"played in rungs of {', '.join(map(str, s['rungs']))} games on common seeds "
        f"(seed {result['seed']}) and stopped once an interval ruled a target out (for a "
        "target to maximize: once it lay wholly below the best estimate of an earlier batch's "
        f"trial played to the last rung). {_verify_words(result)}"
    ]


def _verify_words(result: dict[str, Any]) -> str:
    """How the finalists were played again, which games chose and measured the recommendation,
    and when a band is met."""
    ver, games = result["verification"], f"{result['search']['verify_games']:,}"
    shown = ver.get("measured")
    n = len(ver["finalists"])
    played = (
        f"{f'The best {n} were' if n > 1 else 'The best was'} played again on {games} fresh "
        f"games (seed {result['verify_seed']}) next to the current version"
    )
    compared = (
        "; each pair is compared with boardlab compare (paired game by game; the paired change "
        "of each target is the comparison's). "
    )
    if shown is None:  # a tune.json from before the measuring games
        return f"{played}{compared}A target is met when its estimate lies in its band; " + (
            "intervals are 95%."
        )
    if not shown["same_games"]:
        played += (
            ", the recommendation chosen among them there, and it was played again with the "
            f"current version on another {games} fresh games (seed {shown['seed']}): its numbers "
            "are those, as the games that choose a candidate flatter it"
        )
    level = f"{100 * ver.get('conf', 0.95):g}%"
    return (
        f"{played}{compared}A band is met when its {level} interval lies wholly inside it (an "
        f"estimate inside with an interval across an edge does not show it). Intervals are "
        f"{level}."
    )


def _section(id_: str, title: str, findings, tables, figures=(), links=()) -> dict[str, Any]:
    return {
        "id": id_,
        "title": title,
        "findings": findings,
        "tables": tables,
        "figures": list(figures),
        "links": list(links),
    }


def compare_links(result: dict[str, Any]) -> list[dict[str, str]]:
    """A link to each verified finalist's "A vs B" report, the recommendation first (first of
    all on the games that measured it, when those are others than the ones that chose it)."""
    ver = result["verification"]
    order = sorted(ver["finalists"], key=lambda f: f["slot"] != ver["recommended"])
    shown = ver.get("measured")
    two_sets = bool(shown) and not shown["same_games"]
    links = []
    if two_sets:
        links.append(
            _link(
                compare_file(shown["slot"], measured=True),
                f"trial {shown['slot']} (the recommendation), on the games that measured it",
                shown.get("compared", {}),
            )
        )
    for f in order:
        chosen = " (the recommendation)" if f["slot"] == ver["recommended"] else ""
        where = ", on the games that chose among the finalists" if two_sets else ""
        links.append(
            _link(
                compare_file(f["slot"]), f"trial {f['slot']}{chosen}{where}", f.get("compared", {})
            )
        )
    return links


def _link(href: str, what: str, c: dict[str, Any]) -> dict[str, str]:
    return {
        "href": href,
        "text": f"Current version vs {what}: every measure of the study, A vs B "
        f"({c.get('changed', '?')} of {c.get('measures', '?')} changed)",
    }


def _changes(result: dict[str, Any]) -> dict[str, Any] | None:
    best = recommended(result)
    if best is None:
        return None
    rows = []
    for name, old, new in best["changes"]:
        rows += change_rows(result["game"], name, old, new)
    t = Table(
        "Recommended changes (old -> new)",
        ["Dimension", "Old", "New", "Text"],
        rows,
        [False, False, False, False],
    )
    words = [f"In words: {w}." for w in best.get("words") or []]
    return _section("changes", "Recommended changes", words, [t])


def change_rows(game: str, name: str, old: Any, new: Any) -> list[list[str]]:
    """One row per moved number; a permutation: one row per position that changed, with the
    card's text where the game has one."""
    if isinstance(old, list) and isinstance(new, list):
        texts = _effect_texts(game)
        return [
            [f"{name} [{i}]", str(o), str(n), texts.get(str(n), "")]
            for i, (o, n) in enumerate(zip(old, new, strict=True))
            if o != n
        ]
    return [[name, _value(old), _value(new), ""]]


def _effect_texts(game: str) -> dict[str, str]:
    if game != "ratjack":
        return {}
    from analyses.tune.content import data_dir
    from simcore.core.content import read_toml

    path = data_dir(game) / "texts.toml"
    effects = read_toml(path).get("effects", {}) if path.exists() else {}
    return {k: v.get("text", "") for k, v in effects.items()}


def _targets(result: dict[str, Any]) -> dict[str, Any] | None:
    shown = measured(result)
    if shown is None:
        return None
    tables = []
    bands = {t["name"]: t for t in result["targets"]}
    where = "fresh seeds" if shown["same_games"] else "fresh seeds that did not choose it"
    for name, res in shown["targets"].items():
        sg = _signed(result, name)
        rows = [
            [
                r["item"] or name,
                _iv(r["before"], sg),
                _iv(r["after"], sg),
                _iv(r["change"]),
                meets_words(r),
            ]
            for r in res["rows"]
        ]
        tables.append(
            Table(
                f"{name}: {bands[name]['band']} ({where})",
                ["Item", "Current", "Recommended", "Paired change", "Meets"],
                rows,
                [False, True, True, True, False],
            )
        )
    return _section("targets", "Targets before and after", [], tables, links=compare_links(result))


def meets_words(row: dict[str, Any]) -> str:
    """Whether a row meets its band: yes (interval inside), no (interval wholly outside), not
    shown (interval across an edge); for a target to maximize, whether the paired change shows
    it better than the current version."""
    if row["meets"] is None:
        mark = row.get("better")
        return "–" if mark is None else f"better than current: {mark}"
    if row["meets"]:
        return "yes"
    if "in_band" not in row or row["ruled_out"]:  # an older tune.json: its estimate was outside
        return "no"
    return "not shown (estimate in band)" if row["in_band"] else "not shown (estimate outside)"


def _head_to_head(result: dict[str, Any]) -> dict[str, Any] | None:
    h2h = result["verification"].get("head_to_head")
    if not h2h:
        return None
    m, lo, hi = h2h["win_share"]
    t = Table(
        "Fitted player against its starting self (fresh seeds, every seating per seed)",
        ["Fitted", "Starting", "Seeds", "Games", "Fitted win share", "95% interval"],
        [
            [
                h2h["fitted"].replace(",", ", "),  # a long spec wraps instead of overflowing
                h2h["start"].replace(",", ", "),
                str(h2h["seeds"]),
                str(h2h["games"]),
                f"{m:.1f}%",
                f"{lo:.1f}% to {hi:.1f}%",
            ]
        ],
        [False, False, True, True, True, False],
    )
    return _section("head-to-head", "Fitted player head to head", [head_to_head_line(h2h)], [t])


def _front(result: dict[str, Any]) -> dict[str, Any] | None:
    if result["search"]["objectives"] < 2:
        return None
    names = [t["name"] for t in result["targets"]]
    done = [t for t in result["trials"] if t["objectives"] and not t["infeasible"]]
    front = [t for t in done if not any(_dominates(o["objectives"], t["objectives"]) for o in done)]
    rows = [[str(t["slot"]), *(f"{v:.2f}" for v in t["objectives"])] for t in front]
    table = Table(
        "Trade-off front: misses of the candidates no other beats on every target",
        ["Trial", *names],
        rows,
        [True] * (len(names) + 1),
    )
    fig = _figure(5, 3.4)
    ax = fig.add_subplot()
    ax.scatter(
        [t["objectives"][0] for t in done],
        [t["objectives"][1] for t in done],
        s=12,
        color="#999",
        label="trials",
    )
    ax.scatter(
        [t["objectives"][0] for t in front],
        [t["objectives"][1] for t in front],
        s=24,
        color="#c33",
        label="front",
    )
    ax.set_xlabel(f"miss: {names[0]}")
    ax.set_ylabel(f"miss: {names[1]}")
    ax.legend()
    svg = to_svg(fig, "front", "misses of each trial on the first two targets")
    return _section(
        "front",
        "Trade-off front",
        [],
        [table],
        [{"svg": svg, "caption": "Each trial's miss on the first two targets"}],
    )


def _dominates(a: list[float], b: list[float]) -> bool:
    return all(x <= y for x, y in zip(a, b, strict=True)) and a != b


def _importance(result: dict[str, Any]) -> dict[str, Any] | None:
    imp = result["importance"]
    if not imp:
        return None
    rows = [[k, f"{v:.2f}"] for k, v in imp.items()]
    label, _ = _score_axis(result)
    t = Table(
        f"Share of the variation of the {label} explained (Optuna PED-ANOVA)",
        ["Dimension", "Importance"],
        rows,
        [False, True],
    )
    return _section("importance", "Which parameters mattered", [], [t])


def _history(result: dict[str, Any]) -> dict[str, Any]:
    label, sign = _score_axis(result)
    rows = [
        [
            str(h["trial"]),
            _n(h["slot"]),
            _n(h["batch"]),
            _state(h),
            _n(h["games"]),
            f"{sign * h['miss']:.2f}" if h["miss"] is not None else "–",
        ]
        for h in result["history"]
    ]
    t = Table(
        "Every trial of the study",
        ["Trial", "Slot", "Batch", "State", "Games", label],
        rows,
        [True, True, True, False, True, True],
    )
    done = [h for h in result["history"] if h["miss"] is not None and h["miss"] < 1e5]
    figures = []
    if done:
        fig = _figure(5, 3)
        ax = fig.add_subplot()
        ax.plot([h["slot"] for h in done], [sign * h["miss"] for h in done], "o", ms=4)
        ax.set_xlabel("trial (slot)")
        ax.set_ylabel(label)
        figures.append(
            {
                "svg": to_svg(fig, "history", f"{label} of each finished trial"),
                "caption": f"The {label} of each finished trial, in order, at the last rung it "
                f"played{' (higher is better)' if sign < 0 else ''}",
            }
        )
    return _section("history", "Search history", [], [t], figures)


_STATES = {"COMPLETE": "played every rung", "PRUNED": "stopped early", "FAIL": "failed"}


def _state(h: dict[str, Any]) -> str:
    """A trial's state in words, with why it stopped early when the study recorded it."""
    words = _STATES.get(h["state"], h["state"].lower())
    return f"{words}: {h['stopped_by']}" if h.get("stopped_by") else words


def _score_axis(result: dict[str, Any]) -> tuple[str, int]:
    """What the history shows and its sign against the miss: a search for one target to
    maximize shows that measure (its miss is minus the value), any other the summed miss."""
    targets = result.get("targets", [])
    if (
        len(targets) == 1
        and targets[0]["band"] == "as high as possible"
        and not targets[0]["items"]
    ):
        return targets[0]["measure"], -1
    return "summed miss", 1
