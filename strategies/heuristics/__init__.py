"""Per-game heuristic policies (one module per game; ``lord_of_worlds_view`` holds that
heuristic's per-planet view)."""
