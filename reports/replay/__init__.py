"""The replay pages of ``boardlab replay``: one recorded game to step through, each seat's view."""
