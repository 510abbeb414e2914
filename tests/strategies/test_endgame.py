"""End-of-game guard (strategies.endgame): heuristics never end the game as a certain loss while
another action keeps it going or ends it better (issue: players worth measuring with).

The property is checked in the world the heuristic itself samples: the same key drives its
determinization and play-outs, and the shares of every action are recomputed here.
"""

from __future__ import annotations

import random

import pytest

from simcore.games.lord_of_worlds import LordOfWorlds
from simcore.games.rats_of_wistar import RatsOfWistar
from strategies.endgame import play_out
from strategies.heuristics import lord_of_worlds as low_h
from strategies.heuristics import rats_of_wistar as row_h
from strategies.registry import make_policy


def _guarded(game_id: str, s) -> bool:
    if game_id == "lord_of_worlds":
        return low_h._may_end_after_this_turn(s)
    return s.stack and s.stack[-1][0] == "turn" and row_h._last_turn(s)


@pytest.mark.parametrize(
    ("game", "n_games"), [(LordOfWorlds(), 60), (RatsOfWistar(), 12)], ids=["low", "row"]
)
def test_guard_never_takes_a_certain_loss(game, n_games):
    h = make_policy("heuristic", game)
    checked = exercised = 0
    for seed in range(n_games):
        n = 2 + seed % 2
        s = game.new_state(n, seed)
        rng = random.Random(seed)
        while not s.is_terminal():
            if _guarded(game.spec.id, s) and len(s.legal_actions()) > 1:
                key = rng.getrandbits(32)
                r = random.Random(key)
                world = s.determinize(s.current_player, r)  # as the guard does
                legal = s.legal_actions()
                shares = {a: play_out(h.act_unguarded, world, a, r) for a in legal}
                chosen = h.act(s, random.Random(key))
                better = [a for a, x in shares.items() if x is None or x > 0.0]
                if any(x == 0.0 for x in shares.values()) and better:
                    exercised += 1
                    assert shares[chosen] != 0.0, (seed, s.action_label(chosen))
                checked += 1
            s.apply(h.act(s, rng))
    assert checked > 0 and exercised > 0


@pytest.mark.parametrize(
    ("game", "n_games"), [(LordOfWorlds(), 20), (RatsOfWistar(), 6)], ids=["low", "row"]
)
def test_play_out_on_its_own_world_equals_on_a_copy(game, n_games):
    # The guard's last action plays on the sampled world itself (``own``): at every guarded
    # decision, each action's share on the world itself equals the share on a copy, with the
    # same random draws.
    h = make_policy("heuristic", game)
    checked = 0
    for seed in range(n_games):
        s = game.new_state(2 + seed % 2, seed)
        rng = random.Random(seed)
        while not s.is_terminal():
            if _guarded(game.spec.id, s) and len(s.legal_actions()) > 1:
                world = s.determinize(s.current_player, random.Random(seed))
                for a in s.legal_actions():
                    on_copy = play_out(h.act_unguarded, world, a, random.Random(a))
                    own = world.clone()
                    assert play_out(h.act_unguarded, own, a, random.Random(a), own=True) == on_copy
                    assert own.fingerprint() != world.fingerprint()  # it did play on its own
                    checked += 1
            s.apply(h.act(s, rng))
    assert checked > 0
