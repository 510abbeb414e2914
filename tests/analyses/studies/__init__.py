"""Tests of ``analyses.studies``."""
