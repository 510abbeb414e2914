"""Tests of ``simcore.engine.check``."""
