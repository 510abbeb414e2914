"""The ``boardlab`` subcommands, one module each: ``HELP``, ``add_arguments(parser)`` and
``run(args) -> exit code``. A command module imports its feature only inside those functions,
so that ``boardlab --help`` and every other command stay quick."""

from types import ModuleType

from boardlab.commands import (
    bench,
    compare,
    content,
    demo,
    drift,
    feel,
    games,
    plan,
    play,
    playtest,
    policies,
    replay,
    report,
    sweep,
    tune,
)

# name -> module, in the order ``boardlab --help`` lists them
COMMANDS: dict[str, ModuleType] = {
    "games": games,
    "policies": policies,
    "play": play,
    "sweep": sweep,
    "bench": bench,
    "report": report,
    "drift": drift,
    "plan": plan,
    "tune": tune,
    "compare": compare,
    "content": content,
    "replay": replay,
    "feel": feel,
    "playtest": playtest,
    "demo": demo,
}

__all__ = ["COMMANDS"]
