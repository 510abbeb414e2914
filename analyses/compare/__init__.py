"""``boardlab compare``: two versions (or two players) on one study, at a fixed size or to a
precision."""
