"""Assemble self-contained HTML reports (DESIGN §7) and write them atomically."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

import jinja2
import polars as pl

from analyses.stats.runs import cell_labels, load_manifest, scan, show_value
from analyses.studies import identical
from analyses.studies.ablation import split_forbid
from analyses.studies.findings import join_and
from reports.kit.files import write_report
from reports.kit.glossary import glossary_for, visible_text
from reports.kit.tables import Table, fit, key_value_table, render_table
from reports.studies.ablation import ablation_section
from reports.studies.feel import feel_section
from reports.studies.ladder import ladder_section
from reports.studies.precision import precision_section
from reports.studies.scores import score_section
from reports.studies.seating import seat_section, turn_order_section
from reports.studies.sections import (
    Context,
    Section,
    end_section,
    length_section,
    ratings_section,
    skill_section,
)
from reports.studies.variants import variant_section
from reports.studies.wheel import wheel_use_section
from simcore.core.registry import display_name
from strategies.ladder import rank, top_player
from strategies.scripted import is_human

# Rows above which a section's main table is folded (about one screen of rows).
LONG_TABLE = 24

GENERIC_SECTIONS: tuple[Callable[[Context], Section | None], ...] = (
    precision_section,
    turn_order_section,
    ablation_section,
    wheel_use_section,
    skill_section,
    ladder_section,
    variant_section,
    ratings_section,
    length_section,
    score_section,
    end_section,
    seat_section,
    feel_section,  # "How the game plays" (issue 50)
)

# The kinds of computer player, in words; the method section names only those a run used.
PLAYER_KINDS = {
    "random": "random play",
    "greedy": "one-step lookahead (greedy)",
    "heuristic": "rule-based heuristics",
    "mcts": "Monte Carlo tree search",
}
METHOD = [
    "Every number comes from simulated games between computer players ({players}), not from "
    "human play; strong human players may behave differently.",
    "Rates are shares of games won (a k-way tie gives each winner 1/k) with 95% intervals "
    "(Wilson score). An interval that excludes the fair value means the difference is unlikely "
    "to be chance at the 5% level; tests are Holm-corrected when several are read together.",
    "Comparisons between cells use common random numbers: game i of every cell starts from the "
    "same shuffle, so cells are compared game by game (paired differences), which removes most "
    "of the luck of the deal from the comparison.",
    "Seat rotation lets every line-up play every seating equally often, so seat effects and "
    "policy strength can be told apart. Seats are numbered from 1 in this report; the turn "
    "order comes from the start player each game recorded, not from seat numbers.",
    "Cells that share seeds are never pooled as if their games were independent: pooled "
    "intervals treat each seed's games as one cluster.",
]


def environment() -> jinja2.Environment:
    """The Jinja environment over the package templates (autoescaping on)."""
    env = jinja2.Environment(
        loader=jinja2.PackageLoader("reports.kit", "templates"),
        autoescape=jinja2.select_autoescape(["html"]),
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters["fit"] = fit  # a table wider than the page: split into parts that fit
    return env


def load_context(run_dir: str | Path) -> Context:
    """Read a run's games and seats tables and manifest for the report sections."""
    manifest = load_manifest(run_dir)
    games = scan(run_dir, "games").sort("cell", "game_index").collect()
    seats = scan(run_dir, "seats").sort("cell", "game_index", "seat").collect()
    labels = cell_labels(manifest)
    # Cells that play exactly the games of another (a rule that cannot matter there) are
    # shown once; the summary says so.
    merges = identical.identical_cells(games, seats, manifest)
    games, seats, manifest = identical.drop_cells(games, seats, manifest, merges)
    return Context(
        games=games,
        seats=seats,
        manifest=manifest,
        labels=labels,
        run_dir=Path(run_dir),
        merges=merges,
    )


def generic_report(
    run_dir: str | Path,
    extra_sections: Sequence[Callable[[Context], Section | None]] = (),
    title: str | None = None,
) -> str:
    """The generic game report of a run as one self-contained HTML string.

    Named analyses (card values, scoring variants...) can add their own ``extra_sections``;
    they run after the generic ones and receive the same :class:`Context`.
    """
    ctx = load_context(run_dir)
    builders = (*GENERIC_SECTIONS, *extra_sections) if ctx.games.height else ()
    sections = [s for build in builders if (s := build(ctx))]
    return render_page(ctx, sections, title or study_title(ctx, sections))


def study_title(ctx: Context, sections: Sequence[Section]) -> str | None:
    """The title of a named study when the run is one (else the generic title)."""
    ids = {s.id for s in sections}
    game = ctx.manifest.get("game")
    if game == "rats_of_wistar" and "ablation" in ids:
        return "Rats of Wistar: wheel-section study"
    if game == "lord_of_worlds" and "variants" in ids:
        return "Lord of Worlds: scoring-variant study"
    if "ladder" in ids and ctx.several_cells:
        return f"{display_name(str(game))}: skill ladder"  # a run without a game: "None"
    return None


def _subtitle(ctx: Context) -> str:
    m = ctx.manifest
    players = sorted(ctx.games["n_players"].unique().to_list())
    cells = ctx.games["cell"].n_unique()
    # a merged cell replays its twin's games: the sweep played them, the report shows them once
    n = len(ctx.merges)
    twins = f" (and {n} that replay{'s' if n == 1 else ''} the games of another)" if n else ""
    return (
        f"{ctx.games.height:,} simulated games of {display_name(m.get('game', '?'))} "
        f"(rules version {m.get('game_version', '?')}), "
        f"{' / '.join(map(str, players))} players, {cells} cell{'s' if cells != 1 else ''}"
        f"{twins} · run “{m.get('name', '?')}”"
    )


def _warnings(ctx: Context) -> list[str]:
    out = []
    if not ctx.manifest.get("complete", True) and "precision" not in ctx.manifest:
        out.append(
            "This run is incomplete: the sweep stopped before every game was played. "
            "Results cover only the finished games."
        )
    small = ctx.games.group_by("cell").len().filter(pl.col("len") < 100)
    if small.height:
        out.append("Some cells have fewer than 100 games; their intervals are wide.")
    flagged = ctx.flags.filter(pl.col("degenerate")).to_dicts() if ctx.flags.height else []
    # A fixed game length alone (e.g. every Rats of Wistar game) gets one sentence for all cells;
    # when the rules fix it for the whole run, the game-length section says so and this is quiet.
    rules_fix_length = ctx.rules_fix_length
    fixed_length = [r for r in flagged if r["constant_length"] and not r["seat_excluded"]]
    for row in flagged:
        if row in fixed_length:
            continue
        reason = row["reason"]
        left_out = ["turn-order", "seat"] if row["seat_excluded"] else []
        if row["length_excluded"] and not rules_fix_length:
            left_out.append("game-length")
        reason = ctx.flag_reason(reason)
        out.append(
            f"Flagged cell {ctx.label(row['cell'])}: {reason}. It is left out "
            f"of the {join_and(left_out)} conclusions."
        )
    if rules_fix_length:
        fixed_length = []
    if fixed_length:
        every = len(fixed_length) == ctx.games["cell"].n_unique()
        names = "any cell" if every else join_and([ctx.label(r["cell"]) for r in fixed_length])
        lengths = sorted({r["reason"] for r in fixed_length})
        out.append(
            f"Game length does not vary in {names} ({'; '.join(lengths)}): no "
            "game-length conclusions are drawn there."
        )
    return out


def caveats(ctx: Context) -> list[str]:
    """What every number of the report is conditional on: players, provisional content, [A]."""
    specs = ctx.seats["policy"].unique().to_list() if ctx.seats.height else []
    restricted: dict[str, bool] = {}
    for spec in specs:
        base, forbids = split_forbid(spec)
        restricted[base] = restricted.get(base, False) or bool(forbids)
    policies = [
        f"{b} (also with restricted play)" if r else b
        for b, r in sorted(restricted.items())
        if not is_human(b)
    ]
    people = sorted(b for b in restricted if is_human(b))
    out = []
    if people:  # seats played by people in boardlab playtest: not a rung of the ladder
        bots = f" against {join_and(policies)}" if policies else ""
        out.append(
            f"Every number here is for the players that produced it: people ({join_and(people)}"
            f", seats played with boardlab playtest){bots}; other people or players may differ."
        )
    elif policies:
        out.append(
            f"Every number here is for the players that produced it ({join_and(policies)}): "
            "balance measured with these computer players may differ for stronger or human "
            "players."
        )
    computer = [p for p in _one_name_per_player(ctx, restricted) if not is_human(p)]
    counts = ctx.games["n_players"].unique().to_list() if ctx.games.height else []
    below = _below_top(
        ctx.manifest.get("game", ""), computer, counts[0] if len(counts) == 1 else None
    )
    if below:
        out.append(below)
    game = ctx.game
    if game is None:
        return out
    if game.provisional_note:
        out.append(game.provisional_note)
    assumed = [d["name"] for d in game.params_class.describe() if d.get("assumption")]
    varied = sorted(
        {k for c in ctx.manifest.get("cells", []) for k in (c.get("variant") or {}) if k in assumed}
    )
    if assumed:
        tested = f"; this run varies {join_and(varied)}" if varied else ""
        out.append(
            f"{len(assumed)} rule readings are assumptions ([A] in the rules spec) and "
            f"sit at their defaults unless the cells say otherwise{tested}. The rules "
            f"reference {game.spec.rules_source} lists them, with its fidelity "
            "table."
        )
    return out


def _one_name_per_player(ctx: Context, specs: Iterable[str]) -> list[str]:
    """``specs`` with those of one player (``heuristic`` = ``heuristic:style=chains``) merged."""
    specs = sorted(specs)
    if ctx.game is None:
        return specs
    from strategies.registry import player_aliases

    aliases = player_aliases(specs, ctx.game)
    return sorted({aliases.get(s, s) for s in specs})


def _below_top(game_id: str, policies: Sequence[str], players: int | None = None) -> str | None:
    """A warning when every player of the run is below the strongest one measured, or how
    close the best one was measured when it is a cheaper player level with the top; at a
    player count the ladder was not measured at, that it was not (``players``: the run's one
    player count, None for several)."""
    top = top_player(game_id, players)
    best_rank = max(map(rank, policies), default=None)
    if top is None or best_rank is None:
        return None
    if not top.measured:
        return (
            f"This game's skill ladder was measured at {top.players} players only, not at "
            f"{players}: no player here is known to play as strong as the top at {players} "
            f"players, and a player level with it at {top.players} players (a fitted style) "
            f"may not be. At {top.players} players: {top.evidence}."
        )
    if top.reached_by(policies):
        return None
    near = top.level_in(policies)
    if near:
        return (
            f"The best {_here(near)} measured as strong as the top of this game's skill "
            f"ladder, {top.family}, within 3 points: {top.level_evidence}."
        )
    # Every policy of the best rank, in name order: picking one of two equal styles made the
    # sentence depend on the order the seats table listed them.
    who = _here(sorted(p for p in policies if rank(p) == best_rank))
    cheap = [p for p in (*top.level, top.family) if ":" in p and p not in policies]
    rerun = ""
    if cheap and cheap[0] == top.family:  # the top itself is a cheap style: said above
        rerun = f" {cheap[0]} costs a heuristic's time: put it in the study's line-ups."
    elif cheap:
        rerun = (
            f" {cheap[0]} plays as strong at a heuristic's cost: put it in the study's "
            f"line-ups to measure with it. Evidence: {top.level_evidence}."
        )
    return (
        f"The best-ranked {who} below the top of this game's skill ladder: "
        f"{top.evidence}. Results could change with stronger play.{rerun}"
    )


def _here(players: Sequence[str]) -> str:
    """``player here (a) is`` / ``players here (a and b) are``."""
    many = len(players) > 1
    return f"player{'s' * many} here ({join_and(players)}) {'are' if many else 'is'}"


def players_used(ctx: Context) -> str:
    """The kinds of player the run's seats used, in words (``rule-based heuristics (heuristic,
    heuristic:style=architect)``)."""
    specs = (
        sorted({split_forbid(p)[0] for p in ctx.seats["policy"].unique().to_list()})
        if ctx.seats.height
        else []
    )
    kinds: dict[str, list[str]] = {}
    for spec in specs:
        kinds.setdefault(spec.split(":")[0], []).append(spec)
    parts = [f"{PLAYER_KINDS.get(k, k)} ({', '.join(v)})" for k, v in kinds.items()]
    return join_and(parts) if parts else "none recorded"


def render_page(
    ctx: Context,
    sections: Sequence[Section],
    title: str | None = None,
    *,
    subtitle: str | None = None,
    provenance: Sequence[Table] | None = None,
    configs: Mapping[str, Any] | None = None,
    footer: str | None = None,
    method: Sequence[str] = (),
    warnings: Sequence[str] = (),
) -> str:
    """Render sections with summary, method notes and provenance into the report page.

    ``ctx`` (one run) gives subtitle, provenance, configuration and footer; a report over
    several runs passes its own (``configs``: run name → sweep config) and may add ``method``
    notes and ``warnings``.
    """
    manifest = ctx.manifest
    summary = [
        *identical.merge_sentences(ctx.merges),
        *(line for s in sections for line in s.headline),
    ]
    page = dict(
        title=title or f"{display_name(manifest.get('game', 'Game'))}: balance report",
        subtitle=subtitle or _subtitle(ctx),
        warnings=[*_warnings(ctx), *warnings],
        caveats=caveats(ctx),
        summary=summary or ["No findings: the run holds no games."],
        sections=sections,
        long_table=LONG_TABLE,
        method=[METHOD[0].format(players=players_used(ctx)), *METHOD[1:], *method],
        provenance=provenance_tables(ctx) if provenance is None else list(provenance),
        config_text=json.dumps(
            manifest.get("config", {}) if configs is None else configs, indent=2, sort_keys=True
        ),
        footer=footer
        or f"boardlab report · run {manifest.get('name', '?')} · config hash "
        f"{manifest.get('config_hash', '?')} · last updated {manifest.get('updated', '–')}",
    )
    template = environment().get_template("report.html")
    # The glossary lists the terms the page uses: known only once the page is written.
    terms = glossary_for(visible_text(template.render(**page, glossary=[])))
    return template.render(**page, glossary=terms)


def provenance_tables(ctx: Context) -> list[Table]:
    """Tables describing where the data came from: run, cells, versions, seeds, content."""
    m = ctx.manifest
    run = {
        "Run": m.get("name"),
        "Game": f"{m.get('game')} (rules version {m.get('game_version')})",
        "Complete": "yes" if m.get("complete", True) else "no",
        "Config hash": m.get("config_hash"),
        "Created": m.get("created", "–"),
        "Games per cell": m.get("games_per_cell", m.get("config", {}).get("games", "–")),
    }
    all_params = [c.get("params") or {} for c in m.get("cells", [])]
    # Parameters every cell shares go in one table; the cells table shows only what differs.
    shared = {
        k: v
        for k, v in (all_params[0] if all_params else {}).items()
        if all(p.get(k) == v for p in all_params)
    }
    cells = pl.DataFrame(
        [
            {
                "cell": c["cell"],
                "label": ctx.label(c["cell"]),
                "players": c.get("players", m.get("config", {}).get("players")),
                "lineup": " | ".join(map(str, c.get("policies", []))),
                "params": ", ".join(f"{k}={show_value(v)}" for k, v in p.items() if k not in shared)
                or "–",
                "params_hash": c.get("params_hash", ""),
            }
            for c, p in zip(m.get("cells", []), all_params, strict=True)
        ]
    )
    specs = [
        ("Cell", "text", "cell"),
        ("Conditions", "text", "label"),
        ("Players", "text", "players"),
        ("Line-up (slot order)", "text", "lineup"),
        ("Rule parameters that differ", "text", "params"),
        ("Params hash", "text", "params_hash"),
    ]
    if cells.height and (cells["params"] == "–").all():
        specs = [s for s in specs if s[2] != "params"]  # nothing differs: no empty column
    if cells.height and cells["params_hash"].n_unique() == 1:
        specs = [s for s in specs if s[2] != "params_hash"]
        run["Params hash (every cell)"] = cells["params_hash"][0]
    tables = [key_value_table(run, "Run")]
    if cells.height:
        tables.append(render_table(cells, specs, "Cells"))
    if shared:
        tables.append(key_value_table(shared, "Rule parameters (every cell)"))
    for key, caption in (
        ("versions", "Software versions"),
        ("seeds", "Seeds"),
        ("content", "Content set"),
    ):
        if m.get(key):
            tables.append(key_value_table(m[key], caption))
    return tables


def write_index(
    entries: Iterable[Mapping[str, Any]], path: str | Path, title: str = "boardlab reports"
) -> Path:
    """Write an index page linking reports; entries have ``title``, ``href`` and optionally
    ``description`` and ``summary`` (a list of sentences)."""
    rows = []
    for e in entries:
        if "title" not in e or "href" not in e:
            raise ValueError(f"index entry needs 'title' and 'href': {dict(e)}")
        rows.append(
            {
                "title": e["title"],
                "href": e["href"],
                "description": e.get("description", ""),
                "summary": list(e.get("summary", [])),
            }
        )
    html = environment().get_template("index.html").render(title=title, entries=rows)
    return write_report(html, path)
