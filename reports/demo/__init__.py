"""``boardlab demo``: short sweeps of every game, their reports, two comparisons and an index
page."""
