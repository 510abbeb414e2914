"""The three simulated games, one package each."""
