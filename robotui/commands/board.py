"""``robotui board check|show``: RoboRally board and course files, checked and drawn."""

from __future__ import annotations

from typing import Annotated

import typer

from engines.safe_text import safe_text
from robotui import completion
from robotui.commands.common import RUNTIME_ERROR, command_group, fail, global_options

board_app = command_group("board", "Check and draw RoboRally board and course files.")


BoardFile = Annotated[
    str,
    typer.Argument(
        metavar="FILE",
        help="Board or course file (or a bundled id).",
        show_default=False,
        autocompletion=completion.board_ids,
    ),
]


@board_app.command("check")
def board_check(
    file: BoardFile,
) -> None:
    """Check a RoboRally board or course file; errors name the line and column."""
    from engines.roborally.boardfile import BoardError, resolve_file, summary

    try:
        typer.echo(safe_text(summary(resolve_file(file)), one_line=False))
    except BoardError as exc:
        fail(str(exc), RUNTIME_ERROR)


@board_app.command("show")
def board_show(
    ctx: typer.Context,
    file: BoardFile,
) -> None:
    """Draw a RoboRally board or course in the terminal, with a legend."""
    from engines.roborally.boardfile import BoardError, resolve_file, show

    try:
        typer.echo(
            safe_text(
                show(resolve_file(file), ascii_only=global_options(ctx).ascii), one_line=False
            )
        )
    except BoardError as exc:
        fail(str(exc), RUNTIME_ERROR)
