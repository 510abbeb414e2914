"""Generators of the shipped study sweeps: Rats of Wistar wheel sections (one file per player
count) and Lord of Worlds scoring variants. ``python -m analyses.sweeps`` writes them; a test
checks the shipped files equal the generator's output.

Each header states games, CPU and what they buy as ``boardlab plan`` computes them
(:func:`analyses.sweeps.plan_header`: the pilot recorded in ``pilots.json``; the MCTS skill
sweep from its measured CPU per game, spreads at their worst case).
"""

from __future__ import annotations

import json
import textwrap

from analyses.plan.pilot import CellPilot, Pilot, worst_case
from analyses.sweeps import plan_header
from strategies.base import with_option

SECTORS = ("S1", "S2", "S3", "S4", "S5", "S6", "hut")
WINDOWS = ("@round1-2", "@round4-5")  # early / late: is a sector worth more early or late?
WHEEL_GAMES = 2000
WHEEL_SEED = 4242
# The wheel study rerun under other players (player count -> file suffix -> player spec): the
# same seed and games per cell as the heuristic's file, so game i of every cell replays the same
# seed and `boardlab compare RUN_A RUN_B --players-differ` pairs the worths game by game. The
# fitted style of each count is the one fitted there (strategies/data/ladder.toml).
WHEEL_PLAYERS = {
    2: {"explorer": "heuristic:style=explorer", "fitted": "heuristic:style=fitted"},
    3: {"fitted": "heuristic:style=fitted_3p"},
    4: {"fitted": "heuristic:style=fitted_4p"},
}
# The 3-player variant study rerun under another player (spec -> file and run suffix)
VARIANT_PLAYERS = {"heuristic:style=fitted": "fitted"}
VARIANT_GAMES = 2000
VARIANT_SEED = 4343
# The skill gap under each variant: plain mcts (58% against the heuristic since tree reuse,
# lord_of_worlds_mcts_target.toml) against the heuristic. CPU: 24.4 s a game (both seats), the
# mean of that 100-game sweep on 2 workers.
VARIANT_SKILL_GAMES = 60
VARIANT_SKILL_CPU_S = 24.4
FILES: dict[str, tuple[str, int]] = {
    **{f"rats_of_wistar_wheel_{n}p.toml": ("wheel", n) for n in (2, 3, 4)},
    **{
        f"rats_of_wistar_wheel_{n}p_{suffix}.toml": ("wheel_player", n)
        for n, players in WHEEL_PLAYERS.items()
        for suffix in players
    },
    "rats_of_wistar_wheel_spaces_2p.toml": ("spaces", 2),
    "lord_of_worlds_variants.toml": ("variants", 3),
    **{
        f"lord_of_worlds_variants_{suffix}.toml": ("variant_player", 3)
        for suffix in VARIANT_PLAYERS.values()
    },
    **{f"lord_of_worlds_variants_{n}p.toml": ("variants", n) for n in (2, 4)},
    "lord_of_worlds_variants_skill.toml": ("variant_skill", 2),
}


def wheel_sweep(
    players: int, games: int = WHEEL_GAMES, seed: int = WHEEL_SEED, player: str = "heuristic"
) -> dict:
    """The wheel-section sweep for ``players``: baseline self-play of ``player`` (a policy
    spec), then slot 0 forbidden each sector (and the hut) for the whole game, early (rounds
    1-2) and late (4-5). Another player keeps every cell's restriction and the seed, so its run
    pairs game by game with the heuristic's."""
    base = [player] * players
    lineups = [base]
    for sector in SECTORS:
        for window in ("", *(WINDOWS if sector != "hut" else ())):
            lineups.append([with_option(player, "forbid", f"place/{sector}{window}"), *base[1:]])
    name = f"rats-of-wistar-wheel-{players}p" + (
        "" if player == "heuristic" else f"-{_suffix_of(player, players)}"
    )
    return {
        "name": name,
        "game": "rats_of_wistar",
        "players": players,
        "games": games,
        "seed": seed,
        "policies": base,
        "record_actions": True,
        "grid": {"policies": lineups},
    }


def _suffix_of(player: str, players: int) -> str:
    """The file and run suffix of a shipped wheel player at ``players`` (``explorer``), else a
    slug of the spec."""
    for suffix, spec in WHEEL_PLAYERS.get(players, {}).items():
        if spec == player:
            return suffix
    return "".join(c if c.isalnum() else "-" for c in player).strip("-").lower()


def wheel_space_sweep(players: int, games: int = WHEEL_GAMES, seed: int = WHEEL_SEED) -> dict:
    """Slot 0 forbidden one wheel *space* (sector and row) for the whole game, per space of
    the wheel at ``players`` (sectors hold 1 to 3 spaces, by player count)."""
    from simcore.core import registry

    content = registry.make_game("rats_of_wistar").new_state(players, 0).content
    base = ["heuristic"] * players
    lineups = [base] + [
        [f"heuristic:forbid=place/{sector}/{row + 1}", *base[1:]]
        for sector, spaces in content.wheel[players]
        for row in range(len(spaces))
    ]
    return {
        "name": f"rats-of-wistar-wheel-spaces-{players}p",
        "game": "rats_of_wistar",
        "players": players,
        "games": games,
        "seed": seed,
        "policies": base,
        "record_actions": True,
        "grid": {"policies": lineups},
    }


def variant_sweep(
    games: int = VARIANT_GAMES,
    seed: int = VARIANT_SEED,
    players: int = 3,
    player: str = "heuristic",
) -> dict:
    """Lord of Worlds scoring: standard vs strategic variant x value-set table x chain table:
    self-play of ``player`` (a policy spec), and the hand-set styles against each other (which
    style a variant favours). The skill gap per variant is ``variant_skill_sweep``. (The
    value-set table under the standard variant cannot matter; the report names such cells.)
    Another player replaces the self-play seats only, so its run pairs game by game with the
    heuristic's (``compare --players-differ``)."""
    styles = ["heuristic:style=chains", "heuristic:style=architect"]
    # 3 players: two chains seats (the default style, spelled out so the report does not read
    # "heuristic" and "heuristic:style=chains" as two players) and one architect
    mixed = ([styles[0], *styles] if players == 3 else styles * (players // 2))[:players]
    name = "lord-of-worlds-variants" + ("" if players == 3 else f"-{players}p")
    if player != "heuristic":
        name += f"-{VARIANT_PLAYERS[player]}"
    return {
        "name": name,
        "game": "lord_of_worlds",
        "players": players,
        "games": games,
        "seed": seed,
        "policies": [player] * players,
        "grid": {
            "variant": ["standard", "strategic"],
            "value_set_table": ["linear15", "doubling"],
            "chain_table": ["triangular", "linear"],
            "policies": [[player] * players, mixed],
        },
    }


def variant_skill_sweep(games: int = VARIANT_SKILL_GAMES, seed: int = VARIANT_SEED) -> dict:
    """The skill gap per scoring variant, 2 players: plain ``mcts`` against the heuristic
    under the standard and the strategic variant, common seeds (the "less luck" question)."""
    return {
        "name": "lord-of-worlds-variants-skill",
        "game": "lord_of_worlds",
        "players": 2,
        "games": games,
        "seed": seed,
        "policies": ["mcts", "heuristic"],
        "grid": {"variant": ["standard", "strategic"], "policies": [["mcts", "heuristic"]]},
    }


def to_toml(raw: dict, header: list[str]) -> str:
    """TOML text of a sweep with a header comment (JSON values are valid TOML values)."""
    lines = [f"# {h}".rstrip() for h in header]
    lines += [f"{k} = {json.dumps(v)}" for k, v in raw.items() if k not in ("params", "grid")]
    if raw.get("params"):
        lines += ["", "[params]", *(f"{k} = {json.dumps(v)}" for k, v in raw["params"].items())]
    lines += ["", "[grid]"]
    for key, values in raw["grid"].items():
        lines += [f"{key} = [", *(f"  {json.dumps(v)}," for v in values), "]"]
    return "\n".join([*lines, ""])


def wheel_text(players: int) -> str:
    """The shipped wheel-section sweep for ``players``, with its header."""
    raw = wheel_sweep(players)
    name = f"rats_of_wistar_wheel_{players}p.toml"
    header = [
        f"Rats of Wistar wheel sections, {players} players: what each sector (and the "
        "Alchemist's hut) is worth,",
        "by restricted play: slot 0 may not place on it for the whole game, in rounds 1-2 or in "
        "rounds 4-5.",
        f"Generated by `python -m analyses.sweeps` from wheel_sweep({players}); a test checks "
        "this file equals",
        "that output. Report: `boardlab report <run>` (restricted play + wheel use).",
        "",
        *plan_header(name, WHEEL_GAMES),
        "Values hold for the heuristic player and the provisional content set.",
    ]
    return to_toml(raw, header)


def wheel_player_text(players: int, suffix: str) -> str:
    """The shipped wheel sweep at ``players`` rerun under ``WHEEL_PLAYERS[players][suffix]``,
    with its header."""
    player = WHEEL_PLAYERS[players][suffix]
    raw = wheel_sweep(players, player=player)
    name = f"rats_of_wistar_wheel_{players}p_{suffix}.toml"
    base = f"rats-of-wistar-wheel-{players}p"
    about = (
        f"Rats of Wistar wheel sections, {players} players, played by {player}: the study of "
        f"rats_of_wistar_wheel_{players}p.toml (same cells, seed and games per cell) with the "
        "heuristic replaced in every seat, so each game pairs with its twin in the heuristic's "
        f"run. Generated by `python -m analyses.sweeps` from wheel_sweep({players}, "
        f"player={player!r}); a test checks this file equals that output. The two runs "
        "compared, worth by worth:"
    )
    values = f"Values hold for {player} and the provisional content set."
    return _player_text(raw, about, base, name, WHEEL_GAMES, values)


def variant_text(players: int = 3) -> str:
    """The shipped Lord of Worlds scoring-variant sweep for ``players``, with its header."""
    raw = variant_sweep(players=players)
    name = "lord_of_worlds_variants" + ("" if players == 3 else f"_{players}p") + ".toml"
    header = [
        "Lord of Worlds scoring variants: standard vs strategic x value-set table x chain "
        f"table, {players} players,",
        "heuristic self-play and the heuristic styles against each other.",
        f"Generated by `python -m analyses.sweeps` from variant_sweep(players={players}); a "
        "test checks this file equals that output.",
        "",
        *plan_header(name, VARIANT_GAMES),
        "The value-set table cannot matter under the standard variant: the report names those "
        "comparisons",
        "and leaves them out of the tests. Values hold for these players and the provisional "
        "geometry.",
    ]
    return to_toml(raw, header)


def variant_player_text(suffix: str) -> str:
    """The shipped 3-player variant sweep rerun under the player of ``suffix``, with its header."""
    player = next(spec for spec, sfx in VARIANT_PLAYERS.items() if sfx == suffix)
    raw = variant_sweep(player=player)
    about = (
        f"Lord of Worlds scoring variants, 3 players, {player} in the self-play seats: the study "
        "of lord_of_worlds_variants.toml (same cells, seed and games per cell; the styles' "
        "line-up unchanged), so each game pairs with its twin in the heuristic's run. Generated "
        f"by `python -m analyses.sweeps` from variant_sweep(player={player!r}); a test checks "
        "this file equals that output. The two runs compared:"
    )
    name = f"lord_of_worlds_variants_{suffix}.toml"
    values = "Values hold for these players and the provisional geometry."
    return _player_text(raw, about, "lord-of-worlds-variants", name, VARIANT_GAMES, values)


def _player_text(raw: dict, about: str, base: str, name: str, games: int, values: str) -> str:
    """A study rerun under another player: what it is, the comparison with the base run, its
    plan and whose values it holds, as the file's header."""
    header = [
        *textwrap.wrap(about, 96, break_on_hyphens=False),
        f"  boardlab compare runs/{base} runs/{raw['name']} --players-differ",
        "",
        *plan_header(name, games),
        values,
    ]
    return to_toml(raw, header)


def variant_skill_text() -> str:
    """The shipped skill-gap-per-variant sweep, with its header."""
    raw = variant_skill_sweep()
    header = [
        "Lord of Worlds skill gap per scoring variant, 2 players: plain mcts against the "
        "heuristic under the",
        "standard and the strategic variant on common seeds: does the stronger player win more "
        "under a variant?",
        "Generated by `python -m analyses.sweeps` from variant_skill_sweep(); a test checks this "
        "file equals that output.",
        "",
        *plan_header("lord_of_worlds_variants_skill.toml", raw["games"], _variant_skill_pilot),
    ]
    return to_toml(raw, header)


def _variant_skill_pilot() -> Pilot:
    """No pilot (a game costs 24 s): the measured CPU per game, spreads at their worst."""
    cpu = 1000 * VARIANT_SKILL_CPU_S
    cells = [CellPilot(c, cpu, 0.5) for c in ("c000", "c001")]
    return Pilot(
        0,
        VARIANT_SEED,
        cells,
        [worst_case("c000", "c001")],
        "each rule change against its baseline value",
        "the CPU per game of the 100-game lord_of_worlds_mcts_target.toml run "
        f"({VARIANT_SKILL_CPU_S} s), spreads at their worst case (no pilot)",
    )


def space_text(players: int) -> str:
    """The shipped per-space wheel sweep for ``players``, with its header."""
    raw = wheel_space_sweep(players)
    header = [
        f"Rats of Wistar wheel spaces, {players} players: what each space (sector and row) is "
        "worth, by restricted play:",
        "slot 0 may not place on that one space for the whole game (the per-row view of the "
        "wheel-section study).",
        f"Generated by `python -m analyses.sweeps` from wheel_space_sweep({players}); a test "
        "checks this file equals that output.",
        "",
        *plan_header(f"rats_of_wistar_wheel_spaces_{players}p.toml", WHEEL_GAMES),
        "Values hold for the heuristic player and the provisional content set.",
    ]
    return to_toml(raw, header)


def study_text(name: str) -> str:
    """Text of a shipped study sweep by file name."""
    kind, players = FILES[name]
    if kind == "spaces":
        return space_text(players)
    if kind == "wheel":
        return wheel_text(players)
    if kind == "wheel_player":
        prefix = f"rats_of_wistar_wheel_{players}p_"
        return wheel_player_text(players, name.removesuffix(".toml").removeprefix(prefix))
    if kind == "variants":
        return variant_text(players)
    if kind == "variant_player":
        suffix = name.removesuffix(".toml").removeprefix("lord_of_worlds_variants_")
        return variant_player_text(suffix)
    return variant_skill_text()
