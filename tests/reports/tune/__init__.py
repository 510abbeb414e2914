"""Tests of ``reports.tune``."""
