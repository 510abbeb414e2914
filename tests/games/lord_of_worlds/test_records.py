"""Records (§8), labels, action classes and the trace narrative."""

from __future__ import annotations

from simcore.engine.check.trace import trace_game
from simcore.engine.play.runner import play_game
from simcore.games.lord_of_worlds import rules as R
from strategies.registry import make_policy

from .helpers import fill_planet, game, started, tile


def test_outcome_columns_and_score_split():
    g = game(variant="strategic")
    h = make_policy("heuristic", g)
    rec = play_game(g, 2, [h, h], 5, record_actions=True)
    assert rec.game["variant"] == "strategic"
    assert rec.game["chain_table"] == "triangular" and rec.game["value_set_table"] == "linear15"
    assert rec.game["rounds"] * 2 == rec.game["turns"]
    for seat in rec.seats:
        parts = [seat[k] for k in g.seat_columns if k.startswith("pts_")]
        assert sum(parts) == seat["score"]
        assert seat["pts_chains"] > 0 and seat["longest_chain"] >= 2
        assert seat["tiles_placed"] >= 15
    kinds = {row["kind"] for row in rec.actions}
    assert {"hire", "play", "add", "done", "collect", "place"} <= kinds
    placed = [row for row in rec.actions if row["kind"] == "place"]
    assert all(
        row["tile_type"] and row["tile_value"] > 0 and row["planet_hex"] >= 0 for row in placed
    )
    assert sum(row["points"] for row in rec.actions) == sum(
        s["pts_colored_hex"] + s["pts_architect"] + s["pts_sage_tree"] + s["pts_viewpoint"]
        for s in rec.seats
    )


def test_standard_game_records_no_value_set_table():
    g = game()
    r = make_policy("random", g)
    rec = play_game(g, 2, [r, r], 1)
    assert rec.game["value_set_table"] == ""
    assert all(s["pts_value_sets"] == 0 for s in rec.seats)


def test_labels_and_classes():
    s = started()
    hire = s.legal_actions()[0]
    assert s.action_label(hire).startswith("hire pile 0")
    assert s.action_classes(hire)[0] == "hire"
    plays = [a for a in s.legal_actions() if R.PLAY <= a < R.ADD]
    assert s.action_classes(plays[0])[1].startswith("play/")
    for a in s.legal_actions():
        for cls in s.action_classes(a):
            assert not set(cls) & set(":,=")


def test_trace_tells_the_story_and_renders_planets():
    g = game()
    h = make_policy("heuristic", g)
    lines = trace_game(g, 2, [h, h], 7)
    text = "\n".join(lines)
    for needle in (
        "every cart starts on portal",
        "reveals hex",
        "hires",
        "plays",
        "collects",
        "flips hex",
        "places",
        "final scoring seat 0",
        "seat 1: ",
    ):
        assert needle in text, needle
    s = started()
    view = s.render()
    assert "seat 1:" in view and view.count("[A]") == 8  # 4 architect hexes per planet
    assert s.trace_lines() == []  # tracing is off unless enabled


def test_heuristic_value_rewards_stars_chains_and_buying_power():
    s = started()
    base = s.heuristic_value(0)
    assert 0.0 <= base <= 1.0
    s.points[0][1] += 20
    assert s.heuristic_value(0) > base and s.heuristic_value(1) < 0.5
    s.points[0][1] -= 20
    size = s.hand_size[0]
    s.apply(R.HIRE + 0)
    assert s.hand_size[0] > size and s.heuristic_value(0) > base


def test_heuristic_value_counts_value_sets_under_the_strategic_variant():
    # Seat 0's planet, three tiles of three terrains (so no chain either way):
    #   (0,-2) water 3     (0,-2) water 3
    #   (-2,0) desert 3    (-2,0) desert 3
    #   (2,-1) forest 3    (2,-1) forest 4     <- three 3s form a value set (10 points)
    # Under the strategic variant the set must be worth more; the cut-off evaluation of
    # searches used to ignore value sets, so MCTS played it as if it were the standard game.
    def value(variant: str, last: int) -> float:
        s = started(variant=variant)
        fill_planet(
            s,
            0,
            {
                (0, -2): tile(s, "water", 3),
                (-2, 0): tile(s, "desert", 3),
                (2, -1): tile(s, "forest", last),
            },
        )
        return s.heuristic_value(0)

    assert value("strategic", 3) > value("strategic", 4)
    assert value("standard", 3) == value("standard", 4)  # no value sets in the standard game


def test_special_tiles_taken_and_mean_tile_value_are_recorded():
    # Counted from the final planets (architect tiles from the record of their placements):
    # the tiles taken of each special kind never exceed the tiles placed, and the mean value
    # lies between the smallest and largest tile value.
    g = game()
    taken = 0
    for seed in range(4):
        heuristic = make_policy("heuristic", g)
        record = play_game(g, 2, [heuristic, heuristic], seed)
        for row in record.seats:
            specials = sum(
                row[f"tiles_{k}"] for k in ("architect", "sage_tree", "viewpoint", "mix")
            )
            assert 0 <= specials <= row["tiles_placed"]
            assert 1 <= row["tile_value_mean"] <= 11
            taken += specials
    assert taken > 0  # the heuristic does collect special tiles
