"""The study report of ``boardlab report``: the sections of a run's balance findings and the index
page."""
