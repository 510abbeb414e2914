"""Tests of ``reports.replay``."""
