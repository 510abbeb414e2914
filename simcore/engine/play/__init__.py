"""Playing one game to the end and the columns of a chunk's rows: the code that decides a run's
games."""
