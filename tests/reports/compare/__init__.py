"""Tests of ``reports.compare``."""
