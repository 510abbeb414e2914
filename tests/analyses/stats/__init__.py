"""Tests of ``analyses.stats``."""
