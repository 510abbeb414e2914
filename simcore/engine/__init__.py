"""The engine: playing one game, checking games, sweeps and their backends, the run folder."""
