"""The pages of ``boardlab compare``: A vs B, two players, the feel and hut sections."""
