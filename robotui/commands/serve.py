"""``robotui serve``: host a game night over SSH."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from robotui.commands.common import INTERRUPTED, RUNTIME_ERROR, fail, whole_number
from robotui.serve_limits import DEFAULT_READY_PROCESSES


def _serve_number(option: str, text: str, minimum: int) -> int:
    try:
        return whole_number(text, minimum)
    except typer.BadParameter as exc:
        fail(f"{option}: {exc.message}")


def serve(
    listen: Annotated[
        str,
        typer.Option(
            "--listen",
            metavar="ADDR:PORT",
            help="Address and port to accept SSH on; 0.0.0.0:2222 lets other machines in.",
        ),
    ] = "127.0.0.1:2222",
    allow: Annotated[
        Path | None,
        typer.Option(
            "--allow",
            metavar="FILE",
            help="Only the public keys in FILE (authorized_keys form) may enter "
            "(default: anyone with an SSH key). Read again when it changes.",
            show_default=False,
            readable=False,  # checked by serve, in one line
        ),
    ] = None,
    max_sessions: Annotated[
        str,
        typer.Option(
            "--max-sessions",
            metavar="N",
            help="Players connected at once; one more is told the host is full.",
        ),
    ] = "32",
    idle_timeout: Annotated[
        str,
        typer.Option(
            "--idle-timeout",
            metavar="MIN",
            help="Close a session after MIN minutes without a key (0: never); "
            "the player's seats are kept.",
        ),
    ] = "60",
    max_per_key: Annotated[
        str,
        typer.Option(
            "--max-per-key",
            metavar="N",
            help="Sessions one key may have open at once; one more is told why.",
        ),
    ] = "2",
    no_session_timeout: Annotated[
        str,
        typer.Option(
            "--no-session-timeout",
            metavar="SEC",
            help="Close a logged-in connection that opens no session for SEC seconds (0: never).",
        ),
    ] = "30",
    max_logins: Annotated[
        str,
        typer.Option(
            "--max-logins",
            metavar="N",
            help="Connections still logging in at once; more are dropped at once.",
        ),
    ] = "64",
    max_logins_per_address: Annotated[
        str,
        typer.Option(
            "--max-logins-per-address",
            metavar="N",
            help="Connections still logging in at once from one address.",
        ),
    ] = "8",
    keepalive: Annotated[
        str,
        typer.Option(
            "--keepalive",
            metavar="SEC",
            help="Seconds of silence before the host checks a link; a dead link is closed "
            "within 4 times SEC (0: never checked).",
        ),
    ] = "15",
    seed: Annotated[
        str | None,
        typer.Option(
            "--seed",
            metavar="N",
            help="Deal table k from seed N+k (default: a random deal), to replay a reported game.",
            show_default=False,
        ),
    ] = None,
    keep_days: Annotated[
        str | None,
        typer.Option(
            "--keep-days",
            metavar="N",
            help="Delete finished tables' saves N days after the game (checked daily); "
            "their history and ratings stay (default: keep them for ever).",
            show_default=False,
        ),
    ] = None,
    calibrate: Annotated[
        str,
        typer.Option(
            "--calibrate",
            metavar="N",
            help="Before serving, play N games of each game between the computer levels "
            "and rate them, so players' ratings can be placed among the levels.",
        ),
    ] = "0",
    notify: Annotated[
        str | None,
        typer.Option(
            "--notify",
            metavar="COMMAND",
            help="Run COMMAND (no shell) when it becomes the turn of a player who is not "
            "connected; ROBOTUI_PLAYER, ROBOTUI_TABLE, ROBOTUI_GAME, ROBOTUI_TEXT say what.",
            show_default=False,
        ),
    ] = None,
    max_daily: Annotated[
        str,
        typer.Option(
            "--max-daily",
            metavar="N",
            help="Daily tables one player may sit at; one more is told why.",
        ),
    ] = "20",
    ready_processes: Annotated[
        str,
        typer.Option(
            "--ready-processes",
            metavar="N",
            help="Players' processes forked ahead, waiting for a crowd connecting at once "
            "(0: each forked as its player connects).",
        ),
    ] = str(DEFAULT_READY_PROCESSES),
) -> None:
    """Host a game night: friends play together with `ssh -p PORT HOST` (docs/hosting.md)."""
    import asyncio

    from robotui.serve import ServeOptions, ServeProblem, parse_listen
    from robotui.serve import serve as run_serve
    from robotui.serve_limits import DoorLimits

    # every mistake is one line (not click's usage block): the host reads it in a log too
    try:
        host, port = parse_listen(listen)
    except ValueError as exc:
        fail(str(exc))
    sessions = _serve_number("--max-sessions", max_sessions, 1)
    idle = _serve_number("--idle-timeout", idle_timeout, 0)
    door = DoorLimits(
        max_per_key=_serve_number("--max-per-key", max_per_key, 1),
        no_session_seconds=_serve_number("--no-session-timeout", no_session_timeout, 0),
        max_logins=_serve_number("--max-logins", max_logins, 1),
        max_logins_per_address=_serve_number("--max-logins-per-address", max_logins_per_address, 1),
        keepalive_seconds=_serve_number("--keepalive", keepalive, 0),
    )
    deal_seed = None if seed is None else _serve_number("--seed", seed, 0)
    keep = None if keep_days is None else _serve_number("--keep-days", keep_days, 1)
    games = _serve_number("--calibrate", calibrate, 0)
    from hosting.notify import split_command

    try:
        notice = None if notify is None else split_command(notify)
    except ValueError as exc:
        fail(str(exc))
    daily = _serve_number("--max-daily", max_daily, 1)
    ready = _serve_number("--ready-processes", ready_processes, 0)
    options = ServeOptions(
        host, port, allow, sessions, idle, door, deal_seed, keep, games, notice, daily, ready
    )
    try:
        asyncio.run(run_serve(options, say=typer.echo))
    except ServeProblem as exc:
        fail(str(exc), RUNTIME_ERROR)
    except KeyboardInterrupt:  # Ctrl+C before the signal handlers were in place
        raise typer.Exit(INTERRUPTED) from None
