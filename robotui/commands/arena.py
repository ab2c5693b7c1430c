"""``robotui arena``: computer players against each other, with a progress bar on a
terminal."""

from __future__ import annotations

import os
import sys
import time
from typing import IO, Annotated

import typer

from engines.core import EngineError
from robotui import completion
from robotui.commands.common import (
    INTERRUPTED,
    RUNTIME_ERROR,
    at_least_one,
    fail,
    game_spec,
    whole_number,
)
from robotui.commands.game_options import CardsOption, GameOptions, parse_options, with_cards

PROGRESS_INTERVAL = 0.2  # seconds between redraws of the arena progress bar
PROGRESS_WIDTH = 30


def _stderr_is_tty() -> bool:
    try:
        return sys.stderr.isatty()
    except (AttributeError, ValueError):
        return False


class ProgressBar:
    """``[#####.....] 120/400 games`` on a terminal, redrawn at most every 0.2 s."""

    def __init__(self, total: int, stream: IO[str], interval: float = PROGRESS_INTERVAL) -> None:
        self.total = total
        self.stream = stream
        self.interval = interval
        self.last_draw: float | None = None  # monotonic time may start near 0 after a boot
        self.width = 0

    def __call__(self, done: int) -> None:
        now = time.monotonic()
        if (
            done < self.total
            and self.last_draw is not None
            and now - self.last_draw < self.interval
        ):
            return
        self.last_draw = now
        filled = PROGRESS_WIDTH * done // self.total if self.total else PROGRESS_WIDTH
        text = f"[{'#' * filled}{'.' * (PROGRESS_WIDTH - filled)}] {done}/{self.total} games"
        self.width = max(self.width, len(text))
        self.stream.write("\r" + text)
        self.stream.flush()

    def close(self) -> None:
        """Erase the bar so the report starts on a clean line."""
        if self.width:
            self.stream.write("\r" + " " * self.width + "\r")
            self.stream.flush()
            self.width = 0


def arena(
    game: Annotated[
        str,
        typer.Argument(
            metavar="GAME",
            help="Game id, e.g. robot-master.",
            show_default=False,
            autocompletion=completion.game_ids,
        ),
    ],
    players: Annotated[
        str,
        typer.Option(
            "--players",
            metavar="SPEC,SPEC[,...]",
            autocompletion=completion.arena_players,
            help="Comma-separated players, one per seat: levels (random, easy, normal, hard) "
            "or package.module:Class.",
            show_default=False,
        ),
    ],
    games: Annotated[
        int,
        typer.Option("--games", metavar="N", help="Number of games to play.", parser=at_least_one),
    ] = 100,
    seed: Annotated[
        int,
        typer.Option(
            "--seed",
            metavar="S",
            help="Seed of the first game (game g uses seed+g).",
            parser=whole_number,
        ),
    ] = 0,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print one JSON object instead of a table.")
    ] = False,
    cards: CardsOption = None,
    option: GameOptions = None,
) -> None:
    """Play computer players against each other and report wins and decision times."""
    from engines.arena import format_report, run_arena
    from engines.players import check_player_spec

    spec = game_spec(game)
    entrants = [p.strip() for p in players.split(",")]
    if any(not p for p in entrants):
        fail(f"--players has an empty entry: {players!r}")
    try:
        spec.check_players(len(entrants))
    except EngineError as exc:
        fail(str(exc))
    if any(":" in p for p in entrants) and os.getcwd() not in sys.path:
        sys.path.insert(0, os.getcwd())  # let package.module:Class name modules in this folder
    for entrant in dict.fromkeys(entrants):
        try:
            check_player_spec(spec, entrant)
        except EngineError as exc:
            fail(str(exc))
        except Exception as exc:  # a custom player's module or constructor failed
            fail(f"cannot make player {entrant!r}: {type(exc).__name__}: {exc}")
    options = with_cards(spec, parse_options(spec, option or []), cards)

    bar = ProgressBar(games, sys.stderr) if _stderr_is_tty() else None
    try:
        report = run_arena(spec, entrants, games, seed, options, progress=bar)
    except KeyboardInterrupt:
        if bar is not None:
            bar.close()
        typer.echo("Interrupted: arena stopped.", err=True)
        raise typer.Exit(INTERRUPTED) from None
    except Exception as exc:  # an engine or custom player failed mid-run
        if bar is not None:
            bar.close()
        fail(f"arena stopped: {type(exc).__name__}: {exc}", RUNTIME_ERROR)
    if bar is not None:
        bar.close()
    if as_json:
        import json

        typer.echo(json.dumps(report.as_dict(), indent=2))
    else:
        typer.echo(format_report(report))
