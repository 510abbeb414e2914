"""Tests of ``analyses.compare``."""
