"""Tests of ``simcore.engine.sweep``."""
