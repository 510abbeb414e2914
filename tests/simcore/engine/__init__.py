"""Tests of ``simcore.engine``."""
