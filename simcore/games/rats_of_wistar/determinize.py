"""Observations, determinization (§11) and outcome records (§12)."""

from __future__ import annotations

import random
from typing import Any, Final

from simcore.core.api import start_columns
from simcore.core.rng import shuffle
from simcore.games.rats_of_wistar.board import Player
from simcore.games.rats_of_wistar.position import Position
from simcore.games.rats_of_wistar.scoring import PARTS, score_parts
from simcore.games.rats_of_wistar.setup import wheel_order


def _hidden(s: Position, pl: Player) -> list[int]:
    """Cards in a hand that other seats have not seen."""
    return [c for c in pl.hand if c not in pl.known_cards]


def observation(s: Position, player: int) -> str:
    """Public position plus the player's own hand."""
    con = s.content
    others = []
    for pl in s.players:
        hidden = _hidden(s, pl)
        n_adv = sum(con.cards[c].deck for c in hidden)
        others.append((pl.public(), len(hidden) - n_adv, n_adv))
    return repr(
        (
            player,
            s.players[player].hand,
            s.round,
            s.turn,
            s.game_over,
            s.order,
            s.hut_chiefs,
            s.space_chiefs,
            s.start_slots,
            s.round_visitor,
            s.round_visitor_stack[: s.round],
            len(s.round_visitor_stack),
            [len(v) for v in s.visitor_supply],
            [v >= 0 for v in s.farm_visitors],
            s.cheese_tiles,
            s.mission_rooms,
            [i if r else -1 for i, r in zip(s.mission_ids, s.mission_revealed, strict=True)],
            s.mission_done_by,
            [t >= 0 for t in s.door_tokens],
            s.door_open,
            len(s.door_token_box),
            s.goals,
            s.goal_markers,
            [len(d) for d in s.deck],
            s.discard,
            s.market,
            s.hero_supply,
            s.draft_pairs,
            s.quick_actions,
            s.chief_placed,
            s.turns,
            s.stack,
            others,
        )
    )


def determinize(s: Position, player: int, rng: random.Random) -> Any:
    """Redeal decks with opponents' unseen cards, face-down missions, visitors and doors."""
    new = s.clone()
    # A sampled world's placements feed no actions table: records off (~3% of a search).
    new.keep_records, new.open_placement, new.amendments = False, None, []
    cards = new.content.cards
    # plain loops, no comprehensions (3.11 builds a frame for each): every search iteration
    # and every end-of-game guard determinizes
    opponents = []
    for p in range(new.n_players):
        if p != player:
            opponents.append(new.players[p])
    for deck in (0, 1):
        hidden = []  # per opponent, its unseen cards of this deck
        pool = new.deck[deck][:]
        for pl in opponents:
            known, mine = pl.known_cards, []
            for c in pl.hand:
                if c not in known and cards[c].deck == deck:
                    mine.append(c)
            hidden.append(mine)
            pool += mine
        pool.sort()
        shuffle(pool, rng)
        k = len(new.deck[deck])
        new.deck[deck] = sorted(pool[:k])
        for pl, mine in zip(opponents, hidden, strict=True):
            keep = []
            for c in pl.hand:
                if c not in mine:
                    keep.append(c)
            keep += pool[k : k + len(mine)]
            k += len(mine)
            keep.sort()
            pl.hand = keep
    _missions(new, rng)
    _visitors(new, rng)
    tokens = new.door_token_box[:]
    for t in new.door_tokens:
        if t >= 0:
            tokens.append(t)
    tokens.sort()
    shuffle(tokens, rng)
    for d, t in enumerate(new.door_tokens):
        if t >= 0:
            new.door_tokens[d] = tokens.pop()
    new.door_token_box = sorted(tokens)
    new.reseed(rng)
    new.refresh_legal()
    return new


def _missions(new: Position, rng: random.Random) -> None:
    missions, m_id, m_rev = new.content.missions, new.mission_ids, new.mission_revealed
    for floor in (0, 1):
        slots, pool = [], new.mission_box[floor][:]
        for m, i in enumerate(m_id):
            if not m_rev[m] and missions[i].group == floor:
                slots.append(m)
                pool.append(i)
        pool.sort()
        shuffle(pool, rng)
        for m in slots:
            new.mission_ids[m] = pool.pop()
        new.mission_box[floor] = sorted(pool)


def _visitors(new: Position, rng: random.Random) -> None:
    visitors, fvis, rstack = new.content.visitors, new.farm_visitors, new.round_visitor_stack
    for color in (0, 1):
        rooms, stack, pool = [], [], new.visitor_supply[color][:]
        for r, v in enumerate(fvis):
            if v >= 0 and visitors[v].group == color:
                rooms.append(r)
                pool.append(v)
        for i in range(new.round, len(rstack)):
            if visitors[rstack[i]].group == color:
                stack.append(i)
                pool.append(rstack[i])
        pool.sort()
        shuffle(pool, rng)
        for r in rooms:
            new.farm_visitors[r] = pool.pop()
        for i in stack:
            new.round_visitor_stack[i] = pool.pop()
        new.visitor_supply[color] = sorted(pool)


# Column names by sector id, built once: a name made per game is a new string, hashed again in
# every row dict and compared by content, not identity, in each sweep row.
_CHIEFS_COLUMNS: dict[str, str] = {}


def _chiefs_column(sid: str) -> str:
    name = _CHIEFS_COLUMNS.get(sid)
    if name is None:
        name = _CHIEFS_COLUMNS[sid] = f"chiefs_{sid}"
    return name


def outcome(s: Position) -> dict[str, Any]:
    """Game and seat columns of §12."""
    ids = [sid for sid, _ in s.content.wheel[s.n_players]]
    seats = []
    for seat, pl in enumerate(s.players):
        row: dict[str, Any] = dict(score_parts(s, seat))
        for sec, sid in enumerate(ids):
            row[_chiefs_column(sid)] = pl.chiefs_by_sector[sec]
        row["chiefs_hut"] = pl.chiefs_by_sector[6]
        row.update(
            inventions=len(pl.played),
            missions=len(pl.missions),
            goals=len(pl.goals),
            visitors=pl.n_visitors(),
            workers=pl.workers(),
            rooms=pl.dug_rooms,
            beds=pl.beds,
        )
        seats.append(row)
    return {
        "turns": s.turns,
        "ended_by": "rounds" if s.game_over else "unfinished",
        "game": {
            "content_set": s.content.content_set,
            "wheel_order": wheel_order(s),
            **start_columns(s.round_starts),
        },
        "seats": seats,
    }


SEAT_COLUMNS: Final = {
    **{part: "int" for part in PARTS},
    **{f"chiefs_S{i}": "int" for i in range(1, 7)},
    "chiefs_hut": "int", "inventions": "int", "missions": "int", "goals": "int",
    "visitors": "int", "workers": "int", "rooms": "int", "beds": "int",
}  # fmt: skip
