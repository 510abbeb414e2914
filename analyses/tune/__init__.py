"""``boardlab tune``: search rule and content numbers (or policy weights) that meet a
designer's targets, with Optuna, racing on common seeds and verification on fresh seeds.

Modules, each importing only from those before it: ``content`` (numbers in content files),
``targets``, ``space``, ``config`` (the tune file), ``measures``, ``evaluate`` (a candidate's
games), ``study`` (Optuna storage and batches), ``search`` (a trial in rungs), ``fresh`` (the
verification runs, compared with ``boardlab compare``; a fitted player head to head),
``verify``, ``run``.
"""
