"""The core game API every layer builds on: games, parameters, fields, chance, seeds, errors,
registry, content."""
