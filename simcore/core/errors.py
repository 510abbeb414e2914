"""Exceptions shared by every boardlab layer."""

from __future__ import annotations


class BoardlabError(Exception):
    """Bad input from a user: the CLI prints one line and exits with code 2."""


class ConfigError(BoardlabError):
    """A sweep config, parameter override or CLI argument is invalid."""


class ContentError(BoardlabError):
    """A game data file (cards, boards, content set) is invalid."""


class RunDirError(BoardlabError):
    """A run directory is missing, corrupted or holds a different config."""


class IllegalActionError(ValueError):
    """An action that is not in ``legal_actions()`` was applied."""


class WorkerLostError(Exception):
    """A worker process (or the cluster) died mid-sweep; finished chunks are kept (exit 75)."""


class RunawayGameError(RuntimeError):
    """A game exceeded its step limit (a simulator bug, not bad input)."""
