"""Tests of ``reports.studies``."""
