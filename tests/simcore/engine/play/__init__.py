"""Tests of ``simcore.engine.play``."""
