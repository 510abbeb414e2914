"""``boardlab plan``: a short pilot, then the games per cell a stated precision needs."""
