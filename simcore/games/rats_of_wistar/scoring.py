"""Final scoring (§9), every part recorded separately."""

from __future__ import annotations

from typing import Final

from simcore.games.rats_of_wistar.board import Player
from simcore.games.rats_of_wistar.position import Position
from simcore.games.rats_of_wistar.vocab import JOKER, MOVE

PARTS: Final = (
    "vp_start_and_play", "vp_abilities", "vp_beds", "vp_rooms", "vp_visitors", "vp_cheese",
    "vp_inventions", "vp_end_effects", "vp_power", "vp_leftovers", "vp_jokers",
)  # fmt: skip


def ability_vp(s: Position, pl: Player) -> int:
    """VP of uncovered ability spaces plus the +2 pairs (§8.1: once, or once per space of the
    pair with ``ability_pair_bonus = each``)."""
    # plain loops here and in part_values, no generator expressions (3.11 builds a frame for
    # each): every search play-out and end-of-game guard scores finished games
    mask, vp = pl.uncovered_abilities, 0
    if not mask:  # most of a game: nothing uncovered yet
        return 0
    abilities = s.content.abilities
    rest = mask
    while rest:  # the uncovered spaces only: the lowest set bit each time
        low = rest & -rest
        vp += abilities[low.bit_length() - 1].vp
        rest ^= low
    times = 1 if s.params.ability_pair_bonus == "once" else 2
    for x, y, bonus in s.content.pairs:
        if mask >> x & 1 and mask >> y & 1:
            vp += times * bonus
    return vp


def room_vp(s: Position, pl: Player) -> int:
    """VP of the highest dug soil room (a room refilled by an invention is not dug, §6)."""
    return s.params.room_vp[pl.dug_rooms - 1] if pl.dug_rooms else 0


def end_count(s: Position, pl: Player, what: int, sub: int) -> int:
    """How many things an ``end_vp_per`` effect counts (see vocab.END_WHAT)."""
    if what == 0:
        return pl.type_counts[sub]
    if what == 1:
        return pl.icons[sub]
    values = (
        0,
        0,
        sum(pl.icons),
        pl.beds,
        pl.dug_rooms,
        pl.n_visitors(),
        len(pl.missions),
        len(pl.goals),
        len(pl.played),
        pl.power,
    )
    return values[what]


def score_parts(s: Position, seat: int) -> dict[str, int]:
    """The §9 breakdown of one seat for the current position."""
    return dict(zip(PARTS, part_values(s, seat), strict=True))


def score_total(s: Position, seat: int) -> int:
    """One seat's total VP for the current position: the sum of ``score_parts``."""
    return sum(part_values(s, seat))  # no dict: every finished play-out scores the game


def part_values(s: Position, seat: int) -> tuple[int, ...]:
    """The §9 parts of one seat, in ``PARTS`` order."""
    pl = s.players[seat]
    prm = s.params
    con = s.content
    visitors = inventions = ends = 0
    for v in pl.visitors:
        visitors += con.visitors[v].vp
    for c in pl.played:
        inventions += con.cards[c].vp
    for w, sub, vp in pl.end_vp_per:
        ends += vp * end_count(s, pl, w, sub)
    return (
        pl.victory_points,
        ability_vp(s, pl),
        prm.bed_vp[pl.beds - 1] if pl.beds else 0,
        room_vp(s, pl),
        visitors,
        max(pl.cheese_vp, 0),
        inventions,
        ends,
        prm.power2_vp if pl.power >= 2 else 0,
        (pl.resources[0] + pl.resources[1] + pl.resources[MOVE] + len(pl.hand))
        // prm.leftovers_per_vp,
        pl.resources[JOKER] // prm.jokers_per_vp,
    )


def scores(s: Position) -> list[float]:
    """Current total VP of every seat (final scoring applied to the current position)."""
    out = []  # a loop, not a comprehension: finished play-outs are scored by the thousand
    for p in range(s.n_players):
        out.append(float(score_total(s, p)))
    return out


def winners(s: Position) -> list[int]:
    """Highest score; ties go to the tied player earliest in the final turn order (§3)."""
    totals = scores(s)
    best = max(totals)
    for seat in s.order:
        if totals[seat] == best:
            return [seat]
    return []


def estimate(s: Position, seat: int) -> float:
    """Heuristic value in [0, 1]: own score share against the best opponent, plus progress."""
    totals = scores(s)
    mine = totals[seat]
    best = max(v for i, v in enumerate(totals) if i != seat)
    if s.game_over:
        return 1.0 if seat in winners(s) else 0.0
    return max(0.0, min(1.0, 0.5 + (mine - best) / 40.0))
