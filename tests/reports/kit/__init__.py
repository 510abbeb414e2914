"""Tests of ``reports.kit``."""
