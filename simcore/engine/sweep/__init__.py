"""Sweeps: configuration, chunks, the joblib and Dask backends, limits, timing models and
``bench``."""
