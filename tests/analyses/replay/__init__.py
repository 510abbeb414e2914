"""Tests of ``analyses.replay``."""
