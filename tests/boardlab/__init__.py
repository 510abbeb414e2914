"""Tests of the command line package ``boardlab``."""
