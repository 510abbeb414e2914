"""The page and web app of ``boardlab playtest``."""
