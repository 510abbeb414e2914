"""Tests of ``analyses.drift``."""
