"""Tests of ``simcore.core``."""
