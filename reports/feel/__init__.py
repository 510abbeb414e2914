"""The page ``boardlab feel`` writes: the same measures the terminal prints."""
