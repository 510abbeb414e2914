"""Per-game heuristic policies (one module per game)."""
