"""Tests of ``reports.demo``."""
