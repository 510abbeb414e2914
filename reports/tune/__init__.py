"""The page and command of ``boardlab tune``."""
