"""The ``robotui`` command line: start the arcade, resume games, manage saves, run arenas.

Its entry point is :func:`robotui.cli.main`, which opens the menu without this parser when
nothing but the menu is asked for (typer, and the pydantic it converts values with, cost
about as much to import as Textual). Textual is never imported here at module level: the
commands that open the UI set the environment (colour system) first and only then import
:mod:`robotui.app`.

This module holds the typer ``app``, the global options (its callback) and the order in
which the commands are listed; each group of commands is in a module of its own.
"""

from __future__ import annotations

import os
from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer

from robotui import __version__, launch
from robotui.commands import arena, board, host, play, replay, saves, serve, stats
from robotui.commands.common import app_config
from robotui.config import COLOR_SYSTEMS, GlobalOptions

app = typer.Typer(
    name="robotui",
    help="A terminal arcade of robot board and card games. Run without a command for the menu.",
    invoke_without_command=True,
    no_args_is_help=False,
    add_completion=True,  # --install-completion / --show-completion (see "Command line")
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
)


class Colors(StrEnum):
    auto = "auto"
    c256 = "256"
    c16 = "16"


def colour_system(text: str) -> str:
    choice = str(text).strip().lower()
    if choice not in COLOR_SYSTEMS:
        raise typer.BadParameter(f"{text!r} is not a colour system: auto, 256 or 16.")
    return choice


def _version(value: bool) -> None:
    if value:
        typer.echo(f"robotui {__version__}")
        raise typer.Exit()


@app.callback()
def main_callback(
    ctx: typer.Context,
    save_dir: Annotated[
        Path | None,
        typer.Option(
            "--save-dir",
            metavar="PATH",
            help="Folder for saved games (default: $ROBOTUI_SAVE_DIR or the user data folder).",
            # checked by common.save_dir, in one line (click's own check printed a usage block)
            readable=False,
        ),
    ] = None,
    ascii_only: Annotated[
        bool, typer.Option("--ascii", help="Draw with plain ASCII characters only.")
    ] = False,
    no_mouse: Annotated[
        bool, typer.Option("--no-mouse", help="Keyboard only: ignore the mouse.")
    ] = False,
    colors: Annotated[
        str,
        typer.Option(
            "--colors",
            metavar="auto|256|16",
            help="Colour system: auto (detect), 256, or 16 (basic terminal colours).",
            parser=colour_system,
        ),
    ] = Colors.auto.value,
    version: Annotated[
        bool | None,
        typer.Option(
            "--version", help="Show the version and exit.", callback=_version, is_eager=True
        ),
    ] = None,
) -> None:
    """A terminal arcade of robot board and card games. Run without a command for the menu."""
    color_system = COLOR_SYSTEMS[colors]
    if color_system is not None:
        os.environ["TEXTUAL_COLOR_SYSTEM"] = color_system
    ctx.obj = GlobalOptions(save_dir=save_dir, ascii=ascii_only, mouse=not no_mouse)
    if ctx.invoked_subcommand is None:
        launch.start_app(app_config(ctx, start="menu"))


# The help lists the commands in this order, then the groups in theirs.
app.command(cls=play.PlayCommand)(play.play)
app.command()(play.resume)
app.command()(stats.stats)
app.command()(replay.replay)
app.command()(arena.arena)
app.command()(serve.serve)
app.add_typer(saves.saves_app, name="saves")
app.add_typer(board.board_app, name="board")
app.add_typer(host.host_app, name="host")
