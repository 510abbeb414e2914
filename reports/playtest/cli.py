"""``boardlab playtest``: flags, the session folder and the local server."""

from __future__ import annotations

import argparse
import json
import secrets
import socket
import sys
import webbrowser
from pathlib import Path

from analyses.playtest.session import Session
from simcore.core.errors import ConfigError
from simcore.engine.sweep.config import build_config, parse_param_flags

DEFAULT_OUT = "playtest_out"
LOCAL = "127.0.0.1"


def add_playtest_arguments(p: argparse.ArgumentParser) -> None:
    """Flags of ``boardlab playtest``."""
    p.add_argument("--game", help="game id (boardlab games); a resumed session knows its own")
    p.add_argument("--players", type=int, help="number of seats (checked against --seat)")
    p.add_argument("--seat", action="append", default=[], metavar="SPEC",
                   help="one per seat, in turn order: human (or human:name=alice) or a bot "
                   "spec (heuristic:style=fitted, mcts ...)")  # fmt: skip
    p.add_argument("--games", type=int, default=1, help="games to play (default 1)")
    p.add_argument("--seed", type=int, help="seed of the deals (default: a new one, recorded)")
    p.add_argument("--param", action="append", default=[], metavar="KEY=VALUE",
                   help="a rule parameter of the version played")  # fmt: skip
    p.add_argument("--run", metavar="NAME", help="session name (default GAME-playtest)")
    p.add_argument("--name", help="your name: a 'human' seat's policy reads human:name=NAME")
    p.add_argument("--out", default=DEFAULT_OUT, help=f"folder of sessions (default {DEFAULT_OUT})")
    p.add_argument("--resume", action="store_true", help="go on with a session from its log")
    p.add_argument("--host", default=LOCAL, help="address to serve on (default 127.0.0.1)")
    p.add_argument("--port", type=int, default=0, help="port (default: a free one)")
    p.add_argument("--no-browser", action="store_true", help="print the address only")
    p.add_argument("--report", metavar="RUN_DIR",
                   help="instead of playing: the page 'do the bots play like you?' for the "
                   "people's games of a run (a session's runs/NAME), written to --out")  # fmt: skip
    p.add_argument("--bot", action="append", default=[], metavar="SPEC",
                   help="a bot to ask at every decision of --report (default: random, "
                   "heuristic, heuristic:style=fitted)")  # fmt: skip


def session_from_args(args: argparse.Namespace) -> Session:
    """The session the flags name: a new one, or (``--resume``) the one in its folder."""
    if not args.resume and not args.game:
        raise ConfigError("--game GAME: which game to play (boardlab games lists them)")
    if not args.resume and args.players is not None and args.players != len(args.seat):
        raise ConfigError(f"--players {args.players} but {len(args.seat)} --seat given")
    name = args.run or f"{args.game}-playtest"
    folder = Path(args.out) / name
    if folder.exists() and not args.resume:
        raise ConfigError(f"session folder {folder} exists: add --resume, or give another --run")
    if args.resume and not folder.exists():
        raise ConfigError(f"--resume: no session folder {folder}")
    if not args.resume and len(args.seat) < 2:
        raise ConfigError("give one --seat per player, in turn order (at least two)")
    raw = {
        "name": name,
        "game": args.game,
        "players": len(args.seat),
        "games": args.games,
        "seed": args.seed if args.seed is not None else secrets.randbits(62),
        "policies": [
            f"human:name={args.name}" if spec == "human" and args.name else spec
            for spec in args.seat
        ],
        "params": parse_param_flags(args.param),
        "record_actions": True,
        "seat_rotation": False,
    }
    config = folder / "playtest.json"
    if args.resume:
        raw = json.loads(config.read_text(encoding="utf-8"))
    cfg = build_config(raw, source="boardlab playtest")
    if not args.resume:
        folder.mkdir(parents=True)
        config.write_text(json.dumps(raw, indent=1), encoding="utf-8")
    return Session(cfg, folder)


def cmd_report(args: argparse.Namespace) -> int:
    """Write the agreement page of a run's people; print its path."""
    from analyses.playtest.agreement import DEFAULT_BOTS, agreement
    from analyses.stats.runs import load_manifest
    from reports.kit.files import write_report
    from reports.playtest.agreement import agreement_page
    from simcore.engine.run.outputs import check_output_folder

    run = Path(args.report)
    result = agreement(run, tuple(args.bot) or DEFAULT_BOTS)
    if result.rows.is_empty():
        raise ConfigError(f"{run}: no decision of a 'human' seat in this run")
    folder = check_output_folder(args.out, "--out")
    target = folder / f"agreement-{run.name}.html"
    game_id = str(load_manifest(run).get("game", ""))
    write_report(agreement_page(result, str(run), game_id), target)
    print(target)
    return 0


def cmd_playtest(args: argparse.Namespace) -> int:
    """Serve the session until interrupted (Ctrl-C); the log keeps every decision."""
    if args.report:
        return cmd_report(args)
    import uvicorn

    from reports.playtest.app import make_app

    session = session_from_args(args)
    app, token = make_app(session)
    sock = _listening(args.host, args.port)  # connections wait in its backlog until served
    port = int(sock.getsockname()[1])
    address = f"http://{args.host}:{port}/?t={token}"
    if args.host != LOCAL:
        print(f"warning: serving on {args.host}: anyone on that network with the address can "
              "play your seats", file=sys.stderr)  # fmt: skip
    print(f"playtest: {address}", flush=True)
    print(f"recorded in {session.run_dir} (decisions.jsonl as they are taken, the run's "
          "tables as each game ends)", flush=True)  # fmt: skip
    if not args.no_browser:
        webbrowser.open(address)
    uvicorn.Server(uvicorn.Config(app, log_level="warning")).run(sockets=[sock])
    session.flush()  # every finished game in the run before the command ends
    print(f"stopped; go on with: boardlab playtest --out {args.out} --run {session.cfg.name} "
          "--resume", flush=True)  # fmt: skip
    return 0


def _listening(host: str, port: int) -> socket.socket:
    """A socket bound and listening before the address is printed (0: a free port)."""
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as exc:
        raise ConfigError(
            f"--host {host} --port {port}: cannot serve there ({exc.strerror})"
        ) from None
    sock.listen(16)
    return sock
