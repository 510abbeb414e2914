"""boardlab: board-game balance analysis by simulation.

The command line (``boardlab`` or ``python -m boardlab``) sits above every layer of the
toolkit: ``simcore`` (the game API, the games and the engine), ``strategies`` (players),
``analyses`` (statistics and each feature's analysis) and ``reports`` (the pages).
"""

__version__ = "0.1.0"
