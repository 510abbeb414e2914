"""``boardlab playtest``: people play against the bots; the games land in ordinary runs."""
