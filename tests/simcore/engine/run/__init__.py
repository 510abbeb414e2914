"""Tests of ``simcore.engine.run``."""
