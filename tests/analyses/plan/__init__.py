"""Tests of ``analyses.plan``."""
